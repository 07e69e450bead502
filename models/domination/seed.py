"""Seed 003, independent knight domination of 8 x 8, proven twice: the demo's check."""

from __future__ import annotations

import time

from boardsat.core.backends import CPSAT
from boardsat.core.errors import BoardsatError
from boardsat.core.seed_check import SeedCheck
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination

SEED_SAT_BACKEND = "cadical195"  # the seed figure's second proof, on a SAT solver


def seed_check() -> SeedCheck:
    """Seed 003: 8x8 independent domination; the article found 14 knights but proved nothing.
    Here 14 is proven twice, on CP-SAT and on a SAT solver (RC2), each placement checked."""
    started = time.perf_counter()
    answers = [solve_domination(8, 8, "independent", backend=b) for b in (CPSAT, SEED_SAT_BACKEND)]
    if any(answer.knights is None for answer in answers):
        raise BoardsatError("the 8x8 seed instance found no placement")
    verified = all(
        answer.proven_optimal
        and answer.knights == 14
        and not validate(8, 8, "independent", answer.placement)
        for answer in answers
    )
    first, second = answers
    return SeedCheck(
        title="knight domination 8x8, independent (seed 003: 14 knights)",
        answer=f"{first.text()}\nagain on a SAT solver: {second.summary()}",
        verified=verified,
        seconds=time.perf_counter() - started,
    )
