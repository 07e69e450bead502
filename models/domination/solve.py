"""Solving knight domination on any backend, with the answer validated and the proof state kept;
and the package's verbs, the same in every puzzle: ``solve``, ``build_model``, ``decode`` and
``validate``, each taking the instance (:class:`~boardsat.models.domination.instance.Domination`).

A request names a route (routes.ROUTES; ``auto`` picks one by the AUTO table). The total variant
is first split into its two colour halves (colours.py), each solved by the route on its own, since
two covers of half the size prove faster than the whole board. Figures: bench/results/domination.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from boardsat.core.backends import MAX_SEED
from boardsat.core.deadline import Deadline, OutOfTime, cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.keywords import (
    check_argument,
    check_keywords,
    check_option_types,
    keywords_of,
    listed_pairs,
)
from boardsat.core.results import EncodingSize, Improvement, OnImprovement, Result, Status
from boardsat.models.board import Board, Square
from boardsat.models.domination.answer import DominationAnswer
from boardsat.models.domination.colours import colour_swap, halves_to_solve, knight_squares
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.model import (
    DominationModel,
    check_variant,
    knight_key,
    placed_squares,
)
from boardsat.models.domination.model import (
    build_model as build_domination_model,
)
from boardsat.models.domination.model import decode as decode_placement
from boardsat.models.domination.order import check_order
from boardsat.models.domination.race import domination_line_up
from boardsat.models.domination.routes import (
    ORDER,
    auto_route,
    check_route,
    default_symmetry,
    in_process_stage,
    single_options,
)
from boardsat.models.domination.rules import validate as validate_placement
from boardsat.models.domination.searching.half_search import (
    search_model,
    stall_seconds,
    unlimited_search_seconds,
)
from boardsat.solving.race import OnRaceEvent, RaceEvent
from boardsat.solving.solve import solve as solve_model


@dataclass(frozen=True)
class DominationRequest:
    """One board to solve and how; checked when made, so that a bad request fails in one line
    before anything is built.

    ``symmetry`` (the lex-leader break) defaults to the route's table entry: on in the single
    route except on MIP solvers. ``seed`` is CP-SAT's and Gurobi's random seed, SCIP's random
    seed shift and the CP-SAT total race's model shuffle (python-sat's solvers take none);
    proof times on one board vary several-fold by seed.
    ``split`` solves the total variant as two covers, one per square colour, each by ``route``;
    it defaults to on there, unless tile bounds or a proof (of one formula) are asked for.
    ``order`` lists the squares for the model (order.py); None takes the route's ORDER entry.
    ``options`` go to the backend and need the single route.
    """

    rows: int
    cols: int
    variant: str = "independent"
    route: str = "auto"
    backend: str = "cpsat"
    time_limit: float | None = None
    symmetry: bool | None = None
    tiles: int = 0
    seed: int = 1
    split: bool | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    order: str | None = None

    def __post_init__(self) -> None:
        Board(self.rows, self.cols)
        check_variant(self.variant)
        if self.order is not None:
            check_order(self.order)
        if not 0 <= self.seed <= MAX_SEED:
            raise BoardsatError(f"the seed must lie in 0..{MAX_SEED}, not {self.seed}")
        check_route(self.route, self.backend)
        chosen = {key: value for key, value in self.options.items() if value is not None}
        object.__setattr__(self, "options", chosen)
        if chosen and self.route != "single":
            raise BoardsatError(
                f"backend options ({', '.join(sorted(chosen))}) need the single route"
            )
        proof = chosen.get("proof") is not None
        if self.tiles and proof:
            raise BoardsatError("a proof cannot cover tile bounds: they come from unproven solves")
        if self.split and proof:
            raise BoardsatError(
                "a proof refutes one formula: solve the total variant with no split"
            )
        if self.split and self.variant != "total":
            raise BoardsatError("only the total variant splits by square colour")
        if self.split and self.tiles:
            raise BoardsatError("tile bounds count knights of both colours: they need no split")

    @property
    def splits(self) -> bool:
        if self.split is not None:
            return self.split
        return self.variant == "total" and not self.tiles and self.options.get("proof") is None


def solve_domination(
    rows: int,
    cols: int,
    variant: str = "independent",
    *,
    route: str = "auto",
    backend: str = "cpsat",
    time_limit: float | None = None,
    symmetry: bool | None = None,
    tiles: int = 0,
    seed: int = 1,
    split: bool | None = None,
    order: str | None = None,
    **options: Any,
) -> DominationAnswer:
    """Minimise, decode and validate (DominationRequest says what each argument does)."""
    request = DominationRequest(
        rows,
        cols,
        variant,
        route,
        backend,
        time_limit,
        symmetry,
        tiles,
        seed,
        split,
        options,
        order,
    )
    return solve_request(request)


def solve_request(
    request: DominationRequest, on_event: OnRaceEvent | None = None
) -> DominationAnswer:
    """Minimise, decode and validate; a placement breaking the rules is a bug, never an answer.

    ``on_event`` hears the best placement and the proven bound as they move: the race's events,
    or the single solver's improvements (its route as the racer), timed from the run's start.
    """
    board = Board(request.rows, request.cols)
    deadline = Deadline(request.time_limit)  # tile bounds are solved for: building takes time
    if not request.splits:
        part = _solve_part(_PartRequest(request, None, deadline, on_event))
        placement, result = part.placement, part.result
        halves: tuple[str, ...] = ()
        parts = [part]
    else:
        halves = halves_to_solve(board)
        parts = []
        for left, knights_on in zip(range(len(halves), 0, -1), halves, strict=True):
            remaining = deadline.remaining()  # shared evenly by the halves still to solve
            share = Deadline(None if remaining is None else remaining / left)
            started = deadline.elapsed()
            heard = None if on_event is None else _half_events(on_event, knights_on, started)
            part = _solve_part(_PartRequest(request, knights_on, share, heard))
            parts.append(_as_half(part, knights_on, started))
        placement, result = _combined(board, parts)
    if result.has_solution:
        problems = validate_placement(request.rows, request.cols, request.variant, placement)
        if problems:
            raise AssertionError(f"{request.backend} returned an invalid placement: {problems[0]}")
    return DominationAnswer(
        board,
        request.variant,
        placement,
        result,
        tuple(dict.fromkeys(part.route for part in parts)),
        deadline.elapsed(),
        tuple(event for part in parts for event in part.events),
        "; ".join(part.finisher for part in parts if part.finisher) or None,
        halves,
        next((part.order for part in parts if part.order is not None), None),
        cancelled(),
    )


@dataclass(frozen=True)
class _PartRequest:
    """The whole board, or one colour's half (``knights_on``) of a split total board, to solve
    within ``deadline``."""

    request: DominationRequest
    knights_on: str | None
    deadline: Deadline
    on_event: OnRaceEvent | None = None


@dataclass(frozen=True)
class _Part:
    """One solve: of the whole board, or of one colour's half of a split total problem."""

    route: str
    order: str | None  # None: nothing was built
    placement: frozenset[Square]
    result: Result
    events: tuple[RaceEvent, ...]
    finisher: str | None


