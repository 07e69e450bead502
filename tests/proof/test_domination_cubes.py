"""Domination split into cubes: the splits cover every placement, and proofs by cubes agree with
the published optima on small boards, with certificates that check."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from pysat.solvers import Solver

from boardsat.certificates.drup import check_drup
from boardsat.core.results import Status
from boardsat.models.board import Board
from boardsat.models.domination import published_minimum
from boardsat.models.domination.proving.cubes import (
    MIRROR_BREAKS,
    DominationClaim,
    WindowClaim,
    band_profiles,
    band_split,
    inner_rows,
)
from boardsat.models.domination.proving.halves import HalfClaim
from boardsat.models.domination.rules import validate
from boardsat.solving import solve as solving
from boardsat.solving.conquer import conquer, model_formula
from boardsat.solving.cube import Cube, claim_model
from boardsat.solving.lookahead import coverage_formula, lookahead_cubes
from boardsat.solving.solve import enumerate_solutions
from tests.oracles.proofcheck import check_certificate

VARIANTS = ("independent", "dominating", "total")


def _published_or_skip(n: int, variant: str) -> int:
    """The published optimum; the test is skipped on a board where no placement exists."""
    best = published_minimum(n, variant)
    if best is None:
        pytest.skip("no placement exists")
    return best


def _profile(placement: set[tuple[int, int]], bands: list[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(sum(1 for row, _ in placement if top <= row < bottom) for top, bottom in bands)


@pytest.mark.parametrize(("n", "variant"), list(itertools.product((4, 5, 6), VARIANTS)))
@pytest.mark.parametrize("count", [2, 3])
def test_every_placement_within_the_budget_has_its_profile_among_the_cubes(
    n: int, variant: str, count: int
) -> None:
    """The band split's construction is exhaustive: enumerate every placement the claim allows
    (a budget of the optimum, so there are some) and find each one's profile among the cubes."""
    best = _published_or_skip(n, variant)
    claim = DominationClaim(n, n, variant, best, symmetry=False)
    split = band_split(claim, count)
    bands = [(int(top), int(bottom)) for top, bottom in split.params["bands"]]
    lemmas = [WindowClaim.from_spec(spec) for spec in split.lemmas]
    profiles = set(band_profiles(claim, bands, lemmas))
    knights = list(claim.decisions())
    found = enumerate_solutions(claim.model(), knights, backend="cpsat", limit=3000)
    assert found.count > 0
    for solution in found.solutions:
        placement = {(key[1], key[2]) for key in solution}
        assert not validate(n, n, variant, placement)
        assert _profile(placement, bands) in profiles
        for lemma in lemmas:  # every lemma holds of every placement
            assert sum(1 for row, _ in placement if lemma.top <= row < lemma.bottom) > lemma.at_most


