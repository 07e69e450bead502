"""The Flip-It benchmark, on the planning puzzles' shared one (``plan_bench``).

Its instances: the seed star, the deepest instances the oracle finds (the positions farthest
from the goal set, each a start to all white), every farthest star position on one solver,
lines too long for the oracle, which replay and the planner's proof alone verify, and the
task's two forms side by side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from boardsat.benchmark import Measurement, measure
from boardsat.models.flipit.instance import STAR, FlipIt, line_board, seed_instance
from boardsat.models.flipit.model import FLIPS
from boardsat.models.flipit.published import SEED_MOVES
from boardsat.models.flipit.solve import DEFAULT_STRENGTHEN, ROUTE, FlipItPuzzle
from boardsat.models.plan_bench import BASELINE, Row, Sweep, farthest, instance_rows, planner_row

DEEP_LINE = 12
"""The longest line whose farthest positions the deep rows time (the oracle walks all of it)."""


def seed_rows(sweep: Sweep) -> list[Measurement]:
    """The seed star (hole at the top, all black)."""
    label = f"star seed ({SEED_MOVES} moves)"
    return instance_rows(label, ROUTE, seed_instance(), sweep)


def deep_rows(sweep: Sweep) -> list[Measurement]:
    """The first farthest position from all white on the star and on ``line:DEEP_LINE``, each
    as a start."""
    rows = []
    for board in (STAR, line_board(DEEP_LINE)):
        depth, positions = farthest(FlipItPuzzle(FlipIt(board, "." + "B" * (board.cells - 1))))
        label = f"{board.name} {positions[0]} ({depth} moves)"
        instance = FlipIt(board, positions[0])
        rows += instance_rows(label, ROUTE, instance, sweep)
    return rows


def farthest_rows(
    solver: str,
    strengthen: str = DEFAULT_STRENGTHEN,
    time_limit: float | None = None,
    limit: int | None = None,
    on_row: Row = lambda _: None,
) -> list[Measurement]:
    """Every position of the star farthest from all white (the first ``limit`` of them), one
    run each on ``solver``; the first row times the oracle's walk that finds them."""
    found: list[tuple[int, list[str]]] = []

    def walk() -> tuple[str, dict[str, Any]]:
        found.append(farthest(FlipItPuzzle(seed_instance())))
        depth, positions = found[-1]
        return f"{len(positions)} positions at {depth} moves", {"moves": depth}

    rows = [measure("star: every farthest position", BASELINE, walk, 1)]
    depth, positions = found[-1]
    for position in positions[:limit]:
        label, instance = f"star {position}", FlipIt(STAR, position)
        rows.append(planner_row(label, ROUTE, instance, solver, strengthen, depth, 1, time_limit))
        on_row(rows[-1])
    return rows


def beyond_bfs_rows(
    cells: int,
    starts: Sequence[str],
    solver: str = "cadical195",
    strengthen: str = DEFAULT_STRENGTHEN,
    time_limit: float | None = None,
    on_row: Row = lambda _: None,
) -> list[Measurement]:
    """Starts on ``line:cells`` to all white, with no oracle row."""
    rows = []
    for start in starts:
        instance = FlipIt.parse(line_board(cells), start)
        label = f"line:{cells} {instance.start}"
        rows.append(planner_row(label, ROUTE, instance, solver, strengthen, None, 1, time_limit))
        on_row(rows[-1])
    return rows


def flips_rows(sweep: Sweep, farthest_positions: int = 1) -> list[Measurement]:
    """The two forms of the task (``model.FLIPS``) on the star seed and on its first farthest
    positions, each on every solver of ``sweep`` with its first strengthening setting."""
    depth, positions = farthest(FlipItPuzzle(seed_instance()))
    instances = [(SEED_MOVES, seed_instance())] + [
        (depth, FlipIt(STAR, position)) for position in positions[:farthest_positions]
    ]
    rows = []
    for moves, instance in instances:
        for flips in FLIPS:
            route = replace(ROUTE, adapt=partial(FlipItPuzzle, flips=flips))
            label = f"star {instance.start} ({moves} moves), {flips} flips"
            for solver in sweep.solvers:
                setting = sweep.strengthenings[0]
                rows.append(
                    planner_row(
                        label,
                        route,
                        instance,
                        solver,
                        setting,
                        moves,
                        sweep.repeats,
                        sweep.time_limit,
                    )
                )
                sweep.on_row(rows[-1])
    return rows
