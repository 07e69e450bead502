"""The knight's tour benchmark: closed tours as boards grow, counting speed, encoding sizes, and
the measurements the tour defaults are chosen from (:func:`route_choice`).

Routes named ``quadrants <route>`` join a closed tour from block tours
(:func:`boardsat.models.tour.solve.find_closed_by_quadrants`), the joined tour checked on the
whole board; they are tried from 12x12 up, where the split applies. Every solve and every count
(decision diagrams included) runs in a child process killed at the wall-clock limit
(:func:`boardsat.child.run_in_child`), so a SAT solver that cannot be interrupted (CaDiCaL) is
timed under the same limit as CP-SAT. Counts are checked against the seed's figures in the child
that counts; a wrong count, or any other failure, shows as ERROR. The functions return rows;
the CLI renders and records them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from boardsat.benchmark import Measurement, measure
from boardsat.child import ChildFailed, TimedOut, run_in_child
from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS, encode_circuit
from boardsat.encoders.cnf.formula import CnfFormula
from boardsat.errors import BoardsatError
from boardsat.model import Circuit
from boardsat.models.board import Board
from boardsat.models.tour.model import TourSpec, build_tour_model
from boardsat.models.tour.published import CORNER_OPEN_6X6, SEED_COUNTS
from boardsat.models.tour.routes import BLOCK_SIDE
from boardsat.models.tour.solve import count_by_enumeration, find_closed_by_quadrants, find_tour
from boardsat.models.tour.split import MIN_BLOCK, grid
from boardsat.models.tour.zdd import count_by_zdd

Outcome = tuple[str, dict[str, Any]]
SAT_SOLVER = "cadical195"
ROUTES: dict[str, tuple[str, dict[str, Any]]] = {
    "cpsat": ("cpsat", {}),
    **{f"{SAT_SOLVER}/{name}": (SAT_SOLVER, {"circuit": name}) for name in CIRCUIT_ENCODINGS},
}
SPLIT = "quadrants "
CLOSED_ROUTES = [*ROUTES, *(SPLIT + route for route in ("cpsat", f"{SAT_SOLVER}/lazy"))]
"""Closed-tour routes: one circuit per route, and the quadrant split on the two fastest."""
CLOSED_SIDES = (8, 12, 16, 20, 30, 40, 60, 80, 100)
"""The closed n x n boards tried by default, up to the 100x100 target."""
ENCODING_SIDES = (6, 8, 12, 16, 20, 30)
"""The closed n x n boards whose CNF encoding sizes are tabled."""
CLOSED_BASELINE, COUNTING_BASELINE = "cpsat", "enumerate cpsat"
"""The route each table's ratios are taken against."""
CHOICE_SIDES = (8, 10, 12, 16, 20, 24, 30, 40, 50, 60, 100, 200)
"""The closed n x n boards :func:`route_choice` tries by default: both sides of the split's
threshold, and the 100x100 and 200x200 targets."""
BLOCK_SIDES = (6, 8, 12, 16, 24)
"""The smallest block sides :func:`route_choice` tries the quadrant split with."""
CHOICE_SOLVERS = ("cpsat", f"{SAT_SOLVER}/lazy")
"""The backends :func:`route_choice` tries each route on: the fastest two of the closed-tour
table."""
CHOICE_BASELINE = "whole cpsat"


def unknown_routes(routes: Sequence[str]) -> list[str]:
    return [route for route in routes if route not in CLOSED_ROUTES]


def settings(
    sides: Sequence[int],
    routes: Sequence[str],
    limit: float,
    repeats: int,
    sizes: list[dict[str, Any]],
) -> dict[str, Any]:
    """How a run was made, as the results file records it beside its rows, with the encoding
    sizes (:func:`encoding_sizes`), which are counted, not timed."""
    return {
        "sizes": list(sides),
        "routes": list(routes),
        "time_limit_s": limit,
        "repeats": repeats,
        "encoding_sizes": sizes,
    }


def _in_child(job: Callable[[], Outcome], limit: float) -> Outcome:
    """``job``'s outcome, or TIMEOUT when the child is killed at ``limit`` seconds, or ERROR."""
    try:
        ran = run_in_child(job, limit, grace=0.0)
    except (ChildFailed, BoardsatError) as failure:
        last = str(failure).strip().splitlines()
        return "ERROR", {"failure": last[-1] if last else type(failure).__name__}
    if isinstance(ran, TimedOut):
        return "TIMEOUT", {}
    return ran.value


def closed_tours(
    sides: Sequence[int], routes: Sequence[str], limit: float, repeats: int
) -> list[Measurement]:
    """One closed n x n tour per route and size; a route stops at its first size without a tour."""
    rows = []
    for route in routes:
        split = route.startswith(SPLIT)
        backend, options = ROUTES[route.removeprefix(SPLIT)]
        find = partial(_find_split, block_side=BLOCK_SIDE) if split else _find_closed
        rows.extend(_growing(route, sides, find, backend, options, limit, repeats))
    return rows


