"""Seed 004, the Flip-It star from its all-black start, solved and replayed: the demo's check."""

from __future__ import annotations

from boardsat.core.seed_check import SeedCheck
from boardsat.models.flipit.instance import seed_instance
from boardsat.models.flipit.published import SEED_MOVES
from boardsat.models.flipit.solve import ROUTE


def seed_check() -> SeedCheck:
    """Seed 004: 18 jumps on the default route, proven optimal and replayed by the rules."""
    return ROUTE.seed_check(
        "Flip-It star, hole at the top, all black (seed 004)", seed_instance(), SEED_MOVES
    )
