"""A proof by cubes that finds a better placement goes on from it: the refuted claim becomes a
record, lemmas it settled are carried over, a resumed directory goes on where it stood, and the
check validates every placement that refuted an earlier claim."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from boardsat.core.deadline import cancel, reset_cancellation
from boardsat.models.board import Board
from boardsat.models.domination import Domination, published_minimum
from boardsat.models.domination.colours import colour
from boardsat.models.domination.proving.cubes import DominationClaim, split_claim
from boardsat.models.domination.rules import validate
from boardsat.proof import minimum
from boardsat.proof.check import check_proof
from boardsat.proof.cubes import CubeProof, CubeRequest
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.minimum import prove_minimum
from boardsat.proof.pools import LocalPool
from boardsat.proof.run import open_proof
from boardsat.proof.status import FOUND, LEMMA_PREFIX
from tests.conftest import CliRun


def _search_with_spares(colours: Iterable[str]) -> Callable[..., Any]:
    """A placement search that returns the placement found plus one spare knight per colour
    named: a valid placement above the minimum, as a search cut short would give."""
    real = minimum.first_placement

    def search(instance: Domination, *args: Any) -> Any:
        search.calls += 1  # type: ignore[attr-defined]
        found = {(row, col) for row, col in real(instance, *args)}
        board = Board(instance.rows, instance.cols)
        spares = {
            next(s for s in board.squares() if s not in found and colour(board, s) == c)
            for c in colours
        }
        return sorted([row, col] for row, col in found | spares)

    search.calls = 0  # type: ignore[attr-defined]
    return search


def _prove(board: Domination, splitter: str, path: Path, **options: Any) -> CubeProof:
    return prove_minimum(board, CubeRequest(splitter, directory=str(path)), **options)


def _proven_at_the_optimum(proof: CubeProof, board: Domination) -> None:
    least = published_minimum(board.rows, board.variant)
    placement = [(row, col) for row, col in proof.answer["placement"]]
    assert proof.status.proven and proof.answer["status"] == "OPTIMAL"
    assert proof.answer["knights"] == len(placement) == least
    assert not validate(board.rows, board.cols, board.variant, placement)


@pytest.fixture(scope="module")
def continued(tmp_path_factory: pytest.TempPathFactory) -> tuple[CubeProof, list[str], Path]:
    """Total 8x8 from a placement one knight above the minimum on each colour: the mirror keeps
    its halves of one size, so one lemma runs, and it finds a smaller half."""
    path = tmp_path_factory.mktemp("continued") / "proof"
    notes: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(minimum, "first_placement", _search_with_spares(("dark", "light")))
        proof = _prove(Domination(8, 8, "total"), "colours", path, on_note=notes.append)
    return proof, notes, path


@pytest.mark.slow
def test_a_placement_above_the_minimum_is_bettered_and_proven_in_the_same_run(
    continued: tuple[CubeProof, list[str], Path],
) -> None:
    proof, notes, path = continued
    board = Domination(8, 8, "total")
    _proven_at_the_optimum(proof, board)
    least = published_minimum(8, "total")
    assert f"{least} knights can do it" in notes[0] and f"proving {least} in {path}" in notes[0]
    assert proof.verdict.startswith(f"{least} knights: optimal, proven by cubes")
    assert f"the placements of {least + 2} knights found first were bettered" in proof.verdict
    (fallen,) = proof.directory.manifest()["superseded"]
    assert len(fallen["best"]) == least + 2 and len(fallen["refuted_by"]) == least
    record = ProofDirectory.open(path / fallen["record"])
    assert [v.status for v in record.settled().values()] == [FOUND]
    assert record.manifest()["claim"]["at_most"] == least + 1
    check = check_proof(proof.directory)
    assert check.certified_all and check.earlier == 1, check.problems


@pytest.mark.slow
def test_the_check_says_how_many_earlier_claims_fell_and_validates_what_refuted_them(
    continued: tuple[CubeProof, list[str], Path], run_cli: CliRun, tmp_path: Path
) -> None:
    _, _, path = continued
    code, out, _ = run_cli("proof", "check", str(path))
    assert code == 0 and "1 earlier claim refuted by placements the rules validate" in out
    assert out.rstrip().endswith(f"{published_minimum(8, 'total')} is optimal, certified")
    tampered = tmp_path / "tampered"
    shutil.copytree(path, tampered)
    manifest = json.loads((tampered / "manifest.json").read_text())
    manifest["superseded"][0]["refuted_by"] = manifest["superseded"][0]["refuted_by"][1:]
    (tampered / "manifest.json").write_text(json.dumps(manifest))
    code, out, _ = run_cli("proof", "check", str(tampered))
    assert code == 1 and "problem: earlier claim 1 (" in out


@pytest.mark.parametrize(
    ("n", "variant", "splitter"),
    [
        (6, "dominating", "whole"),
        pytest.param(5, "independent", "bands", marks=pytest.mark.slow),
        pytest.param(6, "dominating", "lookahead", marks=pytest.mark.slow),
    ],
)
def test_every_splitter_goes_on_from_a_cube_that_finds_fewer_knights(
    n: int, variant: str, splitter: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each on the board it proves fastest (independent 5x5's bands, dominating 6x6's)."""
    monkeypatch.setattr(minimum, "first_placement", _search_with_spares(("dark",)))
    board = Domination(n, n, variant)
    request = CubeRequest(splitter, cubes=8, directory=str(tmp_path / "proof"))
    proof = prove_minimum(board, request)
    _proven_at_the_optimum(proof, board)
    assert len(proof.directory.manifest()["superseded"]) >= 1
    check = check_proof(proof.directory)
    assert check.certified_all and check.earlier >= 1, check.problems


