"""Closed tours of large boards in blocks: each block an open tour with fixed ends.

One circuit over 10,000 squares is the slow part of a 100x100 tour; many open tours over a few
hundred squares each are not. The board is cut into quadrants, and further along each side while
the blocks stay at least a given side (:func:`grid`), every block side even, so that every block
holds an even number of squares. The blocks are visited in one cycle (along the
top row, snaking back through the others, up the first column), and each block gets a fixed
first and last square, on the middles of the sides it shares with the blocks before and after
it, so that the last square of one block is a knight's move from the first of the next. Every
first square has the same colour, so every block's ends differ in colour, as an open tour over
an even number of squares requires. This module lays the blocks out; the route that solves them
and joins the tour is :func:`boardsat.models.tour.solve.find_closed_by_quadrants`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from boardsat.core.errors import BoardsatError
from boardsat.models.board import Square

MIN_BLOCK = 6
"""The smallest block side tried: below it, open tours with fixed ends are rare."""
FIRST_COLOUR = 0
"""The colour (``(row + col) % 2``) of every block's first square."""


@dataclass(frozen=True)
class Block:
    """One block: its offset on the board, its size, and its fixed ends (block coordinates)."""

    top: int
    left: int
    rows: int
    cols: int
    start: Square
    end: Square


@dataclass(frozen=True)
class _Frame:
    top: int
    left: int
    rows: int
    cols: int


def check_splittable(rows: int, cols: int) -> None:
    """One line saying why the board cannot be cut into quadrants, if it cannot."""
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
    if min(rows, cols) < 2 * MIN_BLOCK:
        raise BoardsatError(f"the quadrant split needs sides of at least {2 * MIN_BLOCK}")


def grid(rows: int, cols: int, block_side: int) -> tuple[int, int]:
    """Blocks down and across: quadrants, cut further while every block side stays at least
    ``block_side`` (an even number of block rows, so that the cycle through them closes)."""
    if block_side < MIN_BLOCK or block_side % 2:
        raise BoardsatError(f"a block side must be even and at least {MIN_BLOCK}, not {block_side}")
    down = rows // block_side
    return max(2, down - down % 2), max(2, cols // block_side)


def blocks(rows: int, cols: int, block_side: int) -> list[Block]:
    """The board's blocks (:func:`grid`) in cycle order, with their linking ends."""
    check_splittable(rows, cols)
    down, across = grid(rows, cols, block_side)
    heights, widths = _even_parts(rows, down), _even_parts(cols, across)
    tops, lefts = _offsets(heights), _offsets(widths)
    frames = {
        (i, j): _Frame(tops[i], lefts[j], heights[i], widths[j])
        for i in range(down)
        for j in range(across)
    }
    order = _cycle(down, across)
    # board coordinates of each crossing: (last square of one block, first square of the next)
    crossings = [_crossing(frames[a], frames[b]) for a, b in pairwise([*order, order[0]])]
    laid = []
    for index, cell in enumerate(order):
        frame = frames[cell]
        start, end = crossings[index - 1][1], crossings[index][0]
        laid.append(
            Block(
                frame.top,
                frame.left,
                frame.rows,
                frame.cols,
                (start[0] - frame.top, start[1] - frame.left),
                (end[0] - frame.top, end[1] - frame.left),
            )
        )
    return laid


def _even_parts(length: int, parts: int) -> list[int]:
    pairs, extra = divmod(length // 2, parts)
    return [2 * (pairs + (part < extra)) for part in range(parts)]


def _offsets(lengths: list[int]) -> list[int]:
    return [sum(lengths[:index]) for index in range(len(lengths))]


def _cycle(down: int, across: int) -> list[tuple[int, int]]:
    """A cycle through every cell of a grid with an even number of rows: the top row left to
    right, a snake back through the other rows that leaves the first column free, then up the
    first column."""
    cells = [(0, col) for col in range(across)]
    for row in range(1, down):
        columns = range(across - 1, 0, -1) if row % 2 else range(1, across)
        cells.extend((row, col) for col in columns)
    cells.extend((row, 0) for row in range(down - 1, 0, -1))
    return cells


def _crossing(before: _Frame, after: _Frame) -> tuple[Square, Square]:
    """The knight's move from ``before`` into its neighbour ``after``: both squares on the lines
    beside the shared border, two apart along it, round the border's middle, the first square
    of ``after`` of :data:`FIRST_COLOUR`."""
    if before.top == after.top:  # side by side: the border is a column line
        rightwards = after.left > before.left
        exit_col = before.left + before.cols - 1 if rightwards else before.left
        entry_col = exit_col + (1 if rightwards else -1)
        row = before.top + before.rows // 2
        row += (row + entry_col + FIRST_COLOUR) % 2
        return (row - 2, exit_col), (row, entry_col)
    downwards = after.top > before.top
    exit_row = before.top + before.rows - 1 if downwards else before.top
    entry_row = exit_row + (1 if downwards else -1)
    col = before.left + before.cols // 2
    col += (entry_row + col + FIRST_COLOUR) % 2
    return (exit_row, col - 2), (entry_row, col)
