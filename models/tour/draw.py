"""What a tour drawing shows, shared by the SVG and PNG forms.

The geometry lives here once so that the two forms cannot drift apart: a chequered board, the
knight's path through the square centres (back to the first square for a closed tour), the first
square marked with a dot and, for an open tour, the last with a small square.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from boardsat.models.board import Board, Square

CELL = 40
LIGHT, DARK = "#f0d9b5", "#b58863"
PATH_COLOUR, PATH_WIDTH = "#1a4d8f", 3
START_COLOUR, START_RADIUS = "#c0392b", CELL // 5
END_HALF = 6

Point = tuple[int, int]


class Rect(NamedTuple):
    """An axis-aligned rectangle in pixels, as SVG states it."""

    x: int
    y: int
    width: int
    height: int

    def corners(self) -> tuple[int, int, int, int]:
        """Inclusive pixel corners, as Pillow takes them."""
        return (self.x, self.y, self.x + self.width - 1, self.y + self.height - 1)


@dataclass(frozen=True)
class TourPicture:
    """A tour laid out in pixels; square (row, col) has its top-left corner at (col, row) * CELL."""

    width: int
    height: int
    squares: tuple[tuple[Rect, str], ...]
    centres: tuple[Point, ...]
    closed: bool

    @property
    def stroke(self) -> tuple[Point, ...]:
        """The path's points in drawing order; a closed tour returns to its first square."""
        if self.closed and len(self.centres) > 1:
            return (*self.centres, self.centres[0])
        return self.centres

    @property
    def end_marker(self) -> Rect | None:
        """The last square of an open tour (a closed tour has no last square)."""
        if self.closed or not self.centres:
            return None
        x, y = self.centres[-1]
        return Rect(x - END_HALF, y - END_HALF, 2 * END_HALF, 2 * END_HALF)


def square_colour(square: Square) -> str:
    """Light where row + col is even, so the top-left square is light."""
    return LIGHT if sum(square) % 2 == 0 else DARK


def tour_picture(board: Board, tour: Sequence[Square], closed: bool) -> TourPicture:
    """Lay out ``tour`` on ``board``."""
    return TourPicture(
        width=board.cols * CELL,
        height=board.rows * CELL,
        squares=tuple(
            (Rect(col * CELL, row * CELL, CELL, CELL), square_colour((row, col)))
            for row, col in board.squares()
        ),
        centres=tuple((col * CELL + CELL // 2, row * CELL + CELL // 2) for row, col in tour),
        closed=closed,
    )
