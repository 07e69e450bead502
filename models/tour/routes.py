"""The routes that find a knight's tour, as data: which route ``auto`` takes, and on which backend.

One circuit over a large board is slow to solve; the same closed tour joined from small blocks
(:mod:`boardsat.models.tour.split`) is not, but the split only takes a closed tour with no fixed
square on a board with both sides even. So the routes, the size from which ``auto`` splits, the
block side and each route's backend are tables that a benchmark run retunes in one place. The
figures behind every entry are in bench/results/tour.md, section "Routes by board size" (raw:
bench/results/tour_routes.json, made by `boardsat bench tour --choice`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from boardsat.core.backends import CPSAT
from boardsat.core.errors import BoardsatError
from boardsat.models.tour.model import TourSpec
from boardsat.models.tour.split import check_splittable

Job = Literal["find", "count", "list"]
WHOLE, QUADRANTS = "whole", "quadrants"


@dataclass(frozen=True)
class Solver:
    """A backend, with the CNF circuit encoding it reads when it is a SAT solver (None: the
    backend's own circuit, or the default encoding)."""

    backend: str
    circuit: str | None = None

    @property
    def options(self) -> dict[str, Any]:
        return {} if self.circuit is None else {"circuit": self.circuit}


CADICAL_LAZY = Solver("cadical195", "lazy")

ROUTES: dict[str, str] = {
    "auto": "the route AUTO picks by the tours asked for and the board's sides",
    WHOLE: "one circuit over the whole board (any tour, any job)",
    QUADRANTS: "one closed tour joined from block tours: quadrants, cut further while blocks "
    "stay at least BLOCK_SIDE (both sides even, no fixed square)",
}

SPLIT_FROM = 12
"""``auto`` splits a closed tour with no fixed square when both sides are even and the shorter
is at least this: the split was ahead of the whole board on every board it can take, the
smallest included (section "Routes by board size")."""
BLOCK_SIDE = 6
"""The quadrant route's smallest block side: the fastest of the block sides measured on the
largest boards there, no block left without a tour."""

# each route's backend by board squares (None: any larger), from the same section: CaDiCaL
# with lazy cuts wherever the whole board was solved in time, CP-SAT on the larger boards that
# only it reached in the closed-tour table above that section
SOLVERS: dict[str, tuple[tuple[int | None, Solver], ...]] = {
    WHOLE: ((60 * 60, CADICAL_LAZY), (None, Solver(CPSAT))),
    QUADRANTS: ((None, CADICAL_LAZY),),
}


def auto_route(spec: TourSpec, job: Job) -> str:
    """The route ``auto`` stands for: the quadrant split where it applies and pays."""
    rows, cols = spec.board.rows, spec.board.cols
    splits = (
        job == "find"
        and spec.closed
        and spec.start is None
        and rows % 2 == cols % 2 == 0
        and min(rows, cols) >= SPLIT_FROM
    )
    return QUADRANTS if splits else WHOLE


def solver_for(route: str, squares: int) -> Solver:
    """The backend ``route`` runs on, on a board of ``squares`` squares, by :data:`SOLVERS`."""
    return next(solver for up_to, solver in SOLVERS[route] if up_to is None or squares <= up_to)


def check_route(route: str, spec: TourSpec, job: Job) -> None:
    """One line saying why ``route`` cannot answer ``job`` on ``spec``, if it cannot."""
    if route not in ROUTES:
        raise BoardsatError(f"unknown route {route!r}; known: {', '.join(ROUTES)}")
    if route != QUADRANTS:
        return
    if job != "find" or not spec.closed or spec.start is not None:
        raise BoardsatError(
            "the quadrant route finds one closed tour from no fixed square: "
            "leave out --open/--start/--count/--all"
        )
    check_splittable(spec.board.rows, spec.board.cols)
