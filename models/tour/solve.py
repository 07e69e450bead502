"""The tour routes: find one tour (whole board or quadrant blocks), list tours, count them.

A request names what is wanted (:class:`TourRequest`); :func:`solve_request` sends it down its route,
on the backend :mod:`boardsat.models.tour.routes` records for it unless the request names one.
Every tour a route returns has passed :func:`~boardsat.models.tour.rules.validate_tour`: a decoded
or joined tour that breaks the rules is an error, never an answer. The defaults below are the
routes' tuning, chosen from the benchmark record (bench/results/tour.md): CP-SAT's native
circuit reaches the largest boards of any whole-board route there, and the decision diagram
counts corner tours faster than any enumeration and alone reaches 6x6.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from boardsat.core.backends import CPSAT
from boardsat.core.deadline import Deadline, OutOfTime, cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.keywords import (
    check_argument,
    check_keywords,
    check_option_types,
    keywords_of,
    listed_pairs,
)
from boardsat.core.results import OnFound, Result, Status
from boardsat.core.wording import counted
from boardsat.encoders.cnf.circuit import DEFAULT_CIRCUIT_ENCODING
from boardsat.models.board import Board, Square
from boardsat.models.tour.answer import TourAnswer, TourCount
from boardsat.models.tour.model import TourModel, TourSpec, build_tour_model, tour_from_keys
from boardsat.models.tour.routes import (
    BLOCK_SIDE,
    QUADRANTS,
    WHOLE,
    Job,
    Solver,
    auto_route,
    check_route,
    solver_for,
)
from boardsat.models.tour.rules import validate_tour
from boardsat.models.tour.split import blocks
from boardsat.models.tour.zdd import count_by_zdd
from boardsat.solving.solve import enumerate_solutions
from boardsat.solving.solve import solve as solve_model

DEFAULT_BACKEND = CPSAT
COUNTERS = ("zdd", "enumerate")
DEFAULT_COUNTER = "zdd"


@dataclass(frozen=True)
class TourRequest:
    """What is asked: one tour (``find``), the number of tours (``count``) or the tours themselves
    (``list``, up to ``limit``), on ``backend`` with an optional CNF ``circuit`` encoding.

    ``route`` picks how a tour is found (:data:`~boardsat.models.tour.routes.ROUTES`: ``auto``,
    ``whole``, ``quadrants``); ``backend`` None means the one the route's table records.
    ``counter`` picks how ``count`` counts (``zdd``, a decision diagram counted in a child
    process killed at the time limit, or ``enumerate``).
    """

    spec: TourSpec
    job: Job = "find"
    backend: str | None = None
    circuit: str | None = None
    counter: str = DEFAULT_COUNTER
    route: str = "auto"
    limit: int | None = None
    time_limit: float | None = None

    def __post_init__(self) -> None:
        if self.counter not in COUNTERS:
            raise BoardsatError(f"unknown counter {self.counter!r}; known: {', '.join(COUNTERS)}")
        if self.limit is not None and self.job != "list":
            raise BoardsatError("only a listing takes a limit")
        check_route(self.route, self.spec, self.job)
        if self.circuit is not None and self.backend is None and self.solver.backend == CPSAT:
            board = self.spec.board
            raise BoardsatError(
                f"the circuit encoding {self.circuit!r} is for a SAT backend, and the"
                f" {self.taken_route} route runs on {CPSAT} on a {board.rows}x{board.cols} board"
                " (a native circuit): name a SAT backend"
            )

    @property
    def zdd(self) -> bool:
        return self.job == "count" and self.counter == "zdd"

    @property
    def taken_route(self) -> str:
        """The route the request runs: its own, or the one ``auto`` stands for."""
        return auto_route(self.spec, self.job) if self.route == "auto" else self.route

    @property
    def solver(self) -> Solver:
        """The backend named, or the taken route's for this board."""
        if self.backend is None:
            taken = solver_for(self.taken_route, self.spec.board.size)
            return taken if self.circuit is None else Solver(taken.backend, self.circuit)
        return Solver(self.backend, self.circuit)


