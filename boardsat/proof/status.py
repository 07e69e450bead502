"""Where a proof stands, read from its directory alone."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from boardsat.core.results import Status
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.solving.cube import Cube, Split

REFUTED = Status.UNSATISFIABLE.value
FOUND = Status.SATISFIABLE.value


@dataclass(frozen=True)
class Pending:
    """What a proof still has to settle: cubes (by ident), cubes that outran their limit and
    await their split, and lemmas (by spec ident)."""

    cubes: dict[str, Cube]
    unsplit: dict[str, Cube]
    lemmas: dict[str, dict[str, object]]


@dataclass(frozen=True)
class ProofStatus:
    """Counts over the leaves of the split tree (a cube split again counts by its children);
    ``split`` is whether the claim has its root split yet."""

    split: bool
    leaves: int
    refuted: int
    certified: int
    split_again: int
    lemmas: int
    lemmas_refuted: int
    cpu: float
    counterexample: bool

    @property
    def remaining(self) -> int:
        return self.leaves - self.refuted

    @property
    def proven(self) -> bool:
        return (
            self.split
            and not self.counterexample
            and self.remaining == 0
            and self.lemmas_refuted == self.lemmas
        )


LEMMA_PREFIX = "lemma-"


def lemma_ident(spec: dict[str, object]) -> str:
    """A lemma's name, drawn from its spec as a cube's is from its content."""
    digest = hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()
    return LEMMA_PREFIX + digest[:16]


def pending(directory: ProofDirectory) -> Pending:
    splits = directory.splits()
    settled = directory.settled()
    parents = {split.parent for split in splits}
    cubes: dict[str, Cube] = {}
    unsplit: dict[str, Cube] = {}
    for cube in leaves(splits):
        verdict = settled.get(cube.ident)
        if verdict is None:
            cubes[cube.ident] = cube
        elif verdict.status == Status.UNKNOWN.value and cube.ident not in parents:
            unsplit[cube.ident] = cube
    lemmas = {
        lemma_ident(dict(spec)): dict(spec)
        for split in splits
        for spec in split.lemmas
        if lemma_ident(dict(spec)) not in settled
    }
    return Pending(cubes, unsplit, lemmas)


def leaves(splits: list[Split]) -> list[Cube]:
    """The cubes no split has divided further."""
    parents = {split.parent for split in splits}
    return [cube for split in splits for cube in split.cubes if cube.ident not in parents]


def proof_status(directory: ProofDirectory) -> ProofStatus:
    splits = directory.splits()
    settled = directory.settled()
    tree = leaves(splits)
    verdicts = [settled.get(cube.ident) for cube in tree]
    lemma_ids = {lemma_ident(dict(spec)) for split in splits for spec in split.lemmas}
    lemma_verdicts = [settled.get(ident) for ident in lemma_ids]
    refuted = [v for v in verdicts if v is not None and v.status == REFUTED]
    return ProofStatus(
        split=any(not split.parent for split in splits),
        leaves=len(tree),
        refuted=len(refuted),
        certified=sum(1 for v in refuted if v.certificate is not None),
        split_again=sum(1 for split in splits if split.parent),
        lemmas=len(lemma_ids),
        lemmas_refuted=sum(1 for v in lemma_verdicts if v is not None and v.status == REFUTED),
        cpu=sum(entry.cpu for entry in settled.values()),
        counterexample=any(entry.status == FOUND for entry in settled.values()),
    )


def counterexample(directory: ProofDirectory) -> Settled | None:
    return next((e for e in directory.settled().values() if e.status == FOUND), None)
