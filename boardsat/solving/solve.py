"""The front door: satisfy or minimise, enumerate, or open an incremental session, on any backend."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import boardsat.encoders  # noqa: F401  (registers every backend family)
from boardsat.core.backends import Session, make_backend
from boardsat.core.deadline import Deadline, OutOfTime
from boardsat.core.errors import BoardsatError, WrongType
from boardsat.core.model import Key, Model
from boardsat.core.planning_task import PlanningTask
from boardsat.core.results import Enumeration, OnFound, Result, cut_short


def solve(
    model: Model, backend: str = "cpsat", *, time_limit: float | None = None, **options: Any
) -> Result:
    """Satisfy ``model``, or minimise its objective when it has one.

    ``options`` configure the backend: ``workers``, ``parameters`` and ``hint`` for CP-SAT;
    ``parameters`` and ``hint`` for SCIP; ``threads``, ``parameters`` and ``hint`` for Gurobi;
    ``cardinality``, ``circuit``, ``optimisation`` and ``proof`` for python-sat solvers;
    ``on_improvement`` for every backend, which hears of better solutions and higher proven
    bounds as they come (HiGHS reports once, at the end; python-sat's linear-up and maxsat
    strategies report bounds only, their one solution being the result).
    """
    _require_model(model, "solve")
    deadline = Deadline(time_limit)
    solver = make_backend(backend, **options)
    try:
        return solver.solve(model, deadline)
    except OutOfTime:  # the time ran out while the model was being translated
        return cut_short(model, backend, deadline.elapsed())


def enumerate_solutions(
    model: Model,
    over: Iterable[Key] | None = None,
    *,
    backend: str = "cpsat",
    limit: int | None = None,
    time_limit: float | None = None,
    on_found: OnFound | None = None,
    **options: Any,
) -> Enumeration:
    """The distinct solutions projected on the variables of ``over`` (all variables by default);
    ``on_found`` hears the count so far as each one is found."""
    _require_model(model, "enumerate_solutions")
    deadline = Deadline(time_limit)
    if limit is not None and limit < 1:
        raise BoardsatError(f"limit must be at least 1, got {limit}")
    keys = model.keys() if over is None else list(over)
    missing = [key for key in keys if key not in model]
    if missing:
        raise BoardsatError(f"cannot project on {missing[0]!r}: the model has no such variable")
    project = [model.lit(key) for key in keys]
    solver = make_backend(backend, **options)
    try:
        return solver.enumerate(model, project, limit, deadline, on_found)
    except OutOfTime:
        cut = cut_short(model, backend, deadline.elapsed())
        return Enumeration(cut.status, backend, backend, cut.size, cut.seconds, 0, False)


def open_session(model: Model, backend: str = "cpsat", **options: Any) -> Session:
    """An incremental session: add constraints to ``model``, then solve under assumptions."""
    _require_model(model, "open_session")
    return make_backend(backend, **options).session(model)


def _require_model(model: object, verb: str) -> None:
    """A planning task is solved one horizon at a time, not as one model: say which call does
    that, instead of failing deep in a backend on an attribute the task lacks."""
    if isinstance(model, Model):
        return
    if isinstance(model, PlanningTask):
        raise BoardsatError(
            f"boardsat.{verb} takes a Model, not a planning task: search its horizons with"
            " find_plan(task, backend, max_horizon=...) from the puzzle's package"
            " (boardsat.solving.horizon_search)"
        )
    raise WrongType(f"boardsat.{verb} takes a boardsat.Model, not {type(model).__name__}")
