"""The `boardsat` command: backends, the seed demo, benchmarks, and one command per puzzle.

Every failure the user can cause ends in one line on stderr and exit status 2, never a traceback.
A time or memory limit that ends a run before its answer gives exit status 3.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from functools import cache

import click

from boardsat.cli.common import emit_json, json_option
from boardsat.cli.exits import BAD_INPUT, CHECK_FAILED, INTERRUPTED, LIMIT_REACHED
from boardsat.cli.lazy import Lazy, LazyGroup
from boardsat.core.backends import Capabilities, available_backends, preload
from boardsat.core.deadline import NoAnswerInTime, OutOfTime
from boardsat.core.errors import BoardsatError
from boardsat.core.memory import MemoryLimitReached

PUZZLE_COMMANDS = {
    "domination": Lazy(
        "boardsat.cli.domination",
        "command",
        "Place as few knights as possible on a ROWS x COLS board (square when COLS is left out).",
    ),
    "exchange": Lazy(
        "boardsat.cli.exchange",
        "command",
        "Exchange knights: the fewest moves from START to GOAL, proven (see --route).",
    ),
    "flipit": Lazy(
        "boardsat.cli.flipit",
        "command",
        "Flip-It: jump pieces over pieces into a hole, turning over each piece jumped, until every"
        " piece is white; the fewest jumps, proven (see --route).",
    ),
    "proof": Lazy(
        "boardsat.cli.proof",
        "command",
        "Proof directories written by --cubes: where they stand, and their certificates checked.",
    ),
    "shogi": Lazy(
        "boardsat.cli.shogi",
        "command",
        "Shogi sliding puzzle: move the first player's pieces by their shogi moves (no captures,"
        " no promotion) from START to GOAL; the fewest moves, proven (see --route).",
    ),
    "solve": Lazy(
        "boardsat.cli.solve",
        "command",
        "Solve instance FILEs (TOML: kind, the board, start and goal, a [solve] table), or shipped"
        " instances by name.",
    ),
    "tour": Lazy(
        "boardsat.cli.tour",
        "command",
        "Knight's tours on a ROWS x COLS board (square when COLS is left out).",
    ),
}
BENCH_COMMANDS = {
    "differential": Lazy(
        "boardsat.cli.differential",
        "bench",
        "Random small instances of every puzzle and random models, each solved on a backend and"
        " encoding drawn for it and compared with the brute-force and BFS oracles.",
    ),
    "matrices": Lazy(
        "boardsat.cli.harness",
        "matrices",
        "List the shipped matrices, and each puzzle's instance families and routes.",
    ),
    "report": Lazy(
        "boardsat.cli.harness",
        "report",
        "Summarise a sweep's record: the table, the contradictions, and plots with --plot.",
    ),
    "run": Lazy(
        "boardsat.cli.harness",
        "run",
        "Run a matrix: a shipped one by name, a TOML file, or --puzzle/--instances/--routes.",
    ),
}
"""The commands in their own modules, each imported when it runs (see lazy.py), with the first
sentence of its help for the command list."""


@click.group(
    cls=LazyGroup, lazy=PUZZLE_COMMANDS, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(package_name="boardsat", prog_name="boardsat")
def cli() -> None:
    """Board puzzles as constraint and SAT models, solved on CP-SAT, MIP and python-sat solvers."""


@cli.command()
@json_option
def backends(as_json: bool) -> None:
    """List the installed backends and what each supports."""
    found = available_backends()
    if as_json:
        emit_json({name: _capability_fields(caps) for name, caps in found.items()})
        return
    columns = ("circuit", "cardinality", "assumptions", "time limit", "proof", "optimisation")
    click.echo(f"{'backend':<12} " + " ".join(f"{column:<12}" for column in columns))
    for name, caps in found.items():
        cells = (
            "native" if caps.native_circuit else "cnf" if caps.circuit else "no",
            "native" if caps.native_cardinality else "cnf",
            "yes" if caps.assumptions else "no",
            _time_limit_mode(caps),
            "drup" if caps.proof else "no",
            ", ".join(caps.optimisation),
        )
        click.echo(f"{name:<12} " + " ".join(f"{cell:<12}" for cell in cells))


def _time_limit_mode(caps: Capabilities) -> str:
    if caps.interruptible:
        return "interrupt"
    return "budgets" if caps.budgeted else "no"


def _capability_fields(caps: Capabilities) -> dict[str, object]:
    return vars(caps) | {
        "optimisation": list(caps.optimisation),
        "time_limit": _time_limit_mode(caps),
    }


@cli.command()
def demo() -> None:
    """Solve the seed instance of every registered puzzle and print the verified answers."""
    from boardsat.cli.demo import seed_checks  # every puzzle: imported when the demo runs

    failures = 0
    for run in seed_checks():
        outcome = run()
        mark = "verified" if outcome.verified else "NOT VERIFIED"
        click.echo(f"== {outcome.title} ({outcome.seconds:.2f} s, {mark})")
        click.echo(outcome.answer)
        failures += not outcome.verified
    if failures:
        raise SystemExit(CHECK_FAILED)


@cli.group(cls=LazyGroup, lazy=BENCH_COMMANDS)
def bench() -> None:
    """Benchmarks: `run` a matrix (a shipped one, a TOML file, or cells named by options), each
    cell in its own process under its limits, locally or on Dask (--dask), resumable (--resume),
    every row verified; `report` a record with plots (--plot); `matrices` lists what there is."""
    preload(available_backends())  # before any timing, and before children fork to be timed


def _as_sentence(error: click.ClickException, words: Sequence[str]) -> str:
    """click's message, made plain where a new user meets it: a negative number reads as an
    unknown option to click, an unknown command should say where the commands are, and a
    shipped instance's name given to its puzzle's command, that `solve` takes it."""
    if isinstance(error, click.NoSuchOption) and re.fullmatch(r"-\d+", error.option_name):
        numbers = _whole_number_arguments(error.ctx)
        if numbers:
            names = " and ".join(name for name, _ in numbers)
            least = min(minimum for _, minimum in numbers)
            if len(numbers) == 1:
                return f"{error.option_name}: {names} is a whole number from {least}"
            return f"{error.option_name}: {names} are whole numbers from {least}"
    message = error.format_message()
    if isinstance(error, click.UsageError) and message.startswith("No such command"):
        path = error.ctx.command_path if error.ctx is not None else "boardsat"
        return f"{message} `{path} --help` lists the commands."
    shipped = _shipped_instance_given(error, words)
    if shipped is not None:
        return f"{message.rstrip('.')}; `boardsat solve {shipped}` solves the shipped instance"
    return message


def _shipped_instance_given(error: click.ClickException, words: Sequence[str]) -> str | None:
    """The shipped instance of a puzzle that one of the command line's ``words`` names, where
    that puzzle's command refused it: only `boardsat solve` takes instances by name."""
    if not isinstance(error, click.UsageError) or error.ctx is None:
        return None
    if isinstance(error.ctx.command, click.Group):  # `boardsat` itself, or `bench`
        return None
    kind = f"{error.ctx.command.name}:"
    names = {name for name in _shipped_names() if name.startswith(kind)}
    given = [name for word in words for name in (word, kind + word) if name in names]
    return given[0] if given else None


