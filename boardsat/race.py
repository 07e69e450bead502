"""A minimisation raced on several processes: whoever proves the bound, whoever finds the solution.

Proving an optimum and finding it are different jobs, and provers of different kinds get stuck
on different boards. Raced side by side on separate cores (on knight domination: a core-guided
prover beside SCIP's branch-and-bound, or beside a local-search placer that finds optimal
placements in a second and then turns prover), the run ends the moment the best proven bound
meets the best solution found, whichever racers produced them.

Each racer runs a list of stages in a child process of its own, one stage after another (a placer
can hand its core to a second prover once local search has had its turn). Children are killed, not
asked, to stop: some SAT solvers cannot be interrupted. Racers may solve different models (one with
a symmetry break, one without) provided every model has the same optimum and the same objective
keys; the caller vouches for that. Solutions handed between racers are keyed by the first racer's
model, so a hinted or listening stage needs a model with its variable keys (a shuffled copy).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, cast

from boardsat.backends import capabilities, make_backend
from boardsat.deadline import Deadline
from boardsat.errors import BoardsatError, failures_sent
from boardsat.model import Key, Model
from boardsat.results import EncodingSize, Improvement, Incoming, Result, Status
from boardsat.solve import solve


@dataclass(frozen=True)
class Stage:
    """One solve of a racer: a model on a backend with its options, for at most ``seconds``.

    A ``hinted`` stage starts from the best solution its racer's earlier stages found, or else
    from the race's ``start``, passed as the backend's ``hint`` (CP-SAT, SCIP): a placer can hand
    a prover its incumbent. A ``listening`` stage also takes, while it runs, each better solution
    any racer finds, as the backend's ``incoming`` (SCIP): a prover prunes by the race's best
    placement, not only by its own.
    """

    model: Model
    backend: str
    options: Mapping[str, Any] = field(default_factory=dict)
    seconds: float | None = None
    hinted: bool = False
    listening: bool = False


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


def race(
    racers: Sequence[Racer], time_limit: float | None = None, *, start: Result | None = None
) -> RaceOutcome:
    """Run ``racers`` at once; stop when the proven bound meets the best solution, or at the limit.

    OPTIMAL needs a solution and a bound that meet; UNSATISFIABLE needs a racer to prove its
    model infeasible; anything else ends UNKNOWN with the best solution and bound heard of.
    ``start``, a solution found before the race (by a placer on every core), is the best
    solution until a racer beats it, and every racer's hinted stages start from it. A racer that
    fails, or dies without a word (a solver's segfault, an OOM kill), raises here.
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
    board = Scoreboard(reference.objective.lower_bound, start)
    # fork starts a racer at once; spawn, where fork is missing, re-imports boardsat first
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = cast(Any, multiprocessing.get_context(method))
    listens = any(stage.listening for racer in racers for stage in racer.stages)
    blackboard = Blackboard(reference.keys(), context) if listens else None
    if blackboard is not None and board.objective is not None:
        blackboard.post(board.assignment)
    open_pipes: dict[Connection, str] = {}  # the racers' result pipes not yet done, to names
    children: dict[Connection, Any] = {}  # every started racer's process, by its pipe
    try:  # before the first start: a failed start still kills the racers started before it
        for racer in racers:
            receive, send = context.Pipe(duplex=False)
            open_pipes[receive] = racer.name
            args = (racer, deadline.remaining(), start, send, blackboard)
            child = context.Process(target=_run_racer, args=args, daemon=True)
            with contextlib.closing(send):  # the child's end: the parent keeps none open
                child.start()
            children[receive] = child
        _hear_racers(board, open_pipes, children, deadline, blackboard)
    finally:
        for child in children.values():
            child.kill()
            child.join()
        for connection in open_pipes:
            connection.close()
    return board.outcome(racers, deadline.elapsed())


def _check_stages(racers: Sequence[Racer], reference: Model, time_limit: float | None) -> None:
    """Refuse, in one line and before any child starts, a stage its racer could not run."""
    keys = set(reference.keys())
    for racer in racers:
        for stage in racer.stages:
            _check_stage(racer.name, stage, keys, time_limit)


def _check_stage(name: str, stage: Stage, keys: set[Key], time_limit: float | None) -> None:
    """Bad names fail here, in one line. A hinted or listening stage's backend must take a hint
    or solutions while it runs, and its model the first racer's keys, which those are keyed by:
    on other keys every solution handed to it would be silently rejected."""
    extra: dict[str, Any] = {"hint": {}} if stage.hinted else {}
    if stage.listening:
        extra["incoming"] = _nothing_new
    make_backend(stage.backend, **{**stage.options, **extra})
    if (stage.hinted or stage.listening) and set(stage.model.keys()) != keys:
        raise BoardsatError(
            f"racer {name!r}: a hinted or listening stage needs a model with the first racer's"
            " variable keys"
        )
    if stage.model.has_circuit and not capabilities(stage.backend).circuit:
        raise BoardsatError(f"racer {name!r}: backend {stage.backend!r} has no circuit constraint")
    limited = time_limit is not None or stage.seconds is not None
    if limited and not capabilities(stage.backend).honours_time_limit:
        raise BoardsatError(
            f"racer {name!r}: backend {stage.backend!r} cannot be stopped at a time limit"
        )


def _hear_racers(
    board: Scoreboard,
    open_pipes: dict[Connection, str],
    children: Mapping[Connection, Any],
    deadline: Deadline,
    blackboard: Blackboard | None,
) -> None:
    """Tell ``board`` what the racers send until it settles, every racer is done, or time runs
    out; post each better solution on ``blackboard`` for the listening racers."""
    posted = board.objective  # the start's, posted before any racer started
    while open_pipes and not board.settled():
        ready = wait(list(open_pipes), timeout=deadline.remaining())
        if not ready:
            return
        for ready_one in ready:
            connection = cast(Connection, ready_one)
            message = _receive(connection, children[connection])
            if message[0] == "done":
                del open_pipes[connection]
                connection.close()
                continue
            board.hear(open_pipes[connection], message, deadline.elapsed())
            if blackboard is not None and board.objective != posted:
                posted = board.objective
                blackboard.post(board.assignment)


_REAPED_WITHIN = 5.0  # seconds: a dead racer's pipe closes a moment before it can be reaped


def _receive(connection: Connection, child: Any) -> tuple[str, Any]:
    """A racer's next message. Its pipe ending before its "done" means it died without a Python
    exception (a solver's segfault, an OOM kill, SIGKILL): that comes back as its failure,
    since a race that lost a racer silently could end UNKNOWN for no reason anyone sees. A racer
    killed halfway through a message leaves an OSError ("end of file during message") instead."""
    try:
        return cast(tuple[str, Any], connection.recv())
    except (EOFError, OSError):
        child.join(_REAPED_WITHIN)
        return ("failed", f"it died without finishing, exit code {child.exitcode}")


class Blackboard:
    """The race's best solution in memory the racers share: the parent posts each better one and
    a listening stage reads it while it runs. Shared memory, not a pipe: a racer busy in a stage
    that does not listen never blocks the parent, and a reader only ever sees the latest.

    No lock, since a racer killed while holding one would leave the parent's next post waiting
    forever: the parent, the only writer, makes a sequence number odd while it writes and even
    after, and a reader keeps its copy of the values only if the sequence read before and after
    it is the same even number, else it gets nothing until a later poll. Readers hold nothing and
    never wait. (x86-64 keeps stores and loads in order; on a weaker CPU a torn copy at worst
    hands SCIP a placement that it checks before use.)"""

    def __init__(self, keys: Sequence[Key], context: Any) -> None:
        self.keys = tuple(keys)
        self.sequence = context.RawValue("q", 0)  # twice the posts so far, plus 1 mid-post
        self.values = context.RawArray("b", len(self.keys))

    def post(self, assignment: Mapping[Key, bool]) -> None:
        self.sequence.value += 1
        self.values[:] = [bool(assignment.get(key, False)) for key in self.keys]
        self.sequence.value += 1

    def reader(self) -> Incoming:
        """A poll that returns the posted solution once each time a newer one is posted."""
        seen = 0

        def news() -> Mapping[Key, bool] | None:
            nonlocal seen
            before = self.sequence.value
            if before == seen or before % 2:
                return None  # nothing new, or a post half written: a later poll takes it
            values = self.values[:]
            if self.sequence.value != before:
                return None  # posted over while copied: a later poll takes the newer one
            seen = before
            return dict(zip(self.keys, map(bool, values), strict=True))

        return news


def _nothing_new() -> Mapping[Key, bool] | None:
    return None


class Scoreboard:
    """The best solution and the best bound heard so far, and who delivered them."""

    def __init__(self, lower_bound: int, start: Result | None = None) -> None:
        self.bound = lower_bound
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
        if kind == "infeasible":
            self.infeasible = True
            self.finisher = racer
            self.events.append(RaceEvent(seconds, racer))
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
            self.events.append(
                RaceEvent(
                    seconds,
                    racer,
                    improvement.objective if better_solution else None,
                    improvement.bound if higher_bound else None,
                )
            )
            if self.settled():
                self.finisher = racer

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


def _die_with_parent() -> None:
    """On Linux, have the kernel kill this racer when the racing process dies (a benchmark that
    kills it at a limit, a second Ctrl-C): no solver is left running unwatched."""
    if sys.platform.startswith("linux"):
        import ctypes

        set_parent_death_signal = 1  # PR_SET_PDEATHSIG
        ctypes.CDLL(None).prctl(set_parent_death_signal, signal.SIGKILL)


def _run_racer(
    racer: Racer,
    time_limit: float | None,
    start: Result | None,
    send: Connection,
    blackboard: Blackboard | None = None,
) -> None:
    """The child's work: its stages, then "done" as its last act, so that the parent can tell a
    racer that finished from one that died without a Python exception and left a closed pipe."""
    _die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it kills the racers
    with contextlib.closing(send):
        with failures_sent(send):
            _run_stages(racer, Deadline(time_limit), start, send, blackboard)
        send.send(("done", None))


def _run_stages(
    racer: Racer,
    deadline: Deadline,
    start: Result | None,
    send: Connection,
    blackboard: Blackboard | None,
) -> None:
    """Each stage in turn, every improvement and the end sent to the parent; a listening stage
    reads the race's best solution from ``blackboard`` while it runs."""
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
        if stage.listening and blackboard is not None:
            options["incoming"] = blackboard.reader()
        result = solve(
            stage.model,
            stage.backend,
            time_limit=limit,
            on_improvement=lambda news: send.send(("improvement", news)),
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
