"""Seed 000, the knight exchange on 3 x 4, solved and replayed: the demo's check."""

from __future__ import annotations

import time

from boardsat.models.exchange.instance import seed_instance
from boardsat.models.exchange.published import SEED_MOVES
from boardsat.models.exchange.solve import shortest_plan
from boardsat.seed_check import SeedCheck


def seed_check() -> SeedCheck:
    """Seed 000: 16 moves on the default route, proven optimal and replayed by the rules."""
    started = time.perf_counter()
    answer = shortest_plan(seed_instance())
    names = [name for name, _ in answer.plan()]
    return SeedCheck(
        "knight exchange 3 wide x 4 tall (seed 000)",
        f"{answer.outcome.describe()}: {', '.join(names)}",
        verified=len(names) == SEED_MOVES and answer.outcome.proven_optimal,
        seconds=time.perf_counter() - started,
    )
