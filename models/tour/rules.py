"""The rules of a knight's tour, checked from scratch on a finished tour.

Written apart from the model builder on purpose: it reads no move table and no board object (a
knight's move changes one coordinate by 1 and the other by 2), so a mistake in the builder cannot
hide in the check.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from boardsat.core.wording import counted


def validate_tour(
    rows: int,
    cols: int,
    tour: Sequence[tuple[int, int]],
    *,
    closed: bool,
    start: tuple[int, int] | None = None,
    end: tuple[int, int] | None = None,
) -> list[str]:
    """Everything wrong with ``tour`` as a knight's tour of a rows x cols board (empty: valid).

    Every square exactly once, each step a knight's move, and for a closed tour the last step
    back home; ``start`` and ``end``, when given, must be the first and last squares.
    """
    problems = []
    if len(tour) != rows * cols:
        problems.append(
            f"the tour visits {counted(len(tour), 'square')}, the board has {rows * cols}"
        )
    for row, col in tour:
        if not (0 <= row < rows and 0 <= col < cols):
            problems.append(f"square ({row}, {col}) is off the board")
    if len(set(tour)) != len(tour):
        problems.append("a square is visited twice")
    steps = list(pairwise(tour))
    if closed and tour:
        steps.append((tour[-1], tour[0]))
    for (r1, c1), (r2, c2) in steps:
        if sorted((abs(r1 - r2), abs(c1 - c2))) != [1, 2]:
            problems.append(f"({r1}, {c1}) -> ({r2}, {c2}) is not a knight's move")
    if start is not None and tour and tour[0] != start:
        problems.append(f"the tour starts on {tour[0]}, not {start}")
    if end is not None and tour and tour[-1] != end:
        problems.append(f"the tour ends on {tour[-1]}, not {end}")
    return problems
