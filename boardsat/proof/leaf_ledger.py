"""The ledger of settled leaves: what every run of a long proof settled, one JSON line per cube
or lemma, small enough to commit beside the results while the certificates stay out of git.

A proof may span many runs on several machines, each with a proof directory of its own. A run
given the ledger takes from it every leaf it already settled, so that no run repeats finished
work: a refutation whose certificate boardsat's checker accepted, or a leaf that outran a limit
at least as long as this run's (it is split at once). A leaf matches an entry only when its
formula, rebuilt here, has the digest the entry names; the verdict taken keeps the certificate's
SHA-256 but not the certificate, which ``boardsat proof regenerate`` solves again, byte for byte
(``boardsat.encoders.cnf.certified``), before ``proof check`` may call the proof certified.

A lemma solved across runs writes a line for each segment that stopped at a checkpoint
(verdict CHECKPOINT), and keeps the clauses it hands on beside the ledger, in the folder
``carried_folder`` names, so that a run on another machine goes on from the last one. Its
refutation's line names the segment that refuted it and what that one started from; it is
taken only with the chain of checkpoints before it.

This is not ``ledger.py``, the checker's private record of the certificates it accepted.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardsat.core.errors import BoardsatError
from boardsat.core.files import append_json_line
from boardsat.core.results import Status
from boardsat.proof.directory import Checkpoint

ACCEPTED = "accepted"
REFUTED = Status.UNSATISFIABLE.value
OUTRAN = Status.UNKNOWN.value
CHECKPOINT = "CHECKPOINT"


@dataclass(frozen=True)
class LeafEntry:
    """One settled leaf. ``claim`` is the spec of the claim whose formula the leaf restricts
    (the proof's, or the lemma's it belongs to); ``task`` names the leaf in a proof directory.
    ``verdict`` is UNSATISFIABLE, or UNKNOWN when it outran ``limit`` seconds, or CHECKPOINT
    for a segment of a lemma solved across runs; ``checked`` is boardsat's checker's word on
    the certificate ("accepted" or "rejected: why"). A segment's line has its place in the
    chain (``segment``), its conflict ``budgets``, and the digests of the clauses it started
    from and, at a checkpoint, of those it hands on (``carry_sha256``)."""

    task: str
    claim: Mapping[str, Any]
    formula_hash: str
    cardinality: str | None
    verdict: str
    cpu: float
    certificate_sha256: str | None = None
    proof_format: str | None = None
    checked: str | None = None
    solver: Mapping[str, Any] | None = None
    limit: float | None = None
    segment: int | None = None
    budgets: int | None = None
    carried_in_sha256: str | None = None
    carry_sha256: str | None = None

    @property
    def refutes(self) -> bool:
        """Whether the leaf is refuted by a certificate the checker accepted."""
        return (
            self.verdict == REFUTED
            and self.checked == ACCEPTED
            and self.certificate_sha256 is not None
        )

    def outran(self, limit: float | None) -> bool:
        """Whether the leaf outran a limit no shorter than ``limit`` (None: no limit), having
        had that many CPU seconds: one a busy machine's wall clock cut short is solved again."""
        return (
            self.verdict == OUTRAN
            and limit is not None
            and (self.limit or 0.0) >= limit
            and self.cpu >= limit
        )

    def to_json(self) -> dict[str, Any]:
        entry = {
            "task": self.task,
            "claim": dict(self.claim),
            "formula_hash": self.formula_hash,
            "cardinality": self.cardinality,
            "verdict": self.verdict,
            "cpu": round(self.cpu, 3),
            "certificate_sha256": self.certificate_sha256,
            "proof_format": self.proof_format,
            "checked": self.checked,
            "solver": None if self.solver is None else dict(self.solver),
            "limit": self.limit,
            "segment": self.segment,
            "budgets": self.budgets,
            "carried_in_sha256": self.carried_in_sha256,
            "carry_sha256": self.carry_sha256,
        }
        return {key: value for key, value in entry.items() if value is not None}

    def checkpoint(self) -> Checkpoint:
        """A segment's line as the proof directory keeps it, without its files."""
        return Checkpoint(
            self.task,
            self.segment or 0,
            self.budgets or 0,
            self.cpu,
            self.formula_hash,
            str(self.cardinality),
            str(self.carry_sha256),
            str(self.certificate_sha256),
            self.carried_in_sha256,
            solver=self.solver,
            checked=self.checked,
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LeafEntry:
        return cls(
            str(data["task"]),
            dict(data["claim"]),
            str(data["formula_hash"]),
            data.get("cardinality"),
            str(data["verdict"]),
            float(data["cpu"]),
            data.get("certificate_sha256"),
            data.get("proof_format"),
            data.get("checked"),
            data.get("solver"),
            data.get("limit"),
            data.get("segment"),
            data.get("budgets"),
            data.get("carried_in_sha256"),
            data.get("carry_sha256"),
        )


class LeafLedger:
    """The entries of one ledger file, by task, and the file they are appended to."""

    def __init__(self, path: Path, entries: list[LeafEntry]) -> None:
        self.path = path
        self._by_task: dict[str, list[LeafEntry]] = {}
        for entry in entries:
            self._by_task.setdefault(entry.task, []).append(entry)

    @classmethod
    def open(cls, path: str | Path) -> LeafLedger:
        """The ledger at ``path``, read back (empty when there is no file yet)."""
        path = Path(path)
        if path.is_dir():
            raise BoardsatError(f"the ledger {path} is a folder: give a file")
        if not path.parent.is_dir():
            raise BoardsatError(f"cannot keep the ledger {path}: there is no folder {path.parent}")
        if not os.access(path if path.exists() else path.parent, os.W_OK):
            raise BoardsatError(f"cannot keep the ledger {path}: it is not writable")
        entries = []
        if path.exists():
            for number, line in enumerate(path.read_bytes().splitlines(), 1):
                if not line.strip():
                    continue
                try:
                    entries.append(LeafEntry.from_json(json.loads(line)))
                except (ValueError, KeyError, TypeError):
                    raise BoardsatError(
                        f"{path}: line {number} is no settled leaf; is it a ledger of settled"
                        " leaves? (proof check --ledger keeps another kind)"
                    ) from None
        return cls(path, entries)

    def entries(self, task: str, claim: Mapping[str, Any]) -> list[LeafEntry]:
        """What the ledger holds of the leaf ``task`` of ``claim``; the caller still compares
        formula digests."""
        spec = _canonical(claim)
        return [entry for entry in self._by_task.get(task, []) if _canonical(entry.claim) == spec]

    def add(self, entry: LeafEntry) -> None:
        """Write ``entry`` down; synced at once."""
        self._by_task.setdefault(entry.task, []).append(entry)
        append_json_line(self.path, entry.to_json())

    def chain(self, task: str, claim: Mapping[str, Any], formula_hash: str) -> list[LeafEntry]:
        """The checkpoints of the lemma ``task`` of ``claim``, from the first, each accepted by
        the checker and starting from what the one before hands on."""
        by_segment = {
            entry.segment: entry
            for entry in self.entries(task, claim)
            if entry.verdict == CHECKPOINT
            and entry.checked == ACCEPTED
            and entry.formula_hash == formula_hash
        }
        found: list[LeafEntry] = []
        while len(found) in by_segment:
            entry = by_segment[len(found)]
            if entry.carried_in_sha256 != (found[-1].carry_sha256 if found else None):
                break
            found.append(entry)
        return found

    def checkpoints(self, refutation: LeafEntry) -> list[LeafEntry]:
        """The checkpoints a refutation across runs rests on (none for a whole one)."""
        if not refutation.segment:
            return []
        found = self.chain(refutation.task, refutation.claim, refutation.formula_hash)
        return found[: refutation.segment]

    def chained(self, refutation: LeafEntry) -> bool:
        """Whether the ledger holds every checkpoint ``refutation`` rests on."""
        found = self.checkpoints(refutation)
        last = found[-1].carry_sha256 if found else None
        return len(found) == (refutation.segment or 0) and last == refutation.carried_in_sha256

    @property
    def carried_folder(self) -> Path:
        """Where the clauses each checkpoint hands on are kept, beside the ledger."""
        return self.path.with_name(f"{self.path.stem}-carried")

    def add_checkpoint(
        self, checkpoint: Checkpoint, claim: Mapping[str, Any], carry: bytes
    ) -> None:
        """Write down a segment that stopped at a checkpoint, and keep what it hands on."""
        folder = self.carried_folder
        folder.mkdir(exist_ok=True)
        kept = folder / f"{checkpoint.carry_sha256}.carry.gz"
        if not kept.exists():  # synced before the line that names it
            draft = kept.with_name(kept.name + ".new")
            with draft.open("wb") as handle:
                handle.write(carry)
                handle.flush()
                os.fsync(handle.fileno())
            draft.replace(kept)
        self.add(
            LeafEntry(
                checkpoint.task,
                claim,
                checkpoint.formula_hash,
                checkpoint.cardinality,
                CHECKPOINT,
                checkpoint.cpu,
                checkpoint.certificate_sha256,
                "lrat",
                checkpoint.checked,
                checkpoint.solver,
                segment=checkpoint.segment,
                budgets=checkpoint.budgets,
                carried_in_sha256=checkpoint.carried_in_sha256,
                carry_sha256=checkpoint.carry_sha256,
            )
        )

    def carry(self, checkpoint: Checkpoint) -> bytes | None:
        """The clauses ``checkpoint`` hands on, where the ledger keeps them; None if not."""
        try:
            data = (self.carried_folder / f"{checkpoint.carry_sha256}.carry.gz").read_bytes()
        except OSError:
            return None
        return data if hashlib.sha256(data).hexdigest() == checkpoint.carry_sha256 else None


def _canonical(spec: Mapping[str, Any]) -> str:
    """A spec as JSON text, so that a tuple and the list it was written as compare equal."""
    return json.dumps(spec, sort_keys=True)
