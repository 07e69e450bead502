"""Proof directories: a proof resumes where it stopped, survives a dead Dask worker, and its
check catches every kind of tampering."""

from __future__ import annotations

import functools
import json
import lzma
import os
import pickle
import shutil
import signal
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from boardsat.certificates.lrat import LratCheck, lrat_lines
from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.models.domination import Domination, published_minimum, solve
from boardsat.models.domination.proving.cubes import DominationClaim, split_claim
from boardsat.proof.check import check_proof
from boardsat.proof.cubes import CubeRequest
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.ledger import CheckLedger
from boardsat.proof.minimum import prove_minimum
from boardsat.proof.pools import PROOF_SETTINGS, DaskPool, LocalPool, Task
from boardsat.proof.run import Plan, open_proof, prove
from boardsat.proof.status import proof_status
from boardsat.solving.conquer import Verdict
from boardsat.solving.cube import Cube, Split, model_hash
from tests.proof.cut_pool import CutPool

N, VARIANT = 7, "dominating"
BEST = published_minimum(N, VARIANT)


def _claim() -> DominationClaim:
    return DominationClaim(N, N, VARIANT, BEST - 1)


@functools.cache
def _best() -> list[list[int]]:
    answer = solve(Domination(N, N, VARIANT))
    assert answer.proven_optimal
    return sorted([row, col] for row, col in answer.placement)


def _open(path: Path, splitter: str = "lookahead") -> ProofDirectory:
    claim = _claim()
    return open_proof(str(path), claim, _best(), lambda: split_claim(claim, splitter, 8))


def test_a_cut_proof_resumes_without_repeating_a_settled_cube(tmp_path: Path) -> None:
    path = tmp_path / "proof"
    first = CutPool(3)
    status = prove(_open(path), first, Plan(), _claim().decisions())
    first.close()
    assert status.refuted == 3 and not status.proven
    second = CutPool(10_000)
    status = prove(_open(path), second, Plan(), _claim().decisions())
    second.close()
    assert status.proven
    settled_first = set(first.submitted[:3])
    assert not settled_first & set(second.submitted)
    assert len(second.submitted) == status.leaves - 3


@pytest.mark.slow  # two band proofs of 7x7 and their checks
def test_a_band_proof_from_before_the_mirrored_split_resumes_as_it_began(tmp_path: Path) -> None:
    """A band proof begun under the whole lex-leader (before 0.8) keeps its claim and its split of
    every profile when resumed; a new one breaks the column mirror and keeps half the profiles."""
    old = _open(tmp_path / "old", "bands")
    resumed = prove_minimum(
        Domination(N, N, VARIANT), CubeRequest("bands", directory=str(old.path))
    )
    assert resumed.status.proven and "breaks" not in old.manifest()["claim"]
    assert not old.splits()[0].params.get("mirror")
    assert check_proof(old).certified_all
    new = prove_minimum(
        Domination(N, N, VARIANT), CubeRequest("bands", directory=str(tmp_path / "new"))
    )
    assert new.status.proven and new.directory.manifest()["claim"]["breaks"] == ["flip-cols"]
    assert new.directory.splits()[0].params["mirror"]
    assert new.status.leaves < resumed.status.leaves
    assert check_proof(new.directory).certified_all


def test_lemmas_that_leave_no_profile_prove_the_claim_alone(tmp_path: Path) -> None:
    """Far below the optimum the band lemmas alone exceed the budget: no cube is left, and the
    certified lemmas are the whole proof."""
    claim = DominationClaim(10, 10, "independent", 5)
    directory = open_proof(str(tmp_path / "p"), claim, [], lambda: split_claim(claim, "bands", 8))
    (root,) = directory.splits()
    assert not root.cubes and root.lemmas
    pool = LocalPool(1)
    status = prove(directory, pool, Plan(), claim.decisions())
    pool.close()
    assert status.proven and status.leaves == 0 and status.lemmas_refuted == len(root.lemmas)
    checked = check_proof(directory)
    assert checked.certified == len(root.lemmas) and checked.uncertified == 0
    assert all(problem.startswith("best answer") for problem in checked.problems)  # none exists


