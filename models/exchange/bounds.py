"""Admissible bounds on the fewest moves: a min-cost matching per colour, and the parity.

The planner starts its horizons at :func:`lower_bound` and skips lengths of the wrong
:func:`parity`; a colour whose knights cannot all reach distinct goal squares proves at once
that no plan of any length exists.
"""

from __future__ import annotations

from ortools.graph.python.linear_sum_assignment import SimpleLinearSumAssignment

from boardsat.deadline import Deadline
from boardsat.models.exchange.instance import Exchange, Position
from boardsat.models.exchange.model import knight_distances
from boardsat.oracle import OutOfTime


def lower_bound(exchange: Exchange, deadline: Deadline | None = None) -> int | None:
    """Fewest moves if knights never blocked each other (a min-cost matching per colour).

    None when the knights of some colour cannot all reach distinct goal squares of their colour.
    OR-Tools' assignment solver keeps it polynomial: boards full of knights are bounded at once.
    A board-wide BFS per knight adds up on large boards, so ``deadline`` is looked at before each
    one, and OutOfTime raised once it has passed.
    """
    total = 0
    for colour in exchange.colours:
        code = ord(colour)
        starts = [i for i, piece in enumerate(exchange.start) if piece == code]
        goals = [i for i, piece in enumerate(exchange.goal) if piece == code]
        matching = SimpleLinearSumAssignment()
        for knight, square in enumerate(starts):
            if deadline is not None:
                check_time(deadline)
            distance = knight_distances(exchange.board, [square])
            for goal, target in enumerate(goals):
                step = distance[target]
                if step is not None:
                    matching.add_arc_with_cost(knight, goal, step)
        # a knight or goal square without arcs leaves the solver fewer nodes than knights
        if matching.solve() != matching.OPTIMAL or matching.num_nodes() != len(starts):
            return None
        total += matching.optimal_cost()
    return total + (total % 2 != parity(exchange))


def parity(exchange: Exchange) -> int:
    """The parity every solution's length has: each move changes one knight's square colour."""
    board = exchange.board

    def dark(position: Position, code: int) -> int:
        return sum(
            1 for i, piece in enumerate(position) if piece == code and sum(board.square(i)) % 2 == 0
        )

    return (
        sum(dark(exchange.start, ord(c)) - dark(exchange.goal, ord(c)) for c in exchange.colours)
        % 2
    )


def check_time(deadline: Deadline) -> None:
    """Raise OutOfTime once ``deadline`` has passed: a phase that cannot stop midway starts only
    while time is left."""
    if deadline.expired():
        raise OutOfTime("the time limit passed before the exchange was solved")
