"""The total variant splits into two independent covers, one per square colour.

A knight always moves to a square of the other colour. So when every square must be attacked,
occupied ones too, the knights on dark squares must attack every light square, the knights on
light squares every dark one, and neither set helps the other: the minimum is the sum of two
covering minima, each over half the board's squares. When a side is even, a reflection swaps the
colours, so both halves have the same minimum and one solve gives both.

Even boards gain most (one half of half the size does the whole proof); odd boards split too,
since where the whole board was quicker it was the builder's square order, not the split, that
decided it (bench/results/domination.md, the total section).
"""

from __future__ import annotations

from boardsat.models.board import Board, Square, Transform

COLOURS = ("dark", "light")


COLOUR_RULE = (
    "row 0 is the top row and column 0 the left one; square (r, c) of a board of R + 1 rows is"
    " dark when R - r + c is even (a1, bottom left, is dark) and light otherwise"
)


def colour(board: Board, square: Square) -> str:
    """The square's colour on a chessboard, a1 (bottom-left) dark."""
    return COLOURS[(board.rows - 1 - square[0] + square[1]) % 2]


def knight_squares(board: Board, knights_on: str | None) -> list[Square]:
    """The squares a knight may stand on, row-major: the whole board, or one colour's half."""
    return [s for s in board.squares() if knights_on is None or colour(board, s) == knights_on]


def colour_swap(board: Board) -> Transform | None:
    """A reflection that maps every square to one of the other colour; None when both sides are
    odd, where the two colours differ in number and no symmetry swaps them."""
    if board.cols % 2 == 0:
        return lambda s: (s[0], board.cols - 1 - s[1])
    if board.rows % 2 == 0:
        return lambda s: (board.rows - 1 - s[0], s[1])
    return None


def halves_to_solve(board: Board) -> tuple[str, ...]:
    """The colours whose knights must be solved for, quickest half first.

    With both sides odd, the corners' colour has one square more; the knights on it attack the
    other colour, which holds no corner, and that half has proven the quicker one
    (bench/results/domination.md), so it runs first and leaves the rest of a time limit to the
    other.
    """
    corner = colour(board, (0, 0))
    if colour_swap(board) is not None:
        return (corner,)
    return (corner, COLOURS[1 - COLOURS.index(corner)])


def colour_swap_rule(board: Board) -> str | None:
    """The reflection ``colour_swap`` takes, in words (``Board.symmetry_rule``)."""
    if board.cols % 2 == 0:
        return board.symmetry_rule("flip-cols")
    if board.rows % 2 == 0:
        return board.symmetry_rule("flip-rows")
    return None
