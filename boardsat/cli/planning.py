"""The options and the output every planning puzzle's command shares (exchange, Flip-It, shogi).

Each command reads its own instance options, then these: the planner's backend, horizons and
strengthenings, the BFS checks, the pictures (``--svg``, ``--png``, ``--animate``) and
``--export``. :func:`solve_and_print` hands them to the
puzzle's ``request`` and prints the answer; a disagreement with the BFS oracle exits with status
1. With ``--export`` it writes the puzzle's planning task as PDDL instead and solves nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click
import cloup
from click.core import ParameterSource

from boardsat.cli.common import (
    PictureFiles,
    backend_option,
    emit_json,
    end_at_limit,
    json_option,
    picture_options,
    refuse_beside_export,
    show_answer,
    solving_command,
    time_limit_option,
)
from boardsat.cli.exits import CHECK_FAILED
from boardsat.cli.terminal import PALETTES, current, plan_boards
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.encoders.pddl import ExportedPddl, export_pddl
from boardsat.models.planning import solve as plan_solve
from boardsat.models.planning.race import AUTO
from boardsat.models.planning.solve import PlanRequest

F = TypeVar("F", bound=Callable[..., Any])
SOLVING_OPTIONS = (
    "route",
    "backend",
    "max_horizon",
    "time_limit",
    "strengthen",
    "no_bounds",
    "verify",
    "show_farthest",
    "svg",
    "png",
    "animate",
)
"""The options that only configure solving, refused beside --export."""


def planning_options(backend: str, strengthen: str, max_horizon: int) -> Callable[[F], F]:
    """The planner's and the checks' options, with the puzzle's defaults, in their groups."""

    def decorate(command: F) -> F:
        command = solving_command(command)
        for group in reversed(
            (
                _solving(backend, strengthen, max_horizon),
                CHECKS,
                cloup.option_group("Output", picture_options(animate=True), _EXPORT, json_option),
            )
        ):
            command = group(command)
        return command

    return decorate


def _solving(backend: str, strengthen: str, max_horizon: int) -> Callable[[F], F]:
    return cloup.option_group(
        "Routes and backends",
        click.option(
            "--route",
            type=click.Choice(plan_solve.ROUTES),
            default=AUTO,
            show_default=True,
            help="auto searches by A* on the puzzle's bounds for 0.25 s, then races the SAT"
            " planner against it and takes the first proof; sat, search (A*) or bfs (the"
            " oracle) runs one alone. Naming --backend alone picks sat.",
        ),
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
            help="The SAT planner's strengthenings: all, none, or some of:"
            f" {', '.join(Strengthenings.names())}.",
        ),
        click.option(
            "--no-bounds",
            is_flag=True,
            help="Start at horizon 0 and try every length; the search then estimates 0.",
        ),
    )


CHECKS = cloup.option_group(
    "Checks",
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
)
_EXPORT = click.option(
    "--export",
    "export_path",
    type=click.Path(dir_okay=False),
    metavar="FILE.pddl",
    help="Write the planning task as PDDL instead of solving it: the problem to"
    " FILE.pddl and the domain to FILE-domain.pddl, both new files.",
)


def solve_and_print(
    request: Callable[..., PlanRequest[Any, Any]], instance: object, options: dict[str, Any]
) -> None:
    """Solve ``instance`` with the options :func:`planning_options` read, and print the answer;
    or, with ``--export``, write its planning task as PDDL. ``request`` is the puzzle's own."""
    as_json = options.pop("as_json")
    export_path = options.pop("export_path")
    chosen = {name: options.pop(name) for name in SOLVING_OPTIONS}
    drawn = {form: chosen.pop(form) for form in ("svg", "png", "animate")}
    if options:
        raise TypeError(f"options no planning puzzle takes: {', '.join(sorted(options))}")
    name = click.get_current_context().command.name or "boardsat"
    if export_path is not None:
        refuse_beside_export(SOLVING_OPTIONS)
        task = request(instance).puzzle.planning_task()
        _report_export(export_pddl(task, export_path, name), as_json)
        return
    pictures = PictureFiles.asked(drawn)
    context = click.get_current_context()
    named = {  # a backend named alone asks for the route that runs on it (PlanRoute.request)
        name: chosen[name]
        for name in ("route", "backend")
        if context.get_parameter_source(name) is not ParameterSource.DEFAULT
    }
    answer = plan_solve.solve(
        request(
            instance,
            **named,
            max_horizon=chosen["max_horizon"],
            time_limit=chosen["time_limit"],
            strengthenings=Strengthenings.parse(chosen["strengthen"]),
            bounds=not chosen["no_bounds"],
            verify=chosen["verify"],
            farthest=chosen["show_farthest"],
        ),
        current().horizons(),
    )
    show_answer(
        answer.to_json(),
        [answer.text()],
        as_json,
        pictures,
        answer,
        plan_boards(answer),
        PALETTES[name],
    )
    if answer.disagrees:
        raise SystemExit(CHECK_FAILED)
    end_at_limit(answer.limit_reached)


def _report_export(exported: ExportedPddl, as_json: bool) -> None:
    if as_json:
        emit_json(
            {
                "model": exported.name,
                "file": exported.problem_path,
                "domain_file": exported.domain_path,
                "format": "PDDL",
                "propositions": exported.propositions,
                "actions": exported.actions,
            }
        )
        return
    click.echo(
        f"wrote {exported.name} to {exported.problem_path} (PDDL problem) and"
        f" {exported.domain_path} (PDDL domain): {exported.propositions} propositions,"
        f" {exported.actions} actions"
    )
