"""The knight domination benchmark matrix: boards by variant, each route as users run it, and the
textbook model as the baseline.

Instances: ``VARIANT:N`` (the N x N board) or ``VARIANT:RxC``. A square board in the published
range is held to its OEIS value (``published.py``); a smaller rectangle, to the exhaustive
search (``exhaustive.py``), which shares nothing with the model. Routes: ``BACKEND/ROUTE``, a
domination route of ``routes.ROUTES`` on a backend, or ``BACKEND/textbook``: one Boolean per
square, no symmetry break, no bound, minimised by the backend alone. A domination route may add
``@ORDER``, the square order (order.py; default: the route's ORDER entry), and ``/sym`` or
``/nosym``, the lex-leader break on or off (default: the route's own choice), so that the order
matrix measures both on every route. ``gurobi/tuned`` is the single route on Gurobi with the
parameters the author of the recent OEIS terms used. The single and textbook routes run CP-SAT
and Gurobi on the cell's threads; the others keep their own settings. Every placement is
checked here by :func:`validate`, apart from the check the route makes itself.

Counts: ``count-VARIANT:N`` (or ``:RxC``) asks how many placements of the proven minimum there
are, held to A103315 on square dominating boards. Its routes are the counters of count.py:
``enumerate/BACKEND``, ``colours/BACKEND`` (total boards only) and ``zdd``; the row's detail
gives the orbits counted.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from boardsat.core.backends import CPSAT, GUROBI, seed_parameters
from boardsat.core.cells import Cell, InstanceSpec, PuzzleBench, RouteSpec, RowOutcome
from boardsat.core.errors import BoardsatError
from boardsat.core.results import Result, Status
from boardsat.core.wording import counted as counted_words
from boardsat.models.board import Board, Square
from boardsat.models.domination.counting.colour_count import COUNTER as COLOURS
from boardsat.models.domination.counting.count import (
    COUNTERS,
    ENUMERATE,
    ON_SOLVER,
    count_minimum_placements,
)
from boardsat.models.domination.counting.zdd import COUNTER as ZDD
from boardsat.models.domination.exhaustive import minimum_knights
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.model import VARIANTS, build_model, check_variant, decode
from boardsat.models.domination.order import check_order
from boardsat.models.domination.published import (
    PUBLISHED,
    PUBLISHED_PLACEMENTS_DOMINATING,
    SOURCES,
    published_minimum,
)
from boardsat.models.domination.routes import ROUTES, backend_kind, check_route
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination
from boardsat.solving.solve import solve

TEXTBOOK = "textbook"
TUNED = "tuned"
# The Gurobi parameters the author of the recent OEIS terms (A342576, A006075) tuned for these
# models: the peer a researcher compares with, run on boardsat's model by the single route.
GUROBI_TUNED = {
    "DegenMoves": 6,
    "Heuristics": 0,
    "CutPasses": 3,
    "GomoryPasses": 5,
    "PrePasses": 8,
}
SAT_SOLVER = "cadical195"
THREADS_OPTION = {CPSAT: "workers", GUROBI: "threads"}  # the backends that take a thread count
EXHAUSTIVE_SQUARES = 36
"""The largest board (in squares) the exhaustive search is asked for: 6x6 takes a tenth of a
second, and each square more multiplies that."""
COUNT_PREFIX = "count-"
FAMILIES = {
    "VARIANT:N": f"the fewest knights on N x N, variant {', '.join(VARIANTS)}",
    "VARIANT:RxC": "the same on an R x C board",
    f"{COUNT_PREFIX}VARIANT:N": "how many placements of the fewest knights there are",
}
_BOARD = re.compile(r"(\d+)(?:x(\d+))?")
_ROUTE = re.compile(
    r"(?P<backend>[^/@]+)/(?P<route>[a-z]+)(?:@(?P<order>[a-z]+))?(?P<symmetry>/(?:no)?sym)?"
)


def _route_names() -> tuple[str, ...]:
    """The named routes on CP-SAT and on CaDiCaL (RC2), for help texts; any backend runs the
    single and textbook routes. The kinds are stated, not probed: a missing solver library
    must not stop the other puzzles' matrices from loading."""
    names = []
    for backend, kind in ((CPSAT, "cpsat"), (SAT_SOLVER, "rc2")):
        names += [f"{backend}/{name}" for name, route in ROUTES.items() if kind in route.kinds]
        names.append(f"{backend}/{TEXTBOOK}")
    names += [f"{ENUMERATE}/{backend}" for backend in (SAT_SOLVER, CPSAT)]
    names.append(f"{COLOURS}/{SAT_SOLVER}")
    return (*names, ZDD)


