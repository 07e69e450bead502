"""Every solving route on one board per variant: how long each takes to prove the published value.

A quick look at the routes side by side (routes.ROUTES, and the MIP solvers on the single route);
the full comparison is the `domination` matrix (`boardsat bench run domination`), and the tests check every route against the
exhaustive search and the published values (OEIS A342576, A006075, A261752).
"""

from __future__ import annotations

from boardsat.core.backends import is_available
from boardsat.models.domination import VARIANTS, Domination, published_minimum, solve, validate

N = 8
ROUTES = {
    "auto cpsat": {"route": "auto", "backend": "cpsat"},
    "core cpsat": {"route": "core", "backend": "cpsat"},
    "portfolio cpsat": {"route": "portfolio", "backend": "cpsat"},
    "race cpsat": {"route": "race", "backend": "cpsat"},
    "race cadical": {"route": "race", "backend": "cadical195"},
    "rc2 cadical": {"route": "single", "backend": "cadical195"},
    "highs": {"route": "single", "backend": "highs"},
    "scip": {"route": "single", "backend": "scip"},
}


def main() -> None:
    usable = {name: how for name, how in ROUTES.items() if is_available(how["backend"])}
    print(f"{N}x{N}, seconds to a proof  " + "  ".join(f"{name:>15}" for name in usable))
    for variant in VARIANTS:
        published = published_minimum(N, variant)
        cells = []
        for how in usable.values():
            answer = solve(Domination(N, N, variant), **how)  # type: ignore[arg-type]
            right = answer.proven_optimal and answer.knights == published
            right = right and not validate(Domination(N, N, variant), answer.placement)
            cells.append(f"{answer.knights!s:>4} {answer.seconds:6.2f} s" + ("" if right else " ?"))
        print(f"{variant:<11} (published {published})  " + "  ".join(f"{c:>15}" for c in cells))


if __name__ == "__main__":
    main()
