"""Options and output helpers every puzzle command shares."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click
from click.core import ParameterSource

from boardsat.cli import terminal
from boardsat.cli.exits import INTERRUPTED, LIMIT_REACHED
from boardsat.cli.interrupt import ctrl_c_cancels
from boardsat.core.backends import MIP_BACKENDS, backend_problem
from boardsat.core.deadline import OutOfTime, cancelled, time_limit_problem
from boardsat.core.errors import BoardsatError
from boardsat.core.files import new_file_target, write_new_file
from boardsat.core.memory import default_ceiling, describe_size, memory_ceiling, parse_memory_size
from boardsat.encoders.export import EXPORT_FORMATS

if TYPE_CHECKING:  # pictures load with the answers that draw them
    from boardsat.core.picture import Drawings, Drawn
    from boardsat.encoders.export import ExportedModel

F = TypeVar("F", bound=Callable[..., Any])


def usable_time_limit(
    _ctx: click.Context, _param: click.Parameter, value: float | None
) -> float | None:
    """Click's FloatRange lets NaN through (every comparison with it is false); this does not."""
    problem = None if value is None else time_limit_problem(value)
    if problem is not None:
        raise click.BadParameter(problem)
    return value


def _known_backend(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if param.name and ctx.get_parameter_source(param.name) is ParameterSource.DEFAULT:
        return value  # a command's default is a backend it has; listing them all loads python-sat
    problem = None if value is None else backend_problem(value)
    if problem is not None:
        raise click.BadParameter(problem)
    return value


def backend_option(default: str | None = "cpsat", unset: str = "") -> Callable[[F], F]:
    """``--backend``; ``unset`` says what stands in for it when it has no ``default``."""
    names = f"cpsat, {', '.join(MIP_BACKENDS)}, or a python-sat solver name"
    return click.option(
        "--backend",
        default=default,
        show_default=default is not None,
        callback=_known_backend,
        help=f"{names} (see `boardsat backends`)" + (f"; default: {unset}." if unset else "."),
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


def end_at_limit(reached: bool) -> None:
    """Exit with LIMIT_REACHED once the answer is out, when a limit left it without one; a
    cancelled run is left to :func:`solving_command`, which ends it with status 130."""
    if reached and not cancelled():
        raise SystemExit(LIMIT_REACHED)


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
export_option = click.option(
    "--export",
    "export_path",
    type=click.Path(dir_okay=False),
    help="Write the model to this new file instead of solving it, in the form its suffix names: "
    + ", ".join(EXPORT_FORMATS)
    + ".",
)


PICTURES = {
    "svg": ("FILE.svg", "SVG picture", "Draw the answer into a new SVG file."),
    "png": (
        "FILE.png",
        "PNG picture",
        "Draw the answer into a new PNG file (needs boardsat[png]).",
    ),
    "animate": (
        "FILE.svg",
        "animated SVG",
        "Play the plan in a new animated SVG file: a move a second, looping, no script.",
    ),
}
"""Each picture option: its file's metavar, what it writes in words, and its help."""


def picture_options(animate: bool = False) -> Callable[[F], F]:
    """``--svg`` and ``--png``, and ``--animate`` where a plan can be played."""
    forms = [form for form in PICTURES if animate or form != "animate"]

    def decorate(command: F) -> F:
        for form in reversed(forms):
            metavar, _, help_text = PICTURES[form]
            command = click.option(
                f"--{form}", type=click.Path(dir_okay=False), metavar=metavar, help=help_text
            )(command)
        return command

    return decorate


PICTURE_SUFFIX = {"svg": ".svg", "png": ".png", "animate": ".svg"}
"""The ending each picture option's file must have: viewers go by it."""


@dataclass(frozen=True)
class PictureFiles:
    """The picture files a command was asked for, by form, each checked before the work."""

    files: dict[str, str]

    @classmethod
    def asked(
        cls, given: Mapping[str, str | None], refused_because: str | None = None
    ) -> PictureFiles:
        """The files in ``given`` (the picture options' values), refused in one line when
        ``refused_because`` (this answer has no picture), when a file cannot be created, when one
        file is named twice, or when a PNG needs a Pillow that is missing."""
        files = {form: path for form, path in given.items() if path is not None}
        if files and refused_because is not None:
            raise click.BadParameter(
                refused_because, param_hint="/".join(f"--{form}" for form in files)
            )
        named: dict[Path, str] = {}
        for form, path in files.items():
            target = new_file_target(path)
            if target in named:
                raise click.BadParameter(
                    f"names the same file as --{named[target]}", param_hint=f"--{form}"
                )
            named[target] = form
        for form, path in files.items():
            suffix = PICTURE_SUFFIX[form]
            if not path.lower().endswith(suffix):
                raise click.BadParameter(
                    f"{path!r} does not end in {suffix}, the form this option writes",
                    param_hint=f"--{form}",
                )
        if "png" in files:
            from boardsat.core.picture import require_pillow

            require_pillow()
        return cls(files)

    def write(self, drawings: Drawings) -> tuple[dict[str, str], list[str]]:
        """Create each file from its drawing: the files written by form, and the failures (a
        name taken or a disk full since the check) as lines."""
        written: dict[str, str] = {}
        failures: list[str] = []
        for form, path in self.files.items():
            try:
                write_new_file(path, drawings[form]())
                written[form] = path
            except BoardsatError as error:
                failures.append(str(error))
        return written, failures


def show_answer(
    document: dict[str, Any],
    lines: Sequence[str],
    as_json: bool,
    pictures: PictureFiles,
    answer: Drawn,
    boards: Collection[str] = (),
    palette: terminal.Palette = terminal.KNIGHTS,
) -> None:
    """Write the pictures of ``answer``, then print it: its JSON, each picture's file under its
    form, or its lines (``boards``, the board rows among them, in ``palette`` on a colour
    terminal) and where each picture went. An answer with nothing to draw writes no file. A file
    that fails late is reported after the answer, so the solve is not lost."""
    drawings = answer.drawings()
    written, failures = pictures.write(drawings) if drawings is not None else ({}, [])
    if as_json:
        emit_json(document | written)
    else:
        terminal.current().answer("\n".join(lines), boards, palette)
        if pictures.files and drawings is None:
            click.echo(f"no {answer.drawn}, so no {' or '.join(pictures.files)} written")
        for form, path in written.items():
            click.echo(f"{PICTURES[form][1]} written to {path}")
    notice = answer.png_notice() if "png" in written else None
    if notice is not None:
        click.echo(f"boardsat: note: {notice}", err=True)
    if failures:
        raise BoardsatError(f"{'; '.join(failures)} (the answer is printed all the same)")


def processes_option(name: str, help: str) -> Callable[[F], F]:
    """An option for how many processes work side by side, one per core by default."""
    return click.option(
        name,
        type=click.IntRange(min=1),
        default=os.cpu_count() or 1,
        show_default="the number of cores",
        help=help,
    )


def refuse_beside_export(solving: Sequence[str]) -> None:
    """--export writes the model and solves nothing, so the options given that only configure
    solving (parameter names in ``solving``) are refused rather than silently ignored."""
    refuse_given(solving, "configure solving; --export solves nothing")


def refuse_given(names: Sequence[str], why: str) -> None:
    """Refuse the options among parameter ``names`` given on the command line, in one line."""
    ctx = click.get_current_context()
    given = [
        param.opts[0]
        for param in ctx.command.params
        if param.name in names
        and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE
    ]
    if given:
        raise click.UsageError(f"{', '.join(given)} {why}")


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
    """Progress as the live line on a terminal; elsewhere stderr keeps only errors."""
    terminal.current().show(line)


def solving_command(command: F) -> F:
    """A solving command's shared behaviour: ``--quiet`` (``--json`` implies it), the terminal's
    live line, and Ctrl-C, which ends the solve with the best answer found so far printed, one
    line on stderr saying so, and exit status 130."""

    @functools.wraps(command)
    def run(*args: Any, quiet: bool, **options: Any) -> Any:
        with terminal.session(quiet or bool(options.get("as_json"))), ctrl_c_cancels():
            try:
                outcome = command(*args, **options)
            except BoardsatError as error:
                if not cancelled():
                    raise
                _interrupted(f"before an answer was found ({error})")
            except OutOfTime:  # a model built after the cancel, which ends every deadline
                if not cancelled():
                    raise
                _interrupted("before an answer was found")
            if cancelled():
                _interrupted("status UNKNOWN: the output above is all it found")
        return outcome

    quiet = click.option(
        "--quiet", is_flag=True, help="No progress on stderr (--json is quiet too)."
    )
    return cast(F, quiet(run))


def _interrupted(what: str) -> None:
    click.echo(f"boardsat: interrupted, {what}", err=True)
    raise SystemExit(INTERRUPTED)
