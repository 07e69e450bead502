"""A proof by cubes as one call: how it runs (the request), running it on a pool of workers, and
what it ended with (the outcome, with its text lines and JSON fields).

The workflows that state a claim and hand it here live beside this module: ``minimum`` (no
placement of one knight fewer) and ``horizon`` (no plan of exactly so many moves).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardsat.core.model import Key
from boardsat.core.results import Status
from boardsat.core.wording import counted
from boardsat.harness.cluster import check_dask_address
from boardsat.models.domination.proving.cubes import LOOKAHEAD_CUBES, WINDOW_LIMIT_S
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.leaf_ledger import LeafLedger
from boardsat.proof.pools import open_pool
from boardsat.proof.run import Plan, prove
from boardsat.proof.status import ProofStatus, counterexample
from boardsat.solving.conquer import check_route

OnProgress = Callable[[str], None]
"""Told one line on where the proof stands, each time a cube settles."""


@dataclass(frozen=True)
class CubeRequest:
    """How a proof by cubes runs: the splitter and its size, where cubes run (``dask``: a
    scheduler address or ``local:N``; None: one at a time here), and the proof's home."""

    splitter: str
    cubes: int = LOOKAHEAD_CUBES
    dask: str | None = None
    directory: str | None = None
    plan: Plan = field(default_factory=Plan)
    lemma_limit: float = WINDOW_LIMIT_S  # seconds to bound each window of a band split
    ledger: str | None = None  # the ledger of settled leaves: taken from, and written to

    def __post_init__(self) -> None:
        """Refuse a bad route, Dask address or ledger before any work."""
        if self.dask is not None:
            check_dask_address(self.dask)
        check_route(self.plan.route)
        if self.ledger is not None:
            LeafLedger.open(self.ledger)


@dataclass(frozen=True)
class CubeProof:
    """Where a proof by cubes ended: its verdict, its directory and status, and the JSON fields
    of the answer it stands for. ``open`` is true when it stopped with neither a proof nor a
    counterexample (a time limit or Ctrl-C), or when the answer's own status says UNKNOWN (a
    counterexample the run was cut before going on from)."""

    verdict: str
    directory: ProofDirectory
    status: ProofStatus
    answer: dict[str, Any] = field(default_factory=dict)

    @property
    def open(self) -> bool:
        if "status" in self.answer:
            return bool(self.answer["status"] == Status.UNKNOWN.value)
        return not self.status.proven and counterexample(self.directory) is None

    def lines(self) -> list[str]:
        path = self.directory.path
        return [
            self.verdict,
            f"claim: {self.directory.manifest()['describes']}",
            progress_line(self.status),
            f"proof directory: {path} (check it: boardsat proof check {path})",
        ]

    def to_json(self) -> dict[str, Any]:
        """The answer's fields (by default the best answer and whether it is proven), then the
        proof's own."""
        status = self.status
        given = self.answer or {"best": self.directory.manifest()["best"], "proven": status.proven}
        return {
            **given,
            "verdict": self.verdict,
            "claim": self.directory.manifest()["claim"],
            "cubes": status.leaves,
            "refuted": status.refuted,
            "certified": status.certified,
            "split_again": status.split_again,
            "lemmas": status.lemmas,
            "lemmas_refuted": status.lemmas_refuted,
            "checkpoints": status.checkpoints,
            "cpu_seconds": round(status.cpu, 3),
            "directory": str(self.directory.path),
        }


def run_cubes(
    directory: ProofDirectory,
    request: CubeRequest,
    decisions: Sequence[Key],
    on_progress: OnProgress | None = None,
) -> ProofStatus:
    """Settle the directory's open cubes on the request's pool; tell ``on_progress`` each time."""

    def settled(entry: Settled | None, status: ProofStatus) -> None:
        if on_progress is not None:
            on_progress(progress_line(status))

    ledger = None if request.ledger is None else LeafLedger.open(request.ledger)
    with open_pool(request.dask, 1) as pool:
        return prove(directory, pool, request.plan, decisions, settled, ledger)


def progress_line(status: ProofStatus) -> str:
    """One line: cubes and lemmas refuted, certified, split again, and the CPU time spent."""
    paused = f", {counted(status.checkpoints, 'checkpoint')} kept" if status.checkpoints else ""
    if status.split and not status.leaves and status.lemmas:  # the lemmas prove it alone
        lemmas = f"{status.lemmas_refuted} of {counted(status.lemmas, 'lemma')}"
        leave = "leaves" if status.lemmas == 1 else "leave"
        return f"{lemmas} refuted, which {leave} no cube{paused}, CPU {status.cpu:.1f} s"
    lemmas = (
        f" and {status.lemmas_refuted} of {counted(status.lemmas, 'lemma')}"
        if status.lemmas
        else ""
    )
    return (
        f"{status.refuted} of {counted(status.leaves, 'cube')}{lemmas} refuted"
        f" ({status.certified} certified), {status.split_again} split again{paused},"
        f" CPU {status.cpu:.1f} s"
    )
