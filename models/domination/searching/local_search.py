"""A weighted local search for a small cover: the fewest sets whose union is every element.

One colour's half of a total placement is such a cover: each knight square is a set, the squares
of the other colour it attacks are its elements. The search keeps a cover of k sets, drops one to
aim at k - 1, then swaps sets one for one: it drops the set whose loss weighs least and adds the
best set over a random uncovered element, and each step it leaves elements uncovered, their
weights grow, so that the squares the boundary makes hard pull knights towards them.

Two guards keep it from cycling: a set just added is not dropped at once, and a dropped set comes
back only after one of its neighbours (a set sharing an element) has changed (configuration
checking). Ties go to the set that changed longest ago.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from boardsat.core.deadline import cancelled

OnCover = Callable[[int], None]
"""Told the size of each smaller cover as it is found."""

CHECK_EVERY = 256  # steps between looks at the clock and at Ctrl-C
PATIENCE = 25.0
"""A stall ends sooner: once the search has gone PATIENCE times as long as it took to find its
best cover, without a better one. That is about twice the largest such ratio between two better
covers measured on the open terms' halves (bench/results/open_terms.md, "When better covers
come"), where a small board's best comes within milliseconds and a fixed stall waited seconds."""
LEAST_STALL_S = 0.25  # a floor for a best found at once, so that a hiccup ends nothing


@dataclass(frozen=True)
class Cover:
    """The smallest cover found (indices of sets), and the steps taken."""

    sets: frozenset[int]
    steps: int


def weighted_cover(
    sets: Sequence[Sequence[int]],
    elements: int,
    time_limit: float | None,
    *,
    seed: int = 1,
    start: Sequence[int] = (),
    target: int = 0,
    stall: float | None = None,
    on_cover: OnCover | None = None,
) -> Cover:
    """The smallest cover of ``elements`` (0 .. elements - 1) by ``sets`` found within
    ``time_limit`` seconds, from ``start`` (completed greedily) or from a greedy cover; it ends
    early at a cover of ``target`` sets, or when it stalls: ``stall`` seconds after its last
    better cover, or PATIENCE times the seconds it took to find it where that is shorter (but
    at least LEAST_STALL_S). A time limit or a stall must be given. Every element must lie in
    some set."""
    if time_limit is None and stall is None:
        raise ValueError("a cover search needs a time limit or a stall to end")
    state = _State(sets, elements, random.Random(seed))
    state.greedy(start)
    best = frozenset(state.chosen)
    if on_cover is not None:
        on_cover(len(best))
    started = time.perf_counter()
    ends = started + time_limit if time_limit is not None else None
    stalls = _stalls(started, started, stall)
    steps = 0
    least = max(target, 1 if elements else 0)  # no cover of an element has no set
    while len(best) > least:
        if steps % CHECK_EVERY == 0 and _over(ends, stalls):
            break
        steps += 1
        if not state.uncovered:  # a cover one set smaller than the best
            best = frozenset(state.chosen)
            stalls = _stalls(started, time.perf_counter(), stall)
            if on_cover is not None:
                on_cover(len(best))
            state.remove(state.cheapest(tabu=-1), steps)
            continue
        state.remove(state.cheapest(tabu=state.last_added), steps)
        state.add(state.best_over(state.rng.choice(state.uncovered)), steps)
        state.grow_weights()
    return Cover(best, steps)


def _stalls(started: float, found: float, stall: float | None) -> float | None:
    """When a search that began at ``started`` and found its best cover at ``found`` stalls."""
    if stall is None:
        return None
    return found + min(stall, max(LEAST_STALL_S, PATIENCE * (found - started)))


def _over(ends: float | None, stalls: float | None) -> bool:
    now = time.perf_counter()
    return any(at is not None and now >= at for at in (ends, stalls)) or cancelled()


class _State:
    """The current selection with each set's score: for a set outside it, the weight it would
    cover that is uncovered; for a set inside it, minus the weight only it covers."""

    def __init__(self, sets: Sequence[Sequence[int]], elements: int, rng: random.Random) -> None:
        self.sets = [tuple(members) for members in sets]
        self.holders: list[list[int]] = [[] for _ in range(elements)]
        for index, members in enumerate(self.sets):
            for element in members:
                self.holders[element].append(index)
        if any(not holders for holders in self.holders):
            raise ValueError("an element lies in no set: there is no cover")
        self.rng = rng
        self.weight = [1] * elements
        self.count = [0] * elements
        self.score = [len(members) for members in self.sets]
        self.inside = [False] * len(self.sets)
        self.free = [True] * len(self.sets)  # configuration checking: may be added
        self.changed = [0] * len(self.sets)
        self.chosen: set[int] = set()
        self.uncovered = list(range(elements))
        self.where = list(range(elements))  # each uncovered element's place in that list
        self.last_added = -1

    def greedy(self, start: Sequence[int]) -> None:
        for index in start:
            if not self.inside[index]:
                self.add(index, 0)
        while self.uncovered:
            self.add(
                max(range(len(self.sets)), key=lambda s: (not self.inside[s], self.score[s])), 0
            )
        for index in sorted(self.chosen, key=lambda s: self.score[s], reverse=True):
            if self.score[index] == 0:  # covers nothing alone: redundant
                self.remove(index, 0)

    def cheapest(self, tabu: int) -> int:
        """The chosen set whose loss weighs least (not ``tabu``), the oldest change on ties."""
        return max(
            (s for s in self.chosen if s != tabu) if len(self.chosen) > 1 else self.chosen,
            key=lambda s: (self.score[s], -self.changed[s]),
        )

    def best_over(self, element: int) -> int:
        """The set over ``element`` to add: the best score among those free to come back."""
        holders = [s for s in self.holders[element] if self.free[s]] or self.holders[element]
        return max(holders, key=lambda s: (self.score[s], -self.changed[s]))

    def add(self, index: int, step: int) -> None:
        for element in self.sets[index]:
            was = self.count[element]
            self.count[element] = was + 1
            if was == 0:
                self._cover(element)
                for other in self.holders[element]:
                    if other != index:
                        self.score[other] -= self.weight[element]
            elif was == 1:
                self.score[self._sole_holder(element, index)] += self.weight[element]
        self.score[index] = -self.score[index]
        self._changed(index, step)
        self.inside[index] = True
        self.chosen.add(index)
        self.last_added = index

    def remove(self, index: int, step: int) -> None:
        self.inside[index] = False
        self.chosen.discard(index)
        for element in self.sets[index]:
            self.count[element] -= 1
            left = self.count[element]
            if left == 0:
                self._uncover(element)
                for other in self.holders[element]:
                    if other != index:
                        self.score[other] += self.weight[element]
            elif left == 1:
                self.score[self._sole_holder(element, index)] -= self.weight[element]
        self.score[index] = -self.score[index]
        self._changed(index, step)
        self.free[index] = False

    def grow_weights(self) -> None:
        for element in self.uncovered:
            self.weight[element] += 1
            for holder in self.holders[element]:
                self.score[holder] += 1

    def _sole_holder(self, element: int, besides: int) -> int:
        return next(s for s in self.holders[element] if self.inside[s] and s != besides)

    def _changed(self, index: int, step: int) -> None:
        self.changed[index] = step
        for element in self.sets[index]:
            for neighbour in self.holders[element]:
                self.free[neighbour] = True

    def _cover(self, element: int) -> None:
        place, last = self.where[element], self.uncovered[-1]
        self.uncovered[place], self.where[last] = last, place
        self.uncovered.pop()

    def _uncover(self, element: int) -> None:
        self.where[element] = len(self.uncovered)
        self.uncovered.append(element)
