"""Compare backends and cardinality encodings on one model built through the API.

The model: n queens on an n x n board (exactly one per row and column, at most one per diagonal).
Each route counts every solution; the counts must agree with each other and with the known
counts (OEIS A000170), and the table shows what each costs.
Run: python examples/compare_backends.py
"""

from __future__ import annotations

import time

from boardsat import Model, enumerate_solutions

QUEENS_SOLUTIONS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92}  # OEIS A000170

ROUTES = (
    ("cpsat", {}),
    ("cadical195", {"cardinality": "seqcounter"}),
    ("cadical195", {"cardinality": "pairwise"}),
    ("glucose4", {"cardinality": "ladder"}),
)


def queens(n: int) -> Model:
    model = Model(f"{n} queens")
    cell = {(r, c): model.var(("queen", r, c)) for r in range(n) for c in range(n)}
    for line in range(n):
        model.add_exactly([cell[line, c] for c in range(n)], 1)
        model.add_exactly([cell[r, line] for r in range(n)], 1)
    for offset in range(-n + 1, n):
        model.add_at_most([cell[r, r - offset] for r in range(n) if 0 <= r - offset < n], 1)
        model.add_at_most(
            [cell[r, offset + n - 1 - r] for r in range(n) if 0 <= offset + n - 1 - r < n], 1
        )
    return model


def main() -> None:
    print(f"{'n':>2}  {'route':<36} {'solutions':>9} {'seconds':>8}")
    for n in range(4, 9):
        counts = set()
        exhausted = True
        for backend, options in ROUTES:
            started = time.perf_counter()
            found = enumerate_solutions(queens(n), backend=backend, **options)
            route = f"{backend} {options.get('cardinality', 'native')}"
            print(f"{n:>2}  {route:<36} {found.count:>9} {time.perf_counter() - started:>8.3f}")
            counts.add(found.count)
            exhausted &= found.exhausted
        assert len(counts) == 1, f"routes disagree on {n} queens: {counts}"
        assert exhausted, f"a route stopped before it had every solution of {n} queens"
        assert counts == {QUEENS_SOLUTIONS[n]}, f"{n} queens: {counts}, not {QUEENS_SOLUTIONS[n]}"


if __name__ == "__main__":
    main()
