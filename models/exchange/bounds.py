"""Admissible bounds on the fewest moves: a min-cost matching per colour, and the parity.

The planner starts its horizons at :func:`lower_bound` and skips lengths of the wrong
:func:`parity`; a colour whose knights cannot all reach distinct goal squares proves at once
that no plan of any length exists.
"""

from __future__ import annotations

from collections.abc import Callable

from boardsat.core.deadline import Deadline
from boardsat.models.exchange.instance import EMPTY, Exchange, Position
from boardsat.models.exchange.model import knight_distances
from boardsat.models.planning.matching import Distances, matched_distance
from boardsat.reference.oracle import OutOfTime


def lower_bound(exchange: Exchange, deadline: Deadline | None = None) -> int | None:
    """Fewest moves if knights never blocked each other (a min-cost matching per colour), raised
    to the plan's parity.

    None when the knights of some colour cannot all reach distinct goal squares of their colour.
    OR-Tools' assignment solver keeps it polynomial: boards full of knights are bounded at once.
    A board-wide BFS per goal square adds up on large boards, so ``deadline`` is looked at before
    each one, and OutOfTime raised once it has passed.
    """
    return estimator(exchange, deadline)(exchange.start)


def estimator(
    exchange: Exchange, deadline: Deadline | None = None
) -> Callable[[Position], int | None]:
    """:func:`lower_bound` from any position to ``exchange``'s goal: the knight distances to
    each goal square are found once (a knight's move reverses, so a BFS from the goal square
    serves), the matching and the parity per position."""
    to_goals: dict[int, list[Distances]] = {}
    for colour in exchange.colours:
        code = ord(colour)
        to_goals[code] = []
        for square, piece in enumerate(exchange.goal):
            if piece == code:
                if deadline is not None:
                    check_time(deadline)
                to_goals[code].append(knight_distances(exchange.board, [square]))
    dark = [sum(exchange.board.square(i)) % 2 == 0 for i in range(len(exchange.goal))]
    goal_dark = sum(dark[i] for i, piece in enumerate(exchange.goal) if piece != EMPTY)

    def estimate(position: Position) -> int | None:
        total = matched_distance(position, to_goals)
        if total is None:
            return None
        required = (
            sum(dark[i] for i, piece in enumerate(position) if piece != EMPTY) - goal_dark
        ) % 2
        return total + (total % 2 != required)

    return estimate


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
