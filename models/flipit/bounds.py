"""Admissible bounds on Flip-It's fewest moves.

The counting bound, for every board: a jump turns over only the pieces between its two cells,
never the jumper, so it changes the number of black pieces by at most the longest line's length
less two. The planner starts its horizons at the difference to the goal's count divided by that;
any position that is not a goal needs at least one move.

The label bound, for a board that is one line through every cell (``line:N``): give each piece
the label "black, plus its rank among the pieces from the line's start, mod 2". A jump leaves
every other piece's label as it was (the pieces it jumps over turn and each change rank by one;
the rest keep both), so exactly two cells change: the jumper's cell becomes a hole and the hole's
cell takes the jumper, whose label changes when it jumps an even distance. A cell that ends
holding a piece of another label than it starts with (or that starts as a hole) must be filled at
least once, and each jump fills one cell: the number of such cells bounds the moves. Each jump
also changes the parity of (labels that are 1 + the holes' cells), by one label or an odd
distance, so the moves' parity is fixed once the goal's holes are: the bound is the least, over
the goal's possible hole cells, of the cells to fill raised to that parity, and a horizon whose
parity fits no hole placement within it is refuted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from boardsat.models.flipit.instance import BLACK, HOLE, FlipIt, Position

NONE = 1 << 30
"""No goal hole placement has this parity."""


def most_turned(instance: FlipIt) -> int:
    """The most pieces one jump can turn over."""
    return max((len(line) - 2 for line in instance.board.lines), default=0)


def counting_bound(instance: FlipIt) -> int | None:
    """Fewest moves by the count of black pieces; None when no jump exists but one is needed."""
    if instance.is_goal(instance.start):
        return 0
    wanted = 0 if instance.goal is None else instance.goal.count(BLACK)
    change = abs(instance.start.count(BLACK) - wanted)
    turned = most_turned(instance)
    if turned < 1:
        return None  # no line is long enough for a jump
    return max(1, -(-change // turned))


def lower_bound(instance: FlipIt) -> int | None:
    """The best admissible bound this module knows; None when no plan of any length exists."""
    counted = counting_bound(instance)
    fills = label_fills(instance)
    if counted is None or counted == 0 or fills is None:
        return counted
    return max(counted, _least_fitting(fills, _start_parity(instance)))


def estimator(instance: FlipIt) -> Callable[[Position], int | None]:
    """:func:`lower_bound` from any position to ``instance``'s goal, for the best-first search,
    which asks it of every position it meets: on a line with one hole and every piece to turn
    white, the same bound in one pass (:func:`_one_hole_line_estimate`)."""
    line = _whole_line(instance)
    turned = most_turned(instance)
    if instance.goal is not None or turned < 1:
        return lambda position: lower_bound(replace(instance, start=position))
    if line is None:
        return _counting_estimate(turned)
    if instance.start.count(HOLE) != 1:
        return lambda position: lower_bound(replace(instance, start=position))
    return _one_hole_line_estimate(line, turned)


def _counting_estimate(turned: int) -> Callable[[Position], int]:
    """:func:`counting_bound` to all white, without building an instance per position."""
    return lambda position: -(-position.count(BLACK) // turned)


def _one_hole_line_estimate(line: tuple[int, ...], turned: int) -> Callable[[Position], int]:
    """:func:`lower_bound` to all white on a line with one hole: the counting bound, and the
    label bound with its parity (labels, fills and parity as :func:`_one_hole_fills` and
    :func:`_parity` define them), without building an instance per position."""
    cells = len(line)
    in_order = line == tuple(range(cells))
    constant = (cells - 1) // 2  # the goal's white labels add up to this, wherever its hole is

    def estimate(position: Position) -> int:
        text = position if in_order else "".join(position[cell] for cell in line)
        blacks = text.count(BLACK)
        if blacks == 0:
            return 0
        labels: list[int | None] = []
        rank = parity = 0
        for index, cell in enumerate(text):
            if cell == HOLE:
                labels.append(None)
                parity ^= index & 1
            else:
                label = (cell == BLACK) ^ (rank & 1)
                labels.append(label)
                parity ^= label
                rank += 1
        fills = [NONE, NONE]
        after = [0] * (cells + 1)
        for i in range(cells - 1, -1, -1):
            after[i] = after[i + 1] + (labels[i] != ((i - 1) & 1))
        before = 0
        for k in range(cells):
            goal_parity = (constant + k) & 1
            cost = before + after[k + 1]
            if cost < fills[goal_parity]:
                fills[goal_parity] = cost
            before += labels[k] != (k & 1)
        return max(-(-blacks // turned), _least_fitting((fills[0], fills[1]), parity))

    return estimate


def refuted(instance: FlipIt) -> Callable[[int], str | None] | None:
    """For a line board, the horizons the label bound's parity rules out (None elsewhere)."""
    fills = label_fills(instance)
    if fills is None:
        return None
    start = _start_parity(instance)

    def check(horizon: int) -> str | None:
        return "label parity" if fills[start ^ (horizon & 1)] > horizon else None

    return check


