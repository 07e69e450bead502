"""The order in which a domination model lists the board's squares.

The order decides the knights' variable numbers, the order of the objective's literals (so the
shape of every cardinality encoding built over them: a totalizer's subtrees count neighbouring
literals) and the order the lex-leader break compares squares in. A totalizer whose subtrees count
squares that lie close together learns counts over regions that the covering clauses also talk
about; the queen-domination SAT proofs of 2025 list their squares along a Hilbert curve for this.
Every order is a permutation of the same squares, so the model's solutions stay the same.
"""

from __future__ import annotations

from collections.abc import Callable

from hilbertcurve.hilbertcurve import HilbertCurve

from boardsat.core.errors import BoardsatError
from boardsat.models.board import Board, Square


def _row(board: Board) -> list[Square]:
    return list(board.squares())


def _snake(board: Board) -> list[Square]:
    """Row by row, every other row right to left, so consecutive squares always touch."""
    return [
        (row, col if row % 2 == 0 else board.cols - 1 - col)
        for row in range(board.rows)
        for col in range(board.cols)
    ]


def _enclosing_bits(board: Board) -> int:
    """The bits of the smallest power of two that holds both sides."""
    return max(1, (max(board.rows, board.cols) - 1).bit_length())


def _hilbert(board: Board) -> list[Square]:
    """Along the Hilbert curve of the enclosing power-of-two square, its squares off the board
    left out."""
    squares = list(board.squares())
    curve = HilbertCurve(_enclosing_bits(board), 2)
    distances = curve.distances_from_points([list(square) for square in squares])
    return [square for _, square in sorted(zip(distances, squares, strict=True))]


def _zorder(board: Board) -> list[Square]:
    """Morton order: the bits of row and column interleaved."""
    bits = _enclosing_bits(board)

    def interleaved(square: Square) -> int:
        row, col = square
        return sum(
            ((row >> bit) & 1) << (2 * bit + 1) | ((col >> bit) & 1) << (2 * bit)
            for bit in range(bits)
        )

    return sorted(board.squares(), key=interleaved)


def _coverage(board: Board) -> list[Square]:
    """Squares a knight attacks most from first (the centre), row by row among equals."""
    return sorted(board.squares(), key=lambda square: -len(board.knight_moves(square)))


# the builder's own default, the seeds' numbering; a route picks its order from routes.ORDER
DEFAULT_ORDER = "row"
ORDERS: dict[str, Callable[[Board], list[Square]]] = {
    "row": _row,
    "snake": _snake,
    "hilbert": _hilbert,
    "zorder": _zorder,
    "coverage": _coverage,
}


def check_order(name: str) -> str:
    if name not in ORDERS:
        raise BoardsatError(f"unknown square order {name!r}; known: {', '.join(ORDERS)}")
    return name


def square_order(board: Board, name: str) -> list[Square]:
    """Every square of ``board`` once, in the order ``name``."""
    return ORDERS[check_order(name)](board)
