"""A tour drawn as PNG with Pillow, the same picture as the SVG; Pillow is the optional `png` extra.

Pillow is imported only when a PNG is asked for, so the rest of boardsat runs without it.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Sequence

from boardsat.errors import BoardsatError
from boardsat.models.board import Board, Square
from boardsat.models.tour.draw import (
    PATH_COLOUR,
    PATH_WIDTH,
    START_COLOUR,
    START_RADIUS,
    tour_picture,
)

MISSING_PILLOW = "PNG output needs Pillow: pip install 'boardsat[png]'"


def require_pillow() -> None:
    """Fail in one line before a long solve, not after it, when no PNG can be made."""
    try:
        importlib.import_module("PIL.Image")
        importlib.import_module("PIL.ImageDraw")
    except ImportError:
        raise BoardsatError(MISSING_PILLOW) from None


def tour_png(board: Board, tour: Sequence[Square], closed: bool) -> bytes:
    """The drawing as PNG bytes (the layout is `knight_tour_draw.tour_picture`)."""
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