def test_what_another_handle_writes_or_rewrites_is_read_back(tmp_path: Path) -> None:
    """A handle keeps what it parsed only while the file is unchanged: another writer's line,
    or a file rewritten, is read again."""
    reader = _open(tmp_path / "p")
    writer = ProofDirectory.open(tmp_path / "p")
    assert reader.settled() == {}
    cube = reader.splits()[0].cubes[0]
    writer.add_settled(Settled(cube.ident, "cadical195", "UNKNOWN", 1.0, 1.0), None)
    assert set(reader.settled()) == {cube.ident}
    (tmp_path / "p" / "settled.jsonl").write_text("")
    assert reader.settled() == {}


def test_a_directory_sent_to_a_checker_process_carries_its_path_alone(tmp_path: Path) -> None:
    directory = _open(tmp_path / "p")
    assert directory.splits()  # parsed, and kept here
    sent = pickle.dumps(directory)
    assert len(sent) < len((tmp_path / "p" / "splits.jsonl").read_bytes())
    assert pickle.loads(sent).splits() == directory.splits()


def test_a_directory_not_split_yet_is_not_proven(tmp_path: Path) -> None:
    claim = _claim()
    manifest = {"claim": claim.spec(), "describes": claim.describe(), "model_hash": "", "best": []}
    directory = ProofDirectory.create(str(tmp_path / "p"), manifest)
    status = proof_status(directory)
    assert not status.split and not status.proven and status.remaining == 0


def test_a_directory_not_split_yet_fails_the_check(tmp_path: Path) -> None:
    """A proof stopped before its split refutes nothing, however right its claim and answer."""
    claim = _claim()
    manifest = {
        "claim": claim.spec(),
        "describes": claim.describe(),
        "model_hash": model_hash(claim.model()),
        "best": _best(),
    }
    check = check_proof(ProofDirectory.create(str(tmp_path / "p"), manifest))
    assert check.problems == ("the claim is not split into cubes yet: nothing is refuted",)


def test_a_directory_of_another_claim_is_refused(tmp_path: Path) -> None:
    from boardsat.core.errors import BoardsatError

    path = tmp_path / "proof"
    _open(path)
    other = DominationClaim(N, N, VARIANT, BEST - 2)
    with pytest.raises(BoardsatError, match="another claim"):
        open_proof(str(path), other, [], lambda: split_claim(other, "bands", 8))
    (tmp_path / "plain").mkdir()
    with pytest.raises(BoardsatError, match="holds no proof"):
        _open(tmp_path / "plain")


@pytest.fixture(scope="module")
def proven_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One finished proof for the module: the tests below tamper with copies of it."""
    directory = _open(tmp_path_factory.mktemp("finished") / "proof", "bands")
    pool = LocalPool(2)
    try:
        assert prove(directory, pool, Plan(), _claim().decisions()).proven
    finally:
        pool.close()
    return directory.path


@pytest.fixture
def finished(proven_once: Path, tmp_path: Path) -> ProofDirectory:
    """A test's own copy of the finished proof."""
    copy = tmp_path / "proof"
    shutil.copytree(proven_once, copy)
    return ProofDirectory.open(copy)


def test_a_finished_proof_is_certified(finished: ProofDirectory) -> None:
    check = check_proof(finished)
    assert check.certified_all, check.problems


@pytest.mark.slow
def test_drup_certificates_are_checked_and_a_directory_from_before_lrat_still_certifies(
    tmp_path: Path,
) -> None:
    """glucose4 logs DRUP, not LRAT; directories written before LRAT name no proof format."""
    directory = _open(tmp_path / "proof", "bands")
    pool = LocalPool(2)
    try:
        assert prove(directory, pool, Plan(route="glucose4"), _claim().decisions()).proven
    finally:
        pool.close()
    settled = directory.path / "settled.jsonl"
    entries = [json.loads(line) for line in settled.read_text().splitlines()]
    assert {entry["proof_format"] for entry in entries} == {"drup"}
    for entry in entries:
        del entry["proof_format"]
    settled.write_text("".join(json.dumps(entry) + "\n" for entry in entries))
    check = check_proof(directory)
    assert check.certified_all and check.certified == len(entries), check.problems


