"""What a tour drawing shows, shared by the SVG and PNG forms, and how a drawing file is created.

The geometry lives here once so that the two forms cannot drift apart: a chequered board, the
knight's path through the square centres (back to the first square for a closed tour), the first
square marked with a dot and, for an open tour, the last with a small square. A file the user names
is created, never overwritten.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from boardsat.errors import BoardsatError
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


def new_file_target(path: str) -> Path:
    """The resolved place ``path`` would be created, refused in one line if it cannot be.

    Asked before a long solve, so that a taken name or a missing folder does not cost the answer;
    :func:`write_new_file` still creates the file exclusively, for a name taken meanwhile.
    """
    given = Path(path)
    if given.exists() or given.is_symlink():
        raise BoardsatError(f"{path} exists already; it is not overwritten")
    folder = given.parent
    if not folder.is_dir():
        raise BoardsatError(f"cannot write {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise BoardsatError(f"cannot write {path}: the folder {folder} is not writable")
    return given.resolve()


def write_new_file(path: str, content: str | bytes) -> None:
    """Create ``path`` with ``content``; an existing file is left alone and reported in one line.

    A file this call created but could not fill is removed again, so no truncated drawing is left.
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    target = Path(path)
    try:
        handle = target.open("xb")
    except FileExistsError:
        raise BoardsatError(f"{path} exists already; it is not overwritten") from None
    except OSError as error:
        raise BoardsatError(f"cannot write {path}: {error.strerror or error}") from None
    try:
        with handle:
            handle.write(data)
    except OSError as error:
        target.unlink(missing_ok=True)
        raise BoardsatError(f"cannot write {path}: {error.strerror or error}") from None
