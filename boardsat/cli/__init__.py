"""The `boardsat` command: backends, the seed demo, benchmarks, and one command per puzzle.

Every failure the user can cause ends in one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Sequence

import click

from boardsat.backends import available_backends
from boardsat.cli.common import emit_json, json_option
from boardsat.demo import demos
from boardsat.errors import BoardsatError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Board puzzles as constraint and SAT models, solved on CP-SAT and python-sat solvers."""


@cli.command()
@json_option
def backends(as_json: bool) -> None:
    """List the installed backends and what each supports."""
    found = available_backends()
    if as_json:
        emit_json(
            {
                name: vars(caps) | {"optimisation": list(caps.optimisation)}
                for name, caps in found.items()
            }
        )
        return
    header = f"{'backend':<12} {'circuit':<8} {'card':<6} {'assume':<7} {'limit':<6} {'proof':<6} optimisation"
    click.echo(header)
    for name, caps in found.items():
        flags = [
            caps.native_circuit,
            caps.native_cardinality,
            caps.assumptions,
            caps.interruptible,
            caps.proof,
        ]
        marks = ["native" if flag else "cnf" for flag in flags[:2]]
        marks += ["yes" if flag else "no" for flag in flags[2:]]
        click.echo(
            f"{name:<12} {marks[0]:<8} {marks[1]:<6} {marks[2]:<7} {marks[3]:<6} {marks[4]:<6} "
            f"{', '.join(caps.optimisation)}"
        )


@cli.command()
def demo() -> None:
    """Solve the seed instance of every registered puzzle and print the verified answers."""
    failures = 0
    registered = demos()
    if not registered:
        click.echo("no puzzle is registered yet")
    for run in registered:
        outcome = run()
        mark = "verified" if outcome.verified else "NOT VERIFIED"
        click.echo(f"== {outcome.title} ({outcome.seconds:.2f} s, {mark})")
        click.echo(outcome.answer)
        failures += not outcome.verified
    if failures:
        raise SystemExit(1)


@cli.group()
def bench() -> None:
    """Benchmarks: medians and ratios against a baseline run in the same process."""


def _register_puzzle_commands() -> None:
    """Each module of this package that defines ``command`` adds it (and ``bench``, if any)."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda found: found.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "command"):
            cli.add_command(module.command)
        if hasattr(module, "bench"):
            bench.add_command(module.bench)


_register_puzzle_commands()


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: click's errors and BoardsatError become one line and exit status 2."""
    try:
        cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="boardsat",
            standalone_mode=False,
        )
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except click.ClickException as error:
        click.echo(f"boardsat: error: {error.format_message()}", err=True)
        sys.exit(2)
    except BoardsatError as error:
        click.echo(f"boardsat: error: {error}", err=True)
        sys.exit(2)
    except (click.Abort, KeyboardInterrupt):
        click.echo("boardsat: interrupted", err=True)
        sys.exit(130)
