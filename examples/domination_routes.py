"""Minimum knight placements for n = 1..9 in every variant: races, core-guided provers alone,
CP-SAT's LP search, the CP-SAT portfolio, single SAT routes and both MIP solvers.

Prints the proven optimum per route with its time and checks every route against the published
values (OEIS A342576, A006075, A261752) and against each other; symmetry breaking must not
change an answer.
"""

from __future__ import annotations

from boardsat.models.domination.model import VARIANTS
from boardsat.models.domination.published import SOURCES, published_minimum
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination
from boardsat.results import Status

ROUTES = {
    "race cpsat": {"route": "race", "backend": "cpsat"},
    "core cpsat": {"route": "core", "backend": "cpsat"},
    "lp cpsat": {"route": "lp", "backend": "cpsat"},
    "portfolio cpsat": {"route": "portfolio", "backend": "cpsat"},
    "race cadical": {"route": "race", "backend": "cadical195"},
    "cadical linear-up": {"route": "single", "backend": "cadical195", "optimisation": "linear-up"},
    "rc2, no symmetry": {"route": "single", "backend": "cadical195", "symmetry": False},
    "highs": {"route": "single", "backend": "highs"},
    "scip": {"route": "single", "backend": "scip"},
}


def main() -> None:
    print(f"{'variant':<12} {'n':>2}  " + "  ".join(f"{route:>22}" for route in ROUTES))
    for variant in VARIANTS:
        for n in range(1, 10):
            cells = []
            values = set()
            published = published_minimum(n, variant)
            for route, options in ROUTES.items():
                answer = solve_domination(n, n, variant, **options)  # type: ignore[arg-type]
                values.add(answer.knights)
                mark = "" if answer.proven_optimal or answer.knights is None else "?"
                cells.append(f"{answer.knights!s:>4}{mark} {answer.seconds:7.2f} s")
                # each route proves its answer: an optimum, or that no placement exists at all
                if published is None:
                    assert answer.result.status is Status.UNSATISFIABLE, (variant, n, route)
                else:
                    assert answer.proven_optimal, f"{route}: {variant} {n}x{n} not proven"
                    assert answer.knights == published, (variant, n, route, answer.knights)
                    assert validate(n, n, variant, answer.placement) == [], (variant, n, route)
            print(f"{variant:<12} {n:>2}  " + "  ".join(f"{cell:>22}" for cell in cells))
            if values != {published}:
                raise SystemExit(
                    f"{variant} {n}x{n}: {sorted(map(str, values))} against the published "
                    f"{published} ({SOURCES[variant]})"
                )


if __name__ == "__main__":
    main()
