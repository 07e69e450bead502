"""The terminal a solving command talks to: its answer in colour on a TTY (the same plain text
anywhere else), and on stderr a live line of what a long solve is doing, silenced by --quiet.

Colour is decided once a command, by rich: on a terminal, unless ``NO_COLOR`` is set or
``TERM`` is dumb (``FORCE_COLOR`` forces it on). Without colour the answer is printed exactly
as the models write it. The live line, and the planning horizons' verdicts above it, show only on
a terminal; elsewhere a solve writes nothing to stderr but its errors (a sweep, one line a row).
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.text import Text

if TYPE_CHECKING:  # the puzzles' and solvers' modules load with the command that needs them
    from rich.status import Status

    from boardsat.models.domination.answer import DominationAnswer
    from boardsat.models.planning.answer import PlanAnswer
    from boardsat.solving.horizon_search import HorizonEvent
    from boardsat.solving.race import RaceEvent


@dataclass(frozen=True)
class Palette:
    """How a board's characters are styled: ``styles`` by character, others by ``default``
    (None: unstyled); spaces are never styled."""

    styles: Mapping[str, str] = field(default_factory=dict)
    default: str | None = None

    def style(self, char: str) -> str | None:
        if char.isspace():
            return None
        return self.styles.get(char, self.default)


KNIGHTS = Palette({"K": "bold cyan", "0": "dim"}, default="yellow")
"""Domination: the knights, and how many attack each empty square."""
PIECES = Palette({"B": "bold blue", "W": "bold yellow", ".": "dim", "/": "dim"})
"""Exchange and Flip-It: black and white pieces, and the holes."""
SHOGI = Palette({"・": "dim"}, default="bold")
PALETTES = {"domination": KNIGHTS, "exchange": PIECES, "flipit": PIECES, "shogi": SHOGI}


class Terminal:
    """One command's terminal: the consoles it decided colour and liveness for, and the live
    line while it runs. Made per command, since tests swap ``sys.stdout`` between commands."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.out = Console(file=sys.stdout, highlight=False, soft_wrap=True)
        self.err = Console(file=sys.stderr, highlight=False, soft_wrap=True)
        self.colour = _coloured(self.out)
        self.live = not quiet and self.err.is_terminal and not self.err.is_dumb_terminal
        self.started = time.perf_counter()
        self._status: Status | None = None

    def show(self, line: str) -> None:
        """The live line, with the time since the command started (on a terminal only)."""
        if not self.live:
            return
        text = Text(f"{line}  ({time.perf_counter() - self.started:.1f} s)")
        if self._status is None:
            self._status = self.err.status(text)
            self._status.start()
        else:
            self._status.update(text)

    def note(self, line: str) -> None:
        """A lasting progress line on stderr (above the live line on a terminal)."""
        if self.quiet:
            return
        if self.live:
            self.err.print(line, markup=False, emoji=False)
        else:
            click.echo(line, err=True)

    def answer(self, text: str, boards: Collection[str] = (), palette: Palette = KNIGHTS) -> None:
        """The answer on stdout; with colour, each line that ends in one of ``boards`` (a board's
        rows as the text draws them) has that board styled by ``palette``."""
        self.stop()
        if not self.colour:
            click.echo(text)
            return
        self.out.print(_painted(text, set(boards), palette), markup=False, emoji=False)

    def stop(self) -> None:
        """End the live line, so that nothing else writes over the answer."""
        if self._status is not None:
            self._status.stop()
            self._status = None

    def horizons(self) -> Callable[[HorizonEvent], None]:
        """A planner's progress on a terminal: the horizon being solved live, each verdict a
        lasting line above it."""

        from boardsat.solving.horizon_search import HorizonTried

        def heard(event: HorizonEvent) -> None:
            if isinstance(event, HorizonTried):
                self.show(event.line())
            elif self.live:
                self.note(event.line())

        return heard

    def race_events(self) -> Callable[[RaceEvent], None]:
        """A minimisation's progress: the best solution and the proven bound as they move."""
        best: dict[str, int] = {}

        def heard(event: RaceEvent) -> None:
            if event.objective is not None:
                best["found"] = min(event.objective, best.get("found", event.objective))
            if event.bound is not None:
                best["bound"] = max(event.bound, best.get("bound", event.bound))
            found, bound = best.get("found", "none yet"), best.get("bound", "none yet")
            self.show(f"best found {found}, proven bound {bound} (last: {event.racer})")

        return heard

    @contextlib.contextmanager
    def sweep_progress(self, total: int) -> Iterator[Callable[[str, bool], None]]:
        """A progress bar over a sweep's ``total`` cells (rows done, failures, elapsed) on a
        terminal; elsewhere one lasting line per row. Yields ``done(line, failed)``."""
        self.stop()
        failures = 0
        if not self.live:
            count = 0

            def noted(line: str, failed: bool) -> None:
                nonlocal count
                count += 1
                self.note(f"[{count}/{total}] {line}")

            yield noted
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        bar = Progress(
            TextColumn("sweep"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[failures]} failed"),
            TimeElapsedColumn(),
            console=self.err,
        )
        task = bar.add_task("sweep", total=total, failures=0)

        def advanced(line: str, failed: bool) -> None:
            nonlocal failures
            failures += failed
            bar.console.print(line, markup=False, emoji=False, highlight=False)
            bar.update(task, advance=1, failures=failures)

        with bar:
            yield advanced

    def tours_found(self, count: int) -> None:
        self.show(f"{count} tours so far")


def knights_board(answer: DominationAnswer) -> list[str]:
    """The rows of a domination answer's board, as its text draws them."""
    from boardsat.models.domination.answer import render

    if not answer.result.has_solution:
        return []
    return render(answer.board, answer.placement).split("\n")


def plan_boards(answer: PlanAnswer[Any, Any]) -> list[str]:
    """The rows of every position a plan answer draws: the start and each move's."""
    return [row for position in answer.positions or () for row in answer.puzzle.picture(position)]


def _coloured(console: Console) -> bool:
    return console.is_terminal and not console.no_color and not console.is_dumb_terminal


def _painted(text: str, boards: set[str], palette: Palette) -> Text:
    painted = Text()
    for number, line in enumerate(text.split("\n")):
        if number:
            painted.append("\n")
        board = next((row for row in boards if row and line.endswith(row)), None)
        if board is None:
            painted.append(line)
            continue
        painted.append(line[: len(line) - len(board)])
        for char in board:
            painted.append(char, style=palette.style(char))
    return painted


_current: list[Terminal] = []


@contextlib.contextmanager
def session(quiet: bool) -> Iterator[Terminal]:
    """The command's terminal while it runs; the live line ends with it."""
    terminal = Terminal(quiet)
    _current.append(terminal)
    try:
        terminal.show("solving")
        yield terminal
    finally:
        terminal.stop()
        _current.remove(terminal)


def current() -> Terminal:
    """The running command's terminal (a plain, quiet-less one outside a session)."""
    return _current[-1] if _current else Terminal(quiet=False)
