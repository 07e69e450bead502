"""Cube and conquer: settle every cube of a claim, splitting again those that outrun their limit.

The run is a loop over finished tasks, each kept in the proof directory before the next is read,
so the directory is the whole state: a rerun with the same directory submits only what is not
settled yet. A cube that outruns its limit is split by lookahead into smaller cubes that cover
it; a solution found in any cube refutes the claim and ends the run.

With a ledger of settled leaves (``leaf_ledger``), a leaf it settled is taken from it instead of
solved, and each leaf this run settles is written into it, its certificate checked first where
it was solved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from boardsat.core.child import ChildFailed, TimedOut, run_in_child
from boardsat.core.deadline import cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key
from boardsat.core.results import Status
from boardsat.proof.check import fresh_certificate_problem
from boardsat.proof.claims import claim_from_spec
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.leaf_ledger import ACCEPTED, OUTRAN, REFUTED, LeafEntry, LeafLedger
from boardsat.proof.pools import Pool, Task
from boardsat.proof.status import Leaf, ProofStatus, pending, proof_status
from boardsat.solving.conquer import (
    CERTIFYING_CARDINALITY,
    Verdict,
    certifying_cardinality,
    cube_formula,
    formula_hash,
)
from boardsat.solving.cube import Claim, Split, model_hash
from boardsat.solving.lookahead import lookahead_cubes

OnSettled = Callable[[Settled, ProofStatus], None]


@dataclass(frozen=True)
class Plan:
    """How a proof runs: the route and limit per cube, into how many cubes a cube that outruns
    its limit is split again, and how long a lemma runs whole before it is split so."""

    route: str = "cadical195"
    cube_limit: float | None = 60.0
    resplit: int = 8
    lemma_limit: float | None = 1800.0  # split cubes cost 3x a whole lemma's CPU: open_terms.md

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
    refuted."""
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
        kept = directory.add_settled(_settled(task.ident, outcome), outcome.proof)
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
            self.directory.add_settled(_taken(leaf.ident, known), None)
            if known.verdict == OUTRAN:
                self.split_again(leaf)
            return
        self.running[leaf.ident] = leaf
        job = Task if self.ledger is None else CheckedTask
        self.pool.submit(job(leaf.ident, owner, leaf.cube, self.plan.route, self.plan.limit(leaf)))

    def _known(self, leaf: Leaf, owner: Claim) -> LeafEntry | None:
        """The ledger's entry that settles ``leaf``: a refutation the checker accepted, else an
        outrun limit as long as this run's in the encoding it would solve in, for the formula
        rebuilt here."""
        assert self.ledger is not None
        found = self.ledger.entries(leaf.ident, owner.spec())
        limit, solved_in = self.plan.limit(leaf), certifying_cardinality(owner)
        digests: dict[str, str] = {}
        for entry in [entry for entry in found if entry.refutes] + [
            entry for entry in found if entry.outran(limit)
        ]:
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
        try:
            ran = run_in_child(
                lambda: fresh_certificate_problem(self.claim, self.cube, verdict), None, quiet=True
            )
        except ChildFailed as error:
            return replace(verdict, checked=f"rejected: the check failed ({error})")
        if isinstance(ran, TimedOut):  # cancelled: no word on it
            return verdict
        return replace(verdict, checked=f"rejected: {ran.value}" if ran.value else ACCEPTED)


def _taken(ident: str, entry: LeafEntry) -> Settled:
    """A verdict taken from the ledger: its certificate's digest, without the certificate."""
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
    )


def _settled(ident: str, verdict: Verdict) -> Settled:
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
    )


def _json_key(key: Key) -> Any:
    return [_json_key(part) for part in key] if isinstance(key, tuple) else key
