"""A minimisation raced on several processes: whoever proves the bound, whoever finds the solution.

Proving an optimum and finding it are different jobs, and provers of different kinds get stuck
on different boards. Raced side by side on separate cores (on knight domination: a core-guided
prover beside SCIP's branch-and-bound, or beside a local-search placer that finds optimal
placements in a second and then turns prover), the run ends the moment the best proven bound
meets the best solution found, whichever racers produced them.

Each racer runs a list of stages in a child process of its own, one stage after another (a placer
can hand its placement to a second prover once local search has had its turn), through
boardsat.core.child. Children are killed, not asked, to stop: some SAT solvers cannot be interrupted.
Racers may solve different models (one with a symmetry break, one without) provided every model
has the same optimum and the same objective keys; the caller vouches for that. A start handed to
the racers is keyed by the first racer's model, so a hinted stage needs a model with its
variable keys (a shuffled copy).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, cast

from boardsat.core.backends import capabilities, make_backend
from boardsat.core.child import Child
from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.memory import limit_reached
from boardsat.core.model import Key, Model
from boardsat.core.results import EncodingSize, Improvement, Result, Status
from boardsat.solving.solve import solve


@dataclass(frozen=True)
class Stage:
    """One solve of a racer: a model on a backend with its options, for at most ``seconds``.

    A ``hinted`` stage starts from the best solution its racer's earlier stages found, or else
    from the race's ``start``, passed as the backend's ``hint`` (CP-SAT, SCIP): a placer can hand
    a prover its incumbent.
    """

    model: Model
    backend: str
    options: Mapping[str, Any] = field(default_factory=dict)
    seconds: float | None = None
    hinted: bool = False


@dataclass(frozen=True)
class Racer:
    """A named sequence of stages run in one child process."""

    name: str
    stages: tuple[Stage, ...]


@dataclass(frozen=True)
class RaceEvent:
    """What the race heard, when (seconds since the start), and from which racer."""

    seconds: float
    racer: str
    objective: int | None = None
    bound: int | None = None


@dataclass(frozen=True)
class RaceOutcome:
    """The combined result and the events that led to it, for reports and benchmarks."""

    result: Result
    events: tuple[RaceEvent, ...]
    finisher: str | None  # the racer whose bound or solution closed the gap, if one did


OnRaceEvent = Callable[[RaceEvent], None]
LISTENING_SLICE_S = 0.25  # how often the parent looks up from the racers' pipes: a cancellation
# (Ctrl-C) ends the deadline without waking a wait


def race(
    racers: Sequence[Racer],
    time_limit: float | None = None,
    *,
    start: Result | None = None,
    on_event: OnRaceEvent | None = None,
) -> RaceOutcome:
    """Run ``racers`` at once; stop when the proven bound meets the best solution, or at the limit.

    OPTIMAL needs a solution and a bound that meet; UNSATISFIABLE needs a racer to prove its
    model infeasible; anything else ends UNKNOWN with the best solution and bound heard of.
    ``start``, a solution found before the race (by a placer on every core), is the best
    solution until a racer beats it, and every racer's hinted stages start from it. A racer that
    fails, or dies without a word (a solver's segfault), raises here; one that ran out of memory
    (boardsat.core.memory's ceiling) raises MemoryLimitReached.
    ``on_event`` hears each event as the race records it.
    """
    deadline = Deadline(time_limit)
    if not racers:
        raise BoardsatError("a race needs at least one racer")
    reference = racers[0].stages[0].model
    if reference.objective is None:
        raise BoardsatError("a race minimises: the model needs an objective")
    _check_stages(racers, reference, time_limit)
    if start is not None and not start.has_solution:
        start = None
    board = Scoreboard(reference.objective.lower_bound, start, on_event)
    children: dict[Connection, tuple[str, Child]] = {}  # every started racer, by its pipe
    try:  # before the first start: a failed start still kills the racers started before it
        for racer in racers:
            if deadline.expired():  # a large model takes seconds to send: none past the limit
                break
            child = Child(_run_racer, racer, deadline.remaining(), start)
            children[child.connection] = (racer.name, child)
        _hear_racers(board, children, deadline)
    finally:
        for _, child in children.values():
            child.kill()
    return board.outcome(racers, deadline.elapsed())


def _check_stages(racers: Sequence[Racer], reference: Model, time_limit: float | None) -> None:
    """Refuse, in one line and before any child starts, a stage its racer could not run."""
    keys = set(reference.keys())
    for racer in racers:
        for stage in racer.stages:
            _check_stage(racer.name, stage, keys, time_limit)


def _check_stage(name: str, stage: Stage, keys: set[Key], time_limit: float | None) -> None:
    """Bad names fail here, in one line. A hinted stage's backend must take a hint, and its
    model the first racer's keys, which a start is keyed by: on other keys every solution handed
    to it would be silently rejected."""
    extra: dict[str, Any] = {"hint": {}} if stage.hinted else {}
    make_backend(stage.backend, **{**stage.options, **extra})
    if stage.hinted and set(stage.model.keys()) != keys:
        raise BoardsatError(
            f"racer {name!r}: a hinted stage needs a model with the first racer's variable keys"
        )
    if stage.model.has_circuit and not capabilities(stage.backend).circuit:
        raise BoardsatError(f"racer {name!r}: backend {stage.backend!r} has no circuit constraint")
    limited = time_limit is not None or stage.seconds is not None
    if limited and not capabilities(stage.backend).honours_time_limit:
        raise BoardsatError(
            f"racer {name!r}: backend {stage.backend!r} cannot be stopped at a time limit"
        )


def _hear_racers(
    board: Scoreboard, children: Mapping[Connection, tuple[str, Child]], deadline: Deadline
) -> None:
    """Tell ``board`` what the racers send until it settles, every racer is done, or time runs
    out. A racer that dies without a word comes back as its failure (Child.receive), since a race
    that lost a racer silently could end UNKNOWN for no reason anyone sees."""
    open_pipes = set(children)
    while open_pipes and not board.settled():
        left = deadline.remaining()
        ready = wait(
            list(open_pipes),
            timeout=LISTENING_SLICE_S if left is None else min(left, LISTENING_SLICE_S),
        )
        if deadline.expired():
            return
        for ready_one in ready:
            connection = cast(Connection, ready_one)
            name, child = children[connection]
            message = child.receive()
            if message[0] == "done":
                open_pipes.discard(connection)
                continue
            board.hear(name, message, deadline.elapsed())


class Scoreboard:
    """The best solution and the best bound heard so far, and who delivered them."""

    def __init__(
        self, lower_bound: int, start: Result | None = None, on_event: OnRaceEvent | None = None
    ) -> None:
        self.bound = lower_bound
        self.on_event = on_event
        self.objective: int | None = None if start is None else start.objective
        self.assignment: Mapping[Key, bool] = {} if start is None else start.assignment
        self.infeasible = False
        self.events: list[RaceEvent] = []
        self.finisher: str | None = None

    def settled(self) -> bool:
        return self.infeasible or (self.objective is not None and self.bound >= self.objective)

    def hear(self, racer: str, message: tuple[str, Any], seconds: float) -> None:
        kind, payload = message
        if kind == "refused":
            raise BoardsatError(f"racer {racer!r}: {payload}")
        if kind == "failed":
            raise RuntimeError(f"racer {racer} failed:\n{payload}")
        if kind == "out of memory":
            raise limit_reached(f"racing ({racer}: {payload})")
        if kind == "infeasible":
            self.infeasible = True
            self.finisher = racer
            self._record(RaceEvent(seconds, racer))
            self._check_agreement(racer)
            return
        improvement: Improvement = payload
        better_solution = improvement.objective is not None and (
            self.objective is None or improvement.objective < self.objective
        )
        higher_bound = improvement.bound is not None and improvement.bound > self.bound
        if better_solution:
            self.objective = improvement.objective
            self.assignment = improvement.assignment
        if higher_bound:
            assert improvement.bound is not None
            self.bound = improvement.bound
        self._check_agreement(racer)
        if better_solution or higher_bound:
            self._record(
                RaceEvent(
                    seconds,
                    racer,
                    improvement.objective if better_solution else None,
                    improvement.bound if higher_bound else None,
                )
            )
            if self.settled():
                self.finisher = racer

    def _record(self, event: RaceEvent) -> None:
        self.events.append(event)
        if self.on_event is not None:
            self.on_event(event)

    def _check_agreement(self, racer: str) -> None:
        """Racers on models with one optimum never prove a bound above a solution or prove
        infeasible a problem with a solution; if they do, no status the race gives is true."""
        if self.objective is None:
            return
        if self.infeasible:
            raise RuntimeError(
                f"racer {racer}: a proof of infeasibility beside a solution of cost "
                f"{self.objective}: the racers' models do not share their optimum"
            )
        if self.bound > self.objective:
            raise RuntimeError(
                f"racer {racer} proved bound {self.bound} above a solution of cost "
                f"{self.objective}: the racers' models do not share their optimum"
            )

    def outcome(self, racers: Sequence[Racer], seconds: float) -> RaceOutcome:
        reference = racers[0].stages[0].model
        if self.infeasible:
            status = Status.UNSATISFIABLE
        elif self.settled():
            status = Status.OPTIMAL
        else:
            status = Status.UNKNOWN
        result = Result(
            status=status,
            backend="+".join(dict.fromkeys(s.backend for r in racers for s in r.stages)),
            encoding=" | ".join(_describe(racer) for racer in racers),
            size=EncodingSize(reference.num_vars, len(reference.constraints)),
            seconds=seconds,
            assignment=dict(self.assignment),
            objective=self.objective,
            bound=None if self.infeasible else self.bound,
        )
        return RaceOutcome(result, tuple(self.events), self.finisher)


def _describe(racer: Racer) -> str:
    stages = " then ".join(f"{stage.backend}{_options(stage.options)}" for stage in racer.stages)
    return f"{racer.name}: {stages}"


def _options(options: Mapping[str, Any]) -> str:
    shown = ", ".join(f"{key}={value}" for key, value in sorted(options.items()))
    return f"({shown})" if shown else ""


def _run_racer(
    send: Connection, racer: Racer, time_limit: float | None, start: Result | None
) -> None:
    """The child's work: each stage in turn, every improvement and the end sent to the parent."""
    deadline = Deadline(time_limit)
    best: tuple[int, Mapping[Key, bool]] | None = None  # this racer's best cost and solution
    if start is not None and start.objective is not None:
        best = (start.objective, start.assignment)
    for stage in racer.stages:
        limit = deadline.remaining()
        if stage.seconds is not None:
            limit = stage.seconds if limit is None else min(stage.seconds, limit)
        options = dict(stage.options)
        if stage.hinted and best is not None:
            options["hint"] = best[1]
        result = solve(
            stage.model,
            stage.backend,
            time_limit=limit,
            on_improvement=_sender(send),
            **options,
        )
        if result.objective is not None and (best is None or result.objective < best[0]):
            best = (result.objective, result.assignment)
        if result.status is Status.UNSATISFIABLE:
            send.send(("infeasible", None))
            return
        final = Improvement(
            objective=result.objective,
            bound=result.bound if result.status is not Status.OPTIMAL else result.objective,
            assignment=result.assignment,
        )
        send.send(("improvement", final))
        if result.status is Status.OPTIMAL or deadline.expired():
            return


def _sender(send: Connection) -> Callable[[Improvement], None]:
    return lambda news: send.send(("improvement", news))
