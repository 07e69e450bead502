"""The routes every planning puzzle shares, the plan replayed by its rules, and the BFS checks
asked for, all under one time limit.

``sat`` searches increasing horizons from the puzzle's bounds; ``search`` is A* on the same
bounds applied to every position (``planning.search``); ``bfs`` is the plain oracle; ``auto``,
the default, searches by A* here for ``GLANCE_S``, then races ``sat`` against ``search`` and
takes the first proof (``planning.race``). A backend named without a route asks for ``sat``,
the route that runs on it: a named solver either answers or is refused before any work. With
``route="auto"`` named too, the backend runs ``sat`` in the race, and A* may answer first.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Generic, TypeVar, cast

from boardsat.core.deadline import Deadline, cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.keywords import (
    check_argument,
    check_keywords,
    check_option_types,
    keywords_of,
    listed_pairs,
)
from boardsat.core.planning_task import Action, PlanningTask
from boardsat.core.seed_check import SeedCheck
from boardsat.core.wording import with_article
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.planning.answer import Farthest, OracleCheck, PlanAnswer
from boardsat.models.planning.puzzle import M, P, PlanningPuzzle
from boardsat.models.planning.race import AUTO, Job, Merged, race_routes
from boardsat.models.planning.search import BFS, SEARCH, bfs_plan, search_plan
from boardsat.reference.oracle import OutOfTime, explore, shortest_path
from boardsat.solving.horizon_search import (
    Ending,
    HorizonEvent,
    check_planner,
    find_plan,
    settled,
)

Progress = Callable[[HorizonEvent], None]
SAT = "sat"
DEFAULT_BACKEND = "cadical195"
"""The planning puzzles' SAT backend unless one is named; their tests vouch for it, so it is not
probed in the caller's process, which the auto route would otherwise make load python-sat."""
GLANCE_S = 0.25
"""The auto route's first look: A* alone, in this process, for this long (bench/results/planning_deep.md)."""
ROUTES = (AUTO, SAT, SEARCH, BFS)
"""The planners a request may name; ``auto`` glances, then races ``sat`` against ``search``."""
Instance = TypeVar("Instance")  # a puzzle's instance


@dataclass(frozen=True)
class PlanRequest(Generic[P, M]):
    """What is asked: the fewest moves of ``puzzle`` by ``route`` (the SAT planner on
    ``backend``), up to ``max_horizon`` (None: until ``time_limit``, or the puzzle's ``cap``
    without either), with the given strengthenings, starting at the puzzle's bounds unless
    ``bounds`` is off; ``verify`` adds the BFS oracle's comparison and ``farthest`` the
    farthest positions."""

    puzzle: PlanningPuzzle[P, M]
    backend: str
    cap: int
    route: str = AUTO
    max_horizon: int | None = None
    time_limit: float | None = None
    strengthenings: Strengthenings = field(default_factory=Strengthenings)
    bounds: bool = True
    verify: bool = False
    farthest: bool = False


def solve(request: PlanRequest[P, M], progress: Progress | None = None) -> PlanAnswer[P, M]:
    """Answer ``request``: one time limit for the planner and the BFS checks after it."""
    deadline = Deadline(request.time_limit)
    answer = shortest_plan(
        request.puzzle,
        request.backend,
        route=request.route,
        cap=request.cap,
        max_horizon=request.max_horizon,
        time_limit=deadline.remaining(),
        strengthenings=request.strengthenings,
        bounds=request.bounds,
        progress=progress,
    )
    if request.verify:
        answer = replace(answer, oracle=compare_with_oracle(answer, deadline))
    if request.farthest:
        answer = replace(answer, farthest=farthest_positions(request.puzzle, deadline))
    if request.verify or request.farthest:
        answer = replace(answer, checked_by=deadline.elapsed())
    return answer


