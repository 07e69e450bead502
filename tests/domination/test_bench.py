"""The domination benchmark's bookkeeping: every row checked against the published values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardsat.errors import BoardsatError
from boardsat.model import Model
from boardsat.models.domination import bench as domination_bench
from boardsat.models.domination.bench import Benchmark, Outcome, route_named, run_once
from boardsat.models.domination.published import published_minimum
from boardsat.results import Result
from tests.conftest import CliRun


def test_rows_are_compared_with_the_published_values_infeasible_boards_included(
    tmp_path: Path,
) -> None:
    """Total domination has no placement on boards up to 3x3: a proof of that matches OEIS."""
    output = tmp_path / "bench.json"
    benchmark = Benchmark(1, 5, 30.0, ["total"], 1, str(output), ["boardsat auto cpsat"])
    measured = list(benchmark.run())
    assert benchmark.write() == output and measured == benchmark.rows
    document = json.loads(output.read_text())
    rows = {row["instance"]: row["extra"] for row in document["rows"]}
    assert sorted(rows) == [f"total {n}x{n}" for n in range(1, 6)]
    for n in range(1, 6):
        extra = rows[f"total {n}x{n}"]
        assert extra["proven"] and extra["matches_published"]
        assert extra["knights"] == extra["published"] == published_minimum(n, "total")
    assert document["settings"]["largest_n_proven"] == {"total": {"boardsat auto cpsat": 5}}


def test_race_routes_run_inside_the_benchmarks_timed_children(tmp_path: Path) -> None:
    """Each run is timed in a child, and a race starts its racers from there."""
    output = tmp_path / "bench.json"
    chosen = ["boardsat race cpsat", "boardsat race cadical195"]
    benchmark = Benchmark(3, 4, 30.0, ["independent"], 1, str(output), chosen)
    for row in benchmark.run():
        assert row.extra["proven"] and row.extra["matches_published"]
    assert len(benchmark.rows) == 4


def test_a_bad_results_path_is_refused_before_anything_is_measured(
    tmp_path: Path, run_cli: CliRun
) -> None:
    """An existing file is kept, a missing folder is named, an empty range is refused, and all
    of it before the first instance runs (so nothing is printed on stdout)."""
    taken = tmp_path / "taken.json"
    taken.write_text("keep me\n")
    for args in (
        ["--output", str(taken)],
        ["--output", str(tmp_path / "no" / "such.json")],
        ["--min-n", "5", "--max-n", "3"],
    ):
        code, out, err = run_cli("bench", "domination", "--max-n", "3", *args)
        assert code == 2 and out == "" and err.startswith("boardsat: error:")
    assert taken.read_text() == "keep me\n"


def cheating_route(n: int, variant: str, limit: float, seed: int) -> Outcome:
    """Claims a proven optimum with a placement that dominates nothing beyond its one square."""
    return "OPTIMAL", frozenset({(0, 0)}), 1


def refusing_route(n: int, variant: str, limit: float, seed: int) -> Outcome:
    raise BoardsatError("this route refuses the board")


def test_a_placement_that_breaks_the_rules_stops_the_benchmark_with_the_reason() -> None:
    with pytest.raises(RuntimeError, match=r"(?s)independent 4x4, seed 1.*broke the rules"):
        run_once(cheating_route, 4, "independent", 10.0, 1)


def test_a_route_that_refuses_its_input_stops_the_benchmark_in_one_line() -> None:
    with pytest.raises(BoardsatError, match=r"^this route refuses the board$"):
        run_once(refusing_route, 4, "independent", 10.0, 1)


def test_cpsat_routes_at_any_worker_count_run_in_the_order_given(tmp_path: Path) -> None:
    """Scaling runs name their worker counts; each row is still checked against OEIS."""
    output = tmp_path / "bench.json"
    chosen = ["boardsat single cpsat w3", "textbook cpsat w1"]
    benchmark = Benchmark(3, 5, 30.0, ["independent"], 1, str(output), chosen)
    for _ in benchmark.run():
        pass
    benchmark.write()
    document = json.loads(output.read_text())
    assert document["settings"]["routes"] == chosen
    assert {(row["route"], row["instance"]) for row in document["rows"]} == {
        (route, f"independent {n}x{n}") for route in chosen for n in range(3, 6)
    }
    assert all(row["extra"]["matches_published"] for row in document["rows"])


@pytest.mark.parametrize("route", ["textbook cpsat w0", "boardsat auto cpsat w2", "no such"])
def test_an_unknown_route_is_refused_in_one_line(route: str, run_cli: CliRun) -> None:
    code, out, err = run_cli("bench", "domination", "--max-n", "2", "--route", route)
    assert code == 2 and out == ""
    assert err.startswith("boardsat: error:") and repr(route) in err and "wK" in err


@pytest.mark.parametrize(
    ("route", "seeded"),
    [("textbook cpsat w8", "random_seed"), ("textbook mip scip", "randomization/randomseedshift")],
)
def test_a_textbook_baseline_runs_its_repeat_s_seed(
    route: str, seeded: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Repeat r runs every route with seed r; a baseline on one seed would measure its luck."""
    heard: list[dict[str, Any]] = []
    real_solve = domination_bench.solve

    def solve(model: Model, backend: str, **options: Any) -> Result:
        heard.append(options.get("parameters", {}))
        return real_solve(model, backend, **options)

    monkeypatch.setattr(domination_bench, "solve", solve)
    textbook = route_named(route)
    assert textbook is not None
    status, placement, bound = textbook(4, "independent", 30.0, 5)
    assert status == "OPTIMAL" and placement is not None and len(placement) == bound
    assert heard == [{seeded: 5}]


def sleeping_route(n: int, variant: str, limit: float, seed: int) -> Outcome:
    import time

    time.sleep(60)
    raise AssertionError("killed before this")


def test_a_run_past_its_limit_is_killed_and_counts_as_unproven() -> None:
    outcome, extra = run_once(sleeping_route, 4, "independent", 0.1, 1)
    assert extra["status"] == "UNKNOWN" and not extra["proven"] and extra["killed_at"] == 0.1
    assert extra["matches_published"] is False and outcome.startswith("UNKNOWN")
