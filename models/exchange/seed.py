"""Seed 000, the knight exchange on 3 x 4, solved and replayed: the demo's check."""

from __future__ import annotations

import time

from boardsat.models.exchange.model import seed_instance, solve
from boardsat.seed_check import SeedCheck


def seed_check() -> SeedCheck:
    """Seed 000: 16 moves on CaDiCaL, proven optimal and replayed by the rules."""
    started = time.perf_counter()
    exchange = seed_instance()
    solved = solve(exchange)
    assert solved.moves is not None and solved.positions is not None
    names = [exchange.move_name(m, p) for m, p in zip(solved.moves, solved.positions, strict=False)]
    answer = f"{solved.outcome.describe()}: {', '.join(names)}"
    return SeedCheck(
        "knight exchange 3 wide x 4 tall (seed 000)",
        answer,
        verified=len(solved.moves) == 16 and solved.outcome.proven_optimal,
        seconds=time.perf_counter() - started,
    )