def shortest_plan(
    puzzle: PlanningPuzzle[P, M],
    backend: str,
    *,
    route: str = SAT,
    cap: int,
    max_horizon: int | None = None,
    time_limit: float | None = None,
    strengthenings: Strengthenings | None = None,
    bounds: bool = True,
    progress: Progress | None = None,
    incremental: bool = True,
) -> PlanAnswer[P, M]:
    """The fewest moves up to ``max_horizon``, proven. ``bounds`` starts at the puzzle's lower
    bound, skips the horizons it refutes, and settles at once when it proves that no plan of any
    length exists. Without ``max_horizon`` the horizons grow until ``time_limit``, or up to
    ``cap`` when there is no limit either.

    ``time_limit`` counts from the call, so the bounds, the task's grounding and the encoding's
    set-up spend it too. Grounding and set-up cannot be stopped midway: each phase starts only
    while time is left (the answer is UNKNOWN otherwise), and the solver gets what they left.
    ``route`` picks the planner (:data:`ROUTES`); ``backend``, the strengthenings and
    ``incremental`` (one solver for every horizon, or a fresh one each) are the SAT planner's, on
    its own or in the ``auto`` race.
    """
    if route not in ROUTES:
        raise BoardsatError(f"unknown planning route {route!r}; known: {', '.join(ROUTES)}")
    if route in (SAT, AUTO) and backend != DEFAULT_BACKEND:
        check_planner(backend, time_limit)  # here, not in a racer after the glance's work
    if max_horizon is not None and max_horizon < 0:  # as the commands' --max-horizon refuses it
        raise BoardsatError(f"max_horizon must be at least 0, got {max_horizon}")
    if max_horizon is None and time_limit is None:
        max_horizon = cap
    sat = partial(
        sat_plan,
        puzzle,
        backend,
        max_horizon=max_horizon,
        strengthenings=strengthenings,
        bounds=bounds,
        incremental=incremental,
    )
    search = partial(search_plan, puzzle, max_horizon=max_horizon, bounds=bounds)
    if route == SAT:
        return sat(time_limit=time_limit, progress=progress)
    if route == SEARCH:
        return search(time_limit=time_limit, progress=progress)
    if route == BFS:
        return bfs_plan(puzzle, max_horizon=max_horizon, time_limit=time_limit)
    deadline = Deadline(time_limit)
    told = Merged(progress)  # the glance's refutations are not told again by the race
    glance = search(time_limit=_glance_limit(time_limit), progress=told)
    if glance.outcome.ending is not Ending.UNKNOWN:
        return replace(glance, raced=(SEARCH,))
    jobs: dict[str, Job] = {
        SAT: lambda limit, told: sat(time_limit=limit, progress=told),
        SEARCH: lambda limit, told: search(time_limit=limit, progress=told),
    }
    raced = race_routes(puzzle, jobs, time_limit=deadline.remaining(), progress=told)
    return _with_glance(raced, glance, deadline.elapsed())


def _with_glance(
    raced: PlanAnswer[P, M], glance: PlanAnswer[P, M], seconds: float
) -> PlanAnswer[P, M]:
    """The race's answer, timed from the glance's start. One left UNKNOWN (a limit, or Ctrl-C
    before the racers told anything) keeps the glance's refutations where they reach further."""
    outcome = raced.outcome
    if outcome.ending is Ending.UNKNOWN and glance.outcome.refuted_up_to > outcome.refuted_up_to:
        kept = replace(glance.outcome, interrupted=outcome.interrupted)
        return replace(glance, outcome=replace(kept, seconds=seconds), raced=raced.raced)
    return replace(raced, outcome=replace(outcome, seconds=seconds))


def _glance_limit(time_limit: float | None) -> float:
    """How long the auto route searches here before it starts its race: a small instance is
    proven in that time, without the racers' start-up, which costs more than its search."""
    return GLANCE_S if time_limit is None else min(GLANCE_S, time_limit)


def sat_plan(
    puzzle: PlanningPuzzle[P, M],
    backend: str,
    *,
    max_horizon: int | None,
    time_limit: float | None,
    strengthenings: Strengthenings | None,
    bounds: bool,
    progress: Progress | None,
    incremental: bool,
) -> PlanAnswer[P, M]:
    """The SAT planner's route: increasing horizons on ``backend`` from the puzzle's bounds."""
    deadline = Deadline(time_limit)
    chosen = strengthenings if strengthenings is not None else Strengthenings()

    def settle(ending: Ending, start: int, horizon: int | None) -> PlanAnswer[P, M]:
        outcome = settled(
            ending,
            backend,
            chosen,
            start=start,
            max_horizon=horizon,
            seconds=deadline.elapsed(),
        )
        return PlanAnswer(puzzle, outcome, None, None)

    start = 0
    refuted = None
    try:
        if bounds:
            proven = puzzle.bounds(deadline)
            if proven is None:
                return settle(Ending.NO_PLAN, 0, None)
            start, refuted = proven.lower, proven.refuted
        _check_time(deadline)
        task = puzzle.planning_task()
        _check_time(deadline)
    except OutOfTime:
        return settle(Ending.UNKNOWN, start, max_horizon)
    outcome = find_plan(
        task,
        backend,
        lower_bound=start,
        max_horizon=max_horizon,
        time_limit=deadline.remaining(),
        strengthenings=chosen,
        refuted=refuted,
        progress=progress,
        incremental=incremental,
    )
    if outcome.plan is None:
        return PlanAnswer(puzzle, outcome, None, None)
    actions = cast(tuple[Action, ...], outcome.plan)  # the SAT planner's plan is the task's
    moves = tuple(puzzle.plan_moves(actions))
    return PlanAnswer(puzzle, outcome, moves, tuple(puzzle.replay(moves)))


