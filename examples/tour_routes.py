"""Knight's tours three ways: CP-SAT's native circuit against the CNF circuit encodings, and
enumeration against a decision diagram for counting.

Prints, for closed n x n tours, the time and CNF size of each route; then the seed's corner
counts (open tours from a corner) by enumeration and by ZDD; then a closed 20x20 tour as one
circuit against four quadrant tours joined. Every tour found has been checked by the rules.
"""

from __future__ import annotations

from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS
from boardsat.models.tour import (
    Board,
    TourSpec,
    count_by_enumeration,
    count_by_zdd,
    find_closed_by_quadrants,
    find_tour,
)
from boardsat.models.tour.published import SEED_COUNTS

ROUTES = [("cpsat", {}), *(("cadical195", {"circuit": name}) for name in CIRCUIT_ENCODINGS)]

print(f"{'board':<7} {'route':<30} {'status':<14} {'seconds':>8} {'vars':>7} {'clauses':>8}")
for n in (6, 8):
    for backend, options in ROUTES:
        answer = find_tour(TourSpec(Board(n, n), closed=True), backend, **options)
        (result,) = answer.solves
        route = backend + "".join(f"/{value}" for value in options.values())
        size = result.size
        print(
            f"{f'{n}x{n}':<7} {route:<30} {answer.status.value:<14} "
            f"{result.seconds:>8.3f} {size.variables:>7} {size.constraints:>8}"
        )

print(f"\n{'board':<7} {'seed':>6} {'zdd':>6} {'zdd s':>7} {'sat enum':>9} {'enum s':>7}")
for (rows, cols), seed in SEED_COUNTS.items():
    corner = TourSpec(Board(rows, cols), closed=False, start=(0, 0))
    zdd = count_by_zdd(corner)
    enumerated = count_by_enumeration(corner, "cadical195", circuit="vertex-elimination")
    print(
        f"{f'{rows}x{cols}':<7} {seed:>6} {zdd.count:>6} {zdd.seconds:>7.3f} "
        f"{enumerated.count:>9} {enumerated.seconds:>7.3f}"
    )

n = 20
print(f"\nclosed {n}x{n}: one circuit against four quadrant tours (seconds)")
for backend in ("cpsat", "cadical195"):
    whole = find_tour(TourSpec(Board(n, n), closed=True), backend)
    split = find_closed_by_quadrants(n, n, backend)
    print(f"{backend:<12} whole {whole.seconds:>7.3f}   quadrants {split.seconds:>7.3f}")
