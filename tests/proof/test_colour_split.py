"""The total variant split by colour: its lemmas hold of every placement, its cubes miss no
colour profile, its proofs certify the published optima, and its check catches a bad split."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from boardsat.core.errors import BoardsatError
from boardsat.models.board import Board
from boardsat.models.domination import Domination, published_minimum
from boardsat.models.domination.colours import colour
from boardsat.models.domination.proving.cubes import DominationClaim, split_claim
from boardsat.models.domination.proving.halves import HalfClaim, colour_cubes, colour_split
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_request
from boardsat.proof.check import check_proof
from boardsat.proof.cubes import CubeRequest
from boardsat.proof.minimum import prove_minimum
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
    """At the published optimum the halves' minima add up to it, so the two certified lemmas
    prove the claim alone; the check rebuilds and accepts every certificate."""
    proof = prove_minimum(
        Domination(n, n, "total"), CubeRequest("colours", directory=str(tmp_path / "proof"))
    )
    assert proof.answer["knights"] == published_minimum(n, "total") and proof.status.proven
    assert proof.status.lemmas == 2 and proof.status.lemmas_refuted == 2
    check = check_proof(proof.directory)
    assert check.certified_all, check.problems


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
    lemmas = [HalfClaim.from_spec(spec) for spec in colour_split(claim, None, 10.0).lemmas]
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


def test_a_half_that_beats_the_placement_found_gives_a_better_total_placement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lemmas come from the placement's halves: when the search stops one knight too many
    on one colour, that half's lemma fails, and its half beside the other half of the
    placement is a valid total placement of the published optimum."""
    from boardsat.proof import minimum

    def one_too_many(request: Any) -> Any:
        found = solve_request(request)
        board = Board(request.rows, request.cols)
        spare = next(
            square
            for square in board.squares()
            if square not in found.placement and colour(board, square) == "dark"
        )
        return dataclasses.replace(found, placement=found.placement | {spare})

    monkeypatch.setattr(minimum, "solve_request", one_too_many)
    request = CubeRequest("colours", directory=str(tmp_path / "proof"))
    proof = prove_minimum(Domination(8, 8, "total"), request)
    least = published_minimum(8, "total")
    placement = [(row, col) for row, col in proof.answer["placement"]]
    assert proof.answer["knights"] == len(placement) == least
    assert proof.answer["status"] == "SATISFIABLE" and not validate(8, 8, "total", placement)
    assert f"{least} knights can do it" in proof.verdict
