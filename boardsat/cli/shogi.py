"""`boardsat shogi`: the fewest moves that turn one arrangement of shogi pieces into another."""

from __future__ import annotations

from typing import Any

import click
import cloup

from boardsat.cli.planning import planning_options, solve_and_print
from boardsat.models.planning.solve import DEFAULT_BACKEND
from boardsat.models.shogi.instance import Shogi
from boardsat.models.shogi.published import SEED_GOAL, SEED_START
from boardsat.models.shogi.solve import DEFAULT_STRENGTHEN, MAX_HORIZON, request


@cloup.command("shogi")
@cloup.option_group(
    "Start and goal",
    click.option(
        "--start",
        default=SEED_START,
        show_default=True,
        help="SFEN board text: rows top to bottom, K R B G S N L P (+ for promoted), digits for"
        " empty squares.",
    ),
    click.option(
        "--goal", default=SEED_GOAL, show_default=True, help="SFEN board text of the goal."
    ),
)
@planning_options(DEFAULT_BACKEND, DEFAULT_STRENGTHEN, MAX_HORIZON)
def command(start: str, goal: str, **options: Any) -> None:
    """Shogi sliding puzzle: move the first player's pieces by their shogi moves (no captures,
    no promotion) from START to GOAL; the fewest moves, proven (see --route)."""
    solve_and_print(request, Shogi.parse(start, goal), options)
