"""A lemma solved across runs: each run gives it one segment and keeps a certified checkpoint,
the same call goes on from it until the lemma is refuted; the chain passes proof check, a
tampered segment does not; a ledger carries the checkpoints to another directory, where
regenerate replays them byte for byte; and the export stitches the chain into one LRAT proof
that an outside propagation accepts."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from boardsat.certificates.lrat import check_lrat
from boardsat.certificates.lrat_chain import IMPLIED, Carried, carry_bytes
from boardsat.core.errors import BoardsatError
from boardsat.models.domination import Domination
from boardsat.models.domination.proving.halves import HalfClaim, half_counts
from boardsat.models.domination.routes import HALF_ORDER
from boardsat.models.domination.solve import solve_domination
from boardsat.proof.check import check_proof
from boardsat.proof.cubes import CubeRequest
from boardsat.proof.directory import ProofDirectory
from boardsat.proof.export import export_proof
from boardsat.proof.leaf_ledger import CHECKPOINT, LeafLedger
from boardsat.proof.minimum import prove_minimum
from boardsat.proof.pools import LocalPool, Task
from boardsat.proof.regenerate import copy_certificates, missing_certificates, regenerate
from boardsat.proof.run import Plan, open_proof, prove
from boardsat.proof.status import ProofStatus
from boardsat.solving.cube import Cube, Split
from tests.conftest import CliRun
from tests.oracles.proofcheck import check_certificate

pytestmark = pytest.mark.slow

# the light half of 16x16 needs 24 knights: "more than 23" takes CaDiCaL a few conflict budgets
LEMMA = HalfClaim(16, 16, "light", 23, HALF_ORDER)
EVERY = 0.01  # CPU seconds a run gives the lemma: one conflict budget, so several runs


def one_run(
    path: Path, ledger: Path | None = None, plan: Plan | None = None
) -> tuple[ProofDirectory, ProofStatus]:
    directory = open_proof(str(path), LEMMA, None, lambda: Split("", "whole", (Cube(),)))
    pool: LocalPool[Task] = LocalPool(1)
    plan = plan or Plan(checkpoint_every=EVERY)
    try:
        kept = None if ledger is None else LeafLedger.open(ledger)
        status = prove(directory, pool, plan, LEMMA.decisions(), ledger=kept)
    finally:
        pool.close()
    return directory, status


def runs_until_proven(path: Path, ledger: Path | None = None) -> list[ProofStatus]:
    statuses = []
    for _ in range(40):
        statuses.append(one_run(path, ledger)[1])
        if statuses[-1].proven:
            return statuses
    raise AssertionError("the lemma was not refuted in 40 runs")


def test_each_run_keeps_a_checkpoint_until_a_run_refutes_the_lemma(tmp_path: Path) -> None:
    statuses = runs_until_proven(tmp_path / "p")
    assert len(statuses) >= 2
    assert [status.checkpoints for status in statuses[:-1]] == list(range(1, len(statuses)))
    assert not any(status.proven for status in statuses[:-1])
    directory = ProofDirectory.open(tmp_path / "p")
    refuted = next(iter(directory.settled().values()))
    assert len(refuted.chain) == len(statuses) - 1
    assert refuted.cpu > 0 and statuses[-1].cpu >= sum(s.cpu for s in refuted.chain)
    assert check_proof(directory).certified_all


def test_a_run_without_the_option_goes_on_from_the_checkpoint(tmp_path: Path) -> None:
    assert one_run(tmp_path / "p")[1].checkpoints == 1
    directory, status = one_run(tmp_path / "p", plan=Plan())  # no cubes: it is not split
    assert status.proven and status.leaves == 1 and not status.split_again
    assert len(next(iter(directory.settled().values())).chain) == 1
    assert check_proof(directory).certified_all


def test_a_segment_whose_certificate_is_cut_fails_the_check(tmp_path: Path) -> None:
    runs_until_proven(tmp_path / "p")
    directory = ProofDirectory.open(tmp_path / "p")
    first = next(iter(directory.settled().values())).chain[0]
    path = directory.certificate(first)
    assert path is not None
    lines = gzip.decompress(path.read_bytes()).splitlines(keepends=True)
    path.write_bytes(gzip.compress(b"".join(lines[: len(lines) // 2])))
    found = check_proof(directory)
    assert not found.certified_all
    assert any("segment 0" in problem for problem in found.problems)


def test_a_ledger_carries_the_checkpoints_to_another_directory(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    _, first = one_run(tmp_path / "a", ledger)
    assert first.checkpoints == 1
    lines = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert [line["verdict"] for line in lines] == [CHECKPOINT]
    assert (tmp_path / "ledger-carried" / f"{lines[0]['carry_sha256']}.carry.gz").is_file()
    # a new directory goes on from the ledger's checkpoint: its own first run is segment 1
    second = one_run(tmp_path / "b", ledger)[1]
    assert second.checkpoints == 2 or second.proven
    runs_until_proven(tmp_path / "b", ledger)
    # a third directory takes the refutation and its chain from the ledger, without files
    runs_until_proven(tmp_path / "c", ledger)
    taken = ProofDirectory.open(tmp_path / "c")
    assert missing_certificates(taken) and not check_proof(taken).certified_all
    again = list(regenerate(taken, missing_certificates(taken)))
    assert again and all(item.same for item in again)
    assert check_proof(taken).certified_all


def test_the_export_stitches_the_runs_into_one_refutation(tmp_path: Path) -> None:
    runs_until_proven(tmp_path / "p")
    out = tmp_path / "out"
    export_proof(ProofDirectory.open(tmp_path / "p"), out)
    manifest = json.loads((out / "manifest.json").read_text())
    (entry,) = manifest["refutations"]
    assert entry["runs"] >= 2
    cnf = (out / entry["formula"]).read_text().splitlines()
    formula = [[int(x) for x in line.split()[:-1]] for line in cnf[1:]]
    proof = (out / entry["lrat"]).read_bytes()
    assert check_lrat(formula, proof.splitlines()).valid
    assert check_certificate(formula, "lrat", gzip.compress(proof))


def test_a_ledgers_checkpoint_is_gone_on_from_without_the_option(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    assert one_run(tmp_path / "a", ledger)[1].checkpoints == 1
    directory, status = one_run(tmp_path / "b", ledger, Plan())
    assert status.proven and not status.split_again
    assert len(next(iter(directory.settled().values())).chain) >= 1


def test_a_carry_file_not_the_one_recorded_is_named_as_such(tmp_path: Path) -> None:
    runs_until_proven(tmp_path / "p")
    directory = ProofDirectory.open(tmp_path / "p")
    first = next(iter(directory.settled().values())).chain[0]
    assert first.carry is not None
    (tmp_path / "p" / first.carry).write_bytes(carry_bytes([Carried(IMPLIED, (1,))]))
    found = check_proof(directory)
    assert any("carry file is not the one" in problem for problem in found.problems)


def test_only_cadical_goes_on_across_runs_and_only_for_some_seconds() -> None:
    with pytest.raises(BoardsatError, match="cadical195"):
        Plan(route="glucose4", checkpoint_every=60)
    with pytest.raises(BoardsatError, match="CPU seconds"):
        Plan(checkpoint_every=0)


def test_a_half_bound_proven_alone_serves_the_boards_proof_without_a_second_solve(
    tmp_path: Path,
) -> None:
    """The lemma proven alone (as examples/half_bound.py proves it), across two runs, is the
    same formula as the total 16 proof's lemma: the ledger settles it under the lemma's name,
    and its certificates, copied by digest, certify the board's proof."""
    ledger = tmp_path / "ledger.jsonl"
    one_run(tmp_path / "alone", ledger)
    assert one_run(tmp_path / "alone", ledger, Plan())[1].proven
    request = CubeRequest("colours", directory=str(tmp_path / "board"), ledger=str(ledger))
    proof = prove_minimum(Domination(16, 16, "total"), request)
    assert proof.status.proven
    board = ProofDirectory.open(tmp_path / "board")
    (taken,) = board.settled().values()
    assert taken.seconds == 0.0 and taken.certificate is None and len(taken.chain) == 1
    missing = missing_certificates(board)
    assert missing and not check_proof(board).certified_all
    copied = list(copy_certificates(board, [ProofDirectory.open(tmp_path / "alone")], missing))
    assert [item.same for item in copied] == [True]
    assert check_proof(board).certified_all


