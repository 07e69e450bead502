"""What every planning puzzle's benchmark matrix shares: its routes and how a cell runs and is
checked.

A route is named ``bfs`` (the oracle), ``search`` (A* on the puzzle's bounds), ``auto`` (the
default race of the SAT planner and the search), ``fast-downward/SEARCH`` (the peer planner on
the exported PDDL: ``blind``, ``hmax`` or ``lmcut``), or ``SOLVER/SETTING`` with an optional
``/from0`` (the horizons start at 0 instead of the puzzle's bounds) and ``/fresh`` (a fresh
solver per horizon instead of one incremental solver); a setting is ``all``,
``none``, ``all-but-NAME`` or ``NAME+NAME...`` of :meth:`Strengthenings.names`. Every plan a row
reports, the oracle's and Fast Downward's included, is replayed by the puzzle's rules; the
harness compares the lengths across rows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardsat.core.backends import CPSAT, capabilities
from boardsat.core.cells import Cell, InstanceSpec, PuzzleBench, RouteSpec, RowOutcome
from boardsat.core.errors import BoardsatError
from boardsat.core.planning_task import PlanningTask
from boardsat.core.results import Status
from boardsat.encoders.fast_downward import (
    NO_CONDITIONAL_EFFECTS,
    SEARCHES,
    plan_with_fast_downward,
)
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.planning.puzzle import M, P, PlanningPuzzle
from boardsat.models.planning.race import AUTO
from boardsat.models.planning.search import BFS, SEARCH
from boardsat.models.planning.solve import SAT, PlanRoute
from boardsat.reference.oracle import explore
from boardsat.solving.horizon_search import Ending, PlanOutcome

ORACLE = BFS
EXPLICIT = (SEARCH, AUTO, BFS)
"""Routes named by the planning route they run, on the puzzle's default backend."""
FAST_DOWNWARD = "fast-downward"
SOLVERS = ("cadical195", "glucose4", "minisat22")
"""The SAT solvers the shipped matrices run."""
FROM_ZERO = "from0"
FRESH = "fresh"
"""A fresh solver per horizon, to measure the incremental one against."""
SETTINGS = ("all", "none", *(f"all-but-{name}" for name in Strengthenings.names()))
"""The strengthenings each SAT solver runs with in the shipped matrices: all, none, all but one."""
Resolve = Callable[[str], tuple[InstanceSpec, Any]]
"""An instance name read into its description and the puzzle's instance value."""


def route_names(solvers: tuple[str, ...] = SOLVERS) -> list[str]:
    """The oracle, every solver with every setting, and CP-SAT with all of them."""
    planners = [f"{solver}/{setting}" for solver in solvers for setting in SETTINGS]
    return [ORACLE, *planners, f"{CPSAT}/all"]


def plan_route(name: str) -> RouteSpec:
    """The route ``name`` as a backend and its strengthenings, refused in one line if unknown."""
    if name == ORACLE:
        return RouteSpec(name, ORACLE, "breadth-first search")
    if name in EXPLICIT:
        return RouteSpec(name, name, "A* on the puzzle's bounds" if name == SEARCH else "race")
    parts = name.split("/")
    if parts[0] == FAST_DOWNWARD:
        if len(parts) != 2 or parts[1] not in SEARCHES:
            raise BoardsatError(
                f"unknown Fast Downward route {name!r}; give {FAST_DOWNWARD}/" + "|".join(SEARCHES)
            )
        return RouteSpec(name, FAST_DOWNWARD, SEARCHES[parts[1]], {"search": parts[1]})
    suffixes = parts[2:]
    if len(parts) < 2 or len(set(suffixes)) != len(suffixes) or set(suffixes) - {FROM_ZERO, FRESH}:
        raise BoardsatError(
            f"unknown planning route {name!r}: give bfs, search, auto or"
            f" SOLVER/SETTING[/{FROM_ZERO}][/{FRESH}]"
        )
    solver, setting = parts[0], parts[1]
    capabilities(solver)  # an unknown or missing backend is one line
    chosen = strengthenings(setting)
    options: dict[str, Any] = {"strengthen": chosen.label(), "bounds": FROM_ZERO not in suffixes}
    if FRESH in suffixes:  # named only when asked, so the incremental rows keep their keys
        options["incremental"] = False
    return RouteSpec(name, solver, setting, options)


def strengthenings(setting: str) -> Strengthenings:
    """``all``, ``none``, ``all-but-NAME`` or ``NAME+NAME...``."""
    if setting in ("all", "none"):
        return Strengthenings.parse(setting)
    if setting.startswith("all-but-"):
        left_out = setting.removeprefix("all-but-")
        Strengthenings.parse(left_out)  # an unknown name is one line
        return Strengthenings.parse(",".join(n for n in Strengthenings.names() if n != left_out))
    return Strengthenings.parse(setting.replace("+", ","))


