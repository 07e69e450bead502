"""The knight's tour benchmark: closed tours as boards grow, counting speed, encoding sizes.

Routes named ``quadrants <route>`` join a closed tour from four block tours
(:mod:`boardsat.models.tour.split`), the joined tour checked on the whole board; they are
tried from 12x12 up, where the split applies. Every solve and every count (decision diagrams
included) runs in a child process killed at the wall-clock limit, so a SAT solver that cannot be
interrupted (CaDiCaL) is timed under the same limit as CP-SAT. Counts are checked against the
seed's figures in the child that counts; a wrong count shows as ERROR.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from boardsat.benchmark import Measurement, measure
from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS, encode_circuit
from boardsat.encoders.cnf.formula import CnfFormula
from boardsat.model import Circuit
from boardsat.models.board import Board
from boardsat.models.tour.model import (
    SEED_COUNTS,
    TourSpec,
    build_tour_model,
    count_by_enumeration,
    find_tour,
)
from boardsat.models.tour.split import MIN_BLOCK, find_closed_by_quadrants
from boardsat.models.tour.zdd import count_by_zdd

SAT_SOLVER = "cadical195"
ROUTES: dict[str, tuple[str, dict[str, Any]]] = {
    "cpsat": ("cpsat", {}),
    **{f"{SAT_SOLVER}/{name}": (SAT_SOLVER, {"circuit": name}) for name in CIRCUIT_ENCODINGS},
}
SPLIT = "quadrants "
CLOSED_ROUTES = [*ROUTES, *(SPLIT + route for route in ("cpsat", f"{SAT_SOLVER}/lazy"))]
"""Closed-tour routes: one circuit per route, and the quadrant split on the two fastest."""
CORNER_OPEN_6X6 = 524486
"""Open tours from a corner of 6x6 as the ZDD counts them (the seed's author never reached it)."""


def _in_child(
    job: Callable[[], tuple[str, dict[str, Any]]], limit: float
) -> tuple[str, dict[str, Any]]:
    """Run ``job`` in a forked process; past ``limit`` seconds it is killed and reads TIMEOUT."""
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    child = context.Process(target=lambda: results.put(job()))
    child.start()
    child.join(limit)
    if child.is_alive():
        child.kill()
        child.join()
        return "TIMEOUT", {}
    if child.exitcode != 0:
        return "ERROR", {"exitcode": child.exitcode}
    outcome: tuple[str, dict[str, Any]] = results.get()
    return outcome


def closed_tours(
    sizes: Sequence[int], routes: Sequence[str], limit: float, repeats: int
) -> list[Measurement]:
    """One closed n x n tour per route and size; a route stops at its first size without a tour."""
    rows = []
    for route in routes:
        split = route.startswith(SPLIT)
        backend, options = ROUTES[route.removeprefix(SPLIT)]
        for n in sizes:
            if split and n < 2 * MIN_BLOCK:
                continue
            job = partial(_find_split if split else _find_closed, n, backend, options)
            row = measure(f"closed {n}x{n}", route, partial(_in_child, job, limit), repeats)
            rows.append(row)
            if row.outcome not in ("SATISFIABLE", "OPTIMAL"):
                break
    return rows


def _find_closed(n: int, backend: str, options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    answer = find_tour(TourSpec(Board(n, n), closed=True), backend, **options)
    size = answer.result.size
    return answer.status.value, {"variables": size.variables, "constraints": size.constraints}


def _find_split(n: int, backend: str, options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    answer = find_closed_by_quadrants(n, n, backend, **options)
    blocks = [round(seconds, 3) for _, seconds in answer.blocks]
    return answer.status.value, {"block_seconds": blocks}


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


def _enumerate(
    spec: TourSpec, backend: str, options: dict[str, Any], expected: int
) -> tuple[str, dict[str, Any]]:
    counted = count_by_enumeration(spec, backend, **options)
    return _checked(counted.count, expected, counted.seconds)


def _zdd(spec: TourSpec, expected: int) -> tuple[str, dict[str, Any]]:
    counted = count_by_zdd(spec)
    return _checked(counted.count, expected, counted.seconds)


def _checked(count: int, expected: int, seconds: float) -> tuple[str, dict[str, Any]]:
    if count != expected:
        raise AssertionError(f"counted {count} tours, the reference says {expected}")
    rate = count / seconds if seconds > 0 else 0.0
    return f"{count} tours", {"count": count, "tours_per_second": round(rate)}


def encoding_sizes(sizes: Sequence[int]) -> list[dict[str, Any]]:
    """CNF variables and clauses of each circuit encoding for closed n x n tours (no solving)."""
    table = []
    for n in sizes:
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
