"""Increasing step limits: the fewest moves of a planning task, proven, on any backend.

Horizons are tried in order from an admissible lower bound, each one as "the goal after exactly
``h`` moves" (one action per step). Every horizon below the one that succeeds was refuted (by the
solver, or by a puzzle's own proof such as a parity argument), so a plan found is optimal, and a
run that refutes every horizon up to ``H`` has proven that no plan of at most ``H`` moves exists.
On SAT backends one incremental solver sees the whole run: a layer is added per step and the goal
is asked under an assumption. CP-SAT is not incremental; its session re-solves the grown model
with the previous solution as a hint.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from boardsat.core.answer import Readable, json_seconds
from boardsat.core.backends import check_backend, make_backend
from boardsat.core.deadline import Deadline, OutOfTime, cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.keywords import check_argument
from boardsat.core.planning_task import Action, PlanningTask, validate_plan
from boardsat.core.results import Status
from boardsat.core.wording import counted
from boardsat.encoders.horizon_encoding import HorizonEncoding, Strengthenings


class Ending(str, Enum):
    """The three ways a run ends; they are never confused."""

    PLAN = "plan"
    NO_PLAN = "no plan"
    UNKNOWN = "unknown"

    @property
    def status(self) -> Status:
        """The ending in every backend's vocabulary: a plan found is optimal (each shorter
        horizon was refuted), no plan is unsatisfiable."""
        if self is Ending.PLAN:
            return Status.OPTIMAL
        return Status.UNSATISFIABLE if self is Ending.NO_PLAN else Status.UNKNOWN


@dataclass(frozen=True)
class HorizonReport:
    """One horizon's answer: solver status (or a refutation by reasoning) and its seconds."""

    horizon: int
    status: Status
    seconds: float
    by: str = "solver"

    def line(self) -> str:
        how = "" if self.by == "solver" else f" ({self.by})"
        return f"horizon {self.horizon}: {self.status.value}{how} in {self.seconds:.3f} s"


@dataclass(frozen=True)
class HorizonTried:
    """A horizon handed to the solver; its report follows when the solver answers."""

    horizon: int

    def line(self) -> str:
        return f"horizon {self.horizon}: solving"


HorizonEvent = HorizonTried | HorizonReport


