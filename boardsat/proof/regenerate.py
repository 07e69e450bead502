"""A leaf's certificate solved again: for a verdict taken from a ledger of settled leaves, for a
certificate lost, or to show that a certificate is reproducible.

Each leaf is solved once more on its verdict's route, without a limit. A CaDiCaL certificate
depends only on its formula and on ``solver_setup`` (``boardsat.encoders.cnf.certified``), so
the same setup writes the same bytes, and the SHA-256 the verdict recorded says whether it did.
A certificate that is missing is written into the directory; one that is there stays as it is.
Neither counts as certified until ``proof check`` has checked it.

``copy_certificates`` takes them from another proof directory instead, where one there has
the SHA-256 recorded here: a lemma proven alone, then taken from a ledger by a proof that
needs it, costs no second solve.

A refutation across runs is solved again segment by segment, each for the conflict budgets it
ran, from what the one before hands on: segments whose carry files are here run at once, the
others as soon as the segment before them is done.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from boardsat.core.deadline import cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.encoders.cnf.segments import CARRY_MAX_SIZE
from boardsat.proof.check import owning_claim
from boardsat.proof.claims import claim_from_spec
from boardsat.proof.directory import Checkpoint, ProofDirectory, Settled
from boardsat.proof.ledger import certificate_digest
from boardsat.proof.pools import SegmentTask, Task, open_pool
from boardsat.proof.status import REFUTED, leaves, split_tree
from boardsat.solving.conquer import Verdict
from boardsat.solving.cube import Claim, Cube


@dataclass(frozen=True)
class Regenerated:
    """One certificate solved again: its SHA-256 beside the one recorded (None for a verdict
    written before digests were kept), and whether it was missing and is now written."""

    task: str
    sha256: str
    recorded: str | None
    written: bool
    solver: Mapping[str, Any] | None = None  # the setup it was solved with here
    recorded_solver: Mapping[str, Any] | None = None
    source: Path | None = None  # the proof directory it was copied from, not solved

    @property
    def same(self) -> bool:
        return self.sha256 == self.recorded

    def line(self) -> str:
        if self.source is not None:
            return f"{self.task}: copied from {self.source}, SHA-256 {self.sha256} as recorded"
        done = "regenerated" if self.written else "solved again (its certificate is kept)"
        if self.recorded is None:
            return f"{self.task}: {done}, SHA-256 {self.sha256}; none was recorded"
        if self.same:
            return f"{self.task}: {done}, SHA-256 {self.sha256} as recorded"
        return (
            f"{self.task}: {done}, SHA-256 {self.sha256}, not the {self.recorded} recorded"
            f" (solved here with {_setup(self.solver)}; recorded: {_setup(self.recorded_solver)})"
        )


def missing_certificates(directory: ProofDirectory) -> list[str]:
    """The leaves refuted with a certificate that is not in the directory (a refutation across
    runs also when a segment's certificate or carry file is not)."""
    settled = directory.settled()
    missing = []
    for leaf in leaves(directory.splits()):
        verdict = settled.get(leaf.ident)
        if verdict is None or verdict.status != REFUTED:
            continue
        path = directory.certificate(verdict)
        named = path is not None or verdict.certificate_sha256 is not None
        lost = any(
            not _present(directory.certificate(segment)) or directory.carry(segment) is None
            for segment in verdict.chain
        )
        if (named and not _present(path)) or lost:
            missing.append(leaf.ident)
    return missing


def _present(path: Path | None) -> bool:
    return path is not None and path.is_file()


def regenerate(
    directory: ProofDirectory, tasks: Sequence[str], dask: str | None = None, workers: int = 1
) -> Iterator[Regenerated]:
    """Solve the certificates of ``tasks`` again, ``workers`` at a time here or on ``dask``,
    and tell each as it is done."""
    claim = claim_from_spec(directory.manifest()["claim"])
    tree = split_tree(directory.splits()).nodes
    settled = directory.settled()
    replays: dict[str, _Replay] = {}
    for task in dict.fromkeys(tasks):
        leaf, verdict = tree.get(task), settled.get(task)
        if leaf is None:
            raise BoardsatError(f"{task} is no cube or lemma of the proof in {directory.path}")
        if verdict is None or verdict.status != REFUTED:
            raise BoardsatError(f"{task} is not refuted, so it has no certificate to regenerate")
        if verdict.formula_hash is None or verdict.cardinality is None:
            raise BoardsatError(
                f"{task} was refuted on {verdict.route}, which writes no certificate"
            )
        replays[task] = _Replay(directory, owning_claim(claim, leaf), leaf.cube, verdict)
    with open_pool(dask, workers) as pool:
        for replay in replays.values():
            for job in replay.ready():
                pool.submit(job)
        for job, outcome in pool.completed():
            if cancelled():
                break
            if isinstance(outcome, str):
                raise BoardsatError(f"{job.ident}: {outcome}")
            replay = replays[job.ident.partition("#")[0]]
            yield replay.kept(job, outcome)
            for later in replay.ready():
                pool.submit(later)


def copy_certificates(
    directory: ProofDirectory, sources: Sequence[ProofDirectory], tasks: Sequence[str]
) -> Iterator[Regenerated]:
    """Copy into ``directory`` the certificates (and carry files) of ``tasks`` that ``sources``
    hold under the SHA-256 recorded here (each half's lemma proven alone in a directory of its
    own, say), and tell each. Unless every task's files are there, none is copied: a copy half
    done would be left unsaid; a file not as its digest says is refused."""
    paths: dict[str, Path] = {}
    origins: dict[str, Path] = {}
    for source in sources:
        for digest, path in _paths_by_digest(source).items():
            paths[digest], origins[digest] = path, source.path
    where = " or ".join(str(source.path) for source in sources)
    settled = directory.settled()
    copied = []
    for task in dict.fromkeys(tasks):
        verdict = settled.get(task)
        if verdict is None or verdict.status != REFUTED or verdict.certificate_sha256 is None:
            raise BoardsatError(f"{task} is not refuted with a certificate, so none is copied")
        wanted = [verdict.certificate_sha256]
        wanted += [d for s in verdict.chain for d in (s.certificate_sha256, s.carry_sha256)]
        lost = [digest for digest in wanted if not paths.get(digest, Path("")).is_file()]
        if lost:
            raise BoardsatError(f"{task}: no file of SHA-256 {lost[0]} in {where}")
        copied.append((task, verdict, verdict.certificate_sha256))
    for task, verdict, digest in copied:
        chain = tuple(
            directory.add_checkpoint(
                segment,
                _verified(paths, segment.certificate_sha256),
                _verified(paths, segment.carry_sha256),
            )
            for segment in verdict.chain
        )
        directory.add_settled(replace(verdict, chain=chain), _verified(paths, digest))
        yield Regenerated(
            task, digest, digest, True, verdict.solver, verdict.solver, origins[digest]
        )


def _paths_by_digest(source: ProofDirectory) -> dict[str, Path]:
    """The certificates and carry files ``source`` records, by the SHA-256 each record names."""
    verdicts = list(source.settled().values())
    records: list[Settled | Checkpoint] = [*verdicts]
    records += [segment for verdict in verdicts for segment in verdict.chain]
    records += source.all_checkpoints()
    paths: dict[str, Path] = {}
    for record in records:
        path = source.certificate(record)
        if path is not None and record.certificate_sha256:
            paths[record.certificate_sha256] = path
        if isinstance(record, Checkpoint) and record.carry is not None:
            paths[record.carry_sha256] = source.path / record.carry
    return paths


def _verified(paths: dict[str, Path], digest: str) -> bytes:
    """The file of SHA-256 ``digest``, refused if its bytes say otherwise."""
    data = paths[digest].read_bytes()
    if hashlib.sha256(data).hexdigest() != digest:
        raise BoardsatError(f"{paths[digest]} is not the file of SHA-256 {digest} its record names")
    return data


@dataclass
class _Replay:
    """One refutation solved again: whole, or segment by segment (a job's ident is the task's,
    with ``#N`` for its Nth segment), the chain's records renewed as their files are written."""

    directory: ProofDirectory
    claim: Claim
    cube: Cube
    verdict: Settled
    chain: list[Checkpoint] = field(default_factory=list)
    carries: dict[int, bytes] = field(default_factory=dict)  # what segment N starts from
    started: set[int] = field(default_factory=set)
    done: set[int] = field(default_factory=set)
    final: Verdict | None = None

    def __post_init__(self) -> None:
        self.chain = list(self.verdict.chain)
        for number, segment in enumerate(self.chain, 1):
            carry = self.directory.carry(segment)
            if carry is not None:
                self.carries[number] = carry

    def ready(self) -> list[Task]:
        """The jobs that can run now and have not run."""
        verdict = self.verdict
        if not verdict.chain:
            if self.started:
                return []
            self.started.add(0)
            route, cardinality = verdict.route, verdict.cardinality
            return [Task(verdict.task, self.claim, self.cube, route, None, cardinality)]
        jobs: list[Task] = []
        for number in range(len(self.chain) + 1):
            if number in self.started or (number and number not in self.carries):
                continue
            self.started.add(number)
            record: Settled | Checkpoint = (
                self.chain[number] if number < len(self.chain) else verdict
            )
            budgets = record.budgets
            size = (record.solver or {}).get("carry_max_size", CARRY_MAX_SIZE)
            jobs.append(
                SegmentTask(
                    f"{verdict.task}#{number}",
                    self.claim,
                    self.cube,
                    verdict.route,
                    None,
                    carried_in=self.carries.get(number),
                    budgets=budgets,
                    segment=number,
                    carry_max_size=int(size),
                )
            )
        return jobs

    def kept(self, job: Task, solved: Verdict) -> Regenerated:
        """Compare a job's certificate with the one recorded; write it where it is missing (a
        refutation across runs: its line once every segment is done, the chain renewed)."""
        if not self.verdict.chain:
            return _kept(self.directory, self.verdict, solved)
        number = int(job.ident.partition("#")[2])
        self.done.add(number)
        if number == len(self.chain):
            self.final = solved
            told = _compared(
                self.verdict, solved, _present(self.directory.certificate(self.verdict))
            )
        else:
            told = self._segment_kept(number, solved)
        if self.final is not None and len(self.done) == len(self.chain) + 1:
            _kept(self.directory, replace(self.verdict, chain=tuple(self.chain)), self.final)
        return replace(told, task=job.ident)

    def _segment_kept(self, number: int, solved: Verdict) -> Regenerated:
        """A segment replayed: it must hand on what its record says, from the same formula,
        or the chain after it would not chain; its missing files are written, and only those."""
        segment = self.chain[number]
        if solved.carry is None or solved.proof is None or solved.status is not Status.UNKNOWN:
            raise BoardsatError(f"segment {number}: replayed, it came out {solved.status.value}")
        if (
            hashlib.sha256(solved.carry).hexdigest() != segment.carry_sha256
            or solved.formula_hash != segment.formula_hash
        ):
            raise BoardsatError(
                f"{segment.task} segment {number}: replayed, it hands on other clauses than"
                " its record names, so the segments after it would not chain"
            )
        self.carries[number + 1] = solved.carry
        written = not _present(self.directory.certificate(segment))
        lost_carry = self.directory.carry(segment) is None
        if written or lost_carry:
            renewed = replace(segment, solver=solved.solver, checked=None)
            if not written:
                renewed = replace(renewed, certificate_sha256=segment.certificate_sha256)
            self.chain[number] = self.directory.add_checkpoint(
                renewed,
                solved.proof if written else None,
                solved.carry if lost_carry else None,
            )
        return replace(_compared(segment, solved, not written), written=written)


def _compared(recorded: Settled | Checkpoint, solved: Verdict, kept: bool) -> Regenerated:
    digest = hashlib.sha256(solved.proof or b"").hexdigest()
    return Regenerated(
        recorded.task,
        digest,
        recorded.certificate_sha256,
        not kept,
        solved.solver,
        recorded.solver,
    )


def _kept(directory: ProofDirectory, verdict: Settled, solved: Verdict) -> Regenerated:
    """Compare the certificate solved again with the one recorded; write it where it is missing
    (with the chain's records, renewed, of a refutation across runs)."""
    if solved.status is not Status.UNSATISFIABLE or solved.proof is None:
        raise BoardsatError(f"{verdict.task}: solved again, it came out {solved.status.value}")
    if solved.formula_hash != verdict.formula_hash or solved.cardinality != verdict.cardinality:
        raise BoardsatError(
            f"{verdict.task}: the formula rebuilt here is not the one its certificate refuted"
        )
    path = directory.certificate(verdict)
    written = not _present(path)
    recorded = verdict.certificate_sha256
    if written or verdict.chain != directory.settled()[verdict.task].chain:
        again = replace(verdict, proof_format=solved.proof_format, solver=solved.solver)
        directory.add_settled(again, solved.proof if written else None)
    elif recorded is None and path is not None:
        recorded = certificate_digest(path)
    digest = hashlib.sha256(solved.proof).hexdigest()
    return Regenerated(verdict.task, digest, recorded, written, solved.solver, verdict.solver)


def _setup(solver: Mapping[str, Any] | None) -> str:
    if not solver:
        return "a setup not recorded"
    return ", ".join(f"{key} {value}" for key, value in solver.items())
