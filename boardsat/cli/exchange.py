"""`boardsat exchange`: the fewest knight moves that turn one position into another, proven.

Also `boardsat bench exchange`: the planner (solvers x strengthenings) against the BFS oracle on
the seed instance, timed in the same run. The command parses its options into an
:class:`~boardsat.models.exchange.solve.ExchangeRequest`, hands it to the puzzle's ``solve`` and
renders the answer.
"""

from __future__ import annotations

import click

from boardsat.backends import CPSAT, capabilities
from boardsat.benchmark import ratio_table, results_file
from boardsat.cli.common import (
    backend_option,
    comma_list,
    emit_json,
    json_option,
    progress,
    time_limit_option,
)
from boardsat.encoders.families import pysat_solver_names
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.exchange import bench as exchange_bench
from boardsat.models.exchange.instance import Exchange
from boardsat.models.exchange.published import SEED_GOAL, SEED_START
from boardsat.models.exchange.solve import (
    DEFAULT_BACKEND,
    DEFAULT_STRENGTHEN,
    MAX_HORIZON,
    ExchangeRequest,
    solve,
)


@click.command("exchange")
@click.option(
    "--start", default=SEED_START, show_default=True, help="Board text, rows top to bottom."
)
@click.option("--goal", default=SEED_GOAL, show_default=True, help="Board text of the goal.")
@backend_option(default=DEFAULT_BACKEND)
@click.option(
    "--max-horizon",
    type=click.IntRange(min=0),
    default=MAX_HORIZON,
    show_default=True,
    help="Give up (proven) after refuting every plan of at most this many moves.",
)
@time_limit_option
@click.option(
    "--strengthen",
    default=DEFAULT_STRENGTHEN,
    show_default=True,
    help=f"all, none, or some of: {', '.join(Strengthenings.names())}.",
)
@click.option("--no-bounds", is_flag=True, help="Start at horizon 0 and try every length.")
@click.option(
    "--verify",
    is_flag=True,
    help="Also run the BFS oracle and compare (exit status 1 if they disagree). It shares the"
    " time limit with the planner; if the limit stops it, the answer is still printed, marked"
    " as not compared, and the exit status stays 0.",
)
@click.option(
    "--farthest",
    "show_farthest",
    is_flag=True,
    help="Positions farthest from start (by BFS, in the time limit, as for --verify).",
)
@json_option
def command(
    start: str,
    goal: str,
    backend: str,
    max_horizon: int,
    time_limit: float | None,
    strengthen: str,
    no_bounds: bool,
    verify: bool,
    show_farthest: bool,
    as_json: bool,
) -> None:
    """Exchange knights: the fewest moves from START to GOAL, proven by increasing horizons."""
    request = ExchangeRequest(
        Exchange.parse(start, goal),
        backend,
        max_horizon=max_horizon,
        time_limit=time_limit,
        strengthenings=Strengthenings.parse(strengthen),
        bounds=not no_bounds,
        verify=verify,
        farthest=show_farthest,
    )
    answer = solve(request, progress=lambda report: progress(report.line()))
    if as_json:
        emit_json(answer.document())
    else:
        click.echo("\n".join(answer.lines()))
    if answer.disagrees:
        raise SystemExit(1)


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
