"""A tour drawn as SVG or PNG, both from one pixel layout.

The layout (:func:`tour_picture`) lives here once so that the two forms cannot drift apart: a
chequered board, the knight's path through the square centres (back to the first square for a
closed tour), the first square marked with a dot and, for an open tour, the last with a small
square. SVG is plain text; PNG needs Pillow (the optional `png` extra), imported only when a PNG
is asked for, so the rest of boardsat runs without it.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from boardsat.errors import BoardsatError
from boardsat.models.board import Board, Square

CELL = 40
LIGHT, DARK = "#f0d9b5", "#b58863"
PATH_COLOUR, PATH_WIDTH = "#1a4d8f", 3
START_COLOUR, START_RADIUS = "#c0392b", CELL // 5
END_HALF = 6
MISSING_PILLOW = "PNG output needs Pillow: pip install 'boardsat[png]'"

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


# -- SVG -------------------------------------------------------------------------------------------
def tour_svg(board: Board, tour: Sequence[Square], closed: bool) -> str:
    """The drawing as SVG text (the layout is :func:`tour_picture`)."""
    picture = tour_picture(board, tour, closed)
    width, height = picture.width, picture.height
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">'
    ]
    for cell, shade in picture.squares:
        parts.append(_rect(cell, shade))
    if len(picture.stroke) > 1:
        points = " ".join(f"{x},{y}" for x, y in picture.stroke)
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{PATH_COLOUR}" '
            f'stroke-width="{PATH_WIDTH}" stroke-linejoin="round"/>'
        )
    if picture.centres:
        x, y = picture.centres[0]
        parts.append(f'<circle cx="{x}" cy="{y}" r="{START_RADIUS}" fill="{START_COLOUR}"/>')
    end = picture.end_marker
    if end is not None:
        parts.append(_rect(end, PATH_COLOUR))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _rect(rect: Rect, fill: str) -> str:
    return f'<rect x="{rect.x}" y="{rect.y}" width="{rect.width}" height="{rect.height}" fill="{fill}"/>'


# -- PNG -------------------------------------------------------------------------------------------
def require_pillow() -> None:
    """Fail in one line before a long solve, not after it, when no PNG can be made."""
    try:
        importlib.import_module("PIL.Image")
        importlib.import_module("PIL.ImageDraw")
    except ImportError:
        raise BoardsatError(MISSING_PILLOW) from None


def tour_png(board: Board, tour: Sequence[Square], closed: bool) -> bytes:
    """The drawing as PNG bytes (the layout is :func:`tour_picture`)."""
    require_pillow()
    from PIL import Image, ImageDraw

    picture = tour_picture(board, tour, closed)
    image = Image.new("RGB", (picture.width, picture.height))
    draw = ImageDraw.Draw(image)
    for cell, shade in picture.squares:
        draw.rectangle(cell.corners(), fill=shade)
    if len(picture.stroke) > 1:
        draw.line(picture.stroke, fill=PATH_COLOUR, width=PATH_WIDTH, joint="curve")
    if picture.centres:
        x, y = picture.centres[0]
        r = START_RADIUS
        draw.ellipse((x - r, y - r, x + r, y + r), fill=START_COLOUR)
    end = picture.end_marker
    if end is not None:
        draw.rectangle(end.corners(), fill=PATH_COLOUR)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


DRAWINGS: dict[str, Callable[[Board, Sequence[Square], bool], str | bytes]] = {
    "svg": tour_svg,
    "png": tour_png,
}
"""The drawing forms by name (the CLI option that asks for one)."""
