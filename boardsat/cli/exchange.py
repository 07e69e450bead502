"""`boardsat exchange`: the fewest knight moves that turn one position into another, proven.

Also `boardsat bench exchange`: the planner (solvers x strengthenings) against the BFS oracle on
the seed instance, timed in the same run. The command parses its options, hands them to
the puzzle's ``solve`` and renders the answer.
"""

from __future__ import annotations

from typing import Any

import click

from boardsat.backends import CPSAT, capabilities
from boardsat.benchmark import ratio_table, results_file
from boardsat.cli.common import comma_list, progress
from boardsat.cli.planning import planning_options, solve_and_print
from boardsat.encoders.families import pysat_solver_names
from boardsat.models.exchange import bench as exchange_bench
from boardsat.models.exchange.instance import KNIGHTS, Exchange
from boardsat.models.exchange.published import SEED_GOAL, SEED_START
from boardsat.models.exchange.solve import (
    DEFAULT_BACKEND,
    DEFAULT_STRENGTHEN,
    MAX_HORIZON,
    request,
)


@click.command("exchange")
@click.option(
    "--start",
    default=SEED_START,
    show_default=True,
    help="Board text: rows top to bottom, separated by '/'; '.' is empty, a letter a knight"
    f" ({', '.join(f'{letter} {name}' for letter, name in KNIGHTS.items())}).",
)
@click.option("--goal", default=SEED_GOAL, show_default=True, help="Board text of the goal.")
@planning_options(DEFAULT_BACKEND, DEFAULT_STRENGTHEN, MAX_HORIZON)
def command(start: str, goal: str, **options: Any) -> None:
    """Exchange knights: the fewest moves from START to GOAL, proven by increasing horizons.

    The first row of the board text is the top rank; a1 is the bottom-left square. Every
    knight of a colour is like every other, so a goal says only where each colour must stand.
    """
    solve_and_print(request, Exchange.parse(start, goal), options)


@click.command("exchange")
@click.option("--repeats", type=click.IntRange(min=1), default=3, show_default=True)
@click.option(
    "--solvers",
    default=",".join(exchange_bench.SOLVERS),
    show_default=True,
    help="SAT solvers (or cpsat), each run with every strengthening.",
)
@click.option("--output", type=click.Path(dir_okay=False), default=None)
def bench(repeats: int, solvers: str, output: str | None) -> None:
    """Seed instance: SAT planner (solvers x strengthenings) and CP-SAT against the BFS oracle."""
    chosen = _planners(solvers)
    target = results_file("exchange", output)
    rows = exchange_bench.seed_rows(
        chosen, repeats, lambda row: progress(f"{row.route}: {row.median_seconds:.3f} s")
    )
    click.echo(ratio_table(rows, exchange_bench.BASELINE))
    path = target.write(rows, exchange_bench.settings(chosen, repeats))
    click.echo(f"results written to {path}")


def _planners(text: str) -> list[str]:
    """The ``--solvers`` list, each name checked before anything is measured."""
    names = comma_list(text, "--solvers", "SAT solver")
    for name in names:
        if name != CPSAT and name not in pysat_solver_names():
            raise click.BadParameter(
                f"{name!r} is neither cpsat nor a python-sat solver; `boardsat backends` lists"
                " them",
                param_hint="--solvers",
            )
        capabilities(name)  # one error line if this python-sat build lacks the solver
    return names
