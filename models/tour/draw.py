"""A tour drawn as SVG or PNG, both from one layout of shapes (:mod:`boardsat.core.picture`).

:func:`tour_picture` lays the tour out once: a chequered board, the knight's path through the
square centres (back to the first square for a closed tour), the first square marked with a dot
and, for an open tour, the last with a small square.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardsat.core.picture import CELL, Box, Disc, Path, Picture, Rect, chequered
from boardsat.models.board import Board, Square

PATH_COLOUR, PATH_WIDTH = "#1a4d8f", 3
START_COLOUR, START_RADIUS = "#c0392b", CELL // 5
END_HALF = 6


def tour_picture(board: Board, tour: Sequence[Square], closed: bool) -> Picture:
    """Lay out ``tour`` on ``board``."""
    centres = tuple((col * CELL + CELL // 2, row * CELL + CELL // 2) for row, col in tour)
    stroke = (*centres, centres[0]) if closed and len(centres) > 1 else centres
    shapes: list[Box | Disc | Path] = list(chequered(board.rows, board.cols))
    if len(stroke) > 1:
        shapes.append(Path(stroke, PATH_COLOUR, PATH_WIDTH))
    if centres:
        shapes.append(Disc(centres[0], START_RADIUS, START_COLOUR))
    if centres and not closed:  # a closed tour has no last square
        x, y = centres[-1]
        shapes.append(
            Box(Rect(x - END_HALF, y - END_HALF, 2 * END_HALF, 2 * END_HALF), PATH_COLOUR)
        )
    return Picture(board.cols * CELL, board.rows * CELL, tuple(shapes))
