"""`boardsat domination --cubes` and `boardsat proof status|check` from the command line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from boardsat.core.wording import counted, data_size
from boardsat.models.domination import published_minimum
from boardsat.models.domination.exhaustive import minimum_knights
from boardsat.models.domination.proving.cubes import DominationClaim
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_request
from boardsat.proof.directory import ProofDirectory
from tests.conftest import CliRun


@pytest.mark.slow
def test_cubes_prove_the_published_optimum_and_the_check_certifies_it(
    run_cli: CliRun, tmp_path: Path
) -> None:
    proof = tmp_path / "p"
    code, out, err = run_cli("domination", "6", "--cubes", "--proof-dir", str(proof), "--json")
    assert code == 0, err
    document = json.loads(out)
    best = published_minimum(6, "independent")
    assert document["proven_optimal"] and document["knights"] == len(document["placement"]) == best
    assert document["status"] == "OPTIMAL" and document["lower_bound"] == best
    assert not validate(6, 6, "independent", [tuple(square) for square in document["placement"]])
    code, out, _ = run_cli("domination", "6", "--json")
    plain = json.loads(out)  # one command, one schema: the cubes add fields, rename none
    assert set(plain) <= set(document) and document["route"] == "cubes"
    code, out, _ = run_cli("proof", "status", str(proof))
    assert code == 0 and "0 remaining; proven" in out
    sizes = [path.stat().st_size for path in (proof / "certificates").iterdir()]
    assert f"{counted(len(sizes), 'certificate')}: {data_size(sum(sizes))}, the largest" in out
    code, out, _ = run_cli("proof", "check", str(proof))
    assert code == 0 and f"{best} is optimal, certified" in out
    claim = json.loads((proof / "manifest.json").read_text())["claim"]
    assert claim["symmetry"] and f"each symmetry class, in {claim['order']} order" in out
    ledger = tmp_path / "ledger.jsonl"
    code, first, _ = run_cli("proof", "check", str(proof), "--ledger", str(ledger))
    assert code == 0 and f"(0 by the ledger {ledger})" in first
    accepted = len(ledger.read_text().splitlines())
    code, out, _ = run_cli("proof", "check", str(proof), "--ledger", str(ledger))
    certified = counted(accepted, "refutation")
    assert code == 0 and f"{certified} certified ({accepted} by the ledger" in out
    code, _, err = run_cli("proof", "check", str(proof), "--ledger", str(proof / "manifest.json"))
    assert code == 2 and "no ledger entry" in err and len(err.strip().splitlines()) == 1
    code, again, _ = run_cli("domination", "6", "--cubes", "--proof-dir", str(proof), "--json")
    assert code == 0 and json.loads(again)["cpu_seconds"] == document["cpu_seconds"]  # resumed


@pytest.mark.slow
@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 5), (2, 2), (2, 7)])
def test_a_board_of_fewer_rows_than_bands_is_proven_and_certified(
    run_cli: CliRun, tmp_path: Path, rows: int, cols: int
) -> None:
    proof = tmp_path / "p"
    args = ("domination", str(rows), str(cols), "--cubes", "bands", "--proof-dir", str(proof))
    code, out, err = run_cli(*args, "--json")
    assert code == 0, err
    best = json.loads(out)["placement"]
    assert len(best) == minimum_knights(rows, cols, "independent")
    code, out, _ = run_cli("proof", "check", str(proof))
    assert code == 0 and f"{len(best)} is optimal, certified" in out


def test_a_board_without_any_placement_has_no_minimum_to_prove(
    run_cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert minimum_knights(2, 2, "total") is None
    code, _, err = run_cli("domination", "2", "--variant", "total", "--cubes")
    assert code == 2 and err.strip().endswith(
        "no total placement exists on 2x2, so there is no minimum to prove by cubes"
    )
    assert not list(tmp_path.iterdir())


def test_a_tampered_proof_fails_its_check_with_exit_status_1(
    run_cli: CliRun, tmp_path: Path
) -> None:
    proof = tmp_path / "p"
    code, _, err = run_cli(
        "domination", "7", "--variant", "total", "--cubes", "lookahead", "--cube-count", "4",
        "--proof-dir", str(proof), "--quiet",
    )  # fmt: skip
    assert code == 0, err
    (proof / "settled.jsonl").write_text("")
    code, out, _ = run_cli("proof", "check", str(proof))
    assert code == 1 and "problem: " in out and "not settled" in out
    problems = counted(out.count("problem: "), "problem")
    assert out.splitlines()[-1] == f"the claim is not proven: {problems} above"  # the verdict


def test_a_cube_naming_no_variable_of_the_claim_fails_the_check_in_one_line(
    run_cli: CliRun, tmp_path: Path
) -> None:
    """The fuzz wrote a key the model lacks into a split; the check raised KeyError."""
    proof = tmp_path / "p"
    code, _, err = run_cli("domination", "5", "--cubes", "--proof-dir", str(proof), "--quiet")
    assert code == 0, err
    splits = [json.loads(line) for line in (proof / "splits.jsonl").read_text().splitlines()]
    splits[0]["cubes"][0]["fixed"] = [[0, False]]
    (proof / "splits.jsonl").write_text("".join(json.dumps(split) + "\n" for split in splits))
    code, out, err = run_cli("proof", "check", "--jobs", "1", str(proof))
    assert code == 1 and err == ""
    assert "problem: the split of the claim cannot be rebuilt: a cube names 0," in out
    assert out.splitlines()[-1].startswith("the claim is not proven")


def test_a_placement_search_cut_short_is_caught_by_a_cube_that_finds_fewer_knights(
    run_cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the search stops at one knight too many, a cube finds the smaller placement and the
    proof goes on from it in the same run: the JSON gives that placement, proven optimal."""
    from boardsat.proof import minimum

    def one_too_many(request: Any) -> Any:
        found = solve_request(request)
        spare = next(
            (row, col)
            for row in range(request.rows)
            for col in range(request.cols)
            if (row, col) not in found.placement
        )
        return dataclasses.replace(found, placement=found.placement | {spare})

    monkeypatch.setattr(minimum, "solve_request", one_too_many)
    args = ["domination", "6", "--variant", "dominating", "--cubes", "--json", "--quiet"]
    code, out, err = run_cli(*args, "--proof-dir", str(tmp_path / "p"))
    assert code == 0, err
    document = json.loads(out)
    least = published_minimum(6, "dominating")
    placement = [(row, col) for row, col in document["placement"]]
    assert document["knights"] == len(placement) == least and document["status"] == "OPTIMAL"
    assert not validate(6, 6, "dominating", placement)
    assert f"the placements of {least + 1} knights found first were bettered" in document["verdict"]
    assert document["proven_optimal"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["domination", "5", "--cubes", "--dask", "local:x"], "local:N"),
        (["domination", "5", "--cubes", "--dask", "local:0"], "local:N"),
        (["domination", "5", "--cubes", "--dask", "nonsense"], "no port number"),
        (["domination", "5", "--cubes", "--dask", "tcp://host:99999"], "out of range"),
        (["domination", "5", "--cubes", "--dask", "nosuch://host"], "unknown address scheme"),
        (["domination", "5", "--cubes", "lookahead", "--lemma-limit", "3"], "--cubes bands"),
        (["domination", "5", "--lemma-limit", "3"], "without --cubes"),
        (["proof", "horizon", "shogi:seed", "-1"], "HORIZON is a whole number from 0"),
        (["domination", "5", "--dask", "local:2"], "without --cubes"),
        (["domination", "5", "--cubes", "--route", "single"], "cannot go with --cubes"),
        (["domination", "5", "--cubes", "--cube-route", "nosuch"], "unknown cube route"),
        (["domination", "5", "--cubes", "nosuch"], "nosuch"),
        (["proof", "status", "nowhere"], "no proof directory"),
        (["proof", "check", "nowhere"], "no proof directory"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(
    run_cli: CliRun, args: list[str], words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(*args)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())  # refused before any proof directory was made


def test_status_of_a_proof_not_split_yet_says_so(run_cli: CliRun, tmp_path: Path) -> None:
    claim = DominationClaim(6, 6, "independent", 7)
    manifest = {"claim": claim.spec(), "describes": claim.describe(), "model_hash": "", "best": []}
    ProofDirectory.create(str(tmp_path / "p"), manifest)
    code, out, _ = run_cli("proof", "status", str(tmp_path / "p"))
    assert code == 0 and "not split into cubes yet" in out and "remaining" not in out


def test_a_folder_that_holds_no_proof_is_left_alone(run_cli: CliRun, tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("keep me")
    code, _, err = run_cli("domination", "5", "--cubes", "--proof-dir", str(folder), "--quiet")
    assert code == 2 and "holds no proof" in err
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]


def test_a_horizon_below_the_optimum_is_refuted_and_certified_and_the_optimum_is_not(
    run_cli: CliRun, tmp_path: Path
) -> None:
    """The shogi seed takes 5 moves (its BFS distance): 4 is refuted with a checked certificate,
    while at 5 some cube holds a plan."""
    below, at = tmp_path / "h4", tmp_path / "h5"
    code, out, err = run_cli("proof", "horizon", "shogi:seed", "4", "--proof-dir", str(below))
    assert code == 0 and "proven by cubes" in out, err
    code, out, _ = run_cli("proof", "check", str(below))
    assert code == 0 and "the claim is certified" in out
    code, _, err = run_cli("domination", "5", "--cubes", "--proof-dir", str(below))
    assert code == 2 and "another claim" in err
    code, out, _ = run_cli("proof", "horizon", "shogi:seed", "5", "--proof-dir", str(at), "--json")
    assert code == 1 and not json.loads(out)["proven"] and "false" in json.loads(out)["verdict"]


def test_a_horizon_of_a_puzzle_without_plans_is_refused(run_cli: CliRun) -> None:
    code, _, err = run_cli("proof", "horizon", "domination:seed", "3")
    assert code == 2 and "planning puzzles" in err


@pytest.mark.parametrize(
    ("file", "text"),
    [("manifest.json", "{not json"), ("manifest.json", '{"claim": 1}'), ("settled.jsonl", "[1]\n")],
)
def test_a_damaged_proof_directory_is_one_line_and_exit_status_2(
    run_cli: CliRun, tmp_path: Path, file: str, text: str
) -> None:
    proof = tmp_path / "p"
    code, _, _ = run_cli("domination", "5", "--cubes", "--proof-dir", str(proof), "--quiet")
    assert code == 0
    (proof / file).write_text(text)
    for command in ("status", "check"):
        code, _, err = run_cli("proof", command, str(proof))
        assert code == 2 and len(err.strip().splitlines()) == 1 and "cannot be read" in err


def test_a_horizon_that_has_a_plan_makes_the_claim_false_and_the_exit_status_1(
    run_cli: CliRun, tmp_path: Path
) -> None:
    """`proof horizon` is asked for the claim itself, so a cube with a plan is a failed proof."""
    proof = tmp_path / "h5"
    code, out, err = run_cli("proof", "horizon", "shogi:seed", "5", "--proof-dir", str(proof))
    assert code == 1, err
    assert out.startswith("the claim is false: cube ") and "has a plan of exactly 5 moves" in out