@dataclass(frozen=True, repr=False)  # Readable's repr: one line, not every field
class PlanOutcome(Readable):
    """A run's ending, its plan (when found), and what each horizon answered, with the fields
    of every puzzle's answer (``boardsat.core.answer.Answer``), so the raw path reads the same.

    ``start`` is the first horizon tried: the caller's admissible bound, so every shorter plan
    counts as refuted. ``max_horizon`` is None when the search had no such limit; with
    ``NO_PLAN`` it means a proof outside the horizons showed that no plan of any length exists
    (see :func:`settled`). ``route`` names what proved it: ``sat`` (these horizons, whose
    ``plan`` is the task's actions), or an explicit-state search over the rules (``search``,
    ``bfs``), whose ``plan`` is the puzzle's own moves and whose horizons are those its lower
    bound passed.
    """

    ending: Ending
    plan: tuple[object, ...] | None
    horizons: tuple[HorizonReport, ...]
    start: int
    max_horizon: int | None
    backend: str
    encoding: str
    seconds: float
    route: str = "sat"
    interrupted: bool = False  # Ctrl-C (the run's cancellation), not a limit, ended it

    @property
    def status(self) -> Status:
        return self.ending.status

    @property
    def proven_optimal(self) -> bool:
        """A plan was found and every shorter length was refuted."""
        return self.ending is Ending.PLAN

    @property
    def lower_bound(self) -> int | None:
        """The fewest moves a plan may have, proven: the plan's length once found, one past the
        longest plans refuted otherwise; None when no plan of any length exists."""
        if self.ending is Ending.PLAN:
            assert self.plan is not None
            return len(self.plan)
        if self.ending is Ending.NO_PLAN:
            return None if self.max_horizon is None else self.max_horizon + 1
        return self.refuted_up_to + 1

    @property
    def refuted_up_to(self) -> int:
        """Every plan of at most this many moves is proven impossible (-1: none refuted)."""
        refuted = self.start - 1
        for report in self.horizons:
            if report.status is not Status.UNSATISFIABLE or report.horizon != refuted + 1:
                break
            refuted = report.horizon
        return refuted

    def to_json(self) -> dict[str, Any]:
        """The fields a planning answer's JSON shares with the outcome; the plan as the task's
        action names (or, from a search over the rules, its moves), each as text."""
        return {
            "route": self.route,
            "backend": self.backend,
            "encoding": self.encoding,
            "status": self.status.value,
            "ending": self.ending.value,
            "summary": self.describe(),
            "moves": None if self.plan is None else len(self.plan),
            "proven_optimal": self.proven_optimal,
            "lower_bound": self.lower_bound,
            "interrupted": self.interrupted,
            "plan": [
                str(step.name if isinstance(step, Action) else step) for step in self.plan or ()
            ],
            "horizons": [
                {
                    "horizon": r.horizon,
                    "status": r.status.value,
                    "seconds": json_seconds(r.seconds),
                    "by": r.by,
                }
                for r in self.horizons
            ],
            "seconds": json_seconds(self.seconds),
        }

    def summary(self) -> str:
        """One line: the ending, on which route and backend, and how long it took."""
        return f"{self.describe()}; {self.route} on {self.backend}, {self.seconds:.2f} s"

    def text(self) -> str:
        """The summary, then what each horizon answered."""
        return "\n".join([self.summary(), *(report.line() for report in self.horizons)])

    def describe(self) -> str:
        if self.ending is Ending.PLAN:
            assert self.plan is not None
            return f"plan of {counted(len(self.plan), 'move')} (proven optimal)"
        if self.ending is Ending.NO_PLAN:
            if self.max_horizon is None:
                return "no plan of any length (proven)"
            return f"no plan of at most {counted(self.max_horizon, 'move')} (proven)"
        stopped = ", stopped by the user" if self.interrupted else " at the time limit"
        if self.refuted_up_to < 0:
            return f"UNKNOWN{stopped} (no plan length refuted yet)"
        return (
            f"UNKNOWN{stopped} "
            f"(no plan of at most {counted(self.refuted_up_to, 'move')}, proven so far)"
        )


def settled(
    ending: Ending,
    backend: str,
    strengthenings: Strengthenings | None,
    *,
    start: int,
    max_horizon: int | None,
    seconds: float,
    route: str = "sat",
) -> PlanOutcome:
    """An outcome decided before any horizon was built: no time was left for the search, or a
    puzzle's own proof (``NO_PLAN`` with ``max_horizon`` None) made it needless."""
    options = strengthenings or Strengthenings()
    return PlanOutcome(
        ending,
        None,
        (),
        start,
        max_horizon,
        backend,
        _route(backend, options),
        seconds,
        route,
        ending is Ending.UNKNOWN and cancelled(),
    )


def _route(solver: str, options: Strengthenings) -> str:
    return f"{solver}; planning({options.label()})"


def check_planner(backend: str, time_limit: float | None) -> None:
    """Refuse, in one line and before any work, a backend the horizons cannot run on: unknown,
    unusable here, or unable to stop at the time limit given."""
    capabilities = check_backend(backend)
    if time_limit is not None and not capabilities.honours_time_limit:
        raise BoardsatError(
            f"backend {backend!r} cannot be stopped at a time limit: run it without one"
        )


