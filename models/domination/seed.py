"""Seed 003, independent knight domination of 8 x 8, proven twice: the demo's check."""

from __future__ import annotations

import time

from boardsat.core.backends import CPSAT
from boardsat.core.errors import BoardsatError
from boardsat.core.seed_check import SeedCheck
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.solve import solve, validate

SEED_SAT_BACKEND = "cadical195"  # the seed figure's second proof, on a SAT solver


def seed_instance() -> Domination:
    """Seed 003's board: independent domination of 8x8, 14 knights in the article."""
    return Domination(8, 8, "independent")


def seed_check() -> SeedCheck:
    """Seed 003: 8x8 independent domination; the article found 14 knights but proved nothing.
    Here 14 is proven twice, on CP-SAT and on a SAT solver (RC2), each placement checked."""
    started = time.perf_counter()
    seed = seed_instance()
    answers = [solve(seed, backend=backend) for backend in (CPSAT, SEED_SAT_BACKEND)]
    if any(answer.knights is None for answer in answers):
        raise BoardsatError("the 8x8 seed instance found no placement")
    verified = all(
        answer.proven_optimal and answer.knights == 14 and not validate(seed, answer)
        for answer in answers
    )
    first, second = answers
    return SeedCheck(
        title="knight domination 8x8, independent (seed 003: 14 knights)",
        answer=f"{first.text()}\nagain on a SAT solver: {second.summary()}",
        verified=verified,
        seconds=time.perf_counter() - started,
    )