def _check_time(deadline: Deadline) -> None:
    """A phase that cannot stop midway starts only while time is left."""
    if deadline.expired():
        raise OutOfTime("the time limit passed before the puzzle was solved")


def compare_with_oracle(answer: PlanAnswer[P, M], deadline: Deadline) -> OracleCheck:
    """The BFS oracle's fewest moves, by the rules alone, against the planner's answer.

    A claim of no plan of any length (``max_horizon`` None) is contradicted by any path; an
    UNKNOWN claims nothing the oracle could contradict.
    """
    puzzle, outcome = answer.puzzle, answer.outcome
    try:
        path = shortest_path(puzzle.successors, puzzle.start, puzzle.is_goal, deadline=deadline)
    except OutOfTime:
        return OracleCheck(finished=False, moves=None, agrees=None, interrupted=cancelled())
    best = None if path is None else len(path)
    if outcome.ending is Ending.PLAN:
        agrees = answer.moves is not None and best == len(answer.moves)
    elif outcome.ending is Ending.NO_PLAN:
        limit = outcome.max_horizon
        agrees = best is None or (limit is not None and best > limit)
    else:
        agrees = True
    return OracleCheck(finished=True, moves=best, agrees=agrees)


def farthest_positions(puzzle: PlanningPuzzle[P, M], deadline: Deadline) -> Farthest:
    """The positions farthest from the puzzle's ``farthest_sources`` by BFS; None fields if the
    deadline stopped it."""
    sources = puzzle.farthest_sources()
    source = "start" if list(sources) == [puzzle.start] else "the goal positions"
    try:
        found = explore(puzzle.successors, list(sources), deadline=deadline)
    except OutOfTime:
        return Farthest(source, None, None, None, interrupted=cancelled())
    texts = tuple(puzzle.position_text(p) for p in found.layer(found.depth))
    return Farthest(source, found.depth, texts, found.reachable)