def label_fills(instance: FlipIt) -> tuple[int, int] | None:
    """For a board that is one line through every cell: the fewest cells to fill over the goal's
    hole placements whose parity term is 0, and over those where it is 1 (``NONE`` if there is
    none); None for other boards."""
    line = _whole_line(instance)
    if line is None:
        return None
    start = _labels([instance.start[cell] for cell in line])
    if instance.goal is not None:
        goal = [instance.goal[cell] for cell in line]
        fills = _fills(start, _labels(goal))
        result = [NONE, NONE]
        result[_parity(goal)] = fills
        return result[0], result[1]
    return _fewest_fills(start, instance.start.count(HOLE))


def _whole_line(instance: FlipIt) -> tuple[int, ...] | None:
    lines = instance.board.lines
    if len(lines) == 1 and len(lines[0]) == instance.board.cells:
        return lines[0]
    return None


def _labels(cells: list[str]) -> list[int | None]:
    """Each piece's label (black plus its rank mod 2), None for a hole."""
    labels: list[int | None] = []
    rank = 0
    for cell in cells:
        if cell == HOLE:
            labels.append(None)
            continue
        labels.append((cell == BLACK) ^ (rank & 1))
        rank += 1
    return labels


def _fills(start: list[int | None], goal: list[int | None]) -> int:
    """Cells whose goal piece differs from what the start holds there."""
    return sum(1 for now, then in zip(start, goal, strict=True) if then is not None and now != then)


def _parity(cells: list[str]) -> int:
    labels = _labels(cells)
    return (
        sum(1 for label in labels if label) + sum(i for i, c in enumerate(cells) if c == HOLE)
    ) & 1


def _start_parity(instance: FlipIt) -> int:
    line = _whole_line(instance)
    assert line is not None
    return _parity([instance.start[cell] for cell in line])


def _fewest_fills(start: list[int | None], holes: int) -> tuple[int, int]:
    """Over every placement of ``holes`` holes with every piece white: the fewest cells to fill,
    by the goal's parity term."""
    return _one_hole_fills(start) if holes == 1 else _walk_fills(start, holes)


def _walk_fills(start: list[int | None], holes: int) -> tuple[int, int]:
    """:func:`_fewest_fills` by a walk along the line keeping (holes placed, parity so far)."""
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    for index, now in enumerate(start):
        after: dict[tuple[int, int], int] = {}
        for (placed, parity), fills in best.items():
            options = []
            if placed < holes:  # a goal hole here: nothing to fill
                options.append((placed + 1, parity ^ (index & 1), fills))
            label = (index - placed) & 1  # a white piece's colour term is 0
            options.append((placed, parity ^ label, fills + (now != label)))
            for key_placed, key_parity, cost in options:
                key = (key_placed, key_parity)
                if cost < after.get(key, NONE):
                    after[key] = cost
        best = after
    return best.get((holes, 0), NONE), best.get((holes, 1), NONE)


def _one_hole_fills(start: list[int | None]) -> tuple[int, int]:
    """:func:`_fewest_fills` for one hole, in two passes: with the goal's hole at ``k``, a white
    piece at ``i < k`` has label ``i mod 2`` and one at ``i > k`` label ``(i - 1) mod 2``; those
    labels add up to ``(cells - 1) // 2`` wherever ``k`` is, so the parity term is that plus
    ``k``. The search asks this of every position it meets, hence the closed form."""
    cells = len(start)
    before = [0] * (cells + 1)  # cells before k holding another label than the goal's
    for i, now in enumerate(start):
        before[i + 1] = before[i] + (now != (i & 1))
    after = [0] * (cells + 1)  # the same for cells from k on, wanting (i - 1) mod 2
    for i in range(cells - 1, -1, -1):
        after[i] = after[i + 1] + (start[i] != ((i - 1) & 1))
    best = [NONE, NONE]
    constant = (cells - 1) // 2
    for k in range(cells):
        parity = (constant + k) & 1
        best[parity] = min(best[parity], before[k] + after[k + 1])
    return best[0], best[1]


def _least_fitting(fills: tuple[int, int], start: int) -> int:
    """The fewest moves of a parity some goal placement allows with at least its fills."""
    fitting = []
    for goal_parity, fill in enumerate(fills):
        if fill < NONE:
            needed = start ^ goal_parity  # the moves' parity for this placement
            fitting.append(fill + ((fill & 1) != needed))
    return max(1, min(fitting))
