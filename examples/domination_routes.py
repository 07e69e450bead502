"""Minimum knight placements for n = 1..9 in every variant, on CP-SAT and a SAT solver.

Prints the proven optimum per route with its time, and whether symmetry breaking changed the
answer (it must not), the way one would check a table of published domination numbers.
"""

from __future__ import annotations

from boardsat.models.domination_solve import solve_domination
from boardsat.models.knight_domination import VARIANTS

ROUTES = {
    "cpsat": {"backend": "cpsat"},
    "cadical linear-up": {"backend": "cadical195", "optimisation": "linear-up"},
    "cadical, no symmetry": {"backend": "cadical195", "symmetry": False},
}


def main() -> None:
    print(f"{'variant':<12} {'n':>2}  " + "  ".join(f"{route:>22}" for route in ROUTES))
    for variant in VARIANTS:
        for n in range(1, 10):
            cells = []
            values = set()
            for options in ROUTES.values():
                answer = solve_domination(n, n, variant, **options)  # type: ignore[arg-type]
                values.add(answer.knights)
                mark = "" if answer.proven_optimal or answer.knights is None else "?"
                cells.append(f"{answer.knights!s:>4}{mark} {answer.result.seconds:7.2f} s")
            print(f"{variant:<12} {n:>2}  " + "  ".join(f"{cell:>22}" for cell in cells))
            if len(values) != 1:
                raise SystemExit(
                    f"routes disagree on {variant} {n}x{n}: {sorted(map(str, values))}"
                )


if __name__ == "__main__":
    main()
