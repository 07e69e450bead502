"""`boardsat exchange`: the fewest knight moves that turn one position into another, proven.

Also `boardsat bench exchange`: the planner (solvers x strengthenings) against the BFS oracle on
the seed instance, timed in the same run.
"""

from __future__ import annotations

from typing import Any

import click

from boardsat.backends import CPSAT, capabilities
from boardsat.benchmark import Measurement, measure, ratio_table, results_file
from boardsat.cli.common import (
    backend_option,
    comma_list,
    emit_json,
    json_option,
    progress,
    time_limit_option,
)
from boardsat.deadline import Deadline
from boardsat.encoders.families import pysat_solver_names
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.errors import BoardsatError
from boardsat.horizon_search import Ending
from boardsat.models.exchange.model import (
    MAX_HORIZON,
    SEED_GOAL,
    SEED_START,
    Exchange,
    position_text,
    solve,
    successors,
)
from boardsat.oracle import OutOfTime, farthest, shortest_path


@click.command("exchange")
@click.option(
    "--start", default=SEED_START, show_default=True, help="Board text, rows top to bottom."
)
@click.option("--goal", default=SEED_GOAL, show_default=True, help="Board text of the goal.")
@backend_option(default="cadical195")
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
    default="all",
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
    deadline = Deadline(time_limit)  # one budget for the planner and the BFS runs after it
    exchange = Exchange.parse(start, goal)
    solved = solve(
        exchange,
        backend,
        max_horizon=max_horizon,
        time_limit=deadline.remaining(),
        strengthenings=Strengthenings.parse(strengthen),
        bounds=not no_bounds,
        progress=lambda report: progress(report.line()),
    )
    outcome = solved.outcome
    document: dict[str, Any] = {
        "start": position_text(exchange.board, exchange.start),
        "goal": position_text(exchange.board, exchange.goal),
        "backend": backend,
        "encoding": outcome.encoding,
        "ending": outcome.ending.value,
        "summary": outcome.describe(),
        "moves": None if solved.moves is None else len(solved.moves),
        "proven_optimal": outcome.proven_optimal,
        "plan": [],
        "horizons": [
            {"horizon": r.horizon, "status": r.status.value, "seconds": r.seconds, "by": r.by}
            for r in outcome.horizons
        ],
        "seconds": outcome.seconds,
    }
    lines = [outcome.describe()]
    if solved.moves is not None and solved.positions is not None:
        for number, (move, before, after) in enumerate(
            zip(solved.moves, solved.positions, solved.positions[1:], strict=False), 1
        ):
            name = exchange.move_name(move, before)
            document["plan"].append(name)
            lines.append(f"{number:>3}. {name:<10} {position_text(exchange.board, after)}")
    if verify:
        lines.append(
            _verify(exchange, outcome.ending, solved.moves, outcome.max_horizon, document, deadline)
        )
    if show_farthest:
        lines.extend(_farthest(exchange, document, deadline))
    if as_json:
        emit_json(document)
    else:
        click.echo("\n".join(lines))
    if document.get("oracle_agrees") is False:
        raise SystemExit(1)


def _verify(
    exchange: Exchange,
    ending: Ending,
    moves: tuple[tuple[int, int], ...] | None,
    max_horizon: int | None,
    document: dict[str, Any],
    deadline: Deadline,
) -> str:
    """Compare with the BFS oracle; a disagreement is reported and makes the exit status 1.

    ``max_horizon`` is the answer's: None where it claims no plan of any length. An oracle
    stopped by the deadline compares nothing: ``oracle_agrees`` is then None.
    """
    try:
        path = shortest_path(
            lambda p: successors(exchange.board, p),
            exchange.start,
            lambda p: p == exchange.goal,
            deadline=deadline,
        )
    except OutOfTime:
        document |= {"oracle_finished": False, "oracle_moves": None, "oracle_agrees": None}
        return "BFS oracle: did not finish within the time limit (answer not compared)"
    document["oracle_finished"] = True
    best = None if path is None else len(path)
    if ending is Ending.PLAN:
        agrees = moves is not None and best == len(moves)
    elif ending is Ending.NO_PLAN:
        agrees = best is None or (max_horizon is not None and best > max_horizon)
    else:
        agrees = True  # UNKNOWN claims nothing the oracle could contradict
    document["oracle_moves"] = best
    document["oracle_agrees"] = agrees
    shown = "unreachable" if best is None else f"{best} moves"
    return f"BFS oracle: {shown} ({'agrees' if agrees else 'DISAGREES'})"


