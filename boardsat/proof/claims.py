"""Claims rebuilt from the specs a proof directory keeps, by puzzle name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardsat.core.errors import BoardsatError
from boardsat.models.domination.proving.cubes import (
    COUNT,
    LEMMA,
    PUZZLE,
    CountClaim,
    DominationClaim,
    WindowClaim,
)
from boardsat.models.domination.proving.halves import HALF, HalfClaim
from boardsat.models.planning.cubes import PlanningClaim
from boardsat.models.registry import PLANNING_PUZZLES
from boardsat.solving.cube import Claim

FROM_SPEC: dict[str, Any] = {
    PUZZLE: DominationClaim.from_spec,
    LEMMA: WindowClaim.from_spec,
    HALF: HalfClaim.from_spec,
    COUNT: CountClaim.from_spec,
    **dict.fromkeys(PLANNING_PUZZLES, PlanningClaim.from_spec),
}


def claim_from_spec(spec: Mapping[str, Any]) -> Claim:
    """The claim ``spec`` describes (BoardsatError for a puzzle this version cannot rebuild, or
    a spec, read from a proof's files, that is broken)."""
    if not isinstance(spec, Mapping):
        raise BoardsatError(f"the claim {spec!r} is not a table of its fields")
    build = FROM_SPEC.get(str(spec.get("puzzle")))
    if build is None:
        raise BoardsatError(f"no claim of puzzle {spec.get('puzzle')!r} can be rebuilt")
    try:
        claim: Claim = build(spec)
    except (KeyError, TypeError, ValueError) as error:  # a BoardsatError is a ValueError too
        raise BoardsatError(f"the claim {dict(spec)} cannot be rebuilt: {error}") from None
    return claim


def best_problems(claim: Claim, best: Any) -> list[str]:
    """What is wrong with the proof's best answer, by the puzzle's own rules."""
    check = getattr(claim, "best_problems", None)
    if check is None:
        return []
    try:
        problems: list[str] = check(best)
    except (TypeError, ValueError) as error:
        return [f"the best answer {best!r} cannot be read: {error}"]
    return problems


def what_it_proves(claim: Claim, best: Any) -> str:
    """What the proof of ``claim`` shows of its best answer, in words: that it is optimal,
    unless the claim words it otherwise (a count: that it is complete)."""
    words = getattr(claim, "proves", None)
    return f"{len(best)} is optimal" if words is None else str(words(best))
