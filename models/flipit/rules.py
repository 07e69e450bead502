"""Flip-It's own rules: the legal jumps and the replay of a move list.

A piece jumps along a line over one or more pieces into a hole, never over a hole; each piece it
jumps over is turned over, the jumper is not. The BFS oracle walks :func:`successors` and every
plan the solvers find is replayed by :func:`replay`; neither shares code with the planning task.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from boardsat.core.errors import BoardsatError
from boardsat.models.flipit.instance import BLACK, HOLE, WHITE, FlipBoard, FlipIt, Move, Position

_TURNED = str.maketrans({BLACK: WHITE, WHITE: BLACK})


def successors(board: FlipBoard, position: Position) -> Iterator[tuple[Move, Position]]:
    """Every legal jump from ``position`` and the position it leads to."""
    for line in board.lines:
        for cells in (line, line[::-1]):
            for hole_at, hole in enumerate(cells):
                if position[hole] != HOLE:
                    continue
                # walk back from the hole over pieces; each piece past the first may jump here
                for source_at in range(hole_at - 1, -1, -1):
                    if position[cells[source_at]] == HOLE:
                        break
                    if source_at < hole_at - 1:
                        yield (
                            (cells[source_at], hole),
                            _jump(position, cells[source_at], hole, cells[source_at + 1 : hole_at]),
                        )


def _jump(position: Position, source: int, hole: int, over: Sequence[int]) -> Position:
    after = list(position)
    after[hole], after[source] = position[source], HOLE
    for cell in over:
        after[cell] = position[cell].translate(_TURNED)
    return "".join(after)


def replay(instance: FlipIt, moves: Sequence[Move]) -> list[Position]:
    """The positions a move list passes, checked jump by jump; it must end in a goal position."""
    position = instance.start
    positions = [position]
    for number, move in enumerate(moves, 1):
        position = dict(successors(instance.board, position)).get(move, "")
        if not position:
            raise BoardsatError(f"move {number}: {move[0]} to {move[1]} is not a legal jump")
        positions.append(position)
    if not instance.is_goal(position):
        raise BoardsatError("the moves do not end in a goal position")
    return positions
