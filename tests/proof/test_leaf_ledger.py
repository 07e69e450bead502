"""The ledger of settled leaves: a run given it solves no leaf it settled, writes down what it
settles (checked first), trusts no entry whose formula is not the leaf's, and leaves the proof
uncertified until the certificates it took are regenerated."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from boardsat.core.errors import BoardsatError
from boardsat.models.domination import Domination, published_minimum, solve
from boardsat.models.domination.proving.cubes import DominationClaim, split_claim
from boardsat.proof.check import check_proof
from boardsat.proof.directory import ProofDirectory
from boardsat.proof.leaf_ledger import LeafEntry, LeafLedger
from boardsat.proof.ledger import CheckLedger
from boardsat.proof.pools import LocalPool, Task
from boardsat.proof.regenerate import missing_certificates, regenerate
from boardsat.proof.run import Plan, open_proof, prove
from boardsat.proof.status import ProofStatus
from boardsat.solving.conquer import cube_formula, formula_hash

N, VARIANT = 7, "dominating"


@functools.cache
def _best() -> list[list[int]]:
    answer = solve(Domination(N, N, VARIANT))
    assert answer.proven_optimal and len(answer.placement) == published_minimum(N, VARIANT)
    return sorted([row, col] for row, col in answer.placement)


def _claim() -> DominationClaim:
    return DominationClaim(N, N, VARIANT, len(_best()) - 1)


class _Counting(LocalPool[Task]):
    """A pool that names every task it was given to solve."""

    def __init__(self) -> None:
        super().__init__(1)
        self.submitted: list[str] = []

    def submit(self, task: Task) -> None:
        self.submitted.append(task.ident)
        super().submit(task)


def _run(path: Path, ledger: Path) -> tuple[ProofDirectory, ProofStatus, list[str]]:
    claim = _claim()
    directory = open_proof(str(path), claim, _best(), lambda: split_claim(claim, "lookahead", 6))
    pool = _Counting()
    try:
        status = prove(directory, pool, Plan(), claim.decisions(), ledger=LeafLedger.open(ledger))
    finally:
        pool.close()
    return directory, status, pool.submitted


def _entries(ledger: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in ledger.read_text().splitlines()]


@pytest.mark.slow
def test_a_run_given_the_ledger_solves_nothing_it_settled_until_regenerated(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    first, status, solved = _run(tmp_path / "first", ledger)
    assert status.proven and len(solved) == status.leaves == status.certified
    entries = _entries(ledger)
    assert sorted(entry["task"] for entry in entries) == sorted(solved)
    settled = first.settled()
    for entry in entries:
        kept = settled[str(entry["task"])]
        assert entry["checked"] == "accepted" and entry["verdict"] == "UNSATISFIABLE"
        assert entry["certificate_sha256"] == kept.certificate_sha256
        assert entry["formula_hash"] == kept.formula_hash and entry["solver"] == kept.solver

    second, status, solved = _run(tmp_path / "second", ledger)
    assert not solved and status.proven and status.certified == 0
    assert len(_entries(ledger)) == len(entries)  # nothing settled, nothing written
    checked = check_proof(second)
    assert not checked.certified_all and not checked.problems
    assert (
        sorted(checked.missing)
        == sorted(missing_certificates(second))
        == sorted(entry["task"] for entry in entries)
    )

    again = list(regenerate(second, missing_certificates(second)))
    assert len(again) == len(entries) and all(each.written and each.same for each in again)
    assert check_proof(second).certified_all and not missing_certificates(second)
    for verdict in second.settled().values():  # byte for byte the first run's
        path = second.certificate(verdict)
        assert path is not None
        assert path.read_bytes() == (first.path / f"{path.relative_to(second.path)}").read_bytes()


@pytest.mark.slow
def test_an_entry_for_another_formula_or_rejected_by_the_checker_is_not_trusted(
    tmp_path: Path,
) -> None:
    ledger = tmp_path / "ledger.jsonl"
    _run(tmp_path / "first", ledger)
    entries = _entries(ledger)
    wrong_hash, rejected = entries[0], entries[1]
    wrong_hash["formula_hash"] = "0" * 64
    rejected["checked"] = "rejected: refused for the test"
    ledger.write_text("".join(json.dumps(entry) + "\n" for entry in entries))
    _, status, solved = _run(tmp_path / "second", ledger)
    assert status.proven and sorted(solved) == sorted([wrong_hash["task"], rejected["task"]])
    assert status.certified == 2  # the two solved here; the rest are taken from the ledger


@pytest.mark.slow
def test_a_wrong_certificate_digest_shows_when_the_certificate_is_regenerated(
    tmp_path: Path,
) -> None:
    ledger = tmp_path / "ledger.jsonl"
    _run(tmp_path / "first", ledger)
    entries = _entries(ledger)
    entries[0]["certificate_sha256"] = "0" * 64
    ledger.write_text("".join(json.dumps(entry) + "\n" for entry in entries))
    second, _, solved = _run(tmp_path / "second", ledger)
    assert not solved
    (again,) = regenerate(second, [str(entries[0]["task"])])
    assert again.written and not again.same and again.recorded == "0" * 64
    assert "not the 0000" in again.line()


def test_a_ledger_of_one_kind_is_refused_as_the_other(tmp_path: Path) -> None:
    checker = tmp_path / "check.jsonl"
    CheckLedger.open(checker).accept("a" * 64, "b" * 64)
    with pytest.raises(BoardsatError, match="line 1 is no settled leaf"):
        LeafLedger.open(checker)
    leaves = tmp_path / "leaves.jsonl"
    entry = {"task": "t", "claim": {}, "formula_hash": "b" * 64, "verdict": "UNKNOWN", "cpu": 1}
    leaves.write_text(json.dumps(entry) + "\n")
    assert LeafLedger.open(leaves).entries("t", {})
    with pytest.raises(BoardsatError, match="line 1 is no ledger entry"):
        CheckLedger.open(leaves)


@pytest.mark.parametrize(("cpu", "trusted"), [(60.5, True), (4.0, False)])
def test_a_leaf_outran_its_limit_only_if_it_had_that_much_cpu(cpu: float, trusted: bool) -> None:
    """31's light lemma: cubes "outran" 60 s of wall time with 0 to 5 CPU seconds beside a busy
    suite, and were split as if hard."""
    entry = LeafEntry("t", {}, "b" * 64, "totalizer", "UNKNOWN", cpu, limit=60.0)
    assert entry.outran(60.0) is trusted
    assert entry.outran(30.0) is trusted
    assert not entry.outran(120.0)


def test_a_limit_outrun_in_another_encoding_is_not_taken(tmp_path: Path) -> None:
    """A leaf that outran its limit in one encoding may fall fast in another: 33's light lemma,
    solved in the sequential counter, was once split at once on a line for its totalizer formula."""
    claim = _claim()
    cube = split_claim(claim, "lookahead", 6).cubes[0]
    for encoding, taken in (("seqcounter", False), ("totalizer", True)):
        ledger = tmp_path / f"{encoding}.jsonl"
        digest = formula_hash(cube_formula(claim, cube, encoding)[0])
        outran = LeafEntry(
            cube.ident, claim.spec(), digest, encoding, "UNKNOWN", 100.0, limit=100.0
        )
        LeafLedger.open(ledger).add(outran)
        directory, status, submitted = _run(tmp_path / f"{encoding}.proof", ledger)
        assert status.proven and (cube.ident in submitted) is not taken
        assert any(split.parent == cube.ident for split in directory.splits()) is taken
