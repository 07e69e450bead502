"""Random small domination boards held to the exhaustive search, and tiny tour boards to the DFS
counter; every placement is validated and every tour enumerated is checked by the tour rules."""

from __future__ import annotations

import random

from boardsat.core.results import Status
from boardsat.core.wording import counted
from boardsat.differential.routes import Route
from boardsat.models.board import Board
from boardsat.models.domination.exhaustive import minimum_knights
from boardsat.models.domination.model import VARIANTS, build_model, decode
from boardsat.models.domination.rules import validate
from boardsat.models.tour.dfs_count import dfs_count
from boardsat.models.tour.model import TourSpec
from boardsat.models.tour.solve import count_by_enumeration
from boardsat.solving.solve import solve

BOARDS_WITH_TOURS = ((3, 4, False), (4, 3, False), (3, 7, False), (4, 5, False), (3, 10, True))
"""Rows, columns, closed: 16, 16, 104 and 164 open tours, 16 closed ones; each enumerated within
a second, each counted by the DFS within two (once per process: the counts are cached)."""


def check_domination(rng: random.Random, route: Route) -> tuple[str, str]:
    rows, cols = rng.randint(1, 5), rng.randint(1, 5)
    variant = rng.choice(VARIANTS)
    built = build_model(
        rows, cols, variant, symmetry=rng.random() < 0.5, lower_bound=rng.random() < 0.5
    )
    least = minimum_knights(rows, cols, variant)
    expected = "UNSATISFIABLE" if least is None else f"OPTIMAL {least}"
    result = solve(
        built.model, route.backend, time_limit=route.time_limit, **route.solver_options()
    )
    got = result.status.value
    if result.status is Status.OPTIMAL:
        placement = decode(built, result)
        got += f" {result.objective}"
        if len(placement) != result.objective:
            got += f" ({counted(len(placement), 'knight')} placed)"
        got += "".join(f" ({problem})" for problem in validate(rows, cols, variant, placement))
    return f"{variant} {rows}x{cols}: {expected}", f"{variant} {rows}x{cols}: {got}"


def check_tour(rng: random.Random, route: Route) -> tuple[str, str]:
    """Half the cases on a board with tours, half on any tiny board (most have none)."""
    if rng.random() < 0.5:
        rows, cols, closed = rng.choice(BOARDS_WITH_TOURS)
    else:
        rows, cols, closed = rng.randint(1, 3), rng.randint(2, 4), rng.random() < 0.5
    start = None
    if not closed and rng.random() < 0.5:
        start = (rng.randrange(rows), rng.randrange(cols))
    spec = TourSpec(Board(rows, cols), closed, start)
    expected = dfs_count(rows, cols, closed, start)
    enumerated = count_by_enumeration(
        spec, route.backend, time_limit=route.time_limit, **route.solver_options()
    )
    got = counted(enumerated.count, "tour") + ("" if enumerated.exact else " (unfinished)")
    return f"{spec.describe()}: {counted(expected, 'tour')}", f"{spec.describe()}: {got}"
