"""A placement drawn as SVG or PNG: the knights, and on every empty square the number of knights
that attack it (as the text board prints it), from one layout of shapes; a count's placements
drawn as a contact sheet, one board per orbit."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from boardsat.core.picture import (
    CELL,
    Box,
    Group,
    Label,
    Picture,
    Polygon,
    caption,
    chequered,
    knight,
    square,
    tiled,
)
from boardsat.models.board import Board, Square

KNIGHT_FILL, KNIGHT_STROKE = "#1b1b1b", "#f8f8f8"
COUNT_COLOUR = "#222222"


def placement_picture(board: Board, placement: Iterable[Square]) -> Picture:
    """Lay out ``placement`` on ``board``: squares, knights, then the counts."""
    knights = frozenset(placement)
    shapes: list[Box | Polygon | Label] = list(chequered(board.rows, board.cols, role="square"))
    for row, col in board.squares():
        cell, place = square(row, col), (("cell", board.index((row, col))),)
        if (row, col) in knights:
            shapes.append(knight(cell, KNIGHT_FILL, KNIGHT_STROKE, place))
        else:
            attackers = sum(1 for other in board.knight_moves((row, col)) if other in knights)
            shapes.append(
                Label(
                    str(attackers), cell.centre, CELL // 2, COUNT_COLOUR, role="count", data=place
                )
            )
    return Picture(board.cols * CELL, board.rows * CELL, tuple(shapes))


def contact_sheet(
    board: Board, representatives: Sequence[tuple[frozenset[Square], int]]
) -> Picture:
    """One board per orbit of placements, each captioned with its number and its orbit's size."""
    panels = [
        Group(
            (
                *placement_picture(board, placement).shapes,
                caption(f"{number}: orbit {size}", board.cols * CELL),
            ),
            role="representative",
            data=(("orbit", size),),
        )
        for number, (placement, size) in enumerate(representatives, 1)
    ]
    return tiled(panels, board.cols * CELL, board.rows * CELL)
