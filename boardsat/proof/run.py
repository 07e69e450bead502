"""Cube and conquer: settle every cube of a claim, splitting again those that outrun their limit.

The run is a loop over finished tasks, each kept in the proof directory before the next is read,
so the directory is the whole state: a rerun with the same directory submits only what is not
settled yet. A cube that outruns its limit is split by lookahead into smaller cubes that cover
it; a solution found in any cube refutes the claim and ends the run.

With a ledger of settled leaves (``leaf_ledger``), a leaf it settled is taken from it instead of
solved, and each leaf this run settles is written into it, its certificate checked first where
it was solved.

With ``Plan.checkpoint_every``, a lemma (or a claim whole, as one cube) is never split: each
run gives it one segment of that many CPU seconds, which refutes it or stops at a checkpoint,
and the next run goes on from the clauses the last checkpoint hands on
(``boardsat.encoders.cnf.segments``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from boardsat.core.child import ChildFailed, TimedOut, run_in_child
from boardsat.core.deadline import cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key
from boardsat.core.results import Status
from boardsat.encoders.cnf.certified import LRAT_SOLVER
from boardsat.proof.check import fresh_certificate_problem, fresh_segment_problem
from boardsat.proof.claims import claim_from_spec
from boardsat.proof.directory import Checkpoint, ProofDirectory, Settled
from boardsat.proof.leaf_ledger import ACCEPTED, OUTRAN, REFUTED, LeafEntry, LeafLedger
from boardsat.proof.pools import Pool, SegmentTask, Task
from boardsat.proof.status import Leaf, ProofStatus, lemma_ident, pending, proof_status
from boardsat.solving.conquer import (
    CERTIFYING_CARDINALITY,
    Verdict,
    certifying_cardinality,
    cube_formula,
    formula_hash,
)
from boardsat.solving.cube import Claim, Cube, Split, model_hash
from boardsat.solving.lookahead import lookahead_cubes

OnSettled = Callable[[Settled | None, ProofStatus], None]
"""Told each verdict kept (None for a lemma's checkpoint) and where the proof stands."""


@dataclass(frozen=True)
class Plan:
    """How a proof runs: the route and limit per cube, into how many cubes a cube that outruns
    its limit is split again, and how long a lemma runs whole before it is split so."""

    route: str = "cadical195"
    cube_limit: float | None = 60.0
    resplit: int = 8
    lemma_limit: float | None = 1800.0  # split cubes cost 3x a whole lemma's CPU: open_terms.md
    checkpoint_every: float | None = None  # CPU seconds a lemma's segment runs in one run

    def __post_init__(self) -> None:
        if self.checkpoint_every is None:
            return
        if not self.checkpoint_every > 0:
            raise BoardsatError(f"a segment needs some CPU seconds, not {self.checkpoint_every}")
        if self.route != LRAT_SOLVER:
            raise BoardsatError(
                f"a lemma goes on across runs on {LRAT_SOLVER} only, whose LRAT proofs hand"
                f" its clauses on; the route is {self.route}"
            )

    def segmented(self, leaf: Leaf) -> bool:
        """Whether ``leaf`` goes on across runs: with ``checkpoint_every``, a lemma or a claim
        whole (its empty cube) is never split, but solved a segment a run."""
        return self.checkpoint_every is not None and (leaf.is_lemma or leaf.cube == Cube())

    def limit(self, leaf: Leaf) -> float | None:
        """The seconds ``leaf`` gets: a lemma whole has ``lemma_limit``, a cube ``cube_limit``."""
        return self.lemma_limit if leaf.is_lemma else self.cube_limit


def open_proof(path: str, claim: Claim, best: Any, split: Callable[[], Split]) -> ProofDirectory:
    """The proof directory of ``claim`` at ``path``: resumed when it holds this claim's proof,
    made (with the root ``split``) when it does not exist; refused when it holds another."""
    if ProofDirectory.exists(path):
        directory = ProofDirectory.open(path)
        manifest = directory.manifest()
        kept = claim_from_spec(manifest["claim"])  # read as today's code reads it: a key added
        # since, such as the square order, takes its old meaning
        if kept.spec() != claim.spec() or manifest["model_hash"] != model_hash(claim.model()):
            raise BoardsatError(f"{path} holds the proof of another claim: {kept.describe()}")
    else:
        directory = ProofDirectory.create(path, new_manifest(claim, best))
    if not directory.splits():
        root = split()
        if cancelled():  # its lemmas' solves were cut short: a weaker split, made again later
            raise BoardsatError(f"{path} is not split into cubes yet; the same command resumes it")
        directory.add_split(root)
    return directory


def new_manifest(claim: Claim, best: Any) -> dict[str, Any]:
    """The manifest of a proof of ``claim``: its spec, its words, its model's digest, and the
    best answer that makes it worth proving."""
    return {
        "claim": claim.spec(),
        "describes": claim.describe(),
        "model_hash": model_hash(claim.model()),
        "best": best,
    }


def prove(
    directory: ProofDirectory,
    pool: Pool[Task],
    plan: Plan,
    decisions: Sequence[Key] | None = None,
    on_settled: OnSettled | None = None,
    ledger: LeafLedger | None = None,
) -> ProofStatus:
    """Settle what the directory has left; ``decisions`` are the variables a re-split may fix.
    Returns where the proof stands: proven, refuted (a counterexample), or cut short.

    A lemma runs whole within the plan's lemma limit: one that outruns it is split by lookahead
    into cubes of its own formula, which run within the cube limit, and holds when they are all
    refuted. One that goes on across runs gets one segment instead, and a segment that stops at
    a checkpoint waits for the next run."""
    claim = claim_from_spec(directory.manifest()["claim"])
    run = _Run(directory, pool, plan, claim, decisions, ledger)
    left = pending(directory)
    for leaf in left.unsplit:  # outran its limit in a run killed before its split
        run.split_again(leaf)
    for leaf in left.unsettled:
        run.submit(leaf)
    for task, outcome in pool.completed():
        if cancelled():
            break
        if isinstance(outcome, str):
            raise BoardsatError(f"cube {task.ident}: {outcome}")
        if isinstance(task, SegmentTask) and outcome.status is Status.UNKNOWN:
            run.running.pop(task.ident)
            if cancelled():
                break
            run.keep_checkpoint(task, outcome)  # the lemma waits for the next run
            if on_settled is not None:
                on_settled(None, proof_status(directory))
            continue
        chain = run.chain_of(task) if isinstance(task, SegmentTask) else []
        kept = directory.add_settled(_settled(task.ident, outcome, chain), outcome.proof)
        run.write_down(task, kept, outcome.checked)
        if on_settled is not None:
            on_settled(kept, proof_status(directory))
        if outcome.status is Status.SATISFIABLE:
            break  # the claim is refuted; the other cubes no longer matter
        if outcome.status is Status.UNKNOWN:
            if task.limit is None:
                raise BoardsatError(f"{task.ident} was not settled: its solver stopped")
            run.split_again(run.running.pop(task.ident))
    return proof_status(directory)


@dataclass
class _Run:
    """One run of ``prove``: the leaves it has submitted, and how it submits and splits them."""

    directory: ProofDirectory
    pool: Pool[Task]
    plan: Plan
    claim: Claim
    decisions: Sequence[Key] | None
    ledger: LeafLedger | None = None
    running: dict[str, Leaf] = field(default_factory=dict)

    def owner(self, leaf: Leaf) -> Claim:
        """The claim whose formula the leaf restricts: the proof's, or its lemma's."""
        return self.claim if leaf.lemma is None else claim_from_spec(leaf.lemma)

    def submit(self, leaf: Leaf) -> None:
        """Solve ``leaf`` on the pool, unless the ledger settled it already."""
        owner = self.owner(leaf)
        known = None if self.ledger is None else self._known(leaf, owner)
        if known is not None:
            chain = [] if self.ledger is None else self.ledger.checkpoints(known)
            self.directory.add_settled(_taken(leaf.ident, known, chain), None)
            if known.verdict == OUTRAN:
                self.split_again(leaf)
            return
        self.running[leaf.ident] = leaf
        if self.in_segments(leaf, owner):
            self.pool.submit(self._segment(leaf, owner))
            return
        job = Task if self.ledger is None else CheckedTask
        self.pool.submit(job(leaf.ident, owner, leaf.cube, self.plan.route, self.plan.limit(leaf)))

    def in_segments(self, leaf: Leaf, owner: Claim) -> bool:
        """Whether ``leaf`` is solved a segment a run: as the plan asks, or, once it has a
        checkpoint here or in the ledger, always, so that no run throws checkpoints away."""
        if self.plan.segmented(leaf) or self.directory.checkpoints(leaf.ident):
            return True
        return (
            self.ledger is not None
            and leaf.cube == Cube()
            and bool(self._ledger_chain(leaf, owner))
        )

    def _ledger_chain(self, leaf: Leaf, owner: Claim) -> list[LeafEntry]:
        """The longest chain of checkpoints the ledger holds of ``leaf``'s formula, under
        either of its names."""
        assert self.ledger is not None
        digest = formula_hash(cube_formula(owner, leaf.cube)[0])
        chains = [
            self.ledger.chain(name, owner.spec(), digest) for name in whole_names(leaf, owner)
        ]
        return max(chains, key=len)

    def chain_of(self, task: SegmentTask) -> list[Checkpoint]:
        """The checkpoints ``task`` went on from, as it was submitted."""
        chain = self.directory.checkpoints(task.ident)[: task.segment]
        handed = chain[-1].carry_sha256 if chain else None
        started = None if task.carried_in is None else hashlib.sha256(task.carried_in).hexdigest()
        if len(chain) != task.segment or handed != started:
            raise BoardsatError(f"{task.ident}: its checkpoints changed while its segment ran")
        return chain

    def _segment(self, leaf: Leaf, owner: Claim) -> SegmentTask:
        """The lemma's next segment, from the clauses its last checkpoint hands on (taken
        from the ledger where this directory has fewer segments), within the plan's
        ``checkpoint_every``, or else the leaf's own limit."""
        if self.ledger is not None:
            self._adopt_checkpoints(leaf, owner)
        chain = self.directory.checkpoints(leaf.ident)
        carried = None
        if chain:
            carried = self.directory.carry(chain[-1])
            if carried is None:
                raise BoardsatError(
                    f"{leaf.ident}: the clauses its checkpoint {chain[-1].segment} hands on are"
                    f" not in {self.directory.path} (nor beside the ledger)"
                )
        job = SegmentTask if self.ledger is None else CheckedSegmentTask
        limit = self.plan.checkpoint_every or self.plan.limit(leaf)
        return job(
            leaf.ident, owner, leaf.cube, LRAT_SOLVER, limit, None, carried, segment=len(chain)
        )

    def _adopt_checkpoints(self, leaf: Leaf, owner: Claim) -> None:
        """Take into the directory the ledger's segments of ``leaf`` that it lacks, with the
        clauses each hands on where the ledger keeps them, and without certificates."""
        assert self.ledger is not None
        kept = self.directory.checkpoints(leaf.ident)
        found = self._ledger_chain(leaf, owner)
        carries = [self.ledger.carry(entry.checkpoint()) for entry in found]
        while found and carries[-1] is None:  # go on only from a checkpoint whose clauses are here
            found, carries = found[:-1], carries[:-1]
        if len(found) <= len(kept) or any(
            entry.carry_sha256 != segment.carry_sha256
            for entry, segment in zip(found, kept, strict=False)
        ):
            return
        for entry, carry in zip(found[len(kept) :], carries[len(kept) :], strict=True):
            checkpoint = replace(entry.checkpoint(), task=leaf.ident)
            self.directory.add_checkpoint(checkpoint, None, carry)

    def keep_checkpoint(self, task: SegmentTask, verdict: Verdict) -> None:
        """Keep a segment that stopped at a checkpoint, and write it into the ledger; refuse
        one whose certificate the checker rejected, or a segment that ended without one."""
        if verdict.carry is None or verdict.budgets is None:
            raise BoardsatError(
                f"{task.ident}: its segment ended without a checkpoint"
                f" ({verdict.checked or 'its child was stopped at its limit'}); nothing was kept"
            )
        if verdict.checked is not None and verdict.checked != ACCEPTED:
            raise BoardsatError(f"{task.ident}: its checkpoint is not kept, {verdict.checked}")
        chain = self.chain_of(task)
        checkpoint = Checkpoint(
            task.ident,
            task.segment,
            verdict.budgets,
            verdict.cpu,
            str(verdict.formula_hash),
            str(verdict.cardinality),
            carry_sha256="",
            certificate_sha256="",
            carried_in_sha256=chain[-1].carry_sha256 if chain else None,
            solver=verdict.solver,
            checked=verdict.checked,
        )
        kept = self.directory.add_checkpoint(checkpoint, verdict.proof, verdict.carry)
        if self.ledger is not None and verdict.checked is not None:
            self.ledger.add_checkpoint(kept, task.claim.spec(), verdict.carry)

    def _known(self, leaf: Leaf, owner: Claim) -> LeafEntry | None:
        """The ledger's entry that settles ``leaf``: a refutation the checker accepted, else an
        outrun limit as long as this run's in the encoding it would solve in, for the formula
        rebuilt here."""
        assert self.ledger is not None
        spec = owner.spec()
        found = [e for name in whole_names(leaf, owner) for e in self.ledger.entries(name, spec)]
        limit, solved_in = self.plan.limit(leaf), certifying_cardinality(owner)
        if self.in_segments(leaf, owner):
            limit = None  # a leaf that goes on across runs is never split for a limit
        digests: dict[str, str] = {}
        refuting = [entry for entry in found if entry.refutes and self.ledger.chained(entry)]
        for entry in refuting + [entry for entry in found if entry.outran(limit)]:
            encoding = entry.cardinality or CERTIFYING_CARDINALITY  # lines older than the choice
            if not entry.refutes and encoding != solved_in:
                continue  # a limit outrun in another encoding says nothing of this one
            if encoding not in digests:
                digests[encoding] = formula_hash(cube_formula(owner, leaf.cube, encoding)[0])
            if digests[encoding] == entry.formula_hash:
                return entry
        return None

    def write_down(self, task: Task, kept: Settled, checked: str | None) -> None:
        """Write a leaf this run settled into the ledger: a certified refutation with the
        checker's word on it, or a limit outrun."""
        if self.ledger is None:
            return
        refuted = kept.status == REFUTED and kept.certificate_sha256 is not None
        if not ((refuted and checked is not None) or (kept.status == OUTRAN and task.limit)):
            return
        encoding = kept.cardinality or task.cardinality or certifying_cardinality(task.claim)
        digest = kept.formula_hash or formula_hash(cube_formula(task.claim, task.cube, encoding)[0])
        entry = LeafEntry(
            kept.task,
            task.claim.spec(),
            digest,
            encoding,
            kept.status,
            kept.cpu,
            kept.certificate_sha256,
            kept.proof_format,
            checked if refuted else None,
            kept.solver,
            None if refuted else task.limit,
            **_segment_fields(kept),
        )
        self.ledger.add(entry)

    def split_again(self, leaf: Leaf) -> None:
        """Split a leaf that outran its limit by lookahead, and submit its cubes."""
        owner = self.owner(leaf)
        children = lookahead_cubes(owner, leaf.cube, self.plan.resplit, over=self._over(owner))
        if len(children) < 2:
            raise BoardsatError(f"cube {leaf.ident} outran its limit and cannot be split further")
        split = Split(leaf.ident, "lookahead", tuple(children), params={"cubes": self.plan.resplit})
        self.directory.add_split(split)
        for child in children:
            self.submit(leaf.child(child))

    def _over(self, owner: Claim) -> Sequence[Key] | None:
        """The variables a split of ``owner`` may fix: the proof's decisions, or a lemma's own
        (those of the proof's decisions its model has, where it names none)."""
        if owner is self.claim or self.decisions is None:
            return self.decisions
        own = getattr(owner, "decisions", None)
        if own is not None:
            return list(own())
        model = owner.model()
        return [key for key in self.decisions if key in model]


@dataclass(frozen=True)
class CheckedTask(Task):
    """A task whose certificate is checked where it was solved, so that the ledger of settled
    leaves says what boardsat's checker made of it; the check runs in a child of its own,
    without a limit, as it costs about what the solve did."""

    def run(self) -> Verdict:
        verdict = super().run()
        if verdict.proof is None:
            return verdict
        return _checked(verdict, lambda: fresh_certificate_problem(self.claim, self.cube, verdict))


def _checked(verdict: Verdict, problem: Callable[[], str]) -> Verdict:
    """``verdict`` with the checker's word on its certificate, found in a child of its own,
    without a limit, as a check costs about what the solve did."""
    try:
        ran = run_in_child(problem, None, quiet=True)
    except ChildFailed as error:
        return replace(verdict, checked=f"rejected: the check failed ({error})")
    if isinstance(ran, TimedOut):  # cancelled: no word on it
        return verdict
    return replace(verdict, checked=f"rejected: {ran.value}" if ran.value else ACCEPTED)


@dataclass(frozen=True)
class CheckedSegmentTask(SegmentTask):
    """A segment whose certificate is checked where it was solved, as ``CheckedTask``'s."""

    def run(self) -> Verdict:
        verdict = super().run()
        if verdict.proof is None:
            return verdict
        return _checked(
            verdict, lambda: fresh_segment_problem(self.claim, self.cube, verdict, self.carried_in)
        )


def _segment_fields(kept: Settled) -> dict[str, Any]:
    """A ledger line's fields for a lemma refuted across runs: its last segment's place in the
    chain, the budgets it ran and what it started from."""
    if not kept.chain:
        return {}
    return {
        "segment": len(kept.chain),
        "budgets": kept.budgets,
        "carried_in_sha256": kept.carried_in_sha256,
    }


def _taken(ident: str, entry: LeafEntry, chain: Sequence[LeafEntry] = ()) -> Settled:
    """A verdict taken from the ledger: its certificate's digest, without the certificate, and
    the segments it rests on, where it was refuted across runs."""
    return Settled(
        task=ident,
        route=str((entry.solver or {}).get("solver", "ledger")),
        status=entry.verdict,
        seconds=0.0,
        cpu=entry.cpu,
        formula_hash=entry.formula_hash,
        cardinality=entry.cardinality,
        proof_format=entry.proof_format,
        certificate_sha256=entry.certificate_sha256,
        solver=entry.solver,
        chain=tuple(replace(segment.checkpoint(), task=ident) for segment in chain),
        budgets=entry.budgets,
    )


def whole_names(leaf: Leaf, owner: Claim) -> tuple[str, ...]:
    """The names ``leaf`` goes by in a ledger: its own, and where it is a claim's whole formula,
    also the other name of that formula: a lemma's, or the empty cube's of a proof of the
    lemma's claim alone (``examples/half_bound.py``). A line under either settles both, its
    formula's digest compared as always."""
    if leaf.cube != Cube():
        return (leaf.ident,)
    return tuple(dict.fromkeys((leaf.ident, lemma_ident(owner.spec()), Cube().ident)))


def _settled(ident: str, verdict: Verdict, chain: Sequence[Checkpoint] = ()) -> Settled:
    return Settled(
        task=ident,
        route=verdict.route,
        status=verdict.status.value,
        seconds=verdict.seconds,
        cpu=verdict.cpu,
        formula_hash=verdict.formula_hash,
        cardinality=verdict.cardinality,
        proof_format=verdict.proof_format,
        solution=tuple(_json_key(key) for key in verdict.solution),
        solver=verdict.solver,
        chain=tuple(chain),
        budgets=verdict.budgets if chain else None,
    )


def _json_key(key: Key) -> Any:
    return [_json_key(part) for part in key] if isinstance(key, tuple) else key