def _solve_part(part: _PartRequest) -> _Part:
    """Build, solve and decode the whole board or one half on the request's route; UNKNOWN with
    no placement when the time runs out before the model is built."""
    try:
        return _built_and_solved(part)
    except OutOfTime:
        request, elapsed = part.request, part.deadline.elapsed()
        size = EncodingSize(0, 0)
        unknown = Result(Status.UNKNOWN, request.backend, request.route, size, elapsed)
        return _Part(request.route, None, frozenset(), unknown, (), None)


def _built_and_solved(part: _PartRequest) -> _Part:
    request, knights_on, deadline = part.request, part.knights_on, part.deadline
    rows, cols, variant, backend = request.rows, request.cols, request.variant, request.backend
    kind = check_route(request.route, backend)
    route = request.route
    squares = len(knight_squares(Board(rows, cols), knights_on))
    if route == "auto":
        route = auto_route(kind, squares, half=knights_on is not None)
    order = request.order or ORDER[kind]
    if route == "race":
        line_up = domination_line_up(
            rows,
            cols,
            variant,
            backend,
            deadline.remaining(),
            symmetry=bool(request.symmetry),
            tiles=request.tiles,
            seed=request.seed,
            knights_on=knights_on,
            order=order,
        )
        outcome = line_up.run(deadline.remaining(), part.on_event)
        placement = decode_placement(line_up.built, outcome.result)
        return _Part(route, order, placement, outcome.result, outcome.events, outcome.finisher)
    symmetry = request.symmetry
    if symmetry is None:
        symmetry = default_symmetry(route, kind)
    built: DominationModel = build_domination_model(
        rows,
        cols,
        variant,
        symmetry=symmetry,
        tiles=request.tiles,
        knights_on=knights_on,
        order=order,
        deadline=deadline,
    )
    heard = _improvements(part.on_event, route, deadline)
    if route == "single":
        options = single_options(kind, backend, request.seed, request.options) | heard
        result = solve_model(built.model, backend, time_limit=deadline.remaining(), **options)
    elif route == "search":
        left = deadline.remaining()
        seconds = unlimited_search_seconds(squares) if left is None else left
        stall = stall_seconds(squares) if left is None else None
        result = search_model(
            built.model,
            built.board,
            seconds,
            seed=request.seed,
            stall=stall,
            on_improvement=heard.get("on_improvement"),
        )
    else:
        stage = in_process_stage(route, kind, built.model, backend, variant, request.seed)
        options = {**stage.options, **heard}
        result = solve_model(stage.model, stage.backend, time_limit=deadline.remaining(), **options)
    return _Part(route, order, decode_placement(built, result), result, (), None)


def _improvements(
    on_event: OnRaceEvent | None, route: str, deadline: Deadline
) -> dict[str, OnImprovement]:
    """The solver option that passes its improvements on as events named by the route."""
    if on_event is None:
        return {}

    def heard(news: Improvement) -> None:
        on_event(RaceEvent(deadline.elapsed(), route, news.objective, news.bound))

    return {"on_improvement": heard}


