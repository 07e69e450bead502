"""`boardsat domination`: text and JSON answers, and one error line with status 2 on bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardsat.models.domination.exhaustive import minimum_knights
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.routes import ROUTES, auto_route, describe_auto
from boardsat.models.domination.rules import validate
from tests.conftest import CliRun
from tests.oracles.proofcheck import check_drup


def test_json_answer_is_validated_and_proven(run_cli: CliRun) -> None:
    code, out, _ = run_cli("domination", "5", "6", "--variant", "total", "--json")
    assert code == 0
    answer = json.loads(out)
    assert (answer["rows"], answer["cols"], answer["variant"]) == (5, 6, "total")
    total = minimum_knights(5, 6, "total")  # exhaustive search, apart from the model
    assert answer["proven_optimal"] and answer["knights"] == answer["lower_bound"] == total
    assert validate(5, 6, "total", [tuple(square) for square in answer["placement"]]) == []
    assert answer["backend"] == "cpsat" and answer["seconds"] >= 0
    assert answer["split"] == ["dark"]  # six columns: the light half is its mirror image
    code, out, _ = run_cli("domination", "5", "6", "--variant", "total", "--no-split", "--json")
    whole = json.loads(out)
    assert code == 0 and whole["split"] is None
    assert whole["knights"] == total == whole["lower_bound"]


def test_text_answer_prints_the_board_with_attack_counts(
    run_cli: CliRun,
) -> None:
    code, out, _ = run_cli("domination", "4", "--backend", "cadical195")
    lines = out.splitlines()
    assert code == 0
    cells = [line.split() for line in lines[:4]]
    assert all(len(row) == 4 for row in cells)
    knights = [(r, c) for r in range(4) for c in range(4) if cells[r][c] == "K"]
    assert validate(4, 4, "independent", knights) == []
    for r in range(4):  # every other square shows how many knights attack it
        for c in range(4):
            if cells[r][c] != "K":
                attackers = sum(1 for k, j in knights if abs(k - r) * abs(j - c) == 2)
                assert cells[r][c] == str(attackers)
    best = minimum_knights(4, 4, "independent")
    assert len(knights) == best
    assert lines[4].startswith("(K: a knight; a digit:")  # the legend
    assert f"{best} knights (independent), proven optimal, lower bound {best}" in lines[5]


def test_one_knight_is_counted_in_the_singular(run_cli: CliRun) -> None:
    assert minimum_knights(1, 1, "independent") == 1
    code, out, _ = run_cli("domination", "1")
    assert code == 0 and "1 knight (independent), proven optimal" in out


def test_proof_file_is_written(run_cli: CliRun, tmp_path: Path) -> None:
    proof = tmp_path / "proof.drup"
    code, out, _ = run_cli(
        "domination",
        "6",
        "--route",
        "single",
        "--backend",
        "cadical195",
        "--proof",
        str(proof),
        "--json",
    )
    assert code == 0 and json.loads(out)["proof"] == str(proof)
    assert proof.exists() and Path(f"{proof}.cnf").exists()


def test_a_board_without_placements_gets_a_proof_of_that(run_cli: CliRun, tmp_path: Path) -> None:
    """Total 3x3 has no placement (the centre is attacked by nothing): the proof refutes it all."""
    proof = tmp_path / "none.drup"
    args = ("--variant", "total", "--route", "single", "--backend", "cadical195")
    code, out, _ = run_cli("domination", "3", *args, "--proof", str(proof))
    assert code == 0 and "no total placement exists" in out
    assert check_drup(f"{proof}.cnf", str(proof))


@pytest.mark.parametrize(
    "args",
    [
        ["domination", "0"],
        ["domination", "3", "-2"],
        ["domination", "3", "--variant", "queens"],
        ["domination", "3", "--time-limit", "-1"],
        ["domination", "3", "--backend", "nosuchsolver"],
        ["domination", "3", "--proof", "x.drup"],
        ["domination", "3", "--route", "single", "--proof", ""],
        ["domination", "3", "--route", "single", "--backend", "glucose4", "--proof", "no/such/x"],
        [
            "domination",
            "3",
            "--route",
            "single",
            "--backend",
            "glucose4",
            "--tiles",
            "2",
            "--proof",
            "x.drup",
        ],
        ["domination", "3", "--seed", "-1"],
        ["domination", "3", "--seed", str(2**31 - 1)],
        ["domination", "3", "--route", "portfolio", "--backend", "cadical195"],
        ["domination", "3", "--route", "lp"],
        ["domination", "6", "--split"],
        ["domination", "6", "--variant", "total", "--split", "--tiles", "2"],
    ],
)
def test_bad_input_is_one_line_and_status_two(run_cli: CliRun, args: list[str]) -> None:
    code, out, err = run_cli(*args)
    assert code == 2
    assert out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("boardsat: error:")
    route = args[args.index("--route") + 1] if "--route" in args else "auto"
    if route == "portfolio":
        assert "the portfolio route needs CP-SAT" in err
    if route == "lp":  # removed: it saved at most about 20 ms, on boards solved under 0.1 s
        assert "'lp'" in err


@pytest.mark.parametrize("backend", ["cpsat", "highs", "scip"])
@pytest.mark.parametrize(
    ("given", "named"),
    [
        (("--optimisation", "maxsat"), "--optimisation needs"),
        (("--proof", "p.drat"), "--proof needs"),
        (("--proof", ""), "--proof needs"),
        (("--proof", "p.drat", "--optimisation", "maxsat"), "--proof and --optimisation need"),
    ],
)
def test_a_sat_option_on_another_backend_names_the_options_given_not_an_internal_one(
    run_cli: CliRun, backend: str, given: tuple[str, ...], named: str
) -> None:
    code, out, err = run_cli("domination", "6", "--backend", backend, "--route", "single", *given)
    assert code == 2 and out == ""
    assert err == f"boardsat: error: {named} a SAT backend, not {backend}\n"


def test_impossible_board_says_so(run_cli: CliRun) -> None:
    code, out, _ = run_cli("domination", "3", "--variant", "total", "--json")
    assert code == 0
    answer = json.loads(out)
    assert answer["status"] == "UNSATISFIABLE" and answer["knights"] is None


def test_the_race_and_its_events_are_in_the_json(run_cli: CliRun) -> None:
    code, out, _ = run_cli("domination", "9", "--route", "race", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["proven_optimal"]
    assert answer["knights"] == published_minimum(9, "independent")  # A342576
    assert answer["route"] == "race" and answer["events"]
    assert all(event["seconds"] <= answer["seconds"] for event in answer["events"])


def test_single_backend_options_need_single(run_cli: CliRun) -> None:
    code, out, err = run_cli("domination", "6", "--workers", "2")
    assert code == 2 and out == "" and "--route single" in err
    code, out, _ = run_cli("domination", "6", "--route", "single", "--workers", "2", "--json")
    assert code == 0 and json.loads(out)["route"] == "single"


def test_the_portfolio_route_and_a_seed_from_the_command_line(run_cli: CliRun) -> None:
    code, out, _ = run_cli("domination", "9", "--route", "portfolio", "--seed", "7", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["proven_optimal"]
    assert answer["knights"] == published_minimum(9, "independent")  # A342576
    assert answer["route"] == "portfolio"
    assert validate(9, 9, "independent", [tuple(square) for square in answer["placement"]]) == []


def test_small_dominating_boards_take_auto_s_route_and_prove_the_published_value(
    run_cli: CliRun,
) -> None:
    code, out, _ = run_cli("domination", "6", "--variant", "dominating")
    assert code == 0
    assert f"{published_minimum(6, 'dominating')} knights (dominating), proven optimal" in out
    code, out, _ = run_cli("domination", "6", "--variant", "dominating", "--json")
    answer = json.loads(out)
    assert answer["route"] == auto_route("cpsat", 36) and answer["proven_optimal"]
    assert validate(6, 6, "dominating", [tuple(square) for square in answer["placement"]]) == []


def test_the_route_help_is_the_table(run_cli: CliRun) -> None:
    """--route's help is generated from the routes table and auto's, so it lists what runs."""
    code, out, _ = run_cli("domination", "--help")
    assert code == 0
    flat = " ".join(re.sub(r"-\n +", "-", out).split())  # a line may break after a hyphen
    for name, route in ROUTES.items():
        assert f"{name}: {route.summary}" in flat
    assert describe_auto() in flat and f"[{'|'.join(ROUTES)}]" in flat
