"""Options and output helpers every puzzle command shares."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from boardsat.backends import backend_names
from boardsat.deadline import time_limit_problem
from boardsat.encoders.export import EXPORT_FORMATS, ExportedModel
from boardsat.errors import BoardsatError
from boardsat.memory import default_ceiling, describe_size, memory_ceiling, parse_memory_size

F = TypeVar("F", bound=Callable[..., Any])
LIMIT_REACHED = 3  # exit status: a time or memory limit ended the run before its answer


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


_time_limit = click.option(
    "--time-limit",
    type=float,
    default=None,
    callback=usable_time_limit,
    help="Seconds, building included; when it runs out the answer is UNKNOWN with the best"
    f" found so far (exit status {LIMIT_REACHED} when there is none).",
)


def _hold_memory_limit(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    """Put the ceiling in force for the rest of the command; lifted when the command ends."""
    try:
        size = default_ceiling() if value is None else parse_memory_size(value)
        ctx.with_resource(memory_ceiling(size))
    except BoardsatError as error:
        raise click.BadParameter(str(error)) from None


_memory_limit = click.option(
    "--memory-limit",
    metavar="SIZE",
    expose_value=False,
    callback=_hold_memory_limit,
    help="Memory ceiling, such as 4G or 500M (default: the smaller of 4 GiB and half this"
    f" machine's memory, here {describe_size(default_ceiling())}); reaching it ends the run"
    f" with one line and exit status {LIMIT_REACHED}.",
)


def time_limit_option(command: F) -> F:
    """--time-limit, and --memory-limit with it: every command that solves takes both."""
    return _time_limit(_memory_limit(command))


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
export_option = click.option(
    "--export",
    "export_path",
    type=click.Path(dir_okay=False),
    help="Write the model to this new file instead of solving it, in the form its suffix names: "
    + ", ".join(EXPORT_FORMATS)
    + ".",
)


def refuse_beside_export(solving: Sequence[str]) -> None:
    """--export writes the model and solves nothing, so the options given that only configure
    solving (parameter names in ``solving``) are refused rather than silently ignored."""
    ctx = click.get_current_context()
    given = [
        param.opts[0]
        for param in ctx.command.params
        if param.name in solving
        and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE
    ]
    if given:
        raise click.UsageError(f"{', '.join(given)} configure solving; --export solves nothing")


def report_export(exported: ExportedModel, as_json: bool) -> None:
    size = exported.size
    if as_json:
        emit_json(
            {
                "model": exported.model,
                "file": exported.path,
                "format": exported.form,
                "variables": size.variables,
                "constraints": size.constraints,
            }
        )
        return
    click.echo(
        f"wrote {exported.model} to {exported.path} ({exported.form}, {size.variables} variables,"
        f" {size.constraints} constraints)"
    )


def comma_list(text: str, option: str, what: str) -> list[str]:
    """The names of a comma-separated option, blanks dropped; refused in one line if none is
    left, since an empty list would run a benchmark that measures nothing it was asked for."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise click.BadParameter(f"name at least one {what}", param_hint=option)
    return names


def emit_json(document: dict[str, Any]) -> None:
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)  # shogi moves in kanji
    sys.stdout.write("\n")


def progress(line: str) -> None:
    """A progress line on stderr, so that stdout stays clean for --json."""
    click.echo(line, err=True)
