"""An admissible bound on the fewest moves: a min-cost matching of pieces to goal squares per kind.

Each move moves one piece by one move of its own, so a plan needs at least the empty-board moves
that take every piece to a distinct goal square of its kind. A kind whose pieces cannot all reach
distinct goal squares (a pawn on the top row never moves again) proves that no plan exists.
"""

from __future__ import annotations

from ortools.graph.python.linear_sum_assignment import SimpleLinearSumAssignment

from boardsat.models.shogi.instance import EMPTY, Shogi
from boardsat.models.shogi.model import NEVER, distances_to


def lower_bound(instance: Shogi) -> int | None:
    """Fewest moves if pieces never blocked each other; None when no plan of any length exists."""
    total = 0
    for piece in sorted(set(instance.start) - {EMPTY}):
        starts = [square for square, code in enumerate(instance.start) if code == piece]
        goals = [square for square, code in enumerate(instance.goal) if code == piece]
        matching = SimpleLinearSumAssignment()
        for goal_index, goal in enumerate(goals):
            distance = distances_to(instance.board, piece, [goal])
            for start_index, start in enumerate(starts):
                if distance[start] != NEVER:
                    matching.add_arc_with_cost(start_index, goal_index, distance[start])
        # a piece or goal square without arcs leaves the solver fewer nodes than pieces
        if matching.solve() != matching.OPTIMAL or matching.num_nodes() != len(starts):
            return None
        total += matching.optimal_cost()
    return total
