"""An admissible bound on the fewest moves: a min-cost matching of pieces to goal squares per kind.

Each move moves one piece by one move of its own, so a plan needs at least the empty-board moves
that take every piece to a distinct goal square of its kind. A kind whose pieces cannot all reach
distinct goal squares (a pawn on the top row never moves again) proves that no plan exists.
"""

from __future__ import annotations

from collections.abc import Callable

from boardsat.models.planning.matching import matched_distance
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
            [
                None if step == NEVER else step
                for step in distances_to(instance.board, piece, [goal])
            ]
            for goal, code in enumerate(instance.goal)
            if code == piece
        ]
        for piece in sorted(set(instance.goal) - {EMPTY})
    }
    return lambda position: matched_distance(position, to_goals)
