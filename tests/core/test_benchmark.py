"""Benchmark plumbing: what a results file records beside its rows."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from boardsat import benchmark
from boardsat.benchmark import Measurement, measure, results_file
from boardsat.errors import BoardsatError
from tests.conftest import CliRun

ROW = Measurement(
    "independent 8x8", "boardsat auto cpsat", 0.1, (0.1,), ("OPTIMAL 14",), "OPTIMAL 14"
)


def test_a_results_file_names_the_solver_releases_that_produced_it(tmp_path: Path) -> None:
    """Solver releases change proof times several-fold, so each file records the versions."""
    path = results_file("probe", tmp_path / "probe.json").write([ROW], {"repeats": 1})
    document = json.loads(path.read_text())
    libraries = document["machine"]["libraries"]
    for name in ("ortools", "python-sat", "PySCIPOpt"):
        assert libraries[name] == metadata.version(name)
    assert document["rows"][0]["instance"] == "independent 8x8"


def test_a_row_reports_the_outcome_of_its_median_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs by seed differ in outcome: a median time of proven runs must not carry the outcome of
    a last run stopped at the limit."""
    clock: Iterator[float] = iter([0.0, 40.0, 100.0, 130.0, 200.0, 260.0])  # runs of 40, 30, 60 s
    monkeypatch.setattr(benchmark.time, "perf_counter", lambda: next(clock))
    outcomes = iter(["OPTIMAL 78", "OPTIMAL 78", "UNKNOWN 79"])

    def run() -> tuple[str, dict[str, Any]]:
        outcome = next(outcomes)
        return outcome, {"proven": outcome.startswith("OPTIMAL")}

    row = measure("total 21x21", "boardsat race cpsat", run, repeats=3)
    assert row.median_seconds == 40.0
    assert row.outcome == "OPTIMAL 78"
    assert row.extra == {"proven": True}
    assert row.run_outcomes == ("OPTIMAL 78", "OPTIMAL 78", "UNKNOWN 79")


def test_a_benchmark_keeps_an_existing_output_file_and_measures_nothing(
    tmp_path: Path, run_cli: CliRun
) -> None:
    """The check comes before the first measurement, so a refusal prints nothing on stdout."""
    taken = tmp_path / "taken.json"
    taken.write_text("keep me\n")
    code, out, err = run_cli("bench", "domination", "--max-n", "3", "--output", str(taken))
    assert code == 2 and out == "" and "not overwritten" in err
    assert taken.read_text() == "keep me\n"


def test_a_results_file_taken_during_the_run_is_kept(tmp_path: Path) -> None:
    target = results_file("probe", tmp_path / "late.json")
    (tmp_path / "late.json").write_text("written meanwhile\n")
    with pytest.raises(BoardsatError, match="not overwritten"):
        target.write([ROW], {"repeats": 1})
    assert (tmp_path / "late.json").read_text() == "written meanwhile\n"
