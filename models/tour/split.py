"""Closed tours of large boards in four blocks: each quadrant an open tour with fixed ends.

One circuit over 10,000 squares is the slow part of a 100x100 tour; four open tours over 2,500
squares each are not. The board is cut into quadrants (even sides, so every block holds an even
number of squares), and each block gets a fixed first and last square chosen so that the last
square of one block is a knight's move from the first of the next, round the four blocks:
top-left -> top-right -> bottom-right -> bottom-left -> back. The ends alternate in colour as an
open tour over an even number of squares requires. This module lays the blocks out; the
route that solves them and joins the tour is :func:`boardsat.models.tour.solve.find_closed_by_quadrants`.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardsat.errors import BoardsatError
from boardsat.models.board import Square

MIN_BLOCK = 6
"""The smallest block side tried: below it, open tours with these fixed ends are rare."""


@dataclass(frozen=True)
class Block:
    """One quadrant: its offset on the board, its size, and its fixed ends (block coordinates)."""

    top: int
    left: int
    rows: int
    cols: int
    start: Square
    end: Square


def quadrants(rows: int, cols: int) -> list[Block]:
    """The four blocks and their linking ends; both sides even and split into even halves."""
    if rows * cols % 2:
        raise BoardsatError(
            f"{rows}x{cols} has an odd number of squares, so no closed tour "
            "(every knight's move changes colour)"
        )
    if rows % 2 or cols % 2:
        raise BoardsatError(
            f"the quadrant split needs both sides even ({rows}x{cols} has an odd side); "
            "search the whole board instead"
        )
    h, w = 2 * (rows // 4), 2 * (cols // 4)
    if min(h, w, rows - h, cols - w) < MIN_BLOCK:
        raise BoardsatError(f"the quadrant split needs sides of at least {2 * MIN_BLOCK}")
    # board coordinates of each block's (start, end); each end is a knight's move from the
    # next block's start, across their shared border
    ends = [
        ((h - 2, 1), (0, w - 2)),  # top-left
        ((1, w), (h - 2, cols - 2)),  # top-right
        ((h, cols - 1), (rows - 1, w + 1)),  # bottom-right
        ((rows - 2, w - 1), (h, 0)),  # bottom-left
    ]
    frames = [(0, 0, h, w), (0, w, h, cols - w), (h, w, rows - h, cols - w), (h, 0, rows - h, w)]
    blocks = []
    for (top, left, height, width), (start, end) in zip(frames, ends, strict=True):
        local_start = (start[0] - top, start[1] - left)
        local_end = (end[0] - top, end[1] - left)
        blocks.append(Block(top, left, height, width, local_start, local_end))
    return blocks