@dataclass(frozen=True)
class PlanRoute(Generic[Instance, P, M]):
    """A planning puzzle's route settings, as data, and its entry points with those defaults:
    ``adapt`` makes the puzzle of an instance, ``strengthen`` is read by ``Strengthenings.parse``,
    ``cap`` is the horizon a search without limits stops at, ``route`` the planner by default;
    ``name`` is the puzzle's, for the error lines of its verbs, and ``kind`` its instance's
    class, which every verb checks it is given."""

    adapt: Callable[[Instance], PlanningPuzzle[P, M]]
    backend: str
    strengthen: str
    cap: int
    route: str = AUTO
    name: str = "planning"
    kind: type = object

    def puzzle(self, verb: str, instance: Instance) -> PlanningPuzzle[P, M]:
        """The puzzle of ``instance``; TypeError in one line when it is not one of ``kind``."""
        what = with_article(self.kind.__name__)
        check_argument(f"{self.name}.{verb}", "instance", instance, self.kind, what)
        return self.adapt(instance)

    def request(self, instance: Instance, **options: Any) -> PlanRequest[P, M]:
        """A request with this route's defaults; ``options`` are PlanRequest's other fields
        (route, backend, max_horizon, time_limit, strengthenings, bounds, verify, farthest).
        A ``backend`` given without a ``route`` asks for ``sat``; beside a route that runs on
        no backend (``search``, ``bfs``) it is refused."""
        check_keywords(f"{self.name}.solve", options, keywords_of(PlanRequest, ("puzzle", "cap")))
        chosen: dict[str, Any] = {"route": self._route(options), "backend": self.backend}
        chosen |= {"cap": self.cap, **options}
        if chosen.get("strengthenings") is None:
            chosen["strengthenings"] = Strengthenings.parse(self.strengthen)
        given = {name: chosen[name] for name in options}  # None strengthenings: the default
        check_option_types(f"{self.name}.solve", given, PlanRequest)
        return PlanRequest(self.puzzle("solve", instance), **chosen)

    def _route(self, options: dict[str, Any]) -> str:
        """The route asked for: the one named, or ``sat`` for a named backend, which it runs on
        (``auto`` could answer by A* alone). A backend beside a route without one is refused."""
        route = options.get("route", SAT if "backend" in options else self.route)
        if "backend" in options and route in (SEARCH, BFS):
            raise BoardsatError(
                f"{self.name}: the {route} route runs on no backend, so backend"
                f" {options['backend']!r} would go unused; pick the sat or auto route, or leave it out"
            )
        return cast(str, route)

    def solve(
        self, instance: Instance, progress: Progress | None = None, **options: Any
    ) -> PlanAnswer[P, M]:
        """The fewest moves of ``instance``, proven where the time allows, replayed by the rules,
        with the BFS checks asked for. The options, each left out for the puzzle's default:

        - ``route``: ``auto`` (A* for a glance, then the SAT planner raced against it), ``sat``,
          ``search`` (A* on the puzzle's bounds) or ``bfs``; ``sat`` when ``backend`` is named;
        - ``backend``: the SAT planner's solver (the package's ``DEFAULT_BACKEND``): any SAT
          backend, ``cpsat``, or a MIP backend (a whole program per horizon); refused at once
          when unknown or unusable here, or beside the ``search`` or ``bfs`` route;
        - ``max_horizon``: give up, proven, after refuting every plan of at most this many moves
          (None: until ``time_limit``, or the package's ``MAX_HORIZON`` without one);
        - ``time_limit``: seconds for the whole call, the BFS checks included (None: no limit);
        - ``strengthenings``: the SAT planner's, a ``Strengthenings`` (the package's
          ``DEFAULT_STRENGTHEN``);
        - ``bounds``: False starts at horizon 0 and gives A* no estimate;
        - ``verify``: True adds the BFS oracle's fewest moves and whether it agrees;
        - ``farthest``: True adds the positions farthest by BFS from the start (from the goals,
          where the puzzle has several).

        ``progress`` hears each horizon tried and refuted. A keyword not listed, or a value not of
        the type listed, is refused in one line. The answer is a :class:`~boardsat.models.planning.answer.PlanAnswer`.
        """
        return solve(self.request(instance, **options), progress)

    def shortest_plan(
        self, instance: Instance, backend: str | None = None, **options: Any
    ) -> PlanAnswer[P, M]:
        """The planner alone (no BFS checks); ``options`` as for :func:`shortest_plan`."""
        known = keywords_of(shortest_plan, ("puzzle", "backend", "cap"))
        check_keywords(f"{self.name}.shortest_plan", options, known)
        check_option_types(f"{self.name}.shortest_plan", options, shortest_plan)
        options["route"] = self._route(
            options if backend is None else {"backend": backend, **options}
        )
        if options.get("strengthenings") is None:
            options["strengthenings"] = Strengthenings.parse(self.strengthen)
        puzzle = self.puzzle("shortest_plan", instance)
        return shortest_plan(puzzle, backend or self.backend, cap=self.cap, **options)

    def build_model(self, instance: Instance) -> PlanningTask:
        """The instance's planning task: the model every backend solves, one horizon at a time."""
        return self.puzzle("build_model", instance).planning_task()

    def decode(self, instance: Instance, plan: Sequence[Action]) -> list[M]:
        """The moves of a plan of :meth:`build_model`'s task (its actions, in order)."""
        puzzle = self.puzzle("decode", instance)
        check_argument(f"{self.name}.decode", "plan", plan, Sequence, "a list of actions")
        for action in plan:
            check_argument(f"{self.name}.decode", "plan", action, Action, "a list of actions")
        return puzzle.plan_moves(plan)

    def validate(self, instance: Instance, moves: Sequence[M] | PlanAnswer[P, M]) -> list[str]:
        """What the puzzle's own rules find wrong with ``moves`` (or an answer's) as a plan of
        ``instance``: an illegal move, or an end short of the goal (empty when the plan is good)."""
        puzzle = self.puzzle("validate", instance)
        if isinstance(moves, PlanAnswer):
            if moves.moves is None:
                return ["the answer holds no plan"]
            moves = moves.moves
        listed, unreadable = listed_pairs(moves, "move (a pair of whole numbers)")
        if unreadable:
            return unreadable
        try:
            puzzle.replay(listed)
        except BoardsatError as error:
            return [str(error)]
        return []

    def seed_check(self, title: str, instance: Instance, moves: int) -> SeedCheck:
        """A seed instance on this route: verified when its plan has the published number of
        moves, proven optimal and replayed by the rules."""
        started = time.perf_counter()
        answer = self.shortest_plan(instance)
        names = [name for name, _ in answer.plan()]
        return SeedCheck(
            title,
            f"{answer.outcome.describe()}: {', '.join(names)}",
            verified=len(names) == moves and answer.outcome.proven_optimal,
            seconds=time.perf_counter() - started,
        )
