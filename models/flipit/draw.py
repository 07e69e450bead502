"""Flip-It as text: positions in cell order, moves as the jumper's colour and its two cells."""

from __future__ import annotations

from boardsat.models.flipit.instance import STAR, FlipBoard, Move, Position

STAR_LAYOUT = (
    (0, 6),
    (1, 0), (1, 4), (1, 8), (1, 12),
    (2, 2), (2, 10),
    (3, 0), (3, 4), (3, 8), (3, 12),
    (4, 6),
)  # fmt: skip
"""Where each star cell stands in the picture (line, column): each of the star's lines is a row
or a diagonal of the picture."""


def picture(board: FlipBoard, position: Position) -> list[str]:
    """The star drawn as a star; any other board as its position text, in cell order."""
    if board != STAR:
        return [position]
    rows = [[" "] * 13 for _ in range(5)]
    for cell, (row, column) in enumerate(STAR_LAYOUT):
        rows[row][column] = position[cell]
    return ["".join(row).rstrip() for row in rows]


def move_name(move: Move, before: Position) -> str:
    """``B 5-0``: the colour that jumps, from its cell to the hole's."""
    source, target = move
    return f"{before[source]} {source}-{target}"
