"""Seed 001, the open tours of 5 x 5 from a corner, enumerated and counted: the demo's check."""

from __future__ import annotations

from boardsat.core.seed_check import SeedCheck
from boardsat.models.board import Board
from boardsat.models.tour.answer import numbered_board
from boardsat.models.tour.model import TourSpec
from boardsat.models.tour.published import SEED_COUNTS
from boardsat.models.tour.solve import count_by_enumeration


def seed_instance() -> TourSpec:
    """Seed 001's question: the open tours of 5x5 from a corner. The article's figure, 304, is
    their count: ``solve(seed_instance(), job="count")``. A plain ``solve`` finds one of them, as
    for any TourSpec: the instance says which tours, the job what to do with them, so the loop
    over every package's seed stays one call."""
    return TourSpec(Board(5, 5), closed=False, start=(0, 0))


def seed_check() -> SeedCheck:
    """The seed's 5x5 count: every open tour from the corner, enumerated, validated and counted."""
    spec = seed_instance()
    counted = count_by_enumeration(spec, "cpsat")
    verified = counted.exact and counted.count == SEED_COUNTS[(5, 5)]
    answer = (
        f"{counted.count} open tours from the corner of 5x5 (seed: {SEED_COUNTS[(5, 5)]}), "
        f"each checked by the rules; the first:\n{numbered_board(spec.board, counted.tours[0])}"
    )
    return SeedCheck("knight's tour (seed 001)", answer, verified, counted.seconds)
