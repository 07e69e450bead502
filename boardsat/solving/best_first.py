"""A* over a puzzle's own move rules, guided by an admissible bound: the explicit-state route.

The SAT planner proves an optimum by refuting every shorter horizon; a best-first search proves
it by expanding positions in order of ``moves so far + estimate``, where the estimate never
exceeds the true distance to a goal. The first goal taken from the queue is then a fewest-move
plan. Estimates need not be consistent: a position reached again by a shorter path is queued
again (reopened), which keeps the answer optimal. At every moment some position on an optimal
plan waits in the queue with its exact cost so far, so the least ``f`` taken so far is a proven
lower bound: the search reports it as horizons refuted, the way the SAT planner does.

Positions are stored under a compact key (``bytes`` or ``int``) with their best cost and parent;
an estimate of None says no goal is reachable from there (the puzzle's bound proves it), and the
position is dropped.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from boardsat.core.deadline import Deadline

P = TypeVar("P")
M = TypeVar("M")
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class BestFirst(Generic[M]):
    """How a search ended: ``moves`` when it found a plan (fewest moves, proven), ``exhausted``
    when no plan of at most ``max_cost`` moves exists (any length, when there was no such
    limit), neither when the deadline passed. ``bound`` is the proven lower bound: no plan is
    shorter. ``expanded`` and ``stored`` count positions."""

    moves: tuple[M, ...] | None
    exhausted: bool
    bound: int
    expanded: int
    stored: int


def astar(
    start: P,
    successors: Callable[[P], Iterable[tuple[M, P]]],
    is_goal: Callable[[P], bool],
    estimate: Callable[[P], int | None],
    key: Callable[[P], K],
    *,
    max_cost: int | None = None,
    deadline: Deadline | None = None,
    raised: Callable[[int], None] | None = None,
) -> BestFirst[M]:
    """The fewest moves from ``start`` to a goal, by A* with reopening.

    ``estimate`` must be admissible (never above the fewest moves to a goal; None when there is
    none); ``key`` packs a position into a compact hashable value. Positions whose ``f`` passes
    ``max_cost`` are not queued. ``raised(b)`` hears each rise of the proven lower bound ``b``.
    """
    first = estimate(start)
    if first is None or (max_cost is not None and first > max_cost):
        return BestFirst(None, True, 0 if first is None else first, 0, 0)
    best: dict[K, int] = {key(start): 0}
    parent: dict[K, tuple[K, M]] = {}
    # (f, -g, -tie, position): least f first, then the deepest, then the newest
    queue: list[tuple[int, int, int, P]] = [(first, 0, 0, start)]
    bound = expanded = pushed = 0
    while queue:
        f, minus_g, _, position = heapq.heappop(queue)
        cost, here = -minus_g, key(position)
        if cost > best[here]:
            continue  # reached again more cheaply since it was queued
        if f > bound:
            bound = f
            if raised is not None:
                raised(bound)
        if deadline is not None and deadline.expired():  # one expansion can take milliseconds
            return BestFirst(None, False, bound, expanded, len(best))
        if is_goal(position):
            return BestFirst(_path(parent, here), False, cost, expanded, len(best))
        expanded += 1
        step = cost + 1
        for move, after in successors(position):
            there = key(after)
            if step >= best.get(there, step + 1):
                continue
            remaining = estimate(after)
            if remaining is None or (max_cost is not None and step + remaining > max_cost):
                continue
            best[there] = step
            parent[there] = (here, move)
            pushed += 1
            heapq.heappush(queue, (step + remaining, -step, -pushed, after))
    limit = bound if max_cost is None else max(bound, max_cost + 1)
    return BestFirst(None, True, limit, expanded, len(best))


def _path(parent: dict[K, tuple[K, M]], last: K) -> tuple[M, ...]:
    moves: list[M] = []
    while last in parent:
        last, move = parent[last]
        moves.append(move)
    return tuple(reversed(moves))
