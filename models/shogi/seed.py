"""Seed 002, the shogi sliding puzzle's example on 3 x 3, solved and replayed: the demo's check."""

from __future__ import annotations

import time

from boardsat.models.shogi.instance import seed_instance
from boardsat.models.shogi.published import SEED_MOVES
from boardsat.models.shogi.solve import shortest_plan
from boardsat.seed_check import SeedCheck


def seed_check() -> SeedCheck:
    """Seed 002: 5 moves on the default route, proven optimal and replayed by the rules."""
    started = time.perf_counter()
    answer = shortest_plan(seed_instance())
    names = [name for name, _ in answer.plan()]
    return SeedCheck(
        "shogi sliding puzzle 3 x 3, BP1/1S1/P1P to 1PP/1S1/P1B (seed 002)",
        f"{answer.outcome.describe()}: {', '.join(names)}",
        verified=len(names) == SEED_MOVES and answer.outcome.proven_optimal,
        seconds=time.perf_counter() - started,
    )
