"""The options and the output every planning puzzle's command shares (exchange, Flip-It, shogi).

Each command reads its own instance options, then these: the planner's backend, horizons and
strengthenings, and the BFS checks. :func:`solve_and_print` hands them to the puzzle's ``solve``
and prints the answer; a disagreement with the BFS oracle exits with status 1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from boardsat.cli.common import backend_option, emit_json, json_option, progress, time_limit_option
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.plan_answer import PlanAnswer

F = TypeVar("F", bound=Callable[..., Any])


def planning_options(backend: str, strengthen: str, max_horizon: int) -> Callable[[F], F]:
    """The planner's and the checks' options, with the puzzle's defaults."""

    def decorate(command: F) -> F:
        for option in reversed(
            (
                backend_option(default=backend),
                click.option(
                    "--max-horizon",
                    type=click.IntRange(min=0),
                    default=max_horizon,
                    show_default=True,
                    help="Give up (proven) after refuting every plan of at most this many moves.",
                ),
                time_limit_option,
                click.option(
                    "--strengthen",
                    default=strengthen,
                    show_default=True,
                    help=f"all, none, or some of: {', '.join(Strengthenings.names())}.",
                ),
                click.option(
                    "--no-bounds", is_flag=True, help="Start at horizon 0 and try every length."
                ),
                click.option(
                    "--verify",
                    is_flag=True,
                    help="Also run the BFS oracle and compare (exit status 1 if they disagree)."
                    " It shares the time limit with the planner; if the limit stops it, the"
                    " answer is still printed, marked as not compared, and the exit status"
                    " stays 0.",
                ),
                click.option(
                    "--farthest",
                    "show_farthest",
                    is_flag=True,
                    help="The farthest positions, by BFS in the time limit, as for --verify.",
                ),
                json_option,
            )
        ):
            command = option(command)
        return command

    return decorate


def solve_and_print(
    solve: Callable[..., PlanAnswer[Any, Any]], instance: object, options: dict[str, Any]
) -> None:
    """Solve ``instance`` with the options :func:`planning_options` read, and print the answer."""
    as_json = options.pop("as_json")
    answer = solve(
        instance,
        lambda report: progress(report.line()),
        backend=options.pop("backend"),
        max_horizon=options.pop("max_horizon"),
        time_limit=options.pop("time_limit"),
        strengthenings=Strengthenings.parse(options.pop("strengthen")),
        bounds=not options.pop("no_bounds"),
        verify=options.pop("verify"),
        farthest=options.pop("show_farthest"),
    )
    if options:
        raise TypeError(f"options no planning puzzle takes: {', '.join(sorted(options))}")
    if as_json:
        emit_json(answer.document())
    else:
        click.echo("\n".join(answer.lines()))
    if answer.disagrees:
        raise SystemExit(1)
