"""Seed 004, the Flip-It star from its all-black start, solved and replayed: the demo's check."""

from __future__ import annotations

import time

from boardsat.models.flipit.instance import seed_instance
from boardsat.models.flipit.published import SEED_MOVES
from boardsat.models.flipit.solve import shortest_plan
from boardsat.seed_check import SeedCheck


def seed_check() -> SeedCheck:
    """Seed 004: 18 jumps on the default route, proven optimal and replayed by the rules."""
    started = time.perf_counter()
    answer = shortest_plan(seed_instance())
    names = [name for name, _ in answer.plan()]
    return SeedCheck(
        "Flip-It star, hole at the top, all black (seed 004)",
        f"{answer.outcome.describe()}: {', '.join(names)}",
        verified=len(names) == SEED_MOVES and answer.outcome.proven_optimal,
        seconds=time.perf_counter() - started,
    )
