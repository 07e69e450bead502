"""Options and output helpers every puzzle command shares."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from boardsat.backends import backend_names
from boardsat.deadline import time_limit_problem

F = TypeVar("F", bound=Callable[..., Any])


def usable_time_limit(
    _ctx: click.Context, _param: click.Parameter, value: float | None
) -> float | None:
    """Click's FloatRange lets NaN through (every comparison with it is false); this does not."""
    problem = None if value is None else time_limit_problem(value)
    if problem is not None:
        raise click.BadParameter(problem)
    return value


def _known_backend(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    if value not in backend_names():
        raise click.BadParameter(f"unknown backend {value!r}; `boardsat backends` lists them")
    return value


def backend_option(default: str = "cpsat") -> Callable[[F], F]:
    return click.option(
        "--backend",
        default=default,
        show_default=True,
        callback=_known_backend,
        help="cpsat, highs, scip, or a python-sat solver name (see `boardsat backends`).",
    )


time_limit_option = click.option(
    "--time-limit",
    type=float,
    default=None,
    callback=usable_time_limit,
    help="Seconds; when it runs out the answer is UNKNOWN with the best found so far.",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")


def comma_list(text: str, option: str, what: str) -> list[str]:
    """The names of a comma-separated option, blanks dropped; refused in one line if none is
    left, since an empty list would run a benchmark that measures nothing it was asked for."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise click.BadParameter(f"name at least one {what}", param_hint=option)
    return names


def emit_json(document: dict[str, Any]) -> None:
    json.dump(document, sys.stdout, indent=2)
    sys.stdout.write("\n")


def progress(line: str) -> None:
    """A progress line on stderr, so that stdout stays clean for --json."""
    click.echo(line, err=True)