@cache
def _shipped_names() -> tuple[str, ...]:
    """The shipped instances' names, read once: main runs many times in one test process."""
    from boardsat.models.instance_file import shipped_instances  # on a usage error only

    return tuple(shipped_instances())


def _whole_number_arguments(context: click.Context | None) -> list[tuple[str, int]]:
    """The command's arguments that take a whole number, such as ROWS or HORIZON, with the
    least each takes."""
    if context is None:
        return []
    return [
        (parameter.human_readable_name, int(parameter.type.min or 0))
        for parameter in context.command.params
        if isinstance(parameter, click.Argument) and isinstance(parameter.type, click.IntRange)
    ]


def _error_line(message: str) -> None:
    """The message as one line on stderr: a newline or other control character the user typed
    (an argument, a file name) is written escaped, as Python writes it in a string."""
    shown = "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)
    click.echo(f"boardsat: error: {shown}", err=True)


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: click's errors and BoardsatError become one line and exit status 2; a limit
    that left no answer (the memory ceiling, NoAnswerInTime), one line and exit status 3
    (LIMIT_REACHED)."""
    if argv is not None and any("\x00" in argument for argument in argv):  # no shell passes one
        _error_line("an argument holds a NUL character, which no file name or value may hold")
        sys.exit(BAD_INPUT)
    words = list(argv) if argv is not None else sys.argv[1:]
    try:
        code = cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="boardsat",
            standalone_mode=False,
        )  # outside standalone mode click returns an exit's code instead of exiting
    except click.exceptions.NoArgsIsHelpError as error:  # its message is the whole help text
        path = error.ctx.command_path if error.ctx is not None else "boardsat"
        click.echo(f"boardsat: error: no command given; `{path} --help` lists them", err=True)
        sys.exit(BAD_INPUT)
    except click.ClickException as error:
        _error_line(_as_sentence(error, words))
        sys.exit(BAD_INPUT)
    except NoAnswerInTime as error:
        _error_line(str(error))
        sys.exit(LIMIT_REACHED)
    except BoardsatError as error:
        _error_line(str(error))
        sys.exit(BAD_INPUT)
    except (MemoryLimitReached, OutOfTime) as error:  # OutOfTime: a build that met its limit
        _error_line(str(error) or "the time limit ran out before an answer")
        sys.exit(LIMIT_REACHED)
    except (click.Abort, KeyboardInterrupt):
        click.echo("boardsat: interrupted", err=True)
        sys.exit(INTERRUPTED)
    sys.exit(code if isinstance(code, int) else 0)
