"""A shogi sliding puzzle: a board, a start and a goal in SFEN board syntax.

Only the first player's pieces stand on the board: ``K R B G S N L P`` and the promoted ``+R +B
+S +N +L +P``. Rows run top to bottom, separated by ``/``; within a row, files run from the
highest number on the left, and a number stands for that many empty squares. Inside, a position
is a tuple of piece codes in row-major order, ``.`` for an empty square: pieces of one kind are
interchangeable, so a position says which kind stands where, not which piece.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from boardsat.core.errors import BoardsatError
from boardsat.core.keywords import check_fields, refuse_type
from boardsat.models.shogi.published import SEED_GOAL, SEED_START

EMPTY = "."
PIECES = ("K", "R", "B", "G", "S", "N", "L", "P", "+R", "+B", "+S", "+N", "+L", "+P")
MAX_SIDE = 9  # files are written as one digit, ranks as one letter or kanji
Position = tuple[str, ...]
Move = tuple[int, int]
"""From-square and to-square, as row-major indices."""

_TOKEN = re.compile(r"[0-9]+|\+?[A-Za-z]|.")


@dataclass(frozen=True)
class ShogiBoard:
    rows: int
    cols: int

    def __post_init__(self) -> None:
        check_fields(self)
        if not (1 <= self.rows <= MAX_SIDE and 1 <= self.cols <= MAX_SIDE):
            raise BoardsatError(
                f"a board is 1 to {MAX_SIDE} squares each way, not {self.rows} x {self.cols}"
            )


def parse_sfen(text: str, what: str) -> tuple[ShogiBoard, Position]:
    """SFEN board text to a board and a position; BoardsatError says what is wrong in one line."""
    rows = text.strip().split("/")
    parsed = [_row(row, text, what) for row in rows]
    widths = {len(row) for row in parsed}
    if len(widths) != 1:
        raise BoardsatError(f"{what} {text!r} has rows of different lengths")
    board = ShogiBoard(len(parsed), widths.pop())
    return board, tuple(code for row in parsed for code in row)


def _row(row: str, text: str, what: str) -> list[str]:
    codes: list[str] = []
    for token in _TOKEN.findall(row):
        if token.isascii() and token.isdigit():
            empty = int(token) if len(token) <= 2 else MAX_SIDE + 1  # no list of 10**12 squares
            if len(codes) + empty > MAX_SIDE:
                raise BoardsatError(
                    f"{what} {text!r} has a row of more than {MAX_SIDE} squares, the widest board"
                )
            codes += [EMPTY] * empty
        elif token in PIECES:
            codes.append(token)
        elif token.lstrip("+").islower():
            raise BoardsatError(
                f"{what} {text!r} has {token!r}: only the first player's (uppercase) pieces play"
            )
        else:
            raise BoardsatError(
                f"{what} {text!r} has {token!r}: pieces are K R B G S N L P, promoted +R +B +S +N"
                " +L +P, and digits count empty squares"
            )
    if not codes:
        raise BoardsatError(f"{what} {text!r} has an empty row (rows are separated by '/')")
    return codes


def sfen(board: ShogiBoard, position: Position) -> str:
    """The position as SFEN board text, as it is read in."""
    rows = []
    for r in range(board.rows):
        row, empty = "", 0
        for code in position[r * board.cols : (r + 1) * board.cols]:
            if code == EMPTY:
                empty += 1
                continue
            row += (str(empty) if empty else "") + code
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


@dataclass(frozen=True)
class Shogi:
    """An instance: a board, a start and a goal with the same pieces (kinds, counts, promotion)."""

    board: ShogiBoard
    start: Position
    goal: Position

    def is_goal(self, position: Position) -> bool:
        return position == self.goal

    @classmethod
    def parse(cls, start: str, goal: str) -> Shogi:
        for name, text in (("start", start), ("goal", goal)):
            if not isinstance(text, str):
                refuse_type("Shogi.parse", name, text, "text")
        board, first = parse_sfen(start, "start")
        goal_board, last = parse_sfen(goal, "goal")
        if goal_board != board:
            raise BoardsatError(
                f"start is {board.rows} x {board.cols} but goal is"
                f" {goal_board.rows} x {goal_board.cols}"
            )
        pieces, wanted = Counter(first) - Counter(EMPTY), Counter(last) - Counter(EMPTY)
        pieces.pop(EMPTY, None)
        wanted.pop(EMPTY, None)
        if pieces != wanted:
            raise BoardsatError(
                f"start has {_pieces(pieces)} but goal has {_pieces(wanted)}: a move never"
                " takes, adds or promotes a piece"
            )
        return cls(board, first, last)


def _pieces(count: Counter[str]) -> str:
    return " ".join(f"{n}{code}" for code, n in sorted(count.items())) or "no piece"


def seed_instance() -> Shogi:
    """Seed 002: the article's example on 3 x 3."""
    return Shogi.parse(SEED_START, SEED_GOAL)
