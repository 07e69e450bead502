"""Solving the knight exchange: the fewest moves by increasing horizons, proven, then checked.

:func:`shortest_plan` is the route: the matching bound and the parity argument
(:mod:`boardsat.models.exchange.bounds`) start the horizons and skip lengths, the planning task
goes to the horizon search on any backend, and a plan found is replayed by the rules.
:func:`solve` answers a whole :class:`ExchangeRequest`, adding the BFS checks asked for under
the same time limit. The defaults below are the route's tuning: CaDiCaL with every
strengthening, among the fastest on the seed (bench/results/exchange.json) and proving optima far
beyond the BFS oracle's reach (bench/results/exchange_beyond_bfs.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from boardsat.deadline import Deadline
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.horizon_search import Ending, HorizonReport, find_plan, settled
from boardsat.models.exchange.answer import ExchangeAnswer, Farthest, OracleCheck
from boardsat.models.exchange.bounds import check_time, lower_bound, parity
from boardsat.models.exchange.draw import position_text
from boardsat.models.exchange.instance import Exchange
from boardsat.models.exchange.model import plan_moves, planning_task
from boardsat.models.exchange.rules import replay, successors
from boardsat.oracle import OutOfTime, farthest, shortest_path

DEFAULT_BACKEND = "cadical195"
DEFAULT_STRENGTHEN = "all"
"""The strengthenings the route adds, as ``Strengthenings.parse`` reads them."""
MAX_HORIZON = 60
"""Where a search gives up, proven, when it has no time limit either: the seed needs 16 moves."""


@dataclass(frozen=True)
class ExchangeRequest:
    """What is asked: the fewest moves of ``exchange`` on ``backend``, up to ``max_horizon``
    (none: until ``time_limit``, or ``MAX_HORIZON`` without either), with the given
    strengthenings, starting at the admissible bounds unless ``bounds`` is off; ``verify`` adds
    the BFS oracle's comparison and ``farthest`` the positions farthest from the start."""

    exchange: Exchange
    backend: str = DEFAULT_BACKEND
    max_horizon: int | None = None
    time_limit: float | None = None
    strengthenings: Strengthenings = field(
        default_factory=lambda: Strengthenings.parse(DEFAULT_STRENGTHEN)
    )
    bounds: bool = True
    verify: bool = False
    farthest: bool = False


def solve(
    request: ExchangeRequest, progress: Callable[[HorizonReport], None] | None = None
) -> ExchangeAnswer:
    """Answer ``request``: one time limit for the planner and the BFS checks after it."""
    deadline = Deadline(request.time_limit)
    answer = shortest_plan(
        request.exchange,
        request.backend,
        max_horizon=request.max_horizon,
        time_limit=deadline.remaining(),
        strengthenings=request.strengthenings,
        bounds=request.bounds,
        progress=progress,
    )
    if request.verify:
        answer = replace(answer, oracle=compare_with_oracle(answer, deadline))
    if request.farthest:
        answer = replace(answer, farthest=farthest_from_start(request.exchange, deadline))
    return answer


def shortest_plan(
    exchange: Exchange,
    backend: str = DEFAULT_BACKEND,
    *,
    max_horizon: int | None = None,
    time_limit: float | None = None,
    strengthenings: Strengthenings | None = None,
    bounds: bool = True,
    progress: Callable[[HorizonReport], None] | None = None,
) -> ExchangeAnswer:
    """The fewest moves up to ``max_horizon``, proven; ``bounds`` starts at the matching bound,
    skips lengths of the wrong parity, and proves that no plan of any length exists when the
    knights of a colour cannot reach distinct goal squares of it. Without ``max_horizon`` the
    horizons grow until ``time_limit``, or up to ``MAX_HORIZON`` when there is no limit either.

    ``time_limit`` counts from the call, so the bound, the task's grounding and the encoding's
    set-up spend it too. Grounding and set-up cannot be stopped midway: each phase starts only
    while time is left (the answer is UNKNOWN otherwise), and the solver gets what they left.
    """
    deadline = Deadline(time_limit)
    if max_horizon is None and time_limit is None:
        max_horizon = MAX_HORIZON
    if strengthenings is None:
        strengthenings = Strengthenings.parse(DEFAULT_STRENGTHEN)

    def settle(ending: Ending, start: int, horizon: int | None) -> ExchangeAnswer:
        outcome = settled(
            ending,
            backend,
            strengthenings,
            lower_bound=start,
            max_horizon=horizon,
            seconds=deadline.elapsed(),
        )
        return ExchangeAnswer(exchange, outcome, None, None)

    start = 0
    refuted: Callable[[int], str | None] | None = None
    try:
        if bounds:
            found = lower_bound(exchange, deadline)
            if found is None:
                return settle(Ending.NO_PLAN, 0, None)
            start, refuted = found, _parity_proof(parity(exchange))
        check_time(deadline)
        task = planning_task(exchange)
        check_time(deadline)
    except OutOfTime:
        return settle(Ending.UNKNOWN, start, max_horizon)
    outcome = find_plan(
        task,
        backend,
        lower_bound=start,
        max_horizon=max_horizon,
        time_limit=deadline.remaining(),
        strengthenings=strengthenings,
        refuted=refuted,
        progress=progress,
    )
    if outcome.plan is None:
        return ExchangeAnswer(exchange, outcome, None, None)
    moves = tuple(plan_moves(outcome.plan))
    return ExchangeAnswer(exchange, outcome, moves, tuple(replay(exchange, moves)))


def _parity_proof(required: int) -> Callable[[int], str | None]:
    """Refutes the horizons whose parity differs from every solution's (see ``parity``)."""

    def refuted(h: int) -> str | None:
        return "parity" if h % 2 != required else None

    return refuted


def compare_with_oracle(answer: ExchangeAnswer, deadline: Deadline) -> OracleCheck:
    """The BFS oracle's fewest moves, by the rules alone, against the planner's answer.

    A claim of no plan of any length (``max_horizon`` None) is contradicted by any path; an
    UNKNOWN claims nothing the oracle could contradict.
    """
    exchange, outcome = answer.exchange, answer.outcome
    try:
        path = shortest_path(
            lambda p: successors(exchange.board, p),
            exchange.start,
            lambda p: p == exchange.goal,
            deadline=deadline,
        )
    except OutOfTime:
        return OracleCheck(finished=False, moves=None, agrees=None)
    best = None if path is None else len(path)
    if outcome.ending is Ending.PLAN:
        agrees = answer.moves is not None and best == len(answer.moves)
    elif outcome.ending is Ending.NO_PLAN:
        limit = outcome.max_horizon
        agrees = best is None or (limit is not None and best > limit)
    else:
        agrees = True
    return OracleCheck(finished=True, moves=best, agrees=agrees)


def farthest_from_start(exchange: Exchange, deadline: Deadline) -> Farthest:
    """The positions farthest from the start by BFS, or None fields if the deadline stopped it."""
    try:
        distance, positions, reachable = farthest(
            lambda p: successors(exchange.board, p), exchange.start, deadline=deadline
        )
    except OutOfTime:
        return Farthest(None, None, None)
    texts = tuple(position_text(exchange.board, p) for p in positions)
    return Farthest(distance, texts, reachable)
