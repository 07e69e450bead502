"""The proof directory: everything a proof has settled, written the moment it is settled.

``manifest.json`` names the claim (its spec and its model's digest) and the best answer that
makes it worth proving; ``splits.jsonl`` holds each split (the root split and every cube split
again after outrunning its limit); ``settled.jsonl`` holds one verdict per cube or lemma;
``certificates/`` holds the compressed proofs (LRAT or DRUP). A lemma solved across runs
keeps each run's segment in ``checkpoints.jsonl``, its certificate beside the others and the
clauses it hands on in ``carried/`` (``boardsat.certificates.lrat_chain``). Lines are appended
and synced one at a time, so a killed run loses at most the cube it was writing, and a rerun
reads back where it stood. A claim refuted on the way (a better answer found) moves to
``superseded/`` as the record of how it fell, and the folder's top goes on with the next claim.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from boardsat.core.errors import BoardsatError
from boardsat.core.files import append_json_line, write_new_file
from boardsat.solving.cube import Split

MANIFEST = "manifest.json"
SPLITS = "splits.jsonl"
SETTLED = "settled.jsonl"
CERTIFICATES = "certificates"
CHECKPOINTS = "checkpoints.jsonl"
CARRIED = "carried"
SUPERSEDED = "superseded"
# what belongs to the claim the manifest names
CLAIM_FILES = (SPLITS, SETTLED, CERTIFICATES, CHECKPOINTS, CARRIED)
SUFFIXES = {"lrat": ".lrat.gz", "drup": ".drup.xz"}  # as boardsat.encoders.cnf.certified packs them
T = TypeVar("T")


@dataclass(frozen=True)
class Checkpoint:
    """One segment of a lemma solved across runs, which stopped at a checkpoint: it solved the
    lemma's formula (``formula_hash``) with the clauses carried in (``carried_in_sha256``, None
    for the first) for ``budgets`` conflict budgets, and hands on ``carry`` (a file of
    ``carried/``), which its ``certificate`` derives. A run that takes it from a ledger has the
    digests without the files, until ``proof regenerate`` replays the segment."""

    task: str
    segment: int
    budgets: int
    cpu: float
    formula_hash: str
    cardinality: str
    carry_sha256: str
    certificate_sha256: str
    carried_in_sha256: str | None = None
    carry: str | None = None
    certificate: str | None = None
    solver: Mapping[str, Any] | None = None
    checked: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {**self.__dict__, "cpu": round(self.cpu, 3), "solver": _plain(self.solver)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Checkpoint:
        found = cls(**{key: data[key] for key in _CHECKPOINT_FIELDS if key in data})
        if not (isinstance(found.segment, int) and found.segment >= 0):
            raise ValueError("its segment is not a count")
        if not (isinstance(found.budgets, int) and found.budgets >= 1):
            raise ValueError("its budgets are not a count of at least one")
        if not isinstance(found.cpu, (int, float)) or isinstance(found.cpu, bool):
            raise ValueError("its CPU seconds are not a number")
        return found


_CHECKPOINT_FIELDS = tuple(Checkpoint.__dataclass_fields__)


def _plain(solver: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if solver is None else dict(solver)


@dataclass(frozen=True)
class Settled:
    """One verdict as the directory keeps it: ``task`` is a cube's ident or a lemma's."""

    task: str
    route: str
    status: str
    seconds: float
    cpu: float
    certificate: str | None = None
    formula_hash: str | None = None
    cardinality: str | None = None
    solution: tuple[Any, ...] = ()
    proof_format: str | None = None  # of the certificate: "lrat" or "drup"
    # the certificate's SHA-256, also when it is not here (a verdict taken from a ledger of
    # settled leaves), and what its bytes depend on besides the formula: solving it again with
    # the same ``solver`` writes the same certificate
    certificate_sha256: str | None = None
    solver: Mapping[str, Any] | None = None
    # a lemma refuted across runs: the segments before the one that refuted it, and the conflict
    # budgets that one ran (the segments' chain: ``boardsat.certificates.lrat_chain``)
    chain: tuple[Checkpoint, ...] = ()
    budgets: int | None = None

    @property
    def carried_in_sha256(self) -> str | None:
        """The digest of the clauses the refuting segment started from (None: the formula alone)."""
        return self.chain[-1].carry_sha256 if self.chain else None

    def to_json(self) -> dict[str, Any]:
        chained = (
            {"chain": [segment.to_json() for segment in self.chain], "budgets": self.budgets}
            if self.chain
            else {}
        )
        return {
            "task": self.task,
            "route": self.route,
            "status": self.status,
            "seconds": round(self.seconds, 3),
            "cpu": round(self.cpu, 3),
            "certificate": self.certificate,
            "formula_hash": self.formula_hash,
            "cardinality": self.cardinality,
            "solution": list(self.solution),
            "proof_format": self.proof_format,
            "certificate_sha256": self.certificate_sha256,
            "solver": _plain(self.solver),
            **chained,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settled:
        texts = [data[name] for name in ("task", "route", "status")]
        texts += [data.get(name) for name in _OPTIONAL_TEXTS]
        times = [data["seconds"], data["cpu"]]
        if not all(text is None or isinstance(text, str) for text in texts) or None in texts[:3]:
            raise ValueError("a name, status or digest is not text")
        if not all(isinstance(time, (int, float)) and not isinstance(time, bool) for time in times):
            raise ValueError("its seconds are not a number")
        if not isinstance(data["solution"], list) or not isinstance(
            data.get("solver", {}), (dict, type(None))
        ):
            raise ValueError("its solution or its solver is not of its kind")
        return cls(
            data["task"],
            data["route"],
            data["status"],
            data["seconds"],
            data["cpu"],
            data["certificate"],
            data["formula_hash"],
            data.get("cardinality"),
            tuple(data["solution"]),
            # directories written before LRAT hold DRUP certificates only
            data.get("proof_format", "drup" if data["certificate"] else None),
            data.get("certificate_sha256"),
            data.get("solver"),
            tuple(Checkpoint.from_json(segment) for segment in data.get("chain", ())),
            data.get("budgets"),
        )


_OPTIONAL_TEXTS = (
    "certificate",
    "formula_hash",
    "cardinality",
    "proof_format",
    "certificate_sha256",
)


class ProofDirectory:
    """One proof's folder; created by ``create``, read back by ``open``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._parsed: dict[str, tuple[tuple[int, int, int], list[Any]]] = {}

    def __getstate__(self) -> dict[str, Any]:
        return {"path": self.path}  # what was parsed stays here: a checker's workers read anew

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.path = state["path"]
        self._parsed = {}

    @classmethod
    def create(cls, path: str | Path, manifest: Mapping[str, Any]) -> ProofDirectory:
        folder = Path(path)
        try:
            folder.mkdir()
        except FileExistsError:
            raise BoardsatError(f"{path} exists already and holds no proof") from None
        except OSError as error:
            raise BoardsatError(f"cannot make {path}: {error.strerror or error}") from None
        (folder / CERTIFICATES).mkdir()
        write_new_file(folder / MANIFEST, json.dumps(dict(manifest), indent=1) + "\n")
        return cls(folder)

    @classmethod
    def open(cls, path: str | Path) -> ProofDirectory:
        if not cls.exists(path):
            raise BoardsatError(f"{path} is no proof directory (it has no {MANIFEST})")
        return cls(Path(path))

    @staticmethod
    def exists(path: str | Path) -> bool:
        try:
            return (Path(path) / MANIFEST).is_file()
        except OSError as error:  # such as a name too long: is_file says False only to some
            raise BoardsatError(f"cannot read {path}: {error.strerror or error}") from None

    def manifest(self) -> dict[str, Any]:
        try:
            manifest = json.loads((self.path / MANIFEST).read_text())
            if not isinstance(manifest, dict):
                raise ValueError("it holds no JSON object")
            if not {"claim", "model_hash", "describes", "best"} <= set(manifest):
                raise ValueError("keys are missing")
        except (OSError, ValueError) as error:
            raise BoardsatError(f"{self.path / MANIFEST} cannot be read: {error}") from None
        return dict(manifest)

    def splits(self) -> list[Split]:
        return self._read(SPLITS, Split.from_json)

    def settled(self) -> dict[str, Settled]:
        """The verdicts by task; a task settled twice (a rerun after a crash) keeps its last."""
        return {entry.task: entry for entry in self._read(SETTLED, Settled.from_json)}

    def _read(self, name: str, parse: Callable[[dict[str, Any]], T]) -> list[T]:
        """The file's entries, parsed again only when the file changed since the last read (a
        large split is read after every settled cube)."""
        try:
            found = (self.path / name).stat()
        except FileNotFoundError:
            return []
        stamp = (found.st_ino, found.st_size, found.st_mtime_ns)
        cached = self._parsed.get(name)
        if cached is not None and cached[0] == stamp:
            return list(cached[1])
        read = []
        for number, entry in enumerate(self._lines(name), 1):
            try:
                read.append(parse(entry))
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                raise BoardsatError(
                    f"{self.path / name}: entry {number} cannot be read ({error!r})"
                ) from None
        self._parsed[name] = (stamp, read)
        return list(read)

    def checkpoints(self, task: str) -> list[Checkpoint]:
        """The segments of ``task`` so far, from the first: each starts from what the one
        before hands on (a segment written again, by a rerun after a crash, keeps its last)."""
        by_segment = {
            entry.segment: entry for entry in self.all_checkpoints() if entry.task == task
        }
        chain: list[Checkpoint] = []
        while len(chain) in by_segment:
            segment = by_segment[len(chain)]
            if segment.carried_in_sha256 != (chain[-1].carry_sha256 if chain else None):
                break
            chain.append(segment)
        return chain

    def add_checkpoint(
        self, checkpoint: Checkpoint, proof: bytes | None, carry: bytes | None
    ) -> Checkpoint:
        """Keep a segment that stopped at a checkpoint: what it hands on and its certificate
        first (either may be missing, taken from a ledger), then its line."""
        if carry is not None:
            (self.path / CARRIED).mkdir(exist_ok=True)
            name = f"{CARRIED}/{checkpoint.task}.{checkpoint.segment}.carry.gz"
            _write_again(self.path / name, carry)
            digest = hashlib.sha256(carry).hexdigest()
            checkpoint = replace(checkpoint, carry=name, carry_sha256=digest)
        if proof is not None:
            certificate = f"{CERTIFICATES}/{checkpoint.task}.{checkpoint.segment}.lrat.gz"
            _write_again(self.path / certificate, proof)
            digest = hashlib.sha256(proof).hexdigest()
            checkpoint = replace(checkpoint, certificate=certificate, certificate_sha256=digest)
        append_json_line(self.path / CHECKPOINTS, checkpoint.to_json())
        return checkpoint

    def all_checkpoints(self) -> list[Checkpoint]:
        """Every segment line on file, of every task."""
        return self._read(CHECKPOINTS, Checkpoint.from_json)

    def carry(self, checkpoint: Checkpoint) -> bytes | None:
        """The clauses ``checkpoint`` hands on, as its carry file; None when the file is not
        here or is not the one its digest names."""
        if checkpoint.carry is None:
            return None
        try:
            data = (self.path / checkpoint.carry).read_bytes()
        except OSError:
            return None
        return data if hashlib.sha256(data).hexdigest() == checkpoint.carry_sha256 else None

    def add_split(self, split: Split) -> None:
        append_json_line(self.path / SPLITS, split.to_json())

    def add_settled(self, settled: Settled, proof: bytes | None) -> Settled:
        """Keep a verdict, its certificate first, so a kept verdict never lacks its proof."""
        if proof is not None:
            name = f"{CERTIFICATES}/{settled.task}{SUFFIXES[str(settled.proof_format)]}"
            _write_again(self.path / name, proof)
            digest = hashlib.sha256(proof).hexdigest()
            settled = replace(settled, certificate=name, certificate_sha256=digest)
        append_json_line(self.path / SETTLED, settled.to_json())
        return settled

    def adopt(self, settled: Settled, certificate: Path | None) -> Settled:
        """Keep a verdict settled in another directory (a superseded claim's), its certificate
        copied in first, so a kept verdict never lacks its proof."""
        if certificate is not None:
            name = f"{CERTIFICATES}/{certificate.name}"
            target = self.path / name
            target.unlink(missing_ok=True)  # a copy left by a run killed before its line
            shutil.copyfile(certificate, target)
            settled = Settled(**{**settled.__dict__, "certificate": name})
        append_json_line(self.path / SETTLED, settled.to_json())
        return settled

    def supersede(self, record: str, manifest: Mapping[str, Any]) -> None:
        """Move the current claim's files into ``superseded/<record>`` (its manifest copied
        there first), then make ``manifest`` the current one. Only renames, and the new
        manifest last: a run killed midway leaves the old claim current, and ``restore`` puts
        its files back."""
        folder = self.path / SUPERSEDED / record
        folder.mkdir(parents=True, exist_ok=True)
        _replace_file(folder / MANIFEST, (self.path / MANIFEST).read_text())
        for name in CLAIM_FILES:
            if (self.path / name).exists():
                (self.path / name).rename(folder / name)
        (self.path / CERTIFICATES).mkdir()
        _replace_file(self.path / MANIFEST, json.dumps(dict(manifest), indent=1) + "\n")

    def restore(self) -> None:
        """Undo a ``supersede`` killed before its new manifest: a record that holds the current
        claim's manifest gives its files back."""
        current = self.manifest()["claim"]
        for folder in sorted((self.path / SUPERSEDED).glob("*")):
            kept = folder / MANIFEST
            if kept.is_file() and json.loads(kept.read_text()).get("claim") != current:
                continue
            for name in CLAIM_FILES:
                if (folder / name).exists():
                    if name == CERTIFICATES and (self.path / name).exists():
                        (self.path / name).rmdir()  # made, still empty, after the move
                    (folder / name).rename(self.path / name)
            shutil.rmtree(folder)  # what is left: the copy of the manifest
        with contextlib.suppress(OSError):  # superseded/ itself, made by the undone call
            (self.path / SUPERSEDED).rmdir()

    def certificate(self, settled: Settled | Checkpoint) -> Path | None:
        return None if settled.certificate is None else self.path / settled.certificate

    def certificate_sizes(self) -> list[int]:
        """The bytes each kept verdict's certificate takes on disk, and each segment's of a
        refutation across runs, or of a leaf paused at a checkpoint."""
        verdicts = list(self.settled().values())
        kept: list[Settled | Checkpoint] = [*verdicts]
        kept += [segment for verdict in verdicts for segment in verdict.chain]
        kept += [
            segment for segment in self.all_checkpoints() if segment.task not in self.settled()
        ]
        paths = {self.certificate(entry) for entry in kept}
        return [path.stat().st_size for path in paths if path is not None and path.is_file()]

    def _lines(self, name: str) -> Iterator[dict[str, Any]]:
        path = self.path / name
        if not path.exists():
            return
        for line in path.read_text().splitlines():
            if line.strip():
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    continue  # the half-written last line of a killed run


def _write_again(target: Path, data: bytes) -> None:
    """Write a file that a run killed before its line may have left."""
    target.unlink(missing_ok=True)
    write_new_file(target, data)


def _replace_file(path: Path, text: str) -> None:
    """Write ``path`` whole or not at all: a synced copy beside it, renamed over it."""
    draft = path.with_name(path.name + ".new")
    with draft.open("w") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    draft.replace(path)
