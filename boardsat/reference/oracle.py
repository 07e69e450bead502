"""A breadth-first oracle over a puzzle's own move rules, independent of any encoding.

The planner's answers are only as trustworthy as the check they pass, so the oracle shares nothing
with the planning task: it walks the puzzle's successor function on compact hashable states
(``bytes`` or ``int`` serve well). Each state is kept once, in discovery order, with its parent's
index in an ``array``; layers are contiguous ranges of that order, and moves are not stored but
recovered on demand by asking the rules again, so millions of states fit in memory.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Generic, TypeVar

from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")
Successors = Callable[[S], Iterable[tuple[M, S]]]


LOOK_EVERY = 64
"""States expanded between looks at the deadline: a state of a long Flip-It line has hundreds of
successors, so a coarser look let a limited BFS run a second past its limit."""


class OutOfTime(BoardsatError):
    """The deadline passed before the search finished; callers may report the rest unchecked."""


@dataclass(frozen=True)
class Step(Generic[S, M]):
    """One move of a path and the state it leads to."""

    move: M
    state: S


class Exploration(Generic[S, M]):
    """The states reached from some sources, layer by layer (layer ``d`` = distance ``d``)."""

    def __init__(self, successors: Successors[S, M], sources: Sequence[S]) -> None:
        self.successors = successors
        self.states: list[S] = []
        self.index: dict[S, int] = {}
        self.parent = array("q")
        self.layer_starts: list[int] = [0]
        for source in sources:
            if source not in self.index:
                self._add(source, -1)
        self.layer_starts.append(len(self.states))
        self.complete = False

    def _add(self, state: S, parent: int) -> None:
        self.index[state] = len(self.states)
        self.states.append(state)
        self.parent.append(parent)

    def grow(
        self,
        stop: Callable[[S], bool] | None = None,
        max_states: int | None = None,
        deadline: Deadline | None = None,
    ) -> S | None:
        """Add layers until none is new, or a state satisfies ``stop`` (returned when found).

        A stopped exploration answers for the states it holds, but its last layer is partial;
        the deadline is looked at every ``LOOK_EVERY`` states expanded and raises OutOfTime.
        """
        if stop is not None:
            for state in self.layer(0):
                if stop(state):
                    return state
        while not self.complete:
            begin, end = self.layer_starts[-2], self.layer_starts[-1]
            for position in range(begin, end):
                if deadline is not None and position % LOOK_EVERY == 0 and deadline.expired():
                    raise OutOfTime("the BFS oracle ran out of time")
                for _, child in self.successors(self.states[position]):
                    if child in self.index:
                        continue
                    self._add(child, position)
                    if max_states is not None and len(self.states) > max_states:
                        raise BoardsatError(f"the BFS oracle stopped at {max_states} states")
                    if stop is not None and stop(child):
                        self.layer_starts.append(len(self.states))
                        return child
            if len(self.states) == end:
                self.complete = True
            else:
                self.layer_starts.append(len(self.states))
        return None

    # -- reading --------------------------------------------------------------------------------
    @property
    def reachable(self) -> int:
        return len(self.states)

    @property
    def depth(self) -> int:
        """The distance of the last layer (the farthest distance once complete)."""
        return len(self.layer_starts) - 2

    def layer(self, distance: int) -> list[S]:
        return self.states[self.layer_starts[distance] : self.layer_starts[distance + 1]]

    def layer_sizes(self) -> list[int]:
        starts = self.layer_starts
        return [starts[d + 1] - starts[d] for d in range(len(starts) - 1)]

    def distance(self, state: S) -> int | None:
        position = self.index.get(state)
        if position is None:
            return None
        depth = 0
        while self.layer_starts[depth + 1] <= position:
            depth += 1
        return depth

    def path_to(self, state: S) -> list[Step[S, M]]:
        """The moves from a source to ``state`` (which must have been reached)."""
        chain = [self.index[state]]
        while self.parent[chain[-1]] >= 0:
            chain.append(self.parent[chain[-1]])
        chain.reverse()
        steps: list[Step[S, M]] = []
        for before, after in pairwise(chain):
            target = self.states[after]
            move = next(m for m, child in self.successors(self.states[before]) if child == target)
            steps.append(Step(move, target))
        return steps


def explore(
    successors: Successors[S, M],
    sources: Iterable[S],
    max_states: int | None = None,
    deadline: Deadline | None = None,
) -> Exploration[S, M]:
    """Every state reachable from ``sources``, in distance layers."""
    found: Exploration[S, M] = Exploration(successors, list(sources))
    found.grow(max_states=max_states, deadline=deadline)
    return found


def shortest_path(
    successors: Successors[S, M],
    start: S,
    is_goal: Callable[[S], bool],
    max_states: int | None = None,
    deadline: Deadline | None = None,
) -> list[Step[S, M]] | None:
    """A shortest move sequence from ``start`` to a goal state, or None if none is reachable."""
    found: Exploration[S, M] = Exploration(successors, [start])
    goal = found.grow(stop=is_goal, max_states=max_states, deadline=deadline)
    return None if goal is None else found.path_to(goal)


def farthest(
    successors: Successors[S, M],
    start: S,
    max_states: int | None = None,
    deadline: Deadline | None = None,
) -> tuple[int, list[S], int]:
    """The farthest distance from ``start``, the states at it, and the number of reachable states."""
    found = explore(successors, [start], max_states=max_states, deadline=deadline)
    return found.depth, found.layer(found.depth), found.reachable
