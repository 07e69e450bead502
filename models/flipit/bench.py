"""The Flip-It benchmark matrix: its named instances on the shared planning routes
(:mod:`boardsat.models.planning.bench`).

``star-farthest:K`` is the K-th (from 0, in a fixed order) of the star positions farthest from
all white, which the oracle finds; ``line:N:START`` and ``star:START`` take any start to all
white, and carry no reference unless the oracle's row runs beside them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from boardsat.core.cells import InstanceSpec
from boardsat.core.errors import BoardsatError
from boardsat.models.flipit.instance import (
    BLACK,
    HOLE,
    STAR,
    WHITE,
    FlipIt,
    line_board,
    seed_instance,
)
from boardsat.models.flipit.published import SEED_MOVES, STAR_FARTHEST, STAR_FARTHEST_POSITIONS
from boardsat.models.flipit.solve import ROUTE, FlipItPuzzle
from boardsat.models.planning.bench import farthest, planning_bench

FAMILIES = {
    "seed": f"seed 004: the star, hole at the top, every piece black, {SEED_MOVES} jumps",
    "star-farthest:K": f"the K-th of the {STAR_FARTHEST_POSITIONS} star positions farthest from"
    f" all white, {STAR_FARTHEST} jumps",
    "star:START": "the star from START (one character per cell) to all white",
    "line:N:START": "a line of N cells from START to all white",
    "line-middle:N": "a line of N cells, the hole in the middle, every piece black, to all white",
    "line-farthest:N:K": "the K-th of the line:N positions farthest from all white (one hole)",
}


@cache
def star_farthest() -> tuple[int, tuple[str, ...]]:
    """The oracle's farthest star positions from all white, as text, in a fixed order."""
    depth, positions = farthest(FlipItPuzzle(seed_instance()))
    return depth, tuple(positions)


@cache
def line_farthest(cells: int) -> tuple[int, tuple[str, ...]]:
    """The oracle's farthest positions of a line from all white with one hole, in a fixed order."""
    board = line_board(cells)
    depth, positions = farthest(FlipItPuzzle(FlipIt(board, HOLE + WHITE * (cells - 1))))
    return depth, tuple(positions)


def resolve(name: str) -> tuple[InstanceSpec, Any]:
    """The instance ``name`` names, refused in one line if it names none."""
    kind, _, rest = name.partition(":")
    if name == "seed":
        return InstanceSpec(name, "min", STAR.cells, SEED_MOVES, "published.SEED_MOVES"), (
            seed_instance()
        )
    if kind == "star-farthest" and rest.isdigit():
        depth, positions = star_farthest()
        if int(rest) >= len(positions):
            raise BoardsatError(f"{name}: the star has {len(positions)} farthest positions")
        instance = FlipIt(STAR, positions[int(rest)])
        return InstanceSpec(name, "min", STAR.cells, depth, "the BFS oracle"), instance
    if kind == "star" and rest:
        return InstanceSpec(name, "min", STAR.cells), FlipIt.parse(STAR, rest)
    cells, _, start = rest.partition(":")
    if kind == "line-middle" and rest.isdigit():
        board = line_board(int(rest))
        middle = board.cells // 2
        position = BLACK * middle + HOLE + BLACK * (board.cells - middle - 1)
        return InstanceSpec(name, "min", board.cells), FlipIt.parse(board, position)
    if kind == "line-farthest" and cells.isdigit() and start.isdigit():
        depth, positions = line_farthest(int(cells))
        if int(start) >= len(positions):
            raise BoardsatError(f"{name}: line:{cells} has {len(positions)} farthest positions")
        board = line_board(int(cells))
        instance = FlipIt(board, positions[int(start)])
        return InstanceSpec(name, "min", board.cells, depth, "the BFS oracle"), instance
    if kind == "line" and cells.isdigit() and start:
        board = line_board(int(cells))
        return InstanceSpec(name, "min", board.cells), FlipIt.parse(board, start)
    raise BoardsatError(f"unknown instance {name!r}; known: {', '.join(FAMILIES)}")


BENCH = planning_bench("flipit", FAMILIES, resolve, ROUTE)
