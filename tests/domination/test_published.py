"""Proven optima against the published values (OEIS A342576, A006075, A261752).

The published figures come from other people's searches and proofs, so they check the model,
the symmetry break and the lower bounds from outside, at sizes the exhaustive search cannot reach.
"""

from __future__ import annotations

import pytest

from boardsat.core.results import Status
from boardsat.models.domination.exhaustive import minimum_knights
from boardsat.models.domination.model import VARIANTS
from boardsat.models.domination.published import PUBLISHED, SOURCES, published_minimum
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_exhaustive_search_agrees_with_the_published_small_values(variant: str) -> None:
    for n in range(1, 6):
        assert minimum_knights(n, n, variant) == published_minimum(n, variant), SOURCES[variant]


@pytest.mark.parametrize("variant", VARIANTS)
def test_proven_optima_match_the_published_values_up_to_ten(variant: str) -> None:
    """A342576 (independent), A006075 (dominating), A261752 (total), n = 1..10 on RC2."""
    for n in range(1, 11):
        answer = solve_domination(n, n, variant, backend="cadical195")
        expected = published_minimum(n, variant)
        if expected is None:
            assert answer.result.status is Status.UNSATISFIABLE
            continue
        assert answer.proven_optimal and answer.knights == expected, (n, SOURCES[variant])
        assert validate(n, n, variant, answer.placement) == []


def test_the_published_table_covers_n_up_to_21_and_total_up_to_32() -> None:
    lengths = {variant: len(values) for variant, values in PUBLISHED.items()}
    assert lengths == {"independent": 21, "dominating": 21, "total": 32}
    with pytest.raises(KeyError):
        published_minimum(22, "independent")
    with pytest.raises(KeyError):
        published_minimum(33, "total")


# every route a user can ask for, as the routes example once checked them on every n up to 9
EVERY_ROUTE = {
    "race cpsat": {"route": "race", "backend": "cpsat"},
    "core cpsat": {"route": "core", "backend": "cpsat"},
    "portfolio cpsat": {"route": "portfolio", "backend": "cpsat"},
    "race cadical": {"route": "race", "backend": "cadical195"},
    "cadical linear-up": {"route": "single", "backend": "cadical195", "optimisation": "linear-up"},
    "rc2, no symmetry": {"route": "single", "backend": "cadical195", "symmetry": False},
    "highs": {"route": "single", "backend": "highs"},
    "scip": {"route": "single", "backend": "scip"},
}


@pytest.mark.parametrize("route", EVERY_ROUTE)
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_route_proves_the_published_values_up_to_nine(variant: str, route: str) -> None:
    """Each route proves its answer, an optimum or that no placement exists, on n = 1..9, equal
    to the published one; the lex-leader break or its absence changes no answer."""
    for n in range(1, 10):
        answer = solve_domination(n, n, variant, **EVERY_ROUTE[route])  # type: ignore[arg-type]
        published = published_minimum(n, variant)
        if published is None:
            assert answer.result.status is Status.UNSATISFIABLE, (n, SOURCES[variant])
            continue
        assert answer.proven_optimal and answer.knights == published, (n, SOURCES[variant])
        assert validate(n, n, variant, answer.placement) == []
