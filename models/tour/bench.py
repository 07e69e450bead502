"""The knight's tour benchmark matrix: closed n x n tours found by each route, and corner open
tours counted by enumeration or by decision diagram.

Instances: ``closed:N`` (one closed tour of N x N) and ``corner-count:RxC`` (the open tours of
R x C from the corner a-top square, counted; the seed article's counts and the 6x6 diagram's
are the references). Routes: ``cpsat`` and ``SOLVER/ENCODING`` (a python-sat solver with a CNF
circuit encoding) over the whole board, ``quadrants/ROUTE`` joining block tours, and for counts
``enumerate/ROUTE`` and ``zdd``. Every tour is checked by :func:`validate_tour` here, apart
from the checks the routes make themselves.
"""

from __future__ import annotations

import re
from typing import Any

from boardsat.core.backends import CPSAT, capabilities
from boardsat.core.cells import Cell, InstanceSpec, PuzzleBench, RouteSpec, RowOutcome
from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS
from boardsat.models.board import Board
from boardsat.models.tour.answer import TourAnswer, TourCount
from boardsat.models.tour.model import TourSpec
from boardsat.models.tour.published import CORNER_OPEN_6X6, SEED_COUNTS
from boardsat.models.tour.rules import validate_tour
from boardsat.models.tour.solve import count_by_enumeration, find_closed_by_quadrants, find_tour
from boardsat.models.tour.split import MIN_BLOCK
from boardsat.models.tour.zdd import count_by_zdd

SAT_SOLVER = "cadical195"
WHOLE_ROUTES = (CPSAT, *(f"{SAT_SOLVER}/{name}" for name in CIRCUIT_ENCODINGS))
QUADRANTS, ENUMERATE, ZDD = "quadrants/", "enumerate/", "zdd"
ROUTES = (
    *WHOLE_ROUTES,
    *(QUADRANTS + route for route in (CPSAT, f"{SAT_SOLVER}/lazy")),
    *(ENUMERATE + route for route in WHOLE_ROUTES),
    ZDD,
)
FAMILIES = {
    "closed:N": "one closed knight's tour of N x N",
    "corner-count:RxC": "the open tours of R x C from a corner, counted",
}
COUNTS = {**SEED_COUNTS, (6, 6): CORNER_OPEN_6X6}
_SHAPE = re.compile(r"(\d+)x(\d+)")


def instance(name: str) -> InstanceSpec:
    """``closed:N`` or ``corner-count:RxC``, refused in one line otherwise."""
    kind, _, rest = name.partition(":")
    if kind == "closed" and rest.isdigit():
        Board(int(rest), int(rest))  # a board too large is one line
        return InstanceSpec(name, "find", int(rest) ** 2)
    shape = _SHAPE.fullmatch(rest)
    if kind == "corner-count" and shape is not None:
        rows, cols = int(shape[1]), int(shape[2])
        Board(rows, cols)
        known = COUNTS.get((rows, cols))
        source = None if known is None else "published.SEED_COUNTS / CORNER_OPEN_6X6"
        return InstanceSpec(name, "count", rows * cols, known, source)
    raise BoardsatError(f"unknown instance {name!r}; known: {', '.join(FAMILIES)}")


def route(name: str) -> RouteSpec:
    """A route name read into its backend and circuit encoding, refused in one line if unknown."""
    if name == ZDD:
        return RouteSpec(name, "graphillion", ZDD)
    inner = name.removeprefix(QUADRANTS).removeprefix(ENUMERATE)
    how = "whole" if inner == name else name.split("/")[0]
    backend, _, encoding = inner.partition("/")
    if backend == CPSAT and not encoding:
        return RouteSpec(name, CPSAT, "native circuit", {"split": how})
    if encoding not in CIRCUIT_ENCODINGS:
        raise BoardsatError(
            f"unknown tour route {name!r}: give cpsat, SOLVER/ENCODING (encodings: "
            f"{', '.join(CIRCUIT_ENCODINGS)}), quadrants/ROUTE, enumerate/ROUTE or zdd"
        )
    capabilities(backend)
    return RouteSpec(name, backend, encoding, {"split": how})


def applies(spec: InstanceSpec, chosen: RouteSpec) -> str | None:
    """Why ``chosen`` cannot run ``spec``: counts need a counting route, finds a finding one."""
    counting = chosen.encoding == ZDD or chosen.options.get("split") == "enumerate"
    if (spec.sense == "count") != counting:
        return f"{chosen.name} does not {'count' if spec.sense == 'count' else 'find'} tours"
    if chosen.options.get("split") == "quadrants" and spec.size < (2 * MIN_BLOCK) ** 2:
        return f"the quadrant split needs a side of at least {2 * MIN_BLOCK}"
    return None


def run(cell: Cell) -> RowOutcome:
    """Find or count tours as the cell says; every tour found is validated here."""
    spec, chosen = instance(cell.instance), route(cell.route)
    options = _options(chosen, cell)
    if spec.sense == "find":
        side = int(cell.instance.partition(":")[2])
        if chosen.options["split"] == "quadrants":
            found = find_closed_by_quadrants(
                side, side, chosen.backend, time_limit=cell.time_limit, **options
            )
        else:
            tour_spec = TourSpec(Board(side, side), closed=True)
            found = find_tour(tour_spec, chosen.backend, time_limit=cell.time_limit, **options)
        return _found_row(found)
    rows, cols = map(int, cell.instance.partition(":")[2].split("x"))
    corner = TourSpec(Board(rows, cols), closed=False, start=(0, 0))
    if chosen.encoding == ZDD:
        counted = count_by_zdd(corner, cell.time_limit)
    else:
        counted = count_by_enumeration(
            corner, chosen.backend, time_limit=cell.time_limit, **options
        )
    return _counted_row(counted)


def _options(chosen: RouteSpec, cell: Cell) -> dict[str, Any]:
    """The backend's options: the circuit encoding, or CP-SAT's seed and threads."""
    if chosen.backend == CPSAT:
        return {"workers": cell.threads, "parameters": {"random_seed": cell.seed}}
    return {"circuit": chosen.encoding}


def _found_row(found: TourAnswer) -> RowOutcome:
    board = found.spec.board
    problems = (
        validate_tour(board.rows, board.cols, found.tour, closed=found.spec.closed)
        if found.found
        else []
    )
    size = {}
    if len(found.solves) == 1:
        size = {
            "variables": found.solves[0].size.variables,
            "constraints": found.solves[0].size.constraints,
        }
    settled = found.status in (Status.SATISFIABLE, Status.OPTIMAL, Status.UNSATISFIABLE)
    status = Status.SATISFIABLE if found.found else found.status
    return RowOutcome(
        status.value,
        exact=settled,
        problems=tuple(problems),
        encoding_size=size,
        detail=found.route,
    )


def _counted_row(counted: TourCount) -> RowOutcome:
    spec = counted.spec
    problems = [
        problem
        for tour in counted.tours
        for problem in validate_tour(
            spec.board.rows, spec.board.cols, tour, closed=False, start=spec.start
        )
    ]
    status = "COUNTED" if counted.exact else Status.UNKNOWN.value
    return RowOutcome(
        status, counted.count, counted.exact, problems=tuple(problems), detail=counted.stopped or ""
    )


BENCH = PuzzleBench("tour", FAMILIES, ROUTES, instance, route, applies, run)
