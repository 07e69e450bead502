"""Knight's tours three ways: CP-SAT's native circuit against the CNF circuit encodings, and
enumeration against a decision diagram for counting.

Prints, for closed n x n tours, the time and CNF size of each route, then the seed's corner counts
(open tours from a corner: 4x5 -> 32, 5x5 -> 304, 5x6 -> 4542) by enumeration and by ZDD, and
a closed 40x40 tour as one circuit against four quadrant tours joined.
Every tour found is checked by the knight's-move rules before it is counted.
"""

from __future__ import annotations

import time

from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS
from boardsat.models.board import Board
from boardsat.models.tour.model import (
    SEED_COUNTS,
    TourSpec,
    count_by_enumeration,
    find_tour,
    validate_tour,
)
from boardsat.models.tour.split import find_closed_by_quadrants
from boardsat.models.tour.zdd import count_by_zdd

ROUTES = [("cpsat", {}), *(("cadical195", {"circuit": name}) for name in CIRCUIT_ENCODINGS)]


def closed_tours() -> None:
    print(f"{'board':<7} {'route':<30} {'status':<14} {'seconds':>8} {'vars':>7} {'clauses':>8}")
    for n in (6, 8, 12):
        for backend, options in ROUTES:
            answer = find_tour(TourSpec(Board(n, n), closed=True), backend, **options)
            route = backend + "".join(f"/{value}" for value in options.values())
            # every even n >= 6 has a closed tour (Schwenk 1991), so each route must find one
            assert answer.found, f"{route} found no closed {n}x{n} tour"
            assert validate_tour(n, n, answer.tour, closed=True) == [], (n, route)
            size = answer.result.size
            print(
                f"{f'{n}x{n}':<7} {route:<30} {answer.status.value:<14} "
                f"{answer.result.seconds:>8.3f} {size.variables:>7} {size.constraints:>8}"
            )


def corner_counts() -> None:
    print(f"\n{'board':<7} {'seed':>6} {'zdd':>6} {'zdd s':>7} {'sat enum':>11} {'enum s':>7}")
    for (rows, cols), seed in SEED_COUNTS.items():
        spec = TourSpec(Board(rows, cols), closed=False, start=(0, 0))
        zdd = count_by_zdd(spec)
        started = time.perf_counter()
        enumerated = count_by_enumeration(spec, "cadical195", circuit="vertex-elimination")
        seconds = time.perf_counter() - started
        assert zdd.count == enumerated.count == seed, (rows, cols)
        print(
            f"{f'{rows}x{cols}':<7} {seed:>6} {zdd.count:>6} {zdd.seconds:>7.3f} "
            f"{enumerated.count:>11} {seconds:>7.3f}"
        )


def split_against_whole(n: int = 40) -> None:
    print(f"\nclosed {n}x{n}: one circuit against four quadrant tours (seconds)")
    for backend in ("cpsat", "cadical195"):
        whole = find_tour(TourSpec(Board(n, n), closed=True), backend)
        started = time.perf_counter()
        split = find_closed_by_quadrants(n, n, backend)
        seconds = time.perf_counter() - started
        assert whole.found and split.found
        assert validate_tour(n, n, whole.tour, closed=True) == [], backend
        assert validate_tour(n, n, split.tour, closed=True) == [], backend
        print(f"{backend:<12} whole {whole.result.seconds:>7.3f}   quadrants {seconds:>7.3f}")


if __name__ == "__main__":
    closed_tours()
    corner_counts()
    split_against_whole()
