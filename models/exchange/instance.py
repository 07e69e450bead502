"""A knight exchange instance: a board, a start and a goal, read from board text.

Board text lists rows top to bottom separated by ``/`` (the first row is the top rank; ``a1`` is
the bottom-left square), ``.`` for an empty square and a knight's colour letter for each knight
(:data:`KNIGHTS`). Inside, a position is ``bytes`` of those characters in row-major order: compact and
hashable for the BFS oracle.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from boardsat.core.errors import BoardsatError
from boardsat.core.keywords import refuse_type
from boardsat.core.wording import counted
from boardsat.models.board import Board
from boardsat.models.exchange.published import SEED_GOAL, SEED_START

EMPTY = ord(".")
KNIGHTS = {"B": "black", "W": "white", "R": "red", "G": "green", "Y": "yellow"}
"""The knights' colour letters; any number of colours may trade places."""
Position = bytes
Move = tuple[int, int]
"""From-square and to-square, as row-major indices."""
MAX_SQUARES = 1024
"""The largest board the planner takes: its task is grounded whole before the time limit is
looked at again (100x100 took 2 s), and every horizon repeats it."""


def parse_position(text: str) -> tuple[Board, Position]:
    """Board text to a board and a position; BoardsatError names what is wrong."""
    rows = [row.strip() for row in text.strip().split("/")]
    if not rows or not all(rows):
        raise BoardsatError(f"board {text!r} has an empty row (rows are separated by '/')")
    if len({len(row) for row in rows}) != 1:
        raise BoardsatError(f"board {text!r} has rows of different lengths")
    bad = re.search(f"[^.{''.join(KNIGHTS)}]", "".join(rows))
    if bad:
        letters = ", ".join(f"{letter} ({name})" for letter, name in KNIGHTS.items())
        raise BoardsatError(
            f"board {text!r} has {bad.group()!r}: a square holds '.' (empty) or a knight, {letters}"
        )
    board = Board(len(rows), len(rows[0]))
    if board.size > MAX_SQUARES:
        raise BoardsatError(
            f"a {board.rows}x{board.cols} board has more than the {MAX_SQUARES} squares the"
            " exchange planner takes"
        )
    return board, "".join(rows).encode("ascii")


@dataclass(frozen=True)
class Exchange:
    """An instance: a board, a start and a goal with the same knights of each colour."""

    board: Board
    start: Position
    goal: Position

    def is_goal(self, position: Position) -> bool:
        return position == self.goal

    @classmethod
    def parse(cls, start: str, goal: str) -> Exchange:
        for name, text in (("start", start), ("goal", goal)):
            if not isinstance(text, str):
                refuse_type("Exchange.parse", name, text, "text")
        board, first = parse_position(start)
        goal_board, last = parse_position(goal)
        if goal_board != board:
            raise BoardsatError(
                f"start is {board.rows}x{board.cols} but goal is {goal_board.rows}x{goal_board.cols}"
            )
        for colour in sorted((set(first) | set(last)) - {EMPTY}):
            if first.count(colour) != last.count(colour):
                name = KNIGHTS[chr(colour)]
                raise BoardsatError(
                    f"start has {counted(first.count(colour), name + ' knight')} but goal has "
                    f"{counted(last.count(colour), name + ' knight')}"
                )
        return cls(board, first, last)

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(sorted(chr(c) for c in set(self.start) - {EMPTY}))


def seed_instance() -> Exchange:
    """Seed 000: the two rows of knights of a 3-wide, 4-tall board swap places."""
    return Exchange.parse(SEED_START, SEED_GOAL)