def test_each_window_is_bounded_within_the_lemma_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window limit reaches CP-SAT, and the lemmas it bounds still hold: the split is the
    default's, since 7x7's windows are solved at once."""
    limits: list[float] = []
    real_solve = solving.solve  # what the lemma bounds call (bounds.proven_bound)

    def solve_timed(*args: Any, time_limit: float, **options: Any) -> Any:
        limits.append(time_limit)
        return real_solve(*args, time_limit=time_limit, **options)

    claim = DominationClaim(7, 7, "independent", 12)
    expected = band_split(claim, 3)
    monkeypatch.setattr(solving, "solve", solve_timed)
    split = band_split(claim, 3, window_limit=1.5)
    assert limits and all(limit <= 1.5 for limit in limits)
    assert split.lemmas == expected.lemmas and split.cubes == expected.cubes


def test_inner_rows_are_those_only_the_window_reaches() -> None:
    assert list(inner_rows(10, 0, 5)) == [0, 1, 2]
    assert list(inner_rows(10, 3, 9)) == [5, 6]
    assert list(inner_rows(10, 3, 6)) == []
    assert list(inner_rows(10, 5, 10)) == [7, 8, 9]


@pytest.mark.parametrize(("n", "variant"), list(itertools.product((4, 5, 6, 7), VARIANTS)))
@pytest.mark.parametrize("count", [2, 3])
def test_a_mirrored_band_split_keeps_an_image_of_every_placement(
    n: int, variant: str, count: int
) -> None:
    """The row mirror is left to the split, the column mirror to the lex-leader: every placement
    within the budget (enumerated without any break) has an image under the board's symmetries
    that satisfies the claim's formula and whose profile is one of the cubes kept. CaDiCaL
    enumerates them, as it proves the cubes: CP-SAT crawls through 7x7's lex-leader break."""
    best = _published_or_skip(n, variant)
    claim = DominationClaim(n, n, variant, best, breaks=MIRROR_BREAKS)
    split = band_split(claim, count)
    bands = [(int(top), int(bottom)) for top, bottom in split.params["bands"]]
    symmetric = bands == [(n - bottom, n - top) for top, bottom in reversed(bands)]
    assert split.params["mirror"] == symmetric  # two bands of an odd board are not mirrored
    kept = {tuple(count for _, count in cube.counts) for cube in split.cubes}
    assert all(profile <= profile[::-1] for profile in kept) or not symmetric
    knights = list(claim.decisions())
    broken = enumerate_solutions(claim.model(), knights, backend="cadical195", limit=3000)
    leaders = {frozenset((key[1], key[2]) for key in solution) for solution in broken.solutions}
    every = DominationClaim(n, n, variant, best, symmetry=False)
    found = enumerate_solutions(every.model(), knights, backend="cadical195", limit=3000)
    assert broken.exhausted and found.exhausted and found.count >= len(leaders) > 0
    images = [lambda square: square, *Board(n, n).symmetries().values()]
    for solution in found.solutions:
        placement = {(key[1], key[2]) for key in solution}
        assert any(
            image in leaders and _profile(set(image), bands) in kept
            for image in (frozenset(map(transform, placement)) for transform in images)
        )


def test_a_mirrored_split_is_refused_beside_a_break_of_every_symmetry() -> None:
    """Keeping one profile of a mirror pair is unsound once the lex-leader breaks the row mirror
    too: the checker says so, and a split made for such a claim keeps every profile."""
    mirrored = DominationClaim(8, 8, "independent", 13, breaks=MIRROR_BREAKS)
    split = band_split(mirrored, 3)
    assert mirrored.split_problems(split) == []
    every = DominationClaim(8, 8, "independent", 13)
    assert every.split_problems(split) and "mirror" in every.split_problems(split)[0]
    whole = band_split(every, 3)
    assert not whole.params["mirror"] and len(whole.cubes) > len(split.cubes)


@pytest.mark.parametrize(
    ("n", "variant"),
    [
        pytest.param(n, variant, marks=[pytest.mark.slow] if n >= 7 else [])  # seconds each
        for n, variant in itertools.product(range(4, 9), VARIANTS)
    ],
)
@pytest.mark.parametrize("breaks", [None, MIRROR_BREAKS])
def test_refuting_every_cube_gives_the_published_optimum_with_checked_certificates(
    n: int, variant: str, breaks: tuple[str, ...] | None
) -> None:
    """One knight fewer than published: every lemma and cube is refuted with a certificate that
    boardsat.certificates.drup accepts; at the published value some cube holds a valid placement.
    Alike with the whole break and with the column mirror's break beside a mirrored split."""
    best = _published_or_skip(n, variant)
    below = DominationClaim(n, n, variant, best - 1, breaks=breaks)
    split = band_split(below, 2)
    for spec in split.lemmas:
        _assert_certified(WindowClaim.from_spec(spec), Cube())
    for cube in split.cubes:
        _assert_certified(below, cube)
    at = DominationClaim(n, n, variant, best, breaks=breaks)
    verdicts = (conquer(at, cube, "cadical195", None) for cube in band_split(at, 2).cubes)
    found = next(v for v in verdicts if v.status is Status.SATISFIABLE)
    placement = {(key[1], key[2]) for key in found.solution if key[0] == "knight"}
    assert not validate(n, n, variant, placement)
    assert len(placement) <= best


