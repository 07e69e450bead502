"""Seed 002, the shogi sliding puzzle's example on 3 x 3, solved and replayed: the demo's check."""

from __future__ import annotations

from boardsat.core.seed_check import SeedCheck
from boardsat.models.shogi.instance import seed_instance
from boardsat.models.shogi.published import SEED_MOVES
from boardsat.models.shogi.solve import ROUTE


def seed_check() -> SeedCheck:
    """Seed 002: 5 moves on the default route, proven optimal and replayed by the rules."""
    return ROUTE.seed_check(
        "shogi sliding puzzle 3 x 3, BP1/1S1/P1P to 1PP/1S1/P1B (seed 002)",
        seed_instance(),
        SEED_MOVES,
    )
