"""What every planning puzzle states, so one route and one set of checks serve them all.

The knight exchange, Flip-It and the shogi sliding puzzle are solved the same way: increasing
horizons from an admissible bound, the plan decoded into moves and replayed by the puzzle's own
rules, and a BFS over those rules to compare with. A puzzle's ``solve`` module adapts its
instance to :class:`PlanningPuzzle`. The part that only names the rules and the model is written
once, :class:`StatedPuzzle`; the puzzle adds its bounds and its drawings (text and picture). The
adapter holds no logic of its own, so the rules and the builder stay apart.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from boardsat.core.deadline import Deadline
from boardsat.core.planning_task import Action, PlanningTask
from boardsat.models.planning.draw import BoardDrawing

P = TypeVar("P", bound=Hashable)  # a position
M = TypeVar("M")  # a move
T = TypeVar("T", bound="PlanningInstance[Any]")  # an instance


@dataclass(frozen=True)
class SearchGuide(Generic[P]):
    """What the explicit-state search adds to the rules: an admissible ``estimate`` of the moves
    left from a position (never above the fewest; None when the bounds prove no goal reachable),
    a compact ``key`` to store positions under, and the estimate's ``name`` in words."""

    estimate: Callable[[P], int | None]
    key: Callable[[P], Hashable]
    name: str


@dataclass(frozen=True)
class Bounds:
    """What a puzzle proves about its fewest moves before any search: a lower bound, and which
    horizons no plan can have (a parity argument names itself; None lets a horizon be searched)."""

    lower: int
    refuted: Callable[[int], str | None] | None = None


class PlanningPuzzle(Protocol[P, M]):
    """One instance of a planning puzzle, as the shared route and checks see it."""

    @property
    def start(self) -> P: ...

    def is_goal(self, position: P) -> bool:
        """The rules' goal test."""
        ...

    def successors(self, position: P) -> Iterable[tuple[M, P]]:
        """The rules' legal moves and where each leads: what the BFS oracle walks."""
        ...

    def replay(self, moves: Sequence[M]) -> list[P]:
        """The rules' replay of a move list, which must end in a goal (BoardsatError otherwise)."""
        ...

    def planning_task(self) -> PlanningTask:
        """The model's planning task, built apart from the rules."""
        ...

    def plan_moves(self, plan: Sequence[Action]) -> list[M]:
        """The model's decoder: the actions of a plan as moves."""
        ...

    def bounds(self, deadline: Deadline) -> Bounds | None:
        """Admissible bounds, or None when no plan of any length exists (OutOfTime past the
        deadline)."""
        ...

    def search_guide(self) -> SearchGuide[P]:
        """The bounds applied to any position, for the best-first search (built once per run)."""
        ...

    def farthest_sources(self) -> Sequence[P]:
        """Where ``--farthest`` measures from: the start, or the goal set when moves reverse."""
        ...

    def position_text(self, position: P) -> str:
        """The position as one line of the puzzle's own board text."""
        ...

    def picture(self, position: P) -> list[str]:
        """The position drawn as lines of text; one line where its board text says it all."""
        ...

    def drawing(self) -> BoardDrawing[P, M]:
        """The board in pixels and how a position's pieces look, for the plan's pictures."""
        ...

    def goal_text(self) -> str: ...

    def move_name(self, move: M, before: P) -> str:
        """The move as the puzzle's players write it, ``before`` being the position it leaves."""
        ...


class PlanningInstance(Protocol[P]):
    """What the shared adapter reads of an instance: its board, its start and its goal test."""

    @property
    def board(self) -> Any: ...

    @property
    def start(self) -> P: ...

    def is_goal(self, position: P) -> bool: ...


@dataclass(frozen=True)
class RulesAndModel(Generic[T, P, M]):
    """The functions every planning puzzle names the same way: its rules' moves (on the
    instance's board) and replay, its model's planning task and decoder."""

    successors: Callable[[Any, P], Iterable[tuple[M, P]]]
    replay: Callable[[T, Sequence[M]], list[P]]
    planning_task: Callable[[T], PlanningTask]
    plan_moves: Callable[[Sequence[Action]], list[M]]


class StatedPuzzle(Generic[T, P, M]):
    """The half of :class:`PlanningPuzzle` that is the same in every puzzle, written once: a
    puzzle's adapter is a frozen dataclass with an ``instance`` field that subclasses this,
    names its ``parts`` and adds the rest (bounds, search guide, drawings)."""

    instance: T
    parts: RulesAndModel[T, P, M]

    @property
    def start(self) -> P:
        start: P = self.instance.start  # the bound cannot tie the instance's positions to P
        return start

    def is_goal(self, position: P) -> bool:
        return self.instance.is_goal(position)

    def successors(self, position: P) -> Iterable[tuple[M, P]]:
        return self.parts.successors(self.instance.board, position)

    def replay(self, moves: Sequence[M]) -> list[P]:
        return self.parts.replay(self.instance, moves)

    def planning_task(self) -> PlanningTask:
        return self.parts.planning_task(self.instance)

    def plan_moves(self, plan: Sequence[Action]) -> list[M]:
        return self.parts.plan_moves(plan)
