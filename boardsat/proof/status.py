"""Where a proof stands, read from its directory alone.

The splits form a tree: the root split covers the claim and may name lemmas; a cube or a lemma
that outran its limit is the parent of a split by lookahead. A split belongs to its parent's
owner, the claim or a lemma, so the cubes under a lemma are cubes of the lemma's own formula,
named under it. A lemma split so is refuted when all its cubes are.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardsat.core.results import Status
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.solving.cube import Cube, Split

REFUTED = Status.UNSATISFIABLE.value
FOUND = Status.SATISFIABLE.value


@dataclass(frozen=True)
class Leaf:
    """A task of the proof: a cube of the claim (``lemma`` None), a lemma (its ``cube`` empty,
    its ``ident`` the lemma's), or a cube of a lemma split after it outran its limit."""

    ident: str
    cube: Cube
    lemma: Mapping[str, Any] | None = None  # the spec of the lemma it refutes, whole or in part

    @property
    def is_lemma(self) -> bool:
        return self.lemma is not None and self.ident == lemma_ident(dict(self.lemma))

    def child(self, cube: Cube) -> Leaf:
        """A cube of this leaf's split: a lemma's cubes are named under the lemma, since a cube
        of the claim or of another lemma may fix the same keys."""
        if self.lemma is None:
            return Leaf(cube.ident, cube)
        return Leaf(f"{lemma_ident(dict(self.lemma))}-{cube.ident}", cube, self.lemma)


@dataclass(frozen=True)
class Pending:
    """What a proof still has to settle: leaves without a verdict, and leaves that outran their
    limit and await their split."""

    unsettled: list[Leaf]
    unsplit: list[Leaf]


@dataclass(frozen=True)
class ProofStatus:
    """Counts over the leaves of the split tree (a cube split again counts by its children);
    ``split`` is whether the claim has its root split yet; ``problems`` what keeps the splits
    on file from being one tree (``split_tree``): with any, nothing is proven."""

    split: bool
    leaves: int
    refuted: int
    certified: int
    split_again: int
    lemmas: int
    lemmas_refuted: int
    cpu: float
    counterexample: bool
    problems: tuple[str, ...] = ()
    checkpoints: int = 0  # segments kept of the leaves that go on across runs, not settled yet

    @property
    def remaining(self) -> int:
        return self.leaves - self.refuted

    @property
    def proven(self) -> bool:
        return (
            self.split
            and not self.problems
            and not self.counterexample
            and self.remaining == 0
            and self.lemmas_refuted == self.lemmas
        )


LEMMA_PREFIX = "lemma-"


def lemma_ident(spec: dict[str, object]) -> str:
    """A lemma's name, drawn from its spec as a cube's is from its content."""
    digest = hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()
    return LEMMA_PREFIX + digest[:16]


@dataclass(frozen=True)
class SplitTree:
    """The splits a proof rests on, grown from the split of the claim: every cube and lemma
    they reach by name, the splits reached (the claim's first), and what keeps the splits on
    file from being one such tree."""

    nodes: dict[str, Leaf]
    splits: tuple[Split, ...]
    problems: tuple[str, ...]

    def leaves(self) -> list[Leaf]:
        """The cubes and lemmas no split divides further: what the proof refutes."""
        parents = {split.parent for split in self.splits}
        return [leaf for ident, leaf in self.nodes.items() if ident not in parents]


def split_tree(splits: Sequence[Split]) -> SplitTree:
    """The tree of ``splits`` grown from the claim's (parent ""), whatever their order on file.

    Cubes are named by their content, so a file could name a cube among its own descendants:
    a split that leads back to a cube on its path is refused, as it would hide that cube's
    cases, and so is a second split of one parent. A split counts only where it divides a cube
    or lemma reached from the claim, and a cube of a lemma's split restricts the lemma's
    formula, never the claim's.
    """
    by_parent: dict[str, Split] = {}
    problems: list[str] = []
    for split in splits:
        if split.parent in by_parent:
            problems.append(f"{_named(split.parent)} is split twice")
        else:
            by_parent[split.parent] = split
    if splits and "" not in by_parent:
        problems.append("no split covers the claim itself")
    found: dict[str, Leaf] = {}
    reached: list[Split] = []

    def grow(node: Leaf, path: frozenset[str]) -> None:
        split = by_parent.get(node.ident)
        if split is None:
            return
        reached.append(split)
        lemmas = [Leaf(lemma_ident(dict(spec)), Cube(), dict(spec)) for spec in split.lemmas]
        for child in [*lemmas, *map(node.child, split.cubes)]:
            if child.ident in path:
                problems.append(f"the split of {_named(node.ident)} leads back to {child.ident}")
            elif child.ident not in found:
                found[child.ident] = child
                grow(child, path | {child.ident})

    if splits:
        grow(Leaf("", Cube()), frozenset({""}))
    problems += [
        f"the split of {_named(split.parent)} divides nothing the claim's split reaches"
        for split in by_parent.values()
        if split.parent and split.parent not in found
    ]
    return SplitTree(found, tuple(reached), tuple(problems))


def _named(ident: str) -> str:
    return ident or "the claim"


def leaves(splits: Sequence[Split]) -> list[Leaf]:
    """The cubes and lemmas the proof refutes: the leaves of its split tree."""
    return split_tree(splits).leaves()


def pending(directory: ProofDirectory) -> Pending:
    settled = directory.settled()
    unsettled: list[Leaf] = []
    unsplit: list[Leaf] = []
    for leaf in leaves(directory.splits()):
        verdict = settled.get(leaf.ident)
        if verdict is None:
            unsettled.append(leaf)
        elif verdict.status == Status.UNKNOWN.value:
            unsplit.append(leaf)
    return Pending(unsettled, unsplit)


def proof_status(directory: ProofDirectory) -> ProofStatus:
    grown = split_tree(directory.splits())
    splits = grown.splits
    settled = directory.settled()
    tree = grown.leaves()
    verdicts = [settled.get(leaf.ident) for leaf in tree if not leaf.is_lemma]
    refuted = [v for v in verdicts if v is not None and v.status == REFUTED]
    lemma_ids = {lemma_ident(dict(spec)) for split in splits for spec in split.lemmas}
    open_lemmas = {  # a lemma with a leaf, itself or a cube of its split, not refuted yet
        lemma_ident(dict(leaf.lemma))
        for leaf in tree
        if leaf.lemma is not None and getattr(settled.get(leaf.ident), "status", None) != REFUTED
    }
    open_leaves = {leaf.ident for leaf in tree if leaf.ident not in settled}
    paused = {  # the segments of leaves that go on across runs, not settled yet (the last line)
        (segment.task, segment.segment): segment
        for segment in directory.all_checkpoints()
        if segment.task in open_leaves
    }
    return ProofStatus(
        split=any(not split.parent for split in splits),
        leaves=len(verdicts),
        refuted=len(refuted),
        certified=sum(1 for v in refuted if v.certificate is not None),
        split_again=sum(1 for split in splits if split.parent),
        lemmas=len(lemma_ids),
        lemmas_refuted=len(lemma_ids - open_lemmas),
        cpu=sum(entry.cpu for entry in settled.values())
        + sum(segment.cpu for segment in paused.values())
        + sum(segment.cpu for entry in settled.values() for segment in entry.chain),
        counterexample=any(entry.status == FOUND for entry in settled.values()),
        problems=grown.problems,
        checkpoints=len(paused),
    )


def counterexample(directory: ProofDirectory) -> Settled | None:
    return next((e for e in directory.settled().values() if e.status == FOUND), None)