def solve_request(request: TourRequest, on_found: OnFound | None = None) -> TourAnswer | TourCount:
    """Answer ``request`` on its route; ``on_found`` hears an enumeration's count so far."""
    spec, limit = request.spec, request.time_limit
    backend, options = request.solver.backend, request.solver.options
    if request.job == "find":
        if request.taken_route == QUADRANTS:
            board = spec.board
            return find_closed_by_quadrants(
                board.rows, board.cols, backend, time_limit=limit, **options
            )
        return find_tour(spec, backend, time_limit=limit, **options)
    if request.zdd:
        return count_by_zdd(spec, limit)
    return count_by_enumeration(
        spec, backend, limit=request.limit, time_limit=limit, on_found=on_found, **options
    )


def find_tour(
    spec: TourSpec,
    backend: str = DEFAULT_BACKEND,
    *,
    time_limit: float | None = None,
    **options: Any,
) -> TourAnswer:
    """Find one tour by one circuit over the whole board.

    ``time_limit`` counts from the call: building the model spends it too, so the solver gets
    only the time left after it; a build or translation that outlasts the limit stops there,
    UNKNOWN with no tour.
    """
    deadline = Deadline(time_limit)
    try:
        built = build_tour_model(spec, deadline)
    except OutOfTime:
        encoding = _encoding_of(backend, options)
        return TourAnswer(
            spec, Status.UNKNOWN, [], backend, WHOLE, encoding, deadline.elapsed(), ()
        )
    result = solve_model(built.model, backend, time_limit=deadline.remaining(), **options)
    tour = built.tour_of(result) if result.has_solution else []
    if tour:
        _require_valid(spec, tour)
    return TourAnswer(
        spec, result.status, tour, backend, WHOLE, result.encoding, deadline.elapsed(), (result,)
    )


def find_closed_by_quadrants(
    rows: int,
    cols: int,
    backend: str = DEFAULT_BACKEND,
    *,
    block_side: int = BLOCK_SIDE,
    time_limit: float | None = None,
    **options: Any,
) -> TourAnswer:
    """A closed tour joined from block tours (:func:`~boardsat.models.tour.split.blocks`, none
    of a side under ``block_side`` but quadrants), each found by ``backend`` in the time left,
    the joined tour checked on the whole board.

    A block without a tour (its fixed ends may allow none) does not prove that the board has
    none: the answer is then UNKNOWN.
    """
    deadline = Deadline(time_limit)
    whole = TourSpec(Board(rows, cols), closed=True)
    tour: list[Square] = []
    solves: list[Result] = []
    for block in blocks(rows, cols, block_side):
        spec = TourSpec(Board(block.rows, block.cols), False, block.start, block.end)
        answer = find_tour(spec, backend, time_limit=deadline.remaining(), **options)
        solves.extend(answer.solves)
        if not answer.found:
            return TourAnswer(
                whole,
                Status.UNKNOWN,
                [],
                backend,
                QUADRANTS,
                answer.encoding,
                deadline.elapsed(),
                tuple(solves),
            )
        tour.extend((row + block.top, col + block.left) for row, col in answer.tour)
    _require_valid(whole, tour, "joined")
    return TourAnswer(
        whole,
        Status.SATISFIABLE,
        tour,
        backend,
        QUADRANTS,
        solves[-1].encoding,
        deadline.elapsed(),
        tuple(solves),
    )


