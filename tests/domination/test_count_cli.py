"""`boardsat domination --count`: the counts, the list of orbits, the contact sheet, the
certificate, and one error line for what cannot go with a count."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardsat.models.domination.published import (
    PUBLISHED_ORBITS_DOMINATING,
    PUBLISHED_PLACEMENTS_DOMINATING,
)
from boardsat.models.domination.rules import validate
from tests.conftest import CliRun
from tests.oracles.proofcheck import check_drup


def test_the_count_its_list_and_its_sheet_agree(run_cli: CliRun, tmp_path: Path) -> None:
    """Each listed orbit's representative passes the rules, the orbit sizes add up to the
    count, and the sheet draws one board per orbit with its size."""
    listing, sheet = tmp_path / "orbits.jsonl", tmp_path / "orbits.svg"
    args = ("--variant", "dominating", "--count", "--list", str(listing), "--svg", str(sheet))
    code, out, _ = run_cli("domination", "6", *args, "--json")
    answer = json.loads(out)
    assert code == 0 and answer["complete"] and answer["knights"] == 8
    assert answer["count"] == PUBLISHED_PLACEMENTS_DOMINATING[5]
    assert answer["count_up_to_symmetry"] == PUBLISHED_ORBITS_DOMINATING[5]
    assert (answer["list"], answer["svg"]) == (str(listing), str(sheet))
    rows = [json.loads(line) for line in listing.read_text().splitlines()]
    assert len(rows) == answer["count_up_to_symmetry"]
    assert sum(row["orbit"] for row in rows) == answer["count"]
    for row in rows:
        placement = [tuple(square) for square in row["placement"]]
        assert len(placement) == 8 and not validate(6, 6, "dominating", placement)
    drawn = re.findall(r'class="representative" data-orbit="(\d+)"', sheet.read_text())
    assert [int(size) for size in drawn] == [row["orbit"] for row in rows]


def test_the_text_names_both_counts_and_the_checked_certificate(
    run_cli: CliRun, tmp_path: Path
) -> None:
    proof = tmp_path / "count.drup"
    code, out, _ = run_cli("domination", "5", "--count", "--proof", str(proof))
    assert code == 0
    assert re.search(r"independent 5x5, 5 knights: \d+ minimum placements?, \d+ up to", out)
    assert "complete, certified" in out and f"certificate: {proof}, checked" in out
    assert check_drup(f"{proof}.cnf", proof)


def test_both_counters_answer_alike(run_cli: CliRun) -> None:
    answers = []
    for counter in ("enumerate", "zdd"):
        code, out, _ = run_cli(
            "domination", "5", "--variant", "total", "--count", counter, "--json"
        )
        assert code == 0
        answers.append(json.loads(out))
    assert answers[0]["counter"] == "enumerate" and answers[1]["counter"] == "zdd"
    assert answers[0]["backend"] == "cadical195" and answers[1]["backend"] is None
    keys = ("knights", "count", "count_up_to_symmetry", "complete")
    assert [answers[0][key] for key in keys] == [answers[1][key] for key in keys]


def test_the_count_runs_on_the_backend_given(run_cli: CliRun) -> None:
    code, out, _ = run_cli("domination", "4", "--count", "--backend", "cpsat", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["backend"] == "cpsat" and answer["complete"]


@pytest.mark.slow
def test_a_count_stopped_by_the_time_limit_says_so(run_cli: CliRun) -> None:
    code, out, _ = run_cli(
        "domination", "11", "--variant", "total", "--count", "enumerate", "--time-limit", "3"
    )
    assert code == 3 and "INCOMPLETE: the time limit stopped the count" in out


def test_an_existing_list_is_not_overwritten(run_cli: CliRun, tmp_path: Path) -> None:
    listing = tmp_path / "orbits.jsonl"
    listing.write_text("mine\n")
    code, _, err = run_cli("domination", "4", "--count", "--list", str(listing))
    assert code == 2 and "exists already" in err and listing.read_text() == "mine\n"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--count", "--route", "single"], "--route cannot go with --count"),
        (["--count", "--cubes"], "give --cubes lookahead"),
        (["--count", "zdd", "--backend", "cpsat"], "--backend belongs to a counter on a solver"),
        (["--count", "zdd", "--proof", "x.drup"], "--proof belongs to a counter on a solver"),
        (
            ["--count", "colours", "--variant", "total", "--cubes", "lookahead"],
            "--cubes belongs to --count enumerate",
        ),
        (["--list", "x.jsonl"], "--list needs --count"),
        (["--count", "--export", "x.lp"], "--count"),
        (["--count", "sideways"], "sideways"),
    ],
)
def test_what_cannot_go_with_a_count_is_one_line(
    run_cli: CliRun, tmp_path: Path, args: list[str], says: str
) -> None:
    code, out, err = run_cli("domination", "4", *args)
    assert code == 2 and says in err and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_colours_counter_on_another_variant_is_one_line(run_cli: CliRun) -> None:
    code, out, err = run_cli("domination", "4", "--variant", "dominating", "--count", "colours")
    assert code != 0 and "total variant only" in err and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
