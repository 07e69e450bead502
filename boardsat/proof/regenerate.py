"""A leaf's certificate solved again: for a verdict taken from a ledger of settled leaves, for a
certificate lost, or to show that a certificate is reproducible.

Each leaf is solved once more on its verdict's route, without a limit. A CaDiCaL certificate
depends only on its formula and on ``solver_setup`` (``boardsat.encoders.cnf.certified``), so
the same setup writes the same bytes, and the SHA-256 the verdict recorded says whether it did.
A certificate that is missing is written into the directory; one that is there stays as it is.
Neither counts as certified until ``proof check`` has checked it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from boardsat.core.deadline import cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.proof.check import owning_claim
from boardsat.proof.claims import claim_from_spec
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.ledger import certificate_digest
from boardsat.proof.pools import Task, open_pool
from boardsat.proof.status import REFUTED, leaves, split_tree
from boardsat.solving.conquer import Verdict


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

    @property
    def same(self) -> bool:
        return self.sha256 == self.recorded

    def line(self) -> str:
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
    """The leaves refuted with a certificate that is not in the directory."""
    settled = directory.settled()
    missing = []
    for leaf in leaves(directory.splits()):
        verdict = settled.get(leaf.ident)
        if verdict is None or verdict.status != REFUTED:
            continue
        path = directory.certificate(verdict)
        named = path is not None or verdict.certificate_sha256 is not None
        if named and not (path is not None and path.is_file()):
            missing.append(leaf.ident)
    return missing


def regenerate(
    directory: ProofDirectory, tasks: Sequence[str], dask: str | None = None, workers: int = 1
) -> Iterator[Regenerated]:
    """Solve the certificates of ``tasks`` again, ``workers`` at a time here or on ``dask``,
    and tell each as it is done."""
    claim = claim_from_spec(directory.manifest()["claim"])
    tree = split_tree(directory.splits()).nodes
    settled = directory.settled()
    jobs = []
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
        owner = owning_claim(claim, leaf)
        jobs.append(Task(task, owner, leaf.cube, verdict.route, None, verdict.cardinality))
    with open_pool(dask, workers) as pool:
        for job in jobs:
            pool.submit(job)
        for job, outcome in pool.completed():
            if cancelled():
                break
            if isinstance(outcome, str):
                raise BoardsatError(f"{job.ident}: {outcome}")
            yield _kept(directory, settled[job.ident], outcome)


def _kept(directory: ProofDirectory, verdict: Settled, solved: Verdict) -> Regenerated:
    """Compare the certificate solved again with the one recorded; write it where it is missing."""
    if solved.status is not Status.UNSATISFIABLE or solved.proof is None:
        raise BoardsatError(f"{verdict.task}: solved again, it came out {solved.status.value}")
    if solved.formula_hash != verdict.formula_hash or solved.cardinality != verdict.cardinality:
        raise BoardsatError(
            f"{verdict.task}: the formula rebuilt here is not the one its certificate refuted"
        )
    path = directory.certificate(verdict)
    written = path is None or not path.is_file()
    recorded = verdict.certificate_sha256
    if written:
        again = replace(verdict, proof_format=solved.proof_format, solver=solved.solver)
        directory.add_settled(again, solved.proof)
    elif recorded is None and path is not None:
        recorded = certificate_digest(path)
    digest = hashlib.sha256(solved.proof).hexdigest()
    return Regenerated(verdict.task, digest, recorded, written, solved.solver, verdict.solver)


def _setup(solver: Mapping[str, Any] | None) -> str:
    if not solver:
        return "a setup not recorded"
    return ", ".join(f"{key} {value}" for key, value in solver.items())
