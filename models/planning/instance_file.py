"""The planning puzzles' part of instance files, the same for each of them: the ``[solve]`` keys
of the planning commands, read into the request those commands build, and solved on their route."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.instance_file import FileAnswer, Listeners, Table, backend, time_limit
from boardsat.models.planning import solve as plan_solve
from boardsat.models.planning.answer import PlanAnswer
from boardsat.models.planning.solve import ROUTES, PlanRequest, PlanRoute
from boardsat.solving.horizon_search import Ending

PLAN_SOLVE_KEYS = (
    "route",
    "backend",
    "time_limit",
    "max_horizon",
    "strengthen",
    "bounds",
    "verify",
    "farthest",
)
"""The ``[solve]`` keys of a planning puzzle: its command's options (``bounds = false`` is
``--no-bounds``)."""


def plan_request(
    route: PlanRoute[Any, Any, Any], instance: object, solving: Table
) -> PlanRequest[Any, Any]:
    """The request the planning command builds for ``instance`` with these options; absent keys
    take the command's defaults, which are the route's. A ``backend`` without a ``route`` asks
    for ``sat``, as on the command line."""
    with solving.checking("strengthen"):
        strengthenings = Strengthenings.parse(solving.get("strengthen", str, route.strengthen))
    named: dict[str, str] = {}
    if "route" in solving.data:
        named["route"] = planner(solving, route.route)
    if "backend" in solving.data:
        named["backend"] = backend(solving, route.backend)
    with solving.checking("backend"):  # named beside a route that runs on no backend
        return route.request(
            instance,
            **named,
            max_horizon=solving.get("max_horizon", int, route.cap, at_least=0),
            time_limit=time_limit(solving),
            strengthenings=strengthenings,
            bounds=solving.get("bounds", bool, True),
            verify=solving.get("verify", bool, False),
            farthest=solving.get("farthest", bool, False),
        )


def planner(solving: Table, default: str) -> str:
    """``route``: a planning route, refused as the command refuses it."""
    name = solving.get("route", str, default)
    if name not in ROUTES:
        raise solving.error("route", f"unknown route {name!r}; known: {', '.join(ROUTES)}")
    return name


def start_goal_request(
    table: Table,
    solving: Table,
    route: PlanRoute[Any, Any, Any],
    check_start: Callable[[str], object],
    parse: Callable[[str, str], object],
) -> PlanRequest[Any, Any]:
    """The request of a puzzle whose file gives ``start`` and ``goal`` in its board text: the
    start checked alone first (``check_start``), so that its mistake is the start's, then the
    pair (``parse``: the instance's own reader, whose refusals of the pair are the goal's)."""
    start, goal = table.need("start", str), table.need("goal", str)
    with table.checking("start"):
        check_start(start)
    with table.checking("goal"):
        instance = parse(start, goal)
    return plan_request(route, instance, solving)


def solve_plan(request: PlanRequest[Any, Any], listeners: Listeners) -> FileAnswer:
    """A planning request on the shared route, as the planning commands solve it."""
    answer: PlanAnswer[Any, Any] = plan_solve.solve(request, listeners.horizons)
    ending = answer.outcome.ending
    return FileAnswer(
        ending.status.value,
        None if answer.moves is None else len(answer.moves),
        "moves",
        answer.outcome.seconds,
        tuple(answer.text().splitlines()),
        answer.to_json(),
        settled=ending is not Ending.UNKNOWN,
        answer=answer,
        limit_reached=answer.limit_reached,
        disagrees=answer.disagrees,
    )