def _farthest(exchange: Exchange, document: dict[str, Any], deadline: Deadline) -> list[str]:
    """The positions farthest from the start by BFS, or a note that the deadline stopped it."""
    try:
        distance, positions, reachable = farthest(
            lambda p: successors(exchange.board, p), exchange.start, deadline=deadline
        )
    except OutOfTime:
        document |= dict.fromkeys(("farthest_distance", "farthest_positions", "reachable_states"))
        return ["farthest from start: the BFS did not finish within the time limit"]
    texts = [position_text(exchange.board, p) for p in positions]
    document |= {
        "farthest_distance": distance,
        "farthest_positions": texts,
        "reachable_states": reachable,
    }
    return [
        f"farthest from start: {distance} moves, {len(texts)} positions",
        *(f"  {text}" for text in texts),
        f"reachable positions: {reachable}",
    ]


@click.command("exchange")
@click.option("--repeats", type=click.IntRange(min=1), default=3, show_default=True)
@click.option(
    "--solvers",
    default="cadical195,glucose4,minisat22",
    show_default=True,
    help="SAT solvers (or cpsat), each run with every strengthening.",
)
@click.option("--output", type=click.Path(dir_okay=False), default=None)
def bench(repeats: int, solvers: str, output: str | None) -> None:
    """Seed instance: SAT planner (solvers x strengthenings) and CP-SAT against the BFS oracle."""
    chosen = _planners(solvers)
    target = results_file("exchange", output)
    exchange = Exchange.parse(SEED_START, SEED_GOAL)
    instance = "seed 3x4 (16 moves)"
    rows: list[Measurement] = []

    def oracle() -> tuple[str, dict[str, Any]]:
        path = shortest_path(
            lambda p: successors(exchange.board, p), exchange.start, lambda p: p == exchange.goal
        )
        if path is None:
            raise BoardsatError("the seed has no solution: the oracle is broken")
        return f"{len(path)} moves", {}

    rows.append(measure(instance, "bfs oracle", oracle, repeats))
    settings = ["none", *Strengthenings.names(), "all"]
    for solver in chosen:
        for setting in settings:
            for bounds in (False, True) if setting == "all" else (True,):
                rows.append(_planner_row(exchange, instance, solver, setting, bounds, repeats))
                click.echo(rows[-1].route + f": {rows[-1].median_seconds:.3f} s", err=True)
    rows.append(_planner_row(exchange, instance, "cpsat", "all", True, repeats))
    click.echo(ratio_table(rows, "bfs oracle"))
    path = target.write(rows, {"repeats": repeats, "solvers": solvers, "strengthenings": settings})
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


def _planner_row(
    exchange: Exchange, instance: str, solver: str, setting: str, bounds: bool, repeats: int
) -> Measurement:
    def run() -> tuple[str, dict[str, Any]]:
        solved = solve(
            exchange, solver, strengthenings=Strengthenings.parse(setting), bounds=bounds
        )
        outcome = solved.outcome
        horizons = {r.horizon: round(r.seconds, 4) for r in outcome.horizons}
        return outcome.describe(), {"horizon_seconds": horizons}

    start = "matching bound+parity" if bounds else "from 0"
    return measure(instance, f"{solver} [{setting}] {start}", run, repeats)
