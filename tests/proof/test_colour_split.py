"""The total variant split by colour: its lemmas hold of every placement, its cubes miss no
colour profile, its proofs certify the published optima, and its check catches a bad split."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.models.board import Board
from boardsat.models.domination import Domination, published_minimum
from boardsat.models.domination.colours import colour
from boardsat.models.domination.proving import halves
from boardsat.models.domination.proving.cubes import DominationClaim, split_claim
from boardsat.models.domination.proving.halves import (
    MIRROR,
    HalfClaim,
    colour_cubes,
    colour_split,
    mirrored,
)
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import DominationRequest, solve_request
from boardsat.proof.check import check_proof
from boardsat.proof.cubes import CubeRequest
from boardsat.proof.minimum import prove_minimum
from boardsat.proof.pools import LocalPool
from boardsat.proof.run import Plan, open_proof, prove
from boardsat.solving.conquer import conquer, cube_formula, formula_hash
from boardsat.solving.cube import Cube, Split
from boardsat.solving.solve import enumerate_solutions
from tests.conftest import CliRun


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_every_total_placement_meets_the_lemmas_and_has_its_profile_among_the_cubes(
    n: int,
) -> None:
    """Enumerate every total placement of the published optimum plus one knight (no break), so
    that cubes are left: each meets both lemmas and has its dark and light counts among them."""
    best = published_minimum(n, "total")
    assert best is not None
    claim = DominationClaim(n, n, "total", best + 1, symmetry=False)
    split = colour_split(claim, None, 10.0)
    lemmas = [HalfClaim.from_spec(spec) for spec in split.lemmas]
    assert len(lemmas) == (1 if n % 2 == 0 else 2)  # even: the other half is the mirror's
    lemmas = mirrored(lemmas) if split.params.get(MIRROR) else lemmas
    assert {lemma.colour for lemma in lemmas} == {"dark", "light"}
    profiles = {tuple(count for _, count in cube.counts) for cube in split.cubes}
    board = Board(n, n)
    knights = list(claim.decisions())
    found = enumerate_solutions(claim.model(), knights, backend="cpsat", limit=5000)
    assert found.count > 0 and split.cubes
    for solution in found.solutions:
        placement = {(key[1], key[2]) for key in solution}
        assert not validate(n, n, "total", placement)
        dark = sum(1 for square in placement if colour(board, square) == "dark")
        assert (dark, len(placement) - dark) in profiles
        for lemma in lemmas:
            on = sum(1 for square in placement if colour(board, square) == lemma.colour)
            assert on > lemma.at_most


@pytest.mark.parametrize("n", range(4, 11))
def test_a_colour_split_proves_the_published_total_optimum_with_certificates(
    n: int, tmp_path: Path
) -> None:
    """At the published optimum the halves' minima add up to it, so the certified lemmas prove
    the claim alone: two on an odd board, one on an even board, where the mirror gives the
    other half's. The check rebuilds and accepts every certificate and says why."""
    proof = prove_minimum(
        Domination(n, n, "total"), CubeRequest("colours", directory=str(tmp_path / "proof"))
    )
    assert proof.answer["knights"] == published_minimum(n, "total") and proof.status.proven
    lemmas = 1 if n % 2 == 0 else 2
    assert proof.status.lemmas == lemmas and proof.status.lemmas_refuted == lemmas
    check = check_proof(proof.directory)
    assert check.certified_all, check.problems
    assert ("one half's lemma holds of the other half too" in str(check.grounds)) == (n % 2 == 0)


def test_a_colour_split_that_misses_a_profile_or_names_another_board_fails_the_check() -> None:
    claim = DominationClaim(6, 6, "total", 9, symmetry=False)
    split = colour_split(claim, None, 10.0)
    assert claim.split_problems(split) == [] and len(split.cubes) > 1
    missing = dataclasses.replace(split, cubes=split.cubes[1:])
    assert "not every profile" in claim.split_problems(missing)[0]
    other = HalfClaim(7, 7, "dark", 1).spec()
    moved = dataclasses.replace(split, lemmas=(other, *split.lemmas[1:]))
    assert "not a half of this board" in claim.split_problems(moved)[0]
    dominating = DominationClaim(6, 6, "dominating", 9)
    assert claim.split_problems(split) == [] and dominating.split_problems(split)


def test_lemmas_alone_leave_no_cube_and_only_the_total_variant_splits_by_colour() -> None:
    claim = DominationClaim(8, 8, "total", published_minimum(8, "total") - 1)
    lemmas = mirrored(
        [HalfClaim.from_spec(spec) for spec in colour_split(claim, None, 10.0).lemmas]
    )
    assert sum(lemma.at_most + 1 for lemma in lemmas) > claim.at_most
    assert colour_cubes(claim, lemmas) == ()
    with pytest.raises(BoardsatError, match="only the total variant"):
        split_claim(DominationClaim(8, 8, "independent", 13), "colours", 0)