def test_a_run_cut_after_a_better_placement_resumes_at_the_claim_it_had_reached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C as the first lemma finds a smaller half: the run ends open with the better
    placement, its counterexample kept; the rerun goes on from it without searching or solving
    that lemma again."""
    search = _search_with_spares(("dark", "light"))
    monkeypatch.setattr(minimum, "first_placement", search)
    submitted: list[str] = []
    submit = LocalPool.submit
    monkeypatch.setattr(
        LocalPool, "submit", lambda pool, task: [submitted.append(task.ident), submit(pool, task)]
    )
    board, path = Domination(8, 8, "total"), tmp_path / "proof"
    least = published_minimum(8, "total")

    def stop_at_first_verdict(line: str) -> None:
        if "refuted" in line:
            cancel()

    try:
        cut = _prove(board, "colours", path, on_progress=stop_at_first_verdict)
    finally:
        reset_cancellation()
    assert cut.open and cut.answer["status"] == "UNKNOWN" and cut.answer["knights"] == least
    assert cut.directory.manifest()["claim"]["at_most"] == least + 1 and cut.status.counterexample
    first = list(submitted)
    notes: list[str] = []
    resumed = _prove(board, "colours", path, on_note=notes.append)
    _proven_at_the_optimum(resumed, board)
    assert notes[0] == f"resuming the proof in {path}" and len(notes) == 2
    assert notes[1].startswith(f"{least} knights can do it") and search.calls == 1  # type: ignore[attr-defined]
    assert len(first) == 1 and first[0] not in submitted[1:] and len(submitted) == 2
    assert check_proof(resumed.directory).certified_all


def test_a_lemma_refuted_under_the_old_claim_is_carried_over_not_solved_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On an odd board each colour has its lemma. A spare light knight makes the light lemma
    fail after the dark one is refuted; the next claim rests on the same dark lemma, whose
    verdict and certificate are copied from the record instead of solved again."""
    monkeypatch.setattr(minimum, "first_placement", _search_with_spares(("light",)))
    submitted: list[str] = []
    submit = LocalPool.submit
    monkeypatch.setattr(
        LocalPool, "submit", lambda pool, task: [submitted.append(task.ident), submit(pool, task)]
    )
    board = Domination(7, 7, "total")
    proof = _prove(board, "colours", tmp_path / "proof")
    _proven_at_the_optimum(proof, board)
    (fallen,) = proof.directory.manifest()["superseded"]
    record = ProofDirectory.open(proof.directory.path / fallen["record"])
    carried = {
        ident: verdict
        for ident, verdict in proof.directory.settled().items()
        if ident in record.settled() and verdict.status == record.settled()[ident].status
    }
    (ident,) = carried
    assert ident.startswith(LEMMA_PREFIX) and submitted.count(ident) == 1
    assert len(submitted) == 3  # two lemmas under the first claim, one under the second
    old, new = record.settled()[ident], carried[ident]
    assert (new.formula_hash, new.cpu) == (old.formula_hash, old.cpu)
    old_file, new_file = record.certificate(old), proof.directory.certificate(new)
    assert old_file and new_file and old_file.read_bytes() == new_file.read_bytes()
    check = check_proof(proof.directory)
    assert check.certified_all and check.earlier == 1, check.problems


def test_a_supersede_killed_before_its_manifest_is_undone_on_resume(tmp_path: Path) -> None:
    claim = DominationClaim(5, 5, "dominating", 6)
    directory = open_proof(str(tmp_path / "p"), claim, [], lambda: split_claim(claim, "whole", 8))
    cube = directory.splits()[0].cubes[0]
    directory.add_settled(
        Settled(cube.ident, "cadical195", FOUND, 0.1, 0.1, proof_format="lrat"), b"x"
    )
    files = sorted(p.relative_to(directory.path) for p in directory.path.rglob("*"))
    with pytest.raises(TypeError):  # the new manifest cannot be written: the run dies there
        directory.supersede("7-knights", {"claim": object()})
    assert not (directory.path / "splits.jsonl").exists()
    directory.restore()
    assert sorted(p.relative_to(directory.path) for p in directory.path.rglob("*")) == files
    assert directory.splits() and set(directory.settled()) == {cube.ident}


def test_a_directory_of_another_board_is_refused_in_one_line_before_resuming(
    run_cli: CliRun, tmp_path: Path
) -> None:
    path = str(tmp_path / "p8")
    assert run_cli("domination", "5", "--cubes", "--proof-dir", path, "--quiet")[0] == 0
    code, out, err = run_cli("domination", "8", "--cubes", "--proof-dir", path)
    assert code == 2 and not out and "resuming" not in err
    assert err.strip() == (
        f"boardsat: error: {path} holds the proof of another claim: no independent placement"
        " of 4 knights or fewer on the 5x5 board"
    )
