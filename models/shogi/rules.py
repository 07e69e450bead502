"""The shogi sliding puzzle's own rules: each piece's move, the legal moves, and the replay.

Each piece's move is drawn here as shogi books draw it: a 5 x 5 chart around the piece (``@``),
the first player moving up the page; ``o`` marks a square it steps or jumps to, ``*`` the first
square of a line it slides along until the square before the first piece. No move takes, and no
piece promotes during the puzzle. The BFS oracle walks :func:`successors` and every plan the
solvers find is replayed by :func:`replay`; neither shares a move table with the planning task.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from boardsat.core.errors import BoardsatError
from boardsat.models.shogi.instance import EMPTY, Move, Position, Shogi, ShogiBoard

_GOLD = (".....", ".ooo.", ".o@o.", "..o..", ".....")
_CHARTS = {
    "K": (".....", ".ooo.", ".o@o.", ".ooo.", "....."),
    "R": (".....", "..*..", ".*@*.", "..*..", "....."),
    "B": (".....", ".*.*.", "..@..", ".*.*.", "....."),
    "G": _GOLD,
    "S": (".....", ".ooo.", "..@..", ".o.o.", "....."),
    "N": (".o.o.", ".....", "..@..", ".....", "....."),
    "L": (".....", "..*..", "..@..", ".....", "....."),
    "P": (".....", "..o..", "..@..", ".....", "....."),
    "+R": (".....", ".o*o.", ".*@*.", ".o*o.", "....."),
    "+B": (".....", ".*o*.", ".o@o.", ".*o*.", "....."),
    "+S": _GOLD,
    "+N": _GOLD,
    "+L": _GOLD,
    "+P": _GOLD,
}


@cache
def _chart(piece: str) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The chart read as (row, column) offsets: the steps and jumps, and the slide directions."""
    steps, slides = [], []
    for r, line in enumerate(_CHARTS[piece]):
        for c, mark in enumerate(line):
            if mark == "o":
                steps.append((r - 2, c - 2))
            elif mark == "*":
                slides.append((r - 2, c - 2))
    return tuple(steps), tuple(slides)


def targets(board: ShogiBoard, position: Position, square: int) -> Iterator[int]:
    """The empty squares the piece on ``square`` can move to."""
    steps, slides = _chart(position[square])
    row, col = divmod(square, board.cols)

    def inside(r: int, c: int) -> bool:
        return 0 <= r < board.rows and 0 <= c < board.cols

    for dr, dc in steps:
        r, c = row + dr, col + dc
        if inside(r, c) and position[r * board.cols + c] == EMPTY:
            yield r * board.cols + c
    for dr, dc in slides:
        r, c = row + dr, col + dc
        while inside(r, c) and position[r * board.cols + c] == EMPTY:
            yield r * board.cols + c
            r, c = r + dr, c + dc


def successors(board: ShogiBoard, position: Position) -> Iterator[tuple[Move, Position]]:
    """Every legal move from ``position`` and the position it leads to."""
    for square, piece in enumerate(position):
        if piece == EMPTY:
            continue
        for target in targets(board, position, square):
            after = list(position)
            after[square], after[target] = EMPTY, piece
            yield (square, target), tuple(after)


def replay(instance: Shogi, moves: Sequence[Move]) -> list[Position]:
    """The positions a move list passes, checked move by move; it must end at the goal."""
    board, position = instance.board, instance.start
    positions = [position]
    for number, (source, target) in enumerate(moves, 1):
        size = board.rows * board.cols
        if not (0 <= source < size and 0 <= target < size):
            raise BoardsatError(f"move {number}: square off the board")
        if position[source] == EMPTY or target not in set(targets(board, position, source)):
            raise BoardsatError(f"move {number}: not a legal move of a piece")
        after = list(position)
        after[source], after[target] = EMPTY, position[source]
        position = tuple(after)
        positions.append(position)
    if position != instance.goal:
        raise BoardsatError("the moves do not end at the goal")
    return positions
