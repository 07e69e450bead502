"""`boardsat flipit`: the fewest jumps that turn every piece white (or reach a given position)."""

from __future__ import annotations

from typing import Any

import click
import cloup

from boardsat.cli.planning import planning_options, solve_and_print
from boardsat.models.flipit.instance import BLACK, HOLE, FlipIt, board_named
from boardsat.models.flipit.published import SEED_START
from boardsat.models.flipit.solve import DEFAULT_STRENGTHEN, MAX_HORIZON, request
from boardsat.models.planning.solve import DEFAULT_BACKEND


@cloup.command("flipit")
@cloup.option_group(
    "Board, start and goal",
    click.option(
        "--board",
        "board_name",
        default="star",
        show_default=True,
        help="star (the seed's 12 cells), line:N (a row of N cells), or a TOML file with"
        " cells = N and lines = [[cell, ...], ...].",
    ),
    click.option(
        "--start",
        default=None,
        help="One character per cell in cell order: B, W, or . for a hole."
        f" [default: {SEED_START} on the star, the hole first and every piece black elsewhere]",
    ),
    click.option(
        "--goal",
        default=None,
        help="A position to reach. [default: every piece white, holes anywhere]",
    ),
)
@planning_options(DEFAULT_BACKEND, DEFAULT_STRENGTHEN, MAX_HORIZON)
def command(board_name: str, start: str | None, goal: str | None, **options: Any) -> None:
    """Flip-It: jump pieces over pieces into a hole, turning over each piece jumped, until every
    piece is white; the fewest jumps, proven (see --route)."""
    board = board_named(board_name)
    first = start if start is not None else HOLE + BLACK * (board.cells - 1)
    solve_and_print(request, FlipIt.parse(board, first, goal), options)