def test_each_half_proven_alone_is_copied_from_its_own_directory(
    tmp_path: Path, run_cli: CliRun
) -> None:
    """An odd board's two lemmas, each proven alone in a directory of its own, serve the
    board's proof through the ledger; ``proof regenerate --from A --from B`` copies each
    certificate from the directory that holds it, and the proof is certified."""
    n = 11
    halves = half_counts(n, n, solve_domination(n, n, "total").placement)
    ledger = tmp_path / "ledger.jsonl"  # an optimal placement's halves are each at its minimum
    for colour, knights in halves.items():
        claim = HalfClaim(n, n, colour, knights - 1, HALF_ORDER)
        alone = open_proof(
            str(tmp_path / colour), claim, None, lambda: Split("", "whole", (Cube(),))
        )
        pool: LocalPool[Task] = LocalPool(1)
        try:
            assert prove(
                alone, pool, Plan(), claim.decisions(), ledger=LeafLedger.open(ledger)
            ).proven
        finally:
            pool.close()
    board = tmp_path / "board"
    request = CubeRequest("colours", directory=str(board), ledger=str(ledger))
    assert prove_minimum(Domination(n, n, "total"), request).status.proven
    assert len(missing_certificates(ProofDirectory.open(board))) == 2
    code, _, err = run_cli("proof", "regenerate", str(board), "--from", str(tmp_path / "dark"))
    assert (
        code != 0
        and len(missing_certificates(ProofDirectory.open(board))) == 2
        and len(err.splitlines()) == 1
        and f"in {tmp_path / 'dark'}" in err
    )
    sources = ("--from", str(tmp_path / "dark"), "--from", str(tmp_path / "light"))
    code, out, err = run_cli("proof", "regenerate", str(board), *sources)
    assert code == 0 and err == "", err
    assert f"copied from {tmp_path / 'dark'}" in out and f"copied from {tmp_path / 'light'}" in out
    assert check_proof(ProofDirectory.open(board)).certified_all