def route_choice(
    sides: Sequence[int], block_sides: Sequence[int], limit: float, repeats: int
) -> list[Measurement]:
    """Closed n x n tours by the whole board and by the quadrant split with each smallest block
    side, each on :data:`CHOICE_SOLVERS`: where the split starts to pay, which block side is
    fastest, on which backend (what :mod:`boardsat.models.tour.routes` is chosen from). Each
    route stops at its first board without a tour in time."""
    rows = []
    for name in CHOICE_SOLVERS:
        backend, options = ROUTES[name]
        finds: list[tuple[str, Callable[..., Outcome]]] = [(f"whole {name}", _find_closed)]
        finds += [
            (f"quadrants {name} blocks {side}", partial(_find_split, block_side=side))
            for side in block_sides
        ]
        for route, find in finds:
            rows.extend(_growing(route, sides, find, backend, options, limit, repeats))
    return rows


def _growing(
    route: str,
    sides: Sequence[int],
    find: Callable[..., Outcome],
    backend: str,
    options: dict[str, Any],
    limit: float,
    repeats: int,
) -> list[Measurement]:
    """``route`` on each closed n x n board in turn, the split only where it applies, up to
    the first board without a tour in time."""
    split = route.startswith(SPLIT)
    rows = []
    for n in sides:
        if split and n < 2 * MIN_BLOCK:
            continue
        job = partial(find, n, backend, options)
        row = measure(f"closed {n}x{n}", route, partial(_in_child, job, limit), repeats)
        rows.append(row)
        if row.outcome not in ("SATISFIABLE", "OPTIMAL"):
            break
    return rows


def _find_closed(n: int, backend: str, options: dict[str, Any]) -> Outcome:
    answer = find_tour(TourSpec(Board(n, n), closed=True), backend, **options)
    (result,) = answer.solves
    size = result.size
    return answer.status.value, {"variables": size.variables, "constraints": size.constraints}


def _find_split(n: int, backend: str, options: dict[str, Any], block_side: int) -> Outcome:
    answer = find_closed_by_quadrants(n, n, backend, block_side=block_side, **options)
    down, across = grid(n, n, block_side)
    slowest = max(block.seconds for block in answer.solves)
    return answer.status.value, {"blocks": f"{down}x{across}", "slowest_block_s": round(slowest, 3)}


def counting(repeats: int, limit: float) -> list[Measurement]:
    """Corner open tours of 5x5 and 5x6 by enumeration and by ZDD; 6x6 by ZDD only."""
    rows = []
    for shape in ((5, 5), (5, 6)):
        spec = TourSpec(Board(*shape), closed=False, start=(0, 0))
        instance = f"open {shape[0]}x{shape[1]} corner"
        expected = SEED_COUNTS[shape]
        for route, (backend, options) in ROUTES.items():
            job = partial(_enumerate, spec, backend, options, expected)
            run = partial(_in_child, job, limit)
            rows.append(measure(instance, f"enumerate {route}", run, repeats))
        rows.append(zdd_row(instance, spec, expected, limit, repeats))
    six = TourSpec(Board(6, 6), closed=False, start=(0, 0))
    rows.append(zdd_row("open 6x6 corner", six, CORNER_OPEN_6X6, limit, 1))
    return rows


def zdd_row(
    instance: str, spec: TourSpec, expected: int, limit: float, repeats: int
) -> Measurement:
    """The ZDD count of ``spec`` timed in a child, like every other row: TIMEOUT past ``limit``,
    ERROR for a wrong count, instead of an unbounded run or an exception that ends the benchmark."""
    job = partial(_zdd, spec, expected)
    return measure(instance, "zdd", partial(_in_child, job, limit), repeats)


def _enumerate(spec: TourSpec, backend: str, options: dict[str, Any], expected: int) -> Outcome:
    counted = count_by_enumeration(spec, backend, **options)
    return _checked(counted.count, expected, counted.seconds)


def _zdd(spec: TourSpec, expected: int) -> Outcome:
    counted = count_by_zdd(spec)
    return _checked(counted.count, expected, counted.seconds)


def _checked(count: int, expected: int, seconds: float) -> Outcome:
    if count != expected:
        raise AssertionError(f"counted {count} tours, the reference says {expected}")
    rate = count / seconds if seconds > 0 else 0.0
    return f"{count} tours", {"count": count, "tours_per_second": round(rate)}


def encoding_sizes(sides: Sequence[int]) -> list[dict[str, Any]]:
    """CNF variables and clauses of each circuit encoding for closed n x n tours (no solving)."""
    table = []
    for n in sides:
        built = build_tour_model(TourSpec(Board(n, n), closed=True))
        circuit = built.model.constraints[0]
        assert isinstance(circuit, Circuit)
        for name in CIRCUIT_ENCODINGS:
            formula = CnfFormula()
            formula.reserve(built.model.num_vars)
            encode_circuit(circuit, lambda lit: lit, name, formula, "auto")
            table.append(
                {
                    "board": f"{n}x{n}",
                    "encoding": name,
                    "arcs": len(circuit.arcs),
                    "variables": formula.top,
                    "clauses": formula.num_clauses,
                }
            )
    return table
