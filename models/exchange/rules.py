"""The knight exchange's own rules: the legal moves and the replay of a move list.

The BFS oracle walks :func:`successors`, and every plan the solvers find is replayed by
:func:`replay` before it is shown. Neither shares a move table with the planning task
(:mod:`boardsat.models.exchange.model`): a slip in one table would otherwise fool both.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from boardsat.core.errors import BoardsatError
from boardsat.models.board import Board
from boardsat.models.exchange.instance import EMPTY, Exchange, Move, Position


@cache
def _jumps(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each square index, the indices a knight jumps to, by coordinate arithmetic."""
    return tuple(
        tuple(
            (row + dr) * cols + col + dc
            for dr in (-2, -1, 1, 2)
            for dc in (3 - abs(dr), abs(dr) - 3)
            if 0 <= row + dr < rows and 0 <= col + dc < cols
        )
        for row, col in (divmod(index, cols) for index in range(rows * cols))
    )


def successors(board: Board, position: Position) -> Iterator[tuple[Move, Position]]:
    """Every legal move from ``position`` and the position it leads to."""
    jumps = _jumps(board.rows, board.cols)
    for source, piece in enumerate(position):
        if piece == EMPTY:
            continue
        for target in jumps[source]:
            if position[target] == EMPTY:
                after = bytearray(position)
                after[source], after[target] = EMPTY, piece
                yield (source, target), bytes(after)


def replay(exchange: Exchange, moves: Sequence[Move]) -> list[Position]:
    """The positions a move list passes, checked move by move; it must end at the goal."""
    cols, size = exchange.board.cols, exchange.board.rows * exchange.board.cols
    position = exchange.start
    positions = [position]
    for number, (source, target) in enumerate(moves, 1):
        if not (0 <= source < size and 0 <= target < size):
            raise BoardsatError(f"move {number}: square off the board")
        if position[source] == EMPTY or position[target] != EMPTY:
            raise BoardsatError(
                f"move {number}: needs a knight on its first square, none on its second"
            )
        (r1, c1), (r2, c2) = divmod(source, cols), divmod(target, cols)
        if sorted((abs(r1 - r2), abs(c1 - c2))) != [1, 2]:
            raise BoardsatError(f"move {number}: not a knight move")
        after = bytearray(position)
        after[source], after[target] = EMPTY, position[source]
        position = bytes(after)
        positions.append(position)
    if position != exchange.goal:
        raise BoardsatError("the moves do not end at the goal")
    return positions