def _assert_certified(claim: DominationClaim | WindowClaim, cube: Cube) -> None:
    from boardsat.solving.conquer import cube_formula, formula_hash

    verdict = conquer(claim, cube, "cadical195", None)
    assert verdict.status is Status.UNSATISFIABLE
    assert verdict.proof is not None
    clauses, _ = cube_formula(claim, cube)
    assert formula_hash(clauses) == verdict.formula_hash
    assert verdict.proof_format is not None
    assert check_certificate(clauses, verdict.proof_format, verdict.proof)


@pytest.mark.parametrize("variant", VARIANTS)
def test_lookahead_cubes_cover_their_parent_and_a_missing_cube_is_caught(variant: str) -> None:
    claim = DominationClaim(7, 7, variant, 9)
    parent = Cube(fixed=((("knight", 3, 3), False),))
    cubes = lookahead_cubes(claim, parent, 12, over=claim.decisions())
    assert len(cubes) >= 2
    assert all(set(parent.fixed) <= set(cube.fixed) for cube in cubes)
    clauses = coverage_formula(claim, parent, cubes)
    with Solver(name="cadical195", bootstrap_with=clauses, with_proof=True) as solver:
        assert solver.solve() is False
        assert check_drup(clauses, solver.get_proof()).valid
    for missing in range(len(cubes)):
        rest = cubes[:missing] + cubes[missing + 1 :]
        # a cube whose own branch fails at once may go missing unnoticed only if it is empty
        with Solver(name="cadical195", bootstrap_with=coverage_formula(claim, parent, rest)) as s:
            if s.solve():
                continue
        assert conquer(claim, cubes[missing], "cadical195", None).status is Status.UNSATISFIABLE


def test_a_split_never_branches_on_what_its_parent_implies() -> None:
    """Covering the corner of dominating 7x7 with no knight on (0,0) or (1,2) needs one on
    (2,1): propagation fixes it at the root, so it is no choice to split on. Taken for one, it
    gave cubes that died at once beside a copy of their parent, split after split (the 33x33
    dark lemma lost two cube limits of CPU so)."""
    claim = DominationClaim(7, 7, "dominating", 9)
    parent = Cube(fixed=((("knight", 0, 0), False), (("knight", 1, 2), False)))
    cubes = lookahead_cubes(claim, parent, 6, over=claim.decisions())
    assert len({frozenset(cube.fixed) for cube in cubes}) == len(cubes) >= 2
    for cube in cubes:
        keys = [key for key, _ in cube.fixed]
        assert len(keys) == len(set(keys)) and ("knight", 2, 1) not in keys
        assert cube.fixed[: len(parent.fixed)] == parent.fixed
    clauses = coverage_formula(claim, parent, cubes)
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        assert solver.solve() is False


def test_a_split_is_the_same_whether_an_implied_literal_is_written_in_the_cube_or_not() -> None:
    """With no dark knight on three squares of 9x9's corners, none may stand on (1,1): its
    propagation fails. Writing that into the cube changes no solution and no probe's verdict, so
    the split must not change. Scored against a baseline that counted it, the split did change."""
    claim = HalfClaim(9, 9, "dark", 6, "hilbert")
    parent = Cube(fixed=tuple((("knight", *square), False) for square in [(0, 0), (0, 8), (1, 7)]))
    implied = (("knight", 1, 1), False)
    model = claim_model(claim, parent)
    clauses, _ = model_formula(model)
    with Solver(name="glucose4", bootstrap_with=clauses) as solver:
        assert solver.propagate(assumptions=[model.lit(implied[0])])[0] is False
    written = parent.extended([implied])
    plain = lookahead_cubes(claim, parent, 8, over=claim.decisions())
    explicit = lookahead_cubes(claim, written, 8, over=claim.decisions())
    assert [cube.fixed[3:] for cube in plain] == [cube.fixed[4:] for cube in explicit]


@pytest.mark.parametrize("route", ["cpsat", "scip", "glucose4"])
def test_every_route_refutes_what_cadical_refutes(route: str) -> None:
    claim = DominationClaim(6, 6, "dominating", published_minimum(6, "dominating") - 1)
    for cube in band_split(claim, 2).cubes:
        assert conquer(claim, cube, route, 60).status is Status.UNSATISFIABLE