def test_colours_on_another_variant_is_one_line_and_exit_status_2_and_writes_nothing(
    run_cli: CliRun, tmp_path: Path
) -> None:
    proof = tmp_path / "proof"
    code, _, err = run_cli("domination", "6", "--cubes", "colours", "--proof-dir", str(proof))
    assert code == 2 and "only the total variant" in err and len(err.strip().splitlines()) == 1
    assert not proof.exists()


def test_a_mirrored_split_is_accepted_only_where_a_reflection_swaps_the_colours() -> None:
    """On an even board one half's lemma and its mirror image cover every profile. The same
    split on an odd board, or with the mirror left unsaid or resting on two lemmas, is refused."""
    claim = DominationClaim(6, 6, "total", 9, symmetry=False)
    split = colour_split(claim, None, 10.0)
    assert split.params == {MIRROR: True} and len(split.lemmas) == 1 and len(split.cubes) > 1
    assert claim.split_problems(split) == []
    unsaid = dataclasses.replace(split, params={})
    assert "not every profile" in claim.split_problems(unsaid)[0]
    (lemma,) = [HalfClaim.from_spec(spec) for spec in split.lemmas]
    both = dataclasses.replace(split, lemmas=tuple(half.spec() for half in mirrored([lemma])))
    assert claim.split_problems(both) == ["a mirrored colour split rests on the lemma of one half"]
    odd = DominationClaim(7, 7, "total", 9, symmetry=False)
    half = HalfClaim(7, 7, "dark", 3)
    mirrored_odd = Split("", "colours", colour_cubes(odd, mirrored([half])), (half.spec(),))
    assert "not every profile" in odd.split_problems(mirrored_odd)[0]
    said = dataclasses.replace(mirrored_odd, params={MIRROR: True})
    assert odd.split_problems(said) == [
        "no reflection of the 7x7 board swaps its colours, so no half mirrors the other"
    ]


@pytest.mark.parametrize(
    ("transform", "words"),
    [
        (lambda board: lambda s: s, "does not swap the colours square for square"),
        (lambda board: lambda s: (s[0], (s[1] + 1) % board.cols), "does not keep the knight"),
    ],
)
def test_the_mirror_is_checked_square_by_square_not_taken_from_its_name(
    transform: Any, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A map that keeps the colours, or swaps them but breaks knight moves (a cyclic shift of
    the columns), does not let one half's lemma stand for the other's."""
    claim = DominationClaim(6, 6, "total", 9, symmetry=False)
    split = colour_split(claim, None, 10.0)
    monkeypatch.setattr(halves, "colour_swap", transform)
    (problem,) = claim.split_problems(split)
    assert words in problem


def test_an_even_board_proven_with_both_lemmas_before_the_mirror_still_certifies(
    tmp_path: Path,
) -> None:
    claim = DominationClaim(6, 6, "total", published_minimum(6, "total") - 1)
    (lemma,) = [HalfClaim.from_spec(spec) for spec in colour_split(claim, None, 10.0).lemmas]
    both = mirrored([lemma])
    old = Split("", "colours", colour_cubes(claim, both), tuple(half.spec() for half in both))
    directory = open_proof(str(tmp_path / "old"), claim, _optimum(6), lambda: old)
    pool = LocalPool(1)
    try:
        assert prove(directory, pool, Plan(), claim.decisions()).lemmas_refuted == 2
    finally:
        pool.close()
    check = check_proof(directory)
    assert check.certified_all and check.certified == 2, check.problems
    assert "one half's lemma holds of the other" not in str(check.grounds)


def _optimum(n: int) -> list[list[int]]:
    found = solve_request(DominationRequest(n, n, "total"))
    return sorted([row, col] for row, col in found.placement)


@pytest.mark.parametrize("side", [7, 8])
def test_a_lemmas_decisions_are_the_whole_claims_that_its_model_has_in_their_order(
    side: int,
) -> None:
    """A lemma split as a proof's root fixes what it fixes as a proof's lemma, so they match."""
    whole = DominationClaim(side, side, "total", 2 * side).decisions()
    for colour_name in ("dark", "light"):
        lemma = HalfClaim(side, side, colour_name, side)
        model = lemma.model()
        assert list(lemma.decisions()) == [key for key in whole if key in model]
        board = Board(side, side)
        assert all(colour(board, (key[1], key[2])) == colour_name for key in lemma.decisions())


def test_a_lemma_is_certified_in_its_own_counter_and_solved_again_in_the_one_it_names() -> None:
    """A half lemma's certificate refutes the sequential counter's CNF; one first solved in the
    totalizer (proofs from before the choice) is solved again in the totalizer."""
    lemma = HalfClaim(6, 6, "light", 3)
    for asked, encoding in ((None, "seqcounter"), ("totalizer", "totalizer")):
        verdict = conquer(lemma, Cube(), "cadical195", None, asked)
        assert verdict.status is Status.UNSATISFIABLE and verdict.cardinality == encoding
        assert verdict.formula_hash == formula_hash(cube_formula(lemma, Cube(), encoding)[0])
    kinds = {
        formula_hash(cube_formula(lemma, Cube(), name)[0]) for name in ("seqcounter", "totalizer")
    }
    assert len(kinds) == 2  # two formulas: a certificate names the one it refutes