def board_of(name: str) -> tuple[int, int, str]:
    """The rows, columns and variant that ``VARIANT:N`` or ``VARIANT:RxC`` names."""
    variant, _, size = name.partition(":")
    shape = _BOARD.fullmatch(size)
    if variant not in VARIANTS or shape is None:
        raise BoardsatError(f"unknown instance {name!r}; known: {', '.join(FAMILIES)}")
    rows = int(shape[1])
    cols = rows if shape[2] is None else int(shape[2])
    Board(rows, cols)  # a board too large is one line
    return rows, cols, check_variant(variant)


def instance(name: str) -> InstanceSpec:
    """The board ``name`` names, with the published or exhaustive optimum where there is one,
    or for a count the published number of minimum placements."""
    if name.startswith(COUNT_PREFIX):
        rows, cols, variant = board_of(name.removeprefix(COUNT_PREFIX))
        published = rows == cols and variant == "dominating"
        if published and rows <= len(PUBLISHED_PLACEMENTS_DOMINATING):
            count = PUBLISHED_PLACEMENTS_DOMINATING[rows - 1]
            return InstanceSpec(name, "count", rows * cols, count, "OEIS A103315")
        return InstanceSpec(name, "count", rows * cols)
    rows, cols, variant = board_of(name)
    reference, source = _reference(rows, cols, variant)
    return InstanceSpec(name, "min", rows * cols, reference, source)


@cache
def _reference(rows: int, cols: int, variant: str) -> tuple[int | None, str | None]:
    """The optimum from outside the model: OEIS for square boards, else the exhaustive search.
    None where neither reaches, or where no placement exists (the rules reject any a route
    claims there)."""
    value: int | None = None
    source = None
    if rows == cols and rows <= len(PUBLISHED[variant]):
        value, source = published_minimum(rows, variant), f"OEIS {SOURCES[variant]}"
    elif rows * cols <= EXHAUSTIVE_SQUARES:
        value, source = minimum_knights(rows, cols, variant), "exhaustive.minimum_knights"
    return (None, None) if value is None else (value, source)


def route(name: str) -> RouteSpec:
    """``BACKEND/ROUTE[@ORDER][/sym|/nosym]`` read into its backend, domination route and model
    options, refused in one line when unknown or when the route cannot run on the backend."""
    if name == ZDD:
        return RouteSpec(name, ZDD, ZDD)
    counting, _, backend = name.partition("/")
    if counting in ON_SOLVER:
        backend_kind(backend)  # an unknown or missing backend is one line
        return RouteSpec(name, backend, counting)
    parts = _ROUTE.fullmatch(name)
    if parts is None or parts["route"] not in (*ROUTES, TEXTBOOK, TUNED):
        raise BoardsatError(
            f"unknown domination route {name!r}: give BACKEND/ROUTE[@ORDER][/sym|/nosym], "
            f"ROUTE one of {', '.join((*ROUTES, TEXTBOOK))}, gurobi/{TUNED}; to count,"
            f" {ENUMERATE}/BACKEND, {COLOURS}/BACKEND or {ZDD}"
        )
    backend, chosen = parts["backend"], parts["route"]
    if chosen == TUNED:
        if backend != GUROBI:
            raise BoardsatError(f"{name!r}: the {TUNED} route is Gurobi's, gurobi/{TUNED}")
        check_route("single", backend)
        return RouteSpec(name, backend, "single", {"parameters": GUROBI_TUNED})
    options: dict[str, Any] = {}
    if parts["order"] is not None:
        options["order"] = check_order(parts["order"])
    if parts["symmetry"]:
        options["symmetry"] = parts["symmetry"] == "/sym"
    if chosen == TEXTBOOK:
        if options:
            raise BoardsatError(f"{name!r}: the textbook model takes no order or symmetry break")
        backend_kind(backend)  # an unknown or missing backend is one line
    else:
        check_route(chosen, backend)
    return RouteSpec(name, backend, chosen, options)


