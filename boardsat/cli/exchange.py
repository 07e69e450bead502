"""`boardsat exchange`: the fewest knight moves that turn one position into another, proven.

The command parses its options, hands them to the puzzle's ``solve`` and renders the answer.
"""

from __future__ import annotations

from typing import Any

import click
import cloup

from boardsat.cli.planning import planning_options, solve_and_print
from boardsat.models.exchange.instance import KNIGHTS, Exchange
from boardsat.models.exchange.published import SEED_GOAL, SEED_START
from boardsat.models.exchange.solve import (
    DEFAULT_STRENGTHEN,
    MAX_HORIZON,
    request,
)
from boardsat.models.planning.solve import DEFAULT_BACKEND


@cloup.command("exchange")
@cloup.option_group(
    "Start and goal",
    click.option(
        "--start",
        default=SEED_START,
        show_default=True,
        help="Board text: rows top to bottom, separated by '/'; '.' is empty, a letter a knight"
        f" ({', '.join(f'{letter} {name}' for letter, name in KNIGHTS.items())}).",
    ),
    click.option("--goal", default=SEED_GOAL, show_default=True, help="Board text of the goal."),
)
@planning_options(DEFAULT_BACKEND, DEFAULT_STRENGTHEN, MAX_HORIZON)
def command(start: str, goal: str, **options: Any) -> None:
    """Exchange knights: the fewest moves from START to GOAL, proven (see --route).

    The first row of the board text is the top rank; a1 is the bottom-left square. Every
    knight of a colour is like every other, so a goal says only where each colour must stand.
    """
    solve_and_print(request, Exchange.parse(start, goal), options)
