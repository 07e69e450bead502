"""What every planning puzzle's benchmark matrix shares: its routes (the BFS oracle, and the
planner on each backend with each set of strengthenings) and how a cell runs and is checked.

A route is named ``bfs`` or ``SOLVER/SETTING`` with an optional ``/from0`` (the horizons start
at 0 instead of the puzzle's bounds); a setting is ``all``, ``none``, ``all-but-NAME`` or
``NAME+NAME...`` of :meth:`Strengthenings.names`. Every plan a row reports, the oracle's
included, is replayed by the puzzle's rules; the harness compares the lengths across rows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardsat.backends import CPSAT, capabilities
from boardsat.cells import Cell, InstanceSpec, PuzzleBench, RouteSpec, RowOutcome
from boardsat.deadline import Deadline
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.errors import BoardsatError
from boardsat.horizon_search import Ending
from boardsat.models.plan_puzzle import M, P, PlanningPuzzle
from boardsat.models.plan_solve import PlanRoute
from boardsat.oracle import OutOfTime, explore, shortest_path
from boardsat.results import Status

ORACLE = "bfs"
SOLVERS = ("cadical195", "glucose4", "minisat22")
"""The SAT solvers the shipped matrices run."""
FROM_ZERO = "from0"
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
    parts = name.split("/")
    if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] != FROM_ZERO):
        raise BoardsatError(
            f"unknown planning route {name!r}: give bfs or SOLVER/SETTING[/{FROM_ZERO}]"
        )
    solver, setting = parts[0], parts[1]
    capabilities(solver)  # an unknown or missing backend is one line
    chosen = strengthenings(setting)
    options = {"strengthen": chosen.label(), "bounds": len(parts) == 2}
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
        return run_planning(route, instance, plan_route(cell.route), cell.time_limit)

    return PuzzleBench(
        puzzle,
        families,
        route_names(),
        lambda name: resolve(name)[0],
        plan_route,
        lambda _instance, _route: None,
        run,
    )


def run_planning(
    route: PlanRoute[Any, Any, Any], instance: object, chosen: RouteSpec, time_limit: float
) -> RowOutcome:
    """The oracle's path or the planner's plan for ``instance``, replayed by the rules."""
    if chosen.backend == ORACLE:
        return _oracle_row(route, instance, time_limit)
    answer = route.shortest_plan(
        instance,
        chosen.backend,
        strengthenings=strengthenings(chosen.encoding),
        bounds=bool(chosen.options["bounds"]),
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
        encoding_size=_task_size(route, instance),
        horizon_seconds=horizons,
        detail=outcome.describe(),
    )


def _oracle_row(route: PlanRoute[Any, Any, Any], instance: object, time_limit: float) -> RowOutcome:
    puzzle = route.adapt(instance)
    try:
        path = shortest_path(
            puzzle.successors, puzzle.start, puzzle.is_goal, deadline=Deadline(time_limit)
        )
    except OutOfTime:
        return RowOutcome(Status.UNKNOWN.value, detail="the search ran out of time")
    if path is None:
        return RowOutcome(Status.UNSATISFIABLE.value, exact=True, detail="no goal is reachable")
    moves = [step.move for step in path]
    problems = tuple(route.validate(instance, moves))
    return RowOutcome(
        Status.OPTIMAL.value, len(moves), True, len(moves), problems, detail=f"{len(moves)} moves"
    )


def _task_size(route: PlanRoute[Any, Any, Any], instance: object) -> dict[str, int]:
    """The grounded task's variables and actions: what every horizon's encoding repeats."""
    task = route.build_model(instance)
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
