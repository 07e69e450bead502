"""The order in which a domination model lists the board's squares.

The order decides the knights' variable numbers, the order of the objective's literals (so the
shape of every cardinality encoding built over them: a totalizer's subtrees count neighbouring
literals) and the order the lex-leader break compares squares in. A totalizer whose subtrees count
squares that lie close together learns counts over regions that the covering clauses also talk
about; the queen-domination SAT proofs of 2025 list their squares along a Hilbert curve for this.
Every order is a permutation of the same squares, so the model's solutions stay the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

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


def _lattice_point(board: Board, square: Square) -> list[int]:
    """The square on its colour's own lattice: one colour's squares form a square lattice turned
    45 degrees, and ``((row + col) // 2, (row - col + cols - 1) // 2)`` numbers it without holes
    (row + col and row - col keep the colour's parity, so no two of its squares meet). A knight's
    targets, on the other colour's lattice, then lie in an axis-parallel ring around it."""
    row, col = square
    return [(row + col) // 2, (row - col + board.cols - 1) // 2]


def _lattice_hilbert(board: Board) -> list[Square]:
    """Along the Hilbert curve over each colour's own lattice (``_lattice_point``); where a
    square of each colour falls on one point, the row-major first comes first."""
    squares = list(board.squares())
    points = [_lattice_point(board, square) for square in squares]
    bits = max(1, max(max(point) for point in points).bit_length())
    distances = HilbertCurve(bits, 2).distances_from_points(points)
    return [square for _, square in sorted(zip(distances, squares, strict=True))]


def _gilbert(board: Board) -> list[Square]:
    """Along the generalized Hilbert ("gilbert") curve of the board itself (J. Cerveny's
    algorithm, 2018): Hilbert-like blocks sized to the board, so no square of the curve lies off
    it, and a step between consecutive squares is one square (a diagonal one at most where a
    side is odd)."""
    if board.cols >= board.rows:
        return list(_gilbert_walk(0, 0, (board.cols, 0), (0, board.rows)))
    return list(_gilbert_walk(0, 0, (0, board.rows), (board.cols, 0)))


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def _gilbert_walk(
    col: int, row: int, major: tuple[int, int], minor: tuple[int, int]
) -> Iterator[Square]:
    """The rectangle from (``col``, ``row``) spanned by ``major`` and ``minor`` (as column and
    row offsets), walked from its corner along ``major``'s side to the next corner."""
    (ax, ay), (bx, by) = major, minor
    width, height = abs(ax + ay), abs(bx + by)
    dax, day, dbx, dby = _sign(ax), _sign(ay), _sign(bx), _sign(by)
    if height == 1 or width == 1:  # one row or one column: walk it
        step, length = ((dax, day), width) if height == 1 else ((dbx, dby), height)
        for _ in range(length):
            yield (row, col)
            col, row = col + step[0], row + step[1]
        return
    ax2, ay2, bx2, by2 = ax // 2, ay // 2, bx // 2, by // 2
    if 2 * width > 3 * height:  # long: two halves side by side, the first one even if it can be
        if abs(ax2 + ay2) % 2 and width > 2:
            ax2, ay2 = ax2 + dax, ay2 + day
        yield from _gilbert_walk(col, row, (ax2, ay2), (bx, by))
        yield from _gilbert_walk(col + ax2, row + ay2, (ax - ax2, ay - ay2), (bx, by))
        return
    if abs(bx2 + by2) % 2 and height > 2:  # up, across, down; the first part even if it can be
        bx2, by2 = bx2 + dbx, by2 + dby
    yield from _gilbert_walk(col, row, (bx2, by2), (ax2, ay2))
    yield from _gilbert_walk(col + bx2, row + by2, (ax, ay), (bx - bx2, by - by2))
    yield from _gilbert_walk(
        col + (ax - dax) + (bx2 - dbx),
        row + (ay - day) + (by2 - dby),
        (-bx2, -by2),
        (-(ax - ax2), -(ay - ay2)),
    )


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
    "lattice-hilbert": _lattice_hilbert,
    "gilbert": _gilbert,
}


def check_order(name: str) -> str:
    if name not in ORDERS:
        raise BoardsatError(f"unknown square order {name!r}; known: {', '.join(ORDERS)}")
    return name


def square_order(board: Board, name: str) -> list[Square]:
    """Every square of ``board`` once, in the order ``name``."""
    return ORDERS[check_order(name)](board)
