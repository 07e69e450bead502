"""Bound first, placement second: RC2 proves the lower bound, CP-SAT finds a placement meeting it.

Measured on the hard boards (independent 16, dominating 14): RC2 on CaDiCaL reaches the optimum
as its lower bound well before its last SAT call finds a placement of that cost, while CP-SAT
without the symmetry break finds such a placement within seconds once "at least L knights" is
part of its model, but cannot prove L on its own. The proof of optimality is the pair: RC2's
refuted cores (every placement has at least L knights, on the symmetry-broken board, whose
optimum equals the full board's because lex-leader keeps one placement of every orbit) and a
validated placement of L knights.

Whether the placement phase keeps the symmetry break depends on the variant (one run each on
the 2-core machine): independent 16 with "at least 40": 11.6 s without it, no placement of 40 in
60 s with it; dominating 14 with "at least 32" (one placement up to symmetry, A006076): 43 s
with it, none in 30 s without it. Total is unmeasured (RC2 alone proves it further) and follows
independent.
"""

from __future__ import annotations

import time
from dataclasses import replace

from boardsat.models.knight_domination import DominationModel, build_model
from boardsat.results import Result, Status
from boardsat.solve import solve

BOUND_BACKEND = "cadical195"
BOUND_SHARE = 0.6
UNLIMITED_BOUND_S = 60.0
CPSAT_WORKERS = 8
PLACE_WITH_SYMMETRY = {"independent": False, "dominating": True, "total": False}


def bound_then_place(
    rows: int,
    cols: int,
    variant: str,
    time_limit: float | None = None,
    *,
    bound_share: float = BOUND_SHARE,
) -> tuple[DominationModel, Result]:
    """RC2 for ``bound_share`` of the time (60 s without a limit), then CP-SAT for the rest.

    Returns the model the answer decodes against and the combined result: OPTIMAL when RC2
    finished or CP-SAT's placement meets a proven bound, else UNKNOWN with the best of both.
    """
    started = time.perf_counter()
    bound_limit = UNLIMITED_BOUND_S if time_limit is None else time_limit * bound_share
    bounded = build_model(rows, cols, variant)
    first = solve(
        bounded.model,
        BOUND_BACKEND,
        time_limit=bound_limit,
        optimisation="maxsat",
        cardinality="seqcounter",
    )
    if first.status is not Status.UNKNOWN:
        return bounded, _named(first, started)
    proven = first.bound or 0
    symmetry = PLACE_WITH_SYMMETRY[variant]
    placed = build_model(rows, cols, variant, symmetry=symmetry, proven_bound=proven)
    elapsed = time.perf_counter() - started
    remaining = None if time_limit is None else max(time_limit - elapsed, 0.1)
    second = solve(placed.model, "cpsat", time_limit=remaining, workers=CPSAT_WORKERS)
    if second.status is Status.UNSATISFIABLE:
        # CP-SAT refuted every placement of at least `proven` knights: only a bound-phase bug does
        raise AssertionError(f"no placement meets RC2's lower bound {proven}")
    bound = max(proven, second.bound or 0)
    met = second.objective is not None and second.objective <= bound
    status = Status.OPTIMAL if met else second.status
    return placed, _named(replace(second, status=status, bound=bound), started)


def _named(result: Result, started: float) -> Result:
    return replace(
        result,
        backend=f"{BOUND_BACKEND} rc2 + cpsat",
        encoding="bound (RC2, lex-leader) then placement (CP-SAT, at-least bound)",
        seconds=time.perf_counter() - started,
    )