def applies(spec: InstanceSpec, chosen: RouteSpec) -> str | None:
    """Counts need a counter, minimums a domination route; a route's backend kind was checked
    when it was read."""
    if (spec.sense == "count") != (chosen.encoding in COUNTERS):
        return f"{chosen.name} does not {'count' if spec.sense == 'count' else 'minimise'}"
    if chosen.encoding == COLOURS and board_of(spec.name.removeprefix(COUNT_PREFIX))[2] != "total":
        return f"{chosen.name} splits total boards only"
    return None


def run(cell: Cell) -> RowOutcome:
    """Minimise the cell's board on its route, or count its minimum placements; every placement
    is validated here."""
    chosen = route(cell.route)
    if chosen.encoding in COUNTERS:
        return _count(cell, chosen)
    rows, cols, variant = board_of(cell.instance)
    if chosen.encoding == TEXTBOOK:
        placement, result, detail = _textbook(rows, cols, variant, chosen.backend, cell)
    else:
        answer = solve_domination(
            rows,
            cols,
            variant,
            route=chosen.encoding,
            backend=chosen.backend,
            time_limit=cell.time_limit,
            seed=cell.seed,
            **chosen.options,
            **_single_options(chosen, cell),
        )
        placement, result, detail = answer.placement, answer.result, answer.route
    found = result.has_solution
    return RowOutcome(
        result.status.value,
        len(placement) if found else None,
        exact=result.status in (Status.OPTIMAL, Status.UNSATISFIABLE),
        bound=result.lower_bound,
        problems=tuple(validate(rows, cols, variant, placement)) if found else (),
        encoding_size={
            "variables": result.size.variables,
            "constraints": result.size.constraints,
        },
        detail=detail,
    )


def _count(cell: Cell, chosen: RouteSpec) -> RowOutcome:
    """Count the cell's minimum placements by its counter: exact when the count is complete.
    The count checks each placement it lists by the rules itself (count.tally)."""
    rows, cols, variant = board_of(cell.instance.removeprefix(COUNT_PREFIX))
    counted = count_minimum_placements(
        Domination(rows, cols, variant),
        counter=chosen.encoding,
        backend=chosen.backend,
        time_limit=cell.time_limit,
    )
    return RowOutcome(
        "COUNTED" if counted.complete else Status.UNKNOWN.value,
        counted.count,
        exact=counted.complete,
        detail=f"{counted.knights} knights, {counted_words(counted.count_up_to_symmetry, 'orbit')}",
    )


def _single_options(chosen: RouteSpec, cell: Cell) -> dict[str, Any]:
    """The single route on CP-SAT and on Gurobi runs on the cell's threads, not the solver's
    default (eight workers; every core)."""
    if chosen.encoding == "single" and chosen.backend in THREADS_OPTION:
        return {THREADS_OPTION[chosen.backend]: cell.threads}
    return {}


def _textbook(
    rows: int, cols: int, variant: str, backend: str, cell: Cell
) -> tuple[frozenset[Square], Result, str]:
    """The whole board's plain model on the backend, seeded, with no help from boardsat."""
    built = build_model(rows, cols, variant, symmetry=False, lower_bound=False)
    options: dict[str, Any] = {}
    parameters = seed_parameters(backend, cell.seed)
    if parameters:
        options["parameters"] = parameters
    if backend in THREADS_OPTION:
        options[THREADS_OPTION[backend]] = cell.threads
    result = solve(built.model, backend, time_limit=cell.time_limit, **options)
    return decode(built, result), result, TEXTBOOK


BENCH = PuzzleBench("domination", FAMILIES, _route_names(), instance, route, applies, run)
