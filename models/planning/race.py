"""The ``auto`` route: the SAT planner and the best-first search raced, the first proof taken.

Neither route wins everywhere: A* on a strong bound proves most instances in a fraction of the
SAT planner's time, while a weak bound leaves it to drown in positions the SAT planner never
lists. Each runs in a child process (``boardsat.core.child``) under the same time limit; the first
answer that proves something (a plan, or no plan) ends the race and the other is killed. If
neither proves anything, the answer that refuted the longest plans comes back as UNKNOWN.
The terminal hears one merged story: horizons being tried, and each new length refuted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from multiprocessing.connection import Connection, wait
from typing import Any, cast

from boardsat.core.child import Child, ChildFailed, ChildOutOfMemory
from boardsat.core.deadline import Deadline, cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.memory import limit_reached
from boardsat.core.results import Status
from boardsat.models.planning.answer import PlanAnswer
from boardsat.models.planning.puzzle import M, P, PlanningPuzzle
from boardsat.solving.horizon_search import Ending, HorizonEvent, HorizonReport, PlanOutcome

Progress = Callable[[HorizonEvent], None]
Job = Callable[[float | None, Progress], PlanAnswer[Any, Any]]
"""A route run under a time limit, telling its progress: what each racer runs."""
AUTO = "auto"
LISTENING_SLICE_S = 0.25  # how often the parent looks up: a Ctrl-C ends the deadline silently
GRACE_S = 2.0  # how long past the limit a racer may take to hand in its UNKNOWN answer


def race_routes(
    puzzle: PlanningPuzzle[P, M],
    jobs: Mapping[str, Job],
    *,
    time_limit: float | None = None,
    progress: Progress | None = None,
) -> PlanAnswer[P, M]:
    """Run ``jobs`` (route name to job) at once; the first proof wins, the rest are killed."""
    deadline = Deadline(time_limit)
    children: dict[Connection, tuple[str, Child]] = {}
    heard = _Heard(progress)
    try:
        for name, job in jobs.items():
            child = Child(_run_route, job, deadline.remaining(), own_group=True)
            children[child.connection] = (name, child)
        return _hear(puzzle, children, deadline, heard)
    finally:
        for _, child in children.values():
            child.kill()


class Merged:
    """One story from several routes: each length's refutation told once, by the first route
    to refute it; every other event told as it comes."""

    def __init__(self, progress: Progress | None) -> None:
        self.progress = progress
        self.refuted = -1

    def __call__(self, event: HorizonEvent) -> None:
        if isinstance(event, HorizonReport) and event.status is Status.UNSATISFIABLE:
            if event.horizon <= self.refuted:
                return
            self.refuted = event.horizon
        if self.progress is not None:
            self.progress(event)


class _Heard:
    """What the racers said: their answers, their reports, and the merged progress shown."""

    def __init__(self, progress: Progress | None) -> None:
        self.tell = progress if isinstance(progress, Merged) else Merged(progress)
        self.answers: list[PlanAnswer[Any, Any]] = []
        self.reports: dict[str, list[HorizonReport]] = {}
        self.failures: list[tuple[str, str]] = []  # racers out of memory, and why

    def event(self, name: str, event: HorizonEvent) -> None:
        if isinstance(event, HorizonReport):
            self.reports.setdefault(name, []).append(event)
        self.tell(event)


def _hear(
    puzzle: PlanningPuzzle[P, M],
    children: Mapping[Connection, tuple[str, Child]],
    deadline: Deadline,
    heard: _Heard,
) -> PlanAnswer[P, M]:
    limit = deadline.time_limit
    raced = tuple(name for name, _ in children.values())
    open_pipes = set(children)
    while open_pipes and not cancelled():
        if limit is not None and deadline.elapsed() > limit + (0 if heard.answers else GRACE_S):
            break  # past the limit, an answer in hand ends the wait for the rest
        for ready in wait(list(open_pipes), timeout=LISTENING_SLICE_S):
            connection = cast(Connection, ready)
            name, child = children[connection]
            kind, value = child.receive()
            if kind == "event":
                heard.event(name, value)
            elif kind == "answer":
                answer = cast(PlanAnswer[P, M], value)
                if answer.outcome.ending is not Ending.UNKNOWN:
                    return replace(answer, raced=raced)
                heard.answers.append(answer)
            elif kind == "refused":
                raise BoardsatError(value)
            elif kind == "failed":  # a bug, never hidden behind the other racer's answer
                raise ChildFailed(f"the {name} route failed: {value}")
            else:  # done, or out of memory: the other racer may still answer
                if kind != "done":
                    heard.failures.append((name, value))
                open_pipes.discard(connection)
    return _best_unknown(puzzle, raced, deadline, heard)


def _best_unknown(
    puzzle: PlanningPuzzle[P, M], raced: tuple[str, ...], deadline: Deadline, heard: _Heard
) -> PlanAnswer[P, M]:
    """No racer proved anything: the answer (or, where none came, the reports) that refuted the
    longest plans. A racer out of memory is the answer only when nobody else said anything."""
    interrupted = cancelled()
    if heard.answers:
        best = max(heard.answers, key=lambda answer: answer.outcome.refuted_up_to)
        stopped = replace(best.outcome, interrupted=best.outcome.interrupted or interrupted)
        return replace(best, outcome=stopped, raced=raced)
    if heard.failures and not heard.reports:
        name, why = heard.failures[0]
        raise limit_reached(f"running the {name} route") from ChildOutOfMemory(why)
    name, reports = max(
        heard.reports.items(), key=lambda item: max(r.horizon for r in item[1]), default=(AUTO, [])
    )
    outcome = PlanOutcome(
        Ending.UNKNOWN,
        None,
        tuple(reports),
        reports[0].horizon if reports else 0,
        None,
        name,
        f"the {name} route, stopped {'by the user' if interrupted else 'at the time limit'}",
        deadline.elapsed(),
        name,
        interrupted,
    )
    return PlanAnswer(puzzle, outcome, None, None, raced=raced)


def _run_route(send: Connection, job: Job, time_limit: float | None) -> None:
    """The child's work: the route, its progress and its answer sent to the parent."""
    answer = job(time_limit, lambda event: send.send(("event", event)))
    send.send(("answer", answer))
