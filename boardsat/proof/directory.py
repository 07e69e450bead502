"""The proof directory: everything a proof has settled, written the moment it is settled.

``manifest.json`` names the claim (its spec and its model's digest) and the best answer that
makes it worth proving; ``splits.jsonl`` holds each split (the root split and every cube split
again after outrunning its limit); ``settled.jsonl`` holds one verdict per cube or lemma;
``certificates/`` holds the compressed proofs (LRAT or DRUP). Lines are appended and synced one
at a time, so a killed run loses at most the cube it was writing, and a rerun reads back where
it stood.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from boardsat.core.errors import BoardsatError
from boardsat.core.files import append_json_line, write_new_file
from boardsat.solving.cube import Split

MANIFEST = "manifest.json"
SPLITS = "splits.jsonl"
SETTLED = "settled.jsonl"
CERTIFICATES = "certificates"
SUFFIXES = {"lrat": ".lrat.gz", "drup": ".drup.xz"}  # as boardsat.encoders.cnf.certified packs them
T = TypeVar("T")


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

    def to_json(self) -> dict[str, Any]:
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
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settled:
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
        folder = Path(path)
        if not (folder / MANIFEST).is_file():
            raise BoardsatError(f"{path} is no proof directory (it has no {MANIFEST})")
        return cls(folder)

    @staticmethod
    def exists(path: str | Path) -> bool:
        return (Path(path) / MANIFEST).is_file()

    def manifest(self) -> dict[str, Any]:
        try:
            manifest = json.loads((self.path / MANIFEST).read_text())
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

    def add_split(self, split: Split) -> None:
        append_json_line(self.path / SPLITS, split.to_json())

    def add_settled(self, settled: Settled, proof: bytes | None) -> Settled:
        """Keep a verdict, its certificate first, so a kept verdict never lacks its proof."""
        if proof is not None:
            name = f"{CERTIFICATES}/{settled.task}{SUFFIXES[str(settled.proof_format)]}"
            target = self.path / name
            target.unlink(missing_ok=True)  # a certificate left by a run killed before its line
            write_new_file(target, proof)
            settled = Settled(**{**settled.__dict__, "certificate": name})
        append_json_line(self.path / SETTLED, settled.to_json())
        return settled

    def certificate(self, settled: Settled) -> Path | None:
        return None if settled.certificate is None else self.path / settled.certificate

    def certificate_sizes(self) -> list[int]:
        """The bytes each kept verdict's certificate takes on disk."""
        paths = [self.certificate(verdict) for verdict in self.settled().values()]
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