def find_plan(
    task: PlanningTask,
    backend: str,
    *,
    lower_bound: int = 0,
    max_horizon: int | None = None,
    time_limit: float | None = None,
    strengthenings: Strengthenings | None = None,
    refuted: Callable[[int], str | None] | None = None,
    progress: Callable[[HorizonEvent], None] | None = None,
    incremental: bool = True,
    **options: Any,
) -> PlanOutcome:
    """The fewest-move plan of ``task`` on ``backend``, trying horizons ``lower_bound, lower_bound
    + 1, ...``; the backend and the strengthenings are the calling puzzle's routing choice.

    ``lower_bound`` must be admissible (no plan is shorter). ``refuted(h)``, when given, names a
    proof that no plan of exactly ``h`` moves exists (or returns None), and such horizons are
    skipped; ``progress`` hears of each horizon handed to the solver and receives each horizon's
    report as it finishes.

    Without ``max_horizon`` the horizons grow until a plan is found or ``time_limit`` passes, so
    one of the two is required: a task without a plan would otherwise be searched forever.
    ``incremental`` False gives each horizon a fresh solver on the whole formula, as planners
    without assumptions do: what the one incremental solver is measured against.

    This is the raw path: it starts at horizon 0, skips no horizon, and adds every
    strengthening, unless ``lower_bound``, ``refuted`` and ``strengthenings`` say otherwise. A
    puzzle's ``solve(instance, backend=...)`` runs this search from the puzzle's own bounds
    with its tuned strengthenings: the way to compare backends at ``solve``'s speed. The
    outcome keeps the answer protocol, its ``lower_bound`` proven (one past the longest plans
    refuted). A backend that is unknown, or cannot keep ``time_limit``, is refused at once.
    """
    check_argument(
        "find_plan", "task", task, PlanningTask, "a planning task (the package's build_model)"
    )
    if lower_bound < 0:
        raise BoardsatError(f"the lower bound must be non-negative, got {lower_bound}")
    if max_horizon is not None and max_horizon < 0:
        raise BoardsatError(f"the maximum horizon must be non-negative, got {max_horizon}")
    if max_horizon is None and time_limit is None:
        raise BoardsatError("give a maximum horizon or a time limit: a task may have no plan")
    check_planner(backend, time_limit)
    solver = make_backend(backend, **options)  # an option it does not take: before any work
    deadline = Deadline(time_limit)
    reports: list[HorizonReport] = []

    def finish(ending: Ending, plan: tuple[Action, ...] | None, name: str) -> PlanOutcome:
        return PlanOutcome(
            ending,
            plan,
            tuple(reports),
            lower_bound,
            max_horizon,
            backend,
            _route(name, strengthenings or Strengthenings()),
            deadline.elapsed(),
            interrupted=ending is Ending.UNKNOWN and cancelled(),
        )

    try:
        encoding = HorizonEncoding(task, strengthenings, deadline)
    except OutOfTime:
        return finish(Ending.UNKNOWN, None, backend)
    session = solver.session(encoding.model)

    name = backend
    try:
        h = lower_bound
        while max_horizon is None or h <= max_horizon:
            while encoding.horizon < h:  # layers can take longer than the solves: look between
                try:
                    encoding.extend(deadline)
                except OutOfTime:
                    return finish(Ending.UNKNOWN, None, name)
            started = time.perf_counter()
            reason = refuted(h) if refuted is not None else None
            if reason is not None:
                report = HorizonReport(
                    h, Status.UNSATISFIABLE, time.perf_counter() - started, reason
                )
            else:
                if deadline.expired():
                    return finish(Ending.UNKNOWN, None, name)
                if progress is not None:
                    progress(HorizonTried(h))
                if not incremental and reports:
                    session.close()  # a fresh solver learns nothing from the shorter horizons
                    session = solver.session(encoding.model)
                result = session.solve(assumptions=[encoding.goal(h)], deadline=deadline)
                name = result.encoding
                report = HorizonReport(h, result.status, time.perf_counter() - started)
            reports.append(report)
            if progress is not None:
                progress(report)
            if report.status is Status.UNKNOWN:
                return finish(Ending.UNKNOWN, None, name)
            if report.status is not Status.UNSATISFIABLE:
                plan = tuple(encoding.decode(result.assignment, h))
                checked = validate_plan(task, plan)
                if not checked.ok:
                    raise AssertionError(
                        f"decoded plan fails the task's simulation: {checked.reason}"
                    )
                return finish(Ending.PLAN, plan, name)
            h += 1
        return finish(Ending.NO_PLAN, None, name)
    finally:
        session.close()
