"""A Flip-It instance: a board of cells and straight lines, a start, and a goal.

Positions are text, one character per cell in cell order: ``B`` and ``W`` for the two sides of a
piece, ``.`` for a hole (the seed's start is ``.BBBBBBBBBBB``). The goal is a position, or, by
default, every piece white with the holes anywhere.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from boardsat.core.errors import BoardsatError
from boardsat.core.keywords import check_fields, is_whole, refuse_type
from boardsat.core.wording import counted
from boardsat.models.flipit.published import SEED_START, STAR_LINES
from boardsat.models.instance_file import Table, read_toml_file

HOLE = "."
BLACK = "B"
WHITE = "W"
Position = str
Move = tuple[int, int]
"""The jumping piece's cell and the hole it lands in."""
MAX_CELLS = 64


@dataclass(frozen=True)
class FlipBoard:
    """Cells ``0 .. cells - 1`` and the straight lines through them, each an ordered cell tuple.

    Two lines share at most one cell, as straight lines do, so a move is named by its two cells.
    """

    name: str
    cells: int
    lines: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        check_fields(self)
        if not all(isinstance(line, tuple) and all(map(is_whole, line)) for line in self.lines):
            refuse_type("FlipBoard", "lines", self.lines, "a tuple of lines, each a tuple of cells")
        if not 2 <= self.cells <= MAX_CELLS:
            raise BoardsatError(f"a board has 2 to {MAX_CELLS} cells, not {self.cells}")
        for line in self.lines:
            if len(line) < 2 or len(set(line)) != len(line):
                raise BoardsatError(f"line {list(line)} needs two or more distinct cells")
            if not all(0 <= cell < self.cells for cell in line):
                raise BoardsatError(f"line {list(line)} has a cell outside 0..{self.cells - 1}")
        for i, first in enumerate(self.lines):
            for second in self.lines[i + 1 :]:
                if len(set(first) & set(second)) > 1:
                    raise BoardsatError(
                        f"lines {list(first)} and {list(second)} share more than one cell"
                    )


STAR = FlipBoard("star", 12, STAR_LINES)


def line_board(cells: int) -> FlipBoard:
    """The original Flip It: one row of ``cells`` cells (refused before any range is built)."""
    FlipBoard(f"line:{cells}", cells, ())
    return FlipBoard(f"line:{cells}", cells, (tuple(range(cells)),))


BOARD_FORMS = f"star, line:N (a row of N cells, 2 to {MAX_CELLS}), or a TOML board file"
"""The board names ``--board`` takes, as a refusal names them."""


def board_named(name: str) -> FlipBoard:
    """``star``, ``line:N``, or a TOML file with ``cells = N`` and ``lines = [[...], ...]``."""
    if not isinstance(name, str):
        refuse_type("board_named", "name", name, "text")
    if name == "star":
        return STAR
    if not name:  # Path("") is the working folder
        raise BoardsatError(f"an empty board name: name {BOARD_FORMS}")
    found = re.fullmatch(r"line:([0-9]+)", name)
    if found:
        return line_board(int(found.group(1)))
    if name.startswith("line:"):
        raise BoardsatError(f"board {name!r}: line:N takes a whole number N from 2 to {MAX_CELLS}")
    path = Path(name)
    if not os.path.exists(path):  # False, not an error, for a name no file could have
        raise BoardsatError(f"unknown board {name!r}, and no file of that name: name {BOARD_FORMS}")
    return _board_file(path)


def _board_file(path: Path) -> FlipBoard:
    """A board file: the geometry keys alone, read as instance files are read."""
    table = Table(str(path), read_toml_file(path))
    table.refuse_unknown(BOARD_KEYS, "board files")
    return board_from_table(table, path.name)


BOARD_KEYS = ("cells", "lines")
"""A board's geometry as TOML keys: ``cells = N`` and ``lines = [[cell, ...], ...]``."""


def board_from_table(table: Table, name: str) -> FlipBoard:
    """The board that ``cells`` and ``lines`` of ``table`` describe, called ``name``."""
    cells = table.need("cells", int)
    lines = table.data.get("lines")
    if not isinstance(lines, list) or not all(
        isinstance(line, list) and all(type(cell) is int for cell in line) for line in lines
    ):
        raise table.error("lines", "a list of lists of cell numbers is needed")
    with table.checking("cells"):  # the cell count alone first, so that its mistake is its own
        FlipBoard(name, cells, ())
    with table.checking("lines"):
        return FlipBoard(name, cells, tuple(tuple(line) for line in lines))


def parse_position(board: FlipBoard, text: str, what: str) -> Position:
    """Position text checked against ``board``; BoardsatError says what is wrong in one line."""
    position = text.strip().upper()
    if len(position) != board.cells:
        raise BoardsatError(
            f"{what} {text!r} has {counted(len(position), 'cell')}; the {board.name} board has"
            f" {board.cells}"
        )
    bad = re.search(r"[^BW.]", position)
    if bad:
        raise BoardsatError(f"{what} {text!r} has {bad.group()!r}: use B, W, or . for a hole")
    if HOLE not in position:
        raise BoardsatError(f"{what} {text!r} has no hole: no piece could move")
    return position


@dataclass(frozen=True)
class FlipIt:
    """An instance: ``goal`` None means every piece white, the holes anywhere."""

    board: FlipBoard
    start: Position
    goal: Position | None = None

    @classmethod
    def parse(cls, board: FlipBoard | str, start: str, goal: str | None = None) -> FlipIt:
        """The instance of ``board`` (a board, or its name as ``board_named`` reads it), with
        ``start`` and ``goal`` as position text; BoardsatError says what is wrong in one line."""
        if isinstance(board, str):
            board = board_named(board)
        if not isinstance(board, FlipBoard):
            refuse_type("FlipIt.parse", "board", board, "a FlipBoard or a board name")
        if not isinstance(start, str):
            refuse_type("FlipIt.parse", "start", start, "text")
        if goal is not None and not isinstance(goal, str):
            refuse_type("FlipIt.parse", "goal", goal, "text or None")
        first = parse_position(board, start, "start")
        if goal is None:
            return cls(board, first)
        last = parse_position(board, goal, "goal")
        if first.count(HOLE) != last.count(HOLE):
            raise BoardsatError(
                f"start has {counted(first.count(HOLE), 'hole')} but goal has {counted(last.count(HOLE), 'hole')}"
            )
        return cls(board, first, last)

    def is_goal(self, position: Position) -> bool:
        if self.goal is not None:
            return position == self.goal
        return BLACK not in position


def seed_instance() -> FlipIt:
    """Seed 004: the star with its hole at the top and every piece black."""
    return FlipIt.parse(STAR, SEED_START)
