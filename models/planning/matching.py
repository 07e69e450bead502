"""The bound the exchange and shogi share: each kind of piece matched to its goal squares.

Each move moves one piece by one of its own moves, so a plan needs at least the empty-board
moves that take every piece to a distinct goal square of its kind: a min-cost assignment per
kind, which OR-Tools solves in polynomial time. A kind whose pieces cannot all reach distinct
goal squares proves that no plan exists. Each puzzle supplies the distance tables (its own
piece moves) once; the assignment is solved per position.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

from ortools.graph.python.linear_sum_assignment import SimpleLinearSumAssignment

Kind = TypeVar("Kind", bound=Hashable)  # what a square holds: a piece's code or name
Distances = Sequence[int | None]
"""Fewest empty-board moves from each square to one goal square (None: never)."""


def matched_distance(
    position: Sequence[Kind], to_goals: Mapping[Kind, Sequence[Distances]]
) -> int | None:
    """The least total distance taking each piece of ``position`` to a goal square of its kind
    (``to_goals``: a table per goal square, by kind); None when some kind cannot be placed."""
    total = 0
    for kind, tables in to_goals.items():
        starts = [square for square, piece in enumerate(position) if piece == kind]
        cost = _assignment(starts, tables)
        if cost is None:
            return None
        total += cost
    return total


def _assignment(starts: list[int], tables: Sequence[Distances]) -> int | None:
    if len(starts) == 1 and len(tables) == 1:
        return tables[0][starts[0]]
    matching = SimpleLinearSumAssignment()
    for goal, distance in enumerate(tables):
        for piece, square in enumerate(starts):
            step = distance[square]
            if step is not None:
                matching.add_arc_with_cost(piece, goal, step)
    # a piece or goal square without arcs leaves the solver fewer nodes than pieces
    if matching.solve() != matching.OPTIMAL or matching.num_nodes() != len(starts):
        return None
    return int(matching.optimal_cost())
