"""An admissible bound on the fewest moves: a min-cost matching of pieces to goal squares per kind.

Each move moves one piece by one move of its own, so a plan needs at least the empty-board moves
that take every piece to a distinct goal square of its kind. A kind whose pieces cannot all reach
distinct goal squares (a pawn on the top row never moves again) proves that no plan exists.
"""

from __future__ import annotations

from collections.abc import Callable

from ortools.graph.python.linear_sum_assignment import SimpleLinearSumAssignment

from boardsat.models.shogi.instance import EMPTY, Position, Shogi
from boardsat.models.shogi.model import NEVER, distances_to


def lower_bound(instance: Shogi) -> int | None:
    """Fewest moves if pieces never blocked each other; None when no plan of any length exists."""
    return estimator(instance)(instance.start)


def estimator(instance: Shogi) -> Callable[[Position], int | None]:
    """:func:`lower_bound` from any position to ``instance``'s goal: each kind's distances to
    each of its goal squares are found once, the matching per position."""
    to_goals = {
        piece: [
            distances_to(instance.board, piece, [goal])
            for goal, code in enumerate(instance.goal)
            if code == piece
        ]
        for piece in sorted(set(instance.goal) - {EMPTY})
    }

    def estimate(position: Position) -> int | None:
        total = 0
        for piece, distances in to_goals.items():
            starts = [square for square, code in enumerate(position) if code == piece]
            cost = _matching(starts, distances)
            if cost is None:
                return None
            total += cost
        return total

    return estimate


def _matching(starts: list[int], distances: list[list[int]]) -> int | None:
    """The least total distance taking each piece to its own goal square (None: impossible)."""
    if len(starts) == 1:
        step = distances[0][starts[0]]
        return None if step == NEVER else step
    matching = SimpleLinearSumAssignment()
    for goal_index, distance in enumerate(distances):
        for start_index, start in enumerate(starts):
            if distance[start] != NEVER:
                matching.add_arc_with_cost(start_index, goal_index, distance[start])
    # a piece or goal square without arcs leaves the solver fewer nodes than pieces
    if matching.solve() != matching.OPTIMAL or matching.num_nodes() != len(starts):
        return None
    return int(matching.optimal_cost())
