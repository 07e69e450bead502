"""The explicit-state routes: A* on the puzzle's bounds (``search``) and plain BFS (``bfs``).

Both walk the puzzle's own rules, so their plans are the rules' moves; the answer replays them
all the same. The search reports each rise of its proven lower bound as a horizon refuted
``by A*``, so its answers read like the SAT planner's: a plan proven optimal, no plan of at most
``H`` moves, or UNKNOWN with the lengths refuted so far.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from boardsat.core.deadline import Deadline, cancelled
from boardsat.core.results import Status
from boardsat.models.planning.answer import PlanAnswer
from boardsat.models.planning.puzzle import M, P, PlanningPuzzle
from boardsat.reference.oracle import Exploration, OutOfTime
from boardsat.solving.best_first import astar
from boardsat.solving.horizon_search import Ending, HorizonEvent, HorizonReport, PlanOutcome

SEARCH = "search"
BFS = "bfs"
BY_SEARCH = "A*"


def search_plan(
    puzzle: PlanningPuzzle[P, M],
    *,
    max_horizon: int | None = None,
    time_limit: float | None = None,
    bounds: bool = True,
    progress: Callable[[HorizonEvent], None] | None = None,
) -> PlanAnswer[P, M]:
    """The fewest moves by A* on the puzzle's admissible estimate, up to ``max_horizon``;
    without ``bounds`` every estimate is 0, and A* searches as uniform-cost search does."""
    deadline = Deadline(time_limit)
    guide = puzzle.search_guide()
    if not bounds:
        guide = replace(guide, estimate=_no_estimate, name="no bound")
    first = guide.estimate(puzzle.start)
    lower = 0 if first is None else first
    told = _Told(lower, progress)
    found = astar(
        puzzle.start,
        puzzle.successors,
        puzzle.is_goal,
        guide.estimate,
        guide.key,
        max_cost=max_horizon,
        deadline=deadline,
        raised=told.refuted_below,
    )
    if found.moves is not None:
        ending = Ending.PLAN
        told.found(len(found.moves))
    else:
        ending = Ending.NO_PLAN if found.exhausted else Ending.UNKNOWN
    encoding = f"A* on {guide.name}; {found.expanded} positions expanded, {found.stored} stored"
    outcome = PlanOutcome(
        ending,
        found.moves,
        tuple(told.reports),
        lower,
        max_horizon if first is not None else None,
        SEARCH,
        encoding,
        deadline.elapsed(),
        SEARCH,
        ending is Ending.UNKNOWN and cancelled(),
    )
    return _answer(puzzle, outcome, found.moves)


class _Told:
    """The search's horizons as reports, each timed from the one before, told as they come."""

    def __init__(self, lower: int, progress: Callable[[HorizonEvent], None] | None) -> None:
        self.lower = lower
        self.progress = progress
        self.reports: list[HorizonReport] = []
        self.last = time.perf_counter()

    def refuted_below(self, bound: int) -> None:
        """No plan is shorter than ``bound``: each length not reported yet is refuted."""
        for horizon in range(self.lower + len(self.reports), bound):
            self._tell(horizon, Status.UNSATISFIABLE)

    def found(self, length: int) -> None:
        self.refuted_below(length)
        self._tell(length, Status.SATISFIABLE)

    def _tell(self, horizon: int, status: Status) -> None:
        now = time.perf_counter()
        self.reports.append(HorizonReport(horizon, status, now - self.last, BY_SEARCH))
        self.last = now
        if self.progress is not None:
            self.progress(self.reports[-1])


def _no_estimate(_position: object) -> int:
    return 0


def bfs_plan(
    puzzle: PlanningPuzzle[P, M],
    *,
    max_horizon: int | None = None,
    time_limit: float | None = None,
) -> PlanAnswer[P, M]:
    """The fewest moves by the BFS oracle over the rules: every layer up to the goal's."""
    deadline = Deadline(time_limit)
    found: Exploration[P, M] = Exploration(puzzle.successors, [puzzle.start])
    try:
        goal = found.grow(stop=puzzle.is_goal, deadline=deadline)
    except OutOfTime:
        goal, ending = None, Ending.UNKNOWN
    else:
        ending = Ending.NO_PLAN if goal is None else Ending.PLAN
    moves = None if goal is None else tuple(step.move for step in found.path_to(goal))
    limit = None  # a search that ran out of positions proves no plan of any length
    if moves is not None and max_horizon is not None and len(moves) > max_horizon:
        ending, moves, limit = Ending.NO_PLAN, None, max_horizon
    # each layer up to the goal's (or, stopped, up to ``depth``) was checked whole for a goal
    refuted = {Ending.PLAN: len(moves or ()), Ending.UNKNOWN: found.depth + 1}.get(ending, 0)
    reports = [HorizonReport(h, Status.UNSATISFIABLE, 0.0, BFS) for h in range(refuted)]
    if moves is not None:
        reports.append(HorizonReport(len(moves), Status.SATISFIABLE, deadline.elapsed(), BFS))
    encoding = f"breadth-first search over the rules; {found.reachable} positions stored"
    interrupted = ending is Ending.UNKNOWN and cancelled()
    outcome = PlanOutcome(
        ending, moves, tuple(reports), 0, limit, BFS, encoding, deadline.elapsed(), BFS, interrupted
    )
    return _answer(puzzle, outcome, moves)


def _answer(
    puzzle: PlanningPuzzle[P, M], outcome: PlanOutcome, moves: tuple[M, ...] | None
) -> PlanAnswer[P, M]:
    """The answer, its moves replayed by the rules (a BoardsatError if they fail)."""
    if moves is None:
        return PlanAnswer(puzzle, outcome, None, None)
    return PlanAnswer(puzzle, outcome, moves, tuple(puzzle.replay(moves)))
