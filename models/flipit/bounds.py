"""Admissible bounds on Flip-It's fewest moves.

A jump turns over only the pieces between its two cells, never the jumper, so it changes the
number of black pieces by at most the longest line's length less two. The planner starts its
horizons at the difference to the goal's count divided by that; any position that is not a goal
needs at least one move.
"""

from __future__ import annotations

from boardsat.models.flipit.instance import BLACK, FlipIt


def most_turned(instance: FlipIt) -> int:
    """The most pieces one jump can turn over."""
    return max((len(line) - 2 for line in instance.board.lines), default=0)


def lower_bound(instance: FlipIt) -> int | None:
    """Fewest moves by the count of black pieces; None when no jump exists but one is needed."""
    if instance.is_goal(instance.start):
        return 0
    wanted = 0 if instance.goal is None else instance.goal.count(BLACK)
    change = abs(instance.start.count(BLACK) - wanted)
    turned = most_turned(instance)
    if turned < 1:
        return None  # no line is long enough for a jump
    return max(1, -(-change // turned))
