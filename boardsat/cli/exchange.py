"""`boardsat exchange`: the fewest knight moves that turn one position into another, proven.

The command parses its options, hands them to the puzzle's ``solve`` and renders the answer.
"""

from __future__ import annotations

from typing import Any

import click

from boardsat.cli.planning import planning_options, solve_and_print
from boardsat.models.exchange.instance import Exchange
from boardsat.models.exchange.published import SEED_GOAL, SEED_START
from boardsat.models.exchange.solve import (
    DEFAULT_BACKEND,
    DEFAULT_STRENGTHEN,
    MAX_HORIZON,
    request,
)


@click.command("exchange")
@click.option(
    "--start", default=SEED_START, show_default=True, help="Board text, rows top to bottom."
)
@click.option("--goal", default=SEED_GOAL, show_default=True, help="Board text of the goal.")
@planning_options(DEFAULT_BACKEND, DEFAULT_STRENGTHEN, MAX_HORIZON)
def command(start: str, goal: str, **options: Any) -> None:
    """Exchange knights: the fewest moves from START to GOAL, proven by increasing horizons."""
    solve_and_print(request, Exchange.parse(start, goal), options)