@pytest.mark.slow
def test_a_certificate_cut_short_fails_the_check(finished: ProofDirectory) -> None:
    """A certificate whose lemmas are dropped no longer refutes its cube's formula."""
    entries = [
        json.loads(line) for line in (finished.path / "settled.jsonl").read_text().splitlines()
    ]
    cut = next(
        entry
        for entry in entries
        if entry["certificate"] and any(lrat_lines(finished.path / entry["certificate"]))
    )
    (finished.path / cut["certificate"]).write_bytes(lzma.compress(b"c no lemmas\n"))
    assert any(cut["task"] in problem for problem in check_proof(finished).problems)


@pytest.mark.slow
def test_a_verdict_claiming_another_formula_fails_the_check(finished: ProofDirectory) -> None:
    settled = finished.path / "settled.jsonl"
    entries = [json.loads(line) for line in settled.read_text().splitlines()]
    entries[-1]["formula_hash"] = "0" * 64
    settled.write_text("".join(json.dumps(entry) + "\n" for entry in entries))
    problems = check_proof(finished).problems
    assert any("another formula" in problem for problem in problems)


def test_a_verdict_naming_an_unknown_encoding_fails_the_check(finished: ProofDirectory) -> None:
    """The fuzz wrote such a name; the check raised AttributeError from python-sat's EncType."""
    settled = finished.path / "settled.jsonl"
    entries = [json.loads(line) for line in settled.read_text().splitlines()]
    entries[-1]["cardinality"] = "frozenset()"
    settled.write_text("".join(json.dumps(entry) + "\n" for entry in entries))
    problems = check_proof(finished).problems
    assert any("unknown cardinality encoding 'frozenset()'" in problem for problem in problems)


@pytest.mark.slow
def test_a_split_missing_a_cube_fails_the_check(finished: ProofDirectory) -> None:
    splits = (finished.path / "splits.jsonl").read_text().splitlines()
    root = Split.from_json(json.loads(splits[0]))
    if not root.cubes:
        pytest.skip("the lemmas alone refute this claim")
    shorter = Split(root.parent, root.splitter, root.cubes[1:], root.lemmas, root.params)
    (finished.path / "splits.jsonl").write_text(json.dumps(shorter.to_json()) + "\n")
    assert any("profile" in problem for problem in check_proof(finished).problems)