def planning_bench(
    puzzle: str,
    families: Mapping[str, str],
    resolve: Resolve,
    route: PlanRoute[Any, Any, Any],
) -> PuzzleBench:
    """A planning puzzle's matrix module: its named instances and the shared routes."""

    def run(cell: Cell) -> RowOutcome:
        _, instance = resolve(cell.instance)
        chosen = plan_route(cell.route)
        if chosen.backend == FAST_DOWNWARD:
            return fast_downward_row(route, instance, puzzle, chosen, cell.time_limit)
        return run_planning(route, instance, chosen, cell.time_limit)

    return PuzzleBench(
        puzzle,
        families,
        route_names(),
        lambda name: resolve(name)[0],
        plan_route,
        lambda spec, chosen: _refused(route, resolve(spec.name)[1], chosen),
        run,
    )


def _refused(route: PlanRoute[Any, Any, Any], instance: object, chosen: RouteSpec) -> str | None:
    """Why ``chosen`` cannot run ``instance``: LM-cut takes no conditional effects."""
    if chosen.backend != FAST_DOWNWARD or chosen.options["search"] not in NO_CONDITIONAL_EFFECTS:
        return None
    task = route.build_model(instance)
    if any(action.conditional for action in task.actions):
        return f"Fast Downward's {chosen.options['search']} takes no conditional effects"
    return None


def run_planning(
    route: PlanRoute[Any, Any, Any], instance: object, chosen: RouteSpec, time_limit: float
) -> RowOutcome:
    """The oracle's path or the planner's plan for ``instance``, replayed by the rules."""
    if chosen.backend in EXPLICIT:
        answer = route.shortest_plan(instance, route=chosen.backend, time_limit=time_limit)
    else:
        answer = route.shortest_plan(
            instance,
            chosen.backend,
            route=SAT,
            strengthenings=strengthenings(chosen.encoding),
            bounds=bool(chosen.options["bounds"]),
            incremental=bool(chosen.options.get("incremental", True)),
            time_limit=time_limit,
        )
    outcome = answer.outcome
    horizons = {str(report.horizon): round(report.seconds, 4) for report in outcome.horizons}
    moves = list(answer.moves or ())
    problems = tuple(route.validate(instance, moves)) if outcome.ending is Ending.PLAN else ()
    exact = outcome.ending is not Ending.UNKNOWN
    objective = len(moves) if outcome.ending is Ending.PLAN else None
    return RowOutcome(
        outcome.ending.status.value,
        objective,
        exact,
        bound=outcome.refuted_up_to + 1,
        problems=problems,
        # the grounded task is the SAT planner's encoding; grounding it for another route's row
        # would only add to that route's time
        encoding_size={} if chosen.backend in EXPLICIT else _task_size(route.build_model(instance)),
        horizon_seconds=horizons,
        detail=_detail(outcome, chosen),
    )


def _detail(outcome: PlanOutcome, chosen: RouteSpec) -> str:
    """The outcome in words; an explicit route's adds what answered, and how hard it worked."""
    if chosen.backend not in EXPLICIT:
        return outcome.describe()
    return f"{outcome.describe()}; by the {outcome.route} route: {outcome.encoding}"


def fast_downward_row(
    route: PlanRoute[Any, Any, Any],
    instance: object,
    name: str,
    chosen: RouteSpec,
    time_limit: float,
) -> RowOutcome:
    """Fast Downward on the instance's exported task; its plan decoded and replayed by the rules."""
    puzzle = route.adapt(instance)
    task = puzzle.planning_task()
    run = plan_with_fast_downward(task, name, str(chosen.options["search"]), time_limit)
    said = [run.detail]
    if run.expanded is not None:
        said.append(f"{run.expanded} states expanded")
    if run.search_seconds is not None:
        said.append(f"search {run.search_seconds} s")
    effort = "; ".join(said)
    if run.plan is None:
        exact = run.status is Status.UNSATISFIABLE
        return RowOutcome(run.status.value, exact=exact, detail=effort)
    moves = list(puzzle.plan_moves(run.plan))
    problems = tuple(route.validate(instance, moves))
    return RowOutcome(
        run.status.value,
        len(moves),
        True,
        len(moves),
        problems,
        encoding_size=_task_size(task),
        detail=effort,
    )


def _task_size(task: PlanningTask) -> dict[str, int]:
    """The grounded task's variables and actions: what every horizon's encoding repeats."""
    return {"variables": len(task.variables), "actions": len(task.actions)}


def farthest(puzzle: PlanningPuzzle[P, M]) -> tuple[int, list[P]]:
    """The oracle's farthest positions from the puzzle's ``farthest_sources``, in a fixed order."""
    found = explore(puzzle.successors, puzzle.farthest_sources())
    return found.depth, sorted(found.layer(found.depth), key=puzzle.position_text)


def named(
    table: Mapping[str, Callable[[], tuple[InstanceSpec, Any]]], families: Mapping[str, str]
) -> Resolve:
    """A resolver for fixed instance names; any other name is refused, listing the families."""

    def resolve(name: str) -> tuple[InstanceSpec, Any]:
        if name not in table:
            raise BoardsatError(f"unknown instance {name!r}; known: {', '.join(families)}")
        return table[name]()

    return resolve
