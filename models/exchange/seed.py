"""Seed 000, the knight exchange on 3 x 4, solved and replayed: the demo's check."""

from __future__ import annotations

from boardsat.core.seed_check import SeedCheck
from boardsat.models.exchange.instance import seed_instance
from boardsat.models.exchange.published import SEED_MOVES
from boardsat.models.exchange.solve import ROUTE


def seed_check() -> SeedCheck:
    """Seed 000: 16 moves on the default route, proven optimal and replayed by the rules."""
    return ROUTE.seed_check(
        "knight exchange 3 wide x 4 tall (seed 000)", seed_instance(), SEED_MOVES
    )
