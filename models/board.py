"""Rectangular boards: squares, knight moves, and square names (chess notation or ``row,col``).

Squares are ``(row, col)`` pairs, 0-based, row 0 at the top as boards are printed. In chess
notation ``a1`` is the bottom-left square, so the rank counts rows from the bottom.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

from boardsat.core.errors import BoardsatError
from boardsat.core.keywords import check_fields, is_whole

Square = tuple[int, int]
Transform = Callable[[Square], Square]
"""A symmetry of the board, square by square."""
KNIGHT_STEPS: tuple[Square, ...] = (
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
)
SYMMETRY_RULES = {  # Board.symmetries in words, R and C the last row and column
    "rot180": "(r, c) -> (R - r, C - c)",
    "flip-rows": "(r, c) -> (R - r, c)",
    "flip-cols": "(r, c) -> (r, C - c)",
    "transpose": "(r, c) -> (c, r)",
    "anti-transpose": "(r, c) -> (C - c, R - r)",
    "rot90": "(r, c) -> (c, R - r)",
    "rot270": "(r, c) -> (C - c, r)",
}
# beyond this the models alone take gigabytes and minutes to build (300x300: about 1 GB, 10 s)
MAX_SQUARES = 250_000


def is_square(value: object) -> bool:
    """Whether ``value`` is a square as the models keep one: a tuple of two whole numbers."""
    return isinstance(value, tuple) and len(value) == 2 and all(map(is_whole, value))


@dataclass(frozen=True)
class Board:
    """An m x n board; rejects sides below 1 and boards beyond MAX_SQUARES."""

    rows: int
    cols: int

    def __post_init__(self) -> None:
        check_fields(self)
        for name, value in (("rows", self.rows), ("cols", self.cols)):
            if value < 1:
                raise BoardsatError(f"{name} must be at least 1, got {value}")
        if self.rows * self.cols > MAX_SQUARES:
            raise BoardsatError(
                f"a {self.rows}x{self.cols} board has more than the {MAX_SQUARES} squares"
                " boardsat builds models for"
            )

    def squares(self) -> Iterator[Square]:
        for row in range(self.rows):
            for col in range(self.cols):
                yield (row, col)

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def index(self, square: Square) -> int:
        """Row-major number of a square (the seeds number cells this way)."""
        return square[0] * self.cols + square[1]

    def square(self, index: int) -> Square:
        return divmod(index, self.cols)

    def contains(self, square: Square) -> bool:
        return 0 <= square[0] < self.rows and 0 <= square[1] < self.cols

    def symmetry_rule(self, name: str) -> str:
        """The symmetry ``name`` of ``symmetries`` square by square, in words a referee reads
        (this board's last row and column filled in)."""
        last = {"R": str(self.rows - 1), "C": str(self.cols - 1)}
        return re.sub("[RC]", lambda found: last[found.group()], SYMMETRY_RULES[name])

    def symmetries(self) -> dict[str, Transform]:
        """The non-identity rotations and reflections of the board, one per distinct action on
        its squares. A knight's moves look the same under each."""
        last_row, last_col = self.rows - 1, self.cols - 1
        candidates: dict[str, Transform] = {
            "rot180": lambda s: (last_row - s[0], last_col - s[1]),
            "flip-rows": lambda s: (last_row - s[0], s[1]),
            "flip-cols": lambda s: (s[0], last_col - s[1]),
        }
        if self.rows == self.cols:
            candidates |= {
                "transpose": lambda s: (s[1], s[0]),
                "anti-transpose": lambda s: (last_col - s[1], last_row - s[0]),
                "rot90": lambda s: (s[1], last_row - s[0]),
                "rot270": lambda s: (last_col - s[1], s[0]),
            }
        squares = list(self.squares())
        seen = {tuple(squares)}
        found: dict[str, Transform] = {}
        for name, transform in candidates.items():
            image = tuple(transform(square) for square in squares)
            if image not in seen:
                seen.add(image)
                found[name] = transform
        return found

    def reflections(self) -> tuple[tuple[int, ...], ...]:
        """The symmetries that are their own inverse (all but the quarter turns), each as the
        square indices it sends the squares to, row by row."""
        squares = list(self.squares())
        return tuple(
            tuple(self.index(transform(square)) for square in squares)
            for transform in self.symmetries().values()
            if all(transform(transform(square)) == square for square in squares)
        )

    def knight_moves(self, square: Square) -> list[Square]:
        """The squares a knight on ``square`` attacks, in a fixed order. Each square's moves are
        listed when first asked for, not the whole board's at once: a model build looks at its
        deadline between squares, and listing 500x500's took seconds before its first look."""
        moves = self._knight_moves.get(square)
        if moves is None:
            row, col = square
            targets = ((row + dr, col + dc) for dr, dc in KNIGHT_STEPS)
            moves = [target for target in targets if self.contains(target)]
            self._knight_moves[square] = moves
        return moves

    @cached_property
    def _knight_moves(self) -> dict[Square, list[Square]]:
        return {}

    # -- names ---------------------------------------------------------------------------------
    def name(self, square: Square) -> str:
        """Chess notation: file letter(s) from the left, rank from the bottom (``a1``)."""
        return f"{_file_letters(square[1])}{self.rows - square[0]}"

    def parse(self, text: str) -> Square:
        """A square from chess notation (``b3``) or 0-based ``row,col``; BoardsatError otherwise."""
        cleaned = text.strip().lower()
        pair = re.fullmatch(r"([0-9]+)\s*,\s*([0-9]+)", cleaned)
        if pair:
            square = (int(pair.group(1)), int(pair.group(2)))
        else:
            chess = re.fullmatch(r"([a-z]+)([0-9]+)", cleaned)
            if not chess:
                raise BoardsatError(
                    f"cannot read square {text!r}: use chess notation (a1) or row,col"
                )
            col = _file_number(chess.group(1))
            square = (self.rows - int(chess.group(2)), col)
        if not self.contains(square):
            raise BoardsatError(f"square {text!r} is off the {self.rows}x{self.cols} board")
        return square


def _file_letters(col: int) -> str:
    letters = ""
    col += 1
    while col:
        col, remainder = divmod(col - 1, 26)
        letters = chr(ord("a") + remainder) + letters
    return letters


def _file_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + (ord(letter) - ord("a") + 1)
    return number - 1