def _half_events(on_event: OnRaceEvent, knights_on: str, started: float) -> OnRaceEvent:
    """Events of one colour's half as the whole run's: named by the colour, timed from its start."""
    return lambda event: on_event(_half_event(event, knights_on, started))


def _half_event(event: RaceEvent, knights_on: str, started: float) -> RaceEvent:
    return replace(
        event, seconds=started + event.seconds, racer=f"{knights_on} knights: {event.racer}"
    )


def _as_half(part: _Part, knights_on: str, started: float) -> _Part:
    """A half's part with its racers named by colour and its events timed from the whole run."""
    events = tuple(_half_event(event, knights_on, started) for event in part.events)
    finisher = part.finisher and f"{knights_on} knights: {part.finisher}"
    return replace(part, events=events, finisher=finisher)


def _combined(board: Board, halves: list[_Part]) -> tuple[frozenset[Square], Result]:
    """The whole board's answer from its colour halves: their knights together, bounds summed.

    One half alone stands for both when a reflection swaps the colours (colour_swap): the other
    half's placement is its mirror image, with the same count and bound.
    """
    placements = [half.placement for half in halves]
    results = [half.result for half in halves]
    swap = colour_swap(board)
    if swap is not None:
        placements.append(frozenset(map(swap, halves[0].placement)))
        results.append(halves[0].result)
    statuses = {result.status for result in results}
    if Status.UNSATISFIABLE in statuses:
        status = Status.UNSATISFIABLE
    elif statuses == {Status.OPTIMAL}:
        status = Status.OPTIMAL
    else:
        status = Status.UNKNOWN
    solved = status is not Status.UNSATISFIABLE and all(r.has_solution for r in results)
    placement = frozenset().union(*placements) if solved else frozenset()
    bounds = [r.lower_bound for r in results]
    known = [bound for bound in bounds if bound is not None and status is not Status.UNSATISFIABLE]
    combined = Result(
        status,
        _each_once(result.backend for result in results),
        _each_once(result.encoding for result in results),
        EncodingSize(
            sum(half.result.size.variables for half in halves),
            sum(half.result.size.constraints for half in halves),
        ),
        sum(half.result.seconds for half in halves),
        {knight_key(square): square in placement for square in board.squares()} if solved else {},
        len(placement) if solved else None,
        sum(known) if known else None,  # a half with no bound yet contributes its trivial 0
    )
    return placement, combined


def _each_once(names: Iterable[str]) -> str:
    """The halves' backends or encodings, each once, as the Result's one name."""
    return " + ".join(dict.fromkeys(names))


# The package's verbs: the shapes every puzzle package gives them.


def solve(instance: Domination, **options: Any) -> DominationAnswer:
    """The fewest knights for ``instance``, proven where the time allows, on the route the
    benchmarks chose; ``options`` are :class:`DominationRequest`'s (route, backend, time_limit,
    symmetry, tiles, seed, split, order, and a backend's own); an unknown one, or a value of
    another type, is refused in one line."""
    _check_instance("solve", instance)
    check_keywords(
        "domination.solve",
        options,
        keywords_of(solve_domination, ("rows", "cols", "variant")),
        others="a backend's own options with route='single'",
        pass_others=options.get("route") == "single",
    )
    check_option_types("domination.solve", options, solve_domination)
    return solve_domination(instance.rows, instance.cols, instance.variant, **options)


def build_model(instance: Domination, **options: Any) -> DominationModel:
    """The minimisation the routes solve, with the lex-leader break and the counting bound that
    make a fair comparison of backends on ``boardsat.solve(built.model, backend)``; ``options``
    as for :func:`~boardsat.models.domination.model.build_model` (symmetry, order, tiles, ...)."""
    _check_instance("build_model", instance)
    return build_domination_model(instance.rows, instance.cols, instance.variant, **options)


def decode(instance: Domination, result: Result) -> frozenset[Square]:
    """The squares holding a knight in a result of :func:`build_model`'s model (empty when it
    holds no solution)."""
    _check_instance("decode", instance)
    check_argument("domination.decode", "result", result, Result, "a Result")
    return placed_squares(result.true_keys())


def validate(instance: Domination, placement: Iterable[Square] | DominationAnswer) -> list[str]:
    """What the rules find wrong with ``placement`` (or an answer's) on ``instance``'s board
    (empty when it is valid; whether it is the fewest is for the proof to say)."""
    _check_instance("validate", instance)
    if isinstance(placement, DominationAnswer):
        placement = placement.placement
    squares, unreadable = listed_pairs(placement, "square (a pair of row and column)")
    if unreadable:
        return unreadable
    return validate_placement(instance.rows, instance.cols, instance.variant, squares)


def _check_instance(verb: str, instance: object) -> None:
    check_argument(f"domination.{verb}", "instance", instance, Domination, "a Domination")
