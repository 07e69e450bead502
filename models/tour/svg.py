"""A tour drawn as SVG: plain text, so no drawing library is needed."""

from __future__ import annotations

from collections.abc import Sequence

from boardsat.models.board import Board, Square
from boardsat.models.tour.draw import (
    PATH_COLOUR,
    PATH_WIDTH,
    START_COLOUR,
    START_RADIUS,
    Rect,
    tour_picture,
)


def tour_svg(board: Board, tour: Sequence[Square], closed: bool) -> str:
    """The drawing as SVG text (the layout is `knight_tour_draw.tour_picture`)."""
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