def count_by_enumeration(
    spec: TourSpec,
    backend: str = DEFAULT_BACKEND,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    on_found: OnFound | None = None,
    **options: Any,
) -> TourCount:
    """Enumerate the distinct tours (projected on the moves) and count them, each one validated.

    A closed tour is one solution (the model keeps one direction), so a repeated undirected tour
    is an error, never a second tour. With a ``limit``, one tour more is asked for, so that a
    search ending within the limit proves its count exact, and one finding more proves it is not.
    ``time_limit`` and ``seconds`` count from the call, building the model included (see
    :func:`find_tour`).
    """
    if limit is not None and limit < 1:  # said as given: the solver is asked for one more
        raise BoardsatError(f"a listing's limit must be at least 1, got {limit}")
    deadline = Deadline(time_limit)
    try:
        built = build_tour_model(spec, deadline)
    except OutOfTime:
        stopped = f"{_stopped()} while the model was built, before any tour"
        route = _encoding_of(backend, options)
        return TourCount(spec, 0, False, route, deadline.elapsed(), (), stopped)
    found = enumerate_solutions(
        built.model,
        over=built.arc_keys(),
        backend=backend,
        limit=None if limit is None else limit + 1,
        time_limit=deadline.remaining(),
        on_found=on_found,
        **options,
    )
    tours: dict[frozenset[Any], tuple[Square, ...]] = {}
    for solution in found.solutions:
        tour = built.decode(solution)
        _require_valid(spec, tour)
        steps = pairwise([*tour, tour[0]] if spec.closed else tour)
        identity = frozenset(frozenset(step) if spec.closed else step for step in steps)
        if identity in tours:
            raise AssertionError(f"the enumeration repeats a tour: {tour}")
        tours[identity] = tuple(tour)
    listed = tuple(tours.values())[:limit]
    timed_out = not found.exhausted and len(listed) == len(tours)  # not stopped by the limit
    return TourCount(
        spec,
        len(listed),
        found.exhausted and len(listed) == len(tours),
        found.encoding,
        deadline.elapsed(),
        listed,
        f"{_stopped()} after {counted(len(listed), 'tour')}" if timed_out else None,
    )


def _stopped() -> str:
    """What ended an unfinished count: Ctrl-C or the time limit."""
    return "interrupted" if cancelled() else "the time limit ran out"


def _encoding_of(backend: str, options: dict[str, Any]) -> str:
    if backend == CPSAT:
        return backend
    return f"{backend}/{options.get('circuit', DEFAULT_CIRCUIT_ENCODING)}"


def _require_valid(spec: TourSpec, tour: list[Square], what: str = "decoded") -> None:
    problems = validate_tour(
        spec.board.rows,
        spec.board.cols,
        tour,
        closed=spec.closed,
        start=None if spec.closed else spec.start,
        end=spec.end,
    )
    if problems:
        raise AssertionError(f"{what} tour breaks the rules: {problems[0]}")


# The package's verbs: the shapes every puzzle package gives them.


def solve(
    spec: TourSpec, on_found: OnFound | None = None, **options: Any
) -> TourAnswer | TourCount:
    """One tour of ``spec`` (or, with ``job="count"`` or ``"list"``, its tours counted or
    listed) on the route the benchmarks chose; ``options`` are :class:`TourRequest`'s: job,
    backend, circuit, counter, route, limit, time_limit (any other, or a value of another type,
    is refused in one line)."""
    _check_spec("solve", spec)
    check_keywords("tour.solve", options, keywords_of(TourRequest, ("spec",)))
    check_option_types("tour.solve", options, TourRequest)
    return solve_request(TourRequest(spec, **options), on_found)


def build_model(spec: TourSpec) -> TourModel:
    """The circuit model the whole-board route solves (``boardsat.solve(built.model, ...)``)."""
    _check_spec("build_model", spec)
    return build_tour_model(spec)


def decode(spec: TourSpec, result: Result) -> list[Square]:
    """The squares in visiting order in a result of :func:`build_model`'s model."""
    _check_spec("decode", spec)
    check_argument("tour.decode", "result", result, Result, "a Result")
    return tour_from_keys(spec, result.true_keys())


def validate(spec: TourSpec, tour: Sequence[Square] | TourAnswer | TourCount) -> list[str]:
    """What the rules find wrong with ``tour`` (or an answer's) as a tour of ``spec`` (empty
    when it is one); of a count, with each tour it listed (a count itself the rules cannot
    check: its completeness is the counter's)."""
    _check_spec("validate", spec)
    if isinstance(tour, TourCount):
        return [problem for listed in tour.tours for problem in validate(spec, listed)]
    if isinstance(tour, TourAnswer):
        if not tour.found:
            return ["the answer holds no tour"]
        tour = tour.tour
    squares, unreadable = listed_pairs(tour, "square (a pair of row and column)")
    if unreadable:
        return unreadable
    board = spec.board
    return validate_tour(
        board.rows, board.cols, squares, closed=spec.closed, start=spec.start, end=spec.end
    )


def _check_spec(verb: str, spec: object) -> None:
    check_argument(f"tour.{verb}", "instance", spec, TourSpec, "a TourSpec")