@pytest.mark.slow
def test_a_ledger_skips_only_the_certificates_it_accepted_for_the_same_formula(
    finished: ProofDirectory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "ledger.jsonl"
    first = check_proof(finished, ledger=CheckLedger.open(path))
    assert first.certified_all and first.from_ledger == 0, first.problems
    assert len(path.read_text().splitlines()) == first.certified  # one line per acceptance

    refuse = LratCheck(valid=False, lemmas=0, hints=0, reason="refused for the test")
    # the checks run here, on threads, so that they meet the refusing checker
    monkeypatch.setattr(
        "boardsat.proof.check.ProcessPoolExecutor",
        lambda max_workers, mp_context: ThreadPoolExecutor(max_workers),
    )
    monkeypatch.setattr("boardsat.proof.check.check_lrat", lambda *_: refuse)
    again = check_proof(finished, ledger=CheckLedger.open(path))
    assert again.certified_all and again.from_ledger == again.certified == first.certified
    assert not check_proof(finished).certified_all  # without the ledger, the checker refuses
    monkeypatch.undo()

    entries = [
        json.loads(line) for line in (finished.path / "settled.jsonl").read_text().splitlines()
    ]
    cut = next(entry for entry in entries if entry["certificate"])
    (finished.path / cut["certificate"]).write_bytes(lzma.compress(b"c no lemmas\n"))
    changed = check_proof(finished, ledger=CheckLedger.open(path))
    assert any(cut["task"] in problem for problem in changed.problems)
    assert changed.from_ledger == first.certified - 1


@pytest.mark.parametrize("text", [b"not json\n", b'{"certificate": "a"}\n', b"[1, 2]\n", b"\xff\n"])
def test_a_file_that_is_no_ledger_is_refused_in_one_line(tmp_path: Path, text: bytes) -> None:
    path = tmp_path / "ledger.jsonl"
    entry = b'{"certificate": "c", "formula_hash": "f"}\n'
    path.write_bytes(entry + text)
    with pytest.raises(BoardsatError, match="line 2 is no ledger entry"):
        CheckLedger.open(path)
    assert path.read_bytes() == entry + text


def test_a_ledger_that_cannot_be_kept_is_refused_before_any_check(tmp_path: Path) -> None:
    with pytest.raises(BoardsatError, match="is a folder"):
        CheckLedger.open(tmp_path)
    with pytest.raises(BoardsatError, match="there is no folder"):
        CheckLedger.open(tmp_path / "missing" / "ledger.jsonl")


@pytest.mark.slow
def test_a_wrong_best_placement_fails_the_check(finished: ProofDirectory) -> None:
    manifest = json.loads((finished.path / "manifest.json").read_text())
    manifest["best"] = [[0, col] for col in range(BEST)]
    (finished.path / "manifest.json").write_text(json.dumps(manifest))
    assert any("best answer" in problem for problem in check_proof(finished).problems)


@pytest.mark.slow
def test_a_proof_survives_a_dask_worker_killed_mid_proof(tmp_path: Path) -> None:
    """Kill one of two workers as the first cube settles; the scheduler reruns what it held,
    and the proof completes and checks."""
    pytest.importorskip("dask.distributed")
    from boardsat.harness.cluster import dask_client

    directory = _open(tmp_path / "proof")
    killed: list[int] = []
    with dask_client("local:2", PROOF_SETTINGS) as client:
        pool = DaskPool(client)

        def kill_one(*_: object) -> None:
            if not killed:
                pids = client.run(os.getpid)
                killed.append(next(iter(pids.values())))
                os.kill(killed[0], signal.SIGKILL)

        try:
            status = prove(directory, pool, Plan(), _claim().decisions(), kill_one)
        finally:
            pool.close()
    assert killed and status.proven
    assert check_proof(directory).certified_all
    assert proof_status(directory).refuted == status.leaves


class _RootTimesOut(LocalPool):
    """A pool on which the whole claim, as one cube, outruns its limit."""

    def completed(self) -> Iterator[tuple[Task, Verdict | str]]:
        for task, outcome in super().completed():
            if task.cube == Cube():
                outcome = Verdict(Status.UNKNOWN, task.route, task.limit or 0.0)
            yield task, outcome


def test_a_cube_that_outruns_its_limit_is_split_again_and_still_certified(tmp_path: Path) -> None:
    claim = _claim()
    directory = open_proof(
        str(tmp_path / "proof"), claim, _best(), lambda: split_claim(claim, "whole", 0)
    )
    assert [split.cubes for split in directory.splits()] == [(Cube(),)]
    pool = _RootTimesOut(1)
    try:
        status = prove(directory, pool, Plan(resplit=4), claim.decisions())
    finally:
        pool.close()
    assert status.proven and status.split_again == 1 and status.leaves >= 2
    assert check_proof(directory).certified_all


@pytest.mark.slow
def test_ctrl_c_on_a_dask_proof_stops_at_once_and_keeps_every_settled_cube(
    tmp_path: Path,
) -> None:
    pytest.importorskip("dask.distributed")
    from boardsat.core.deadline import cancel, reset_cancellation
    from boardsat.harness.cluster import dask_client

    directory = _open(tmp_path / "proof")
    try:
        with dask_client("local:2", PROOF_SETTINGS) as client:
            pool = DaskPool(client)
            try:
                cut = prove(directory, pool, Plan(), _claim().decisions(), lambda *_: cancel())
            finally:
                pool.close()
    finally:
        reset_cancellation()
    assert not cut.proven and cut.refuted >= 1
    assert len(directory.settled()) == cut.refuted
    rest = LocalPool(2)
    try:
        assert prove(directory, rest, Plan(), _claim().decisions()).proven
    finally:
        rest.close()
    assert check_proof(directory).certified_all
