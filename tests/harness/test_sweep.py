"""Sweeps: stable row keys, resume, a cell killed at its limit, every row verified, and the
same rows on a Dask LocalCluster as here."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

import pytest

from boardsat.core.cells import Cell, RowOutcome
from boardsat.harness.cluster import dask_runner
from boardsat.harness.execute import key_of, run_cell
from boardsat.harness.matrix import Limits, Matrix, cross
from boardsat.harness.puzzles import puzzle_benches
from boardsat.harness.records import Row, RowLog, read_rows
from boardsat.harness.sweep import run_here, run_jobs, sweep
from boardsat.models.tour import bench as tour_bench
from boardsat.models.tour.answer import TourCount
from boardsat.models.tour.model import TourSpec
from tests.conftest import CliRun

SHOGI = ["--puzzle", "shogi", "--instances", "seed,seed-farthest", "--routes", "bfs,cadical195/all"]
TIMING = {"wall_s", "cpu_s", "peak_mib", "when", "machine"}


def test_a_key_is_decided_by_the_cell_and_nothing_else() -> None:
    cell = Cell("shogi", "seed", "cadical195/all", seed=1, time_limit=5.0)
    assert key_of(cell) == key_of(Cell("shogi", "seed", "cadical195/all", 1, 5.0))
    others = [replace(cell, seed=2), replace(cell, time_limit=6.0), replace(cell, route="bfs")]
    others += [replace(cell, memory_limit=2**30), replace(cell, threads=2)]
    assert len({key_of(c) for c in [cell, *others]}) == 6


def test_a_rerun_with_resume_skips_the_finished_rows(tmp_path: Path, run_cli: CliRun) -> None:
    out = tmp_path / "rows.jsonl"
    code, stdout, _ = run_cli("bench", "run", *SHOGI, "--time-limit", "20", "--out", str(out))
    assert code == 0 and "4 cells run, 0 skipped" in stdout
    first = read_rows(out)
    assert len(first) == 4 and all(row["verified"] for row in first)
    code, _, err = run_cli("bench", "run", *SHOGI, "--time-limit", "20", "--out", str(out))
    assert code == 2 and "--resume" in err  # never appended to by accident
    more = [*SHOGI[:-1], "bfs,cadical195/all,cadical195/none"]
    code, stdout, _ = run_cli(
        "bench", "run", *more, "--time-limit", "20", "--out", str(out), "--resume"
    )
    assert code == 0 and "2 cells run, 4 skipped" in stdout
    rows = read_rows(out)
    assert rows[:4] == first and len({row["key"] for row in rows}) == 6


def test_a_row_cut_short_by_a_kill_is_run_again(tmp_path: Path) -> None:
    cells = cross("shogi", ["seed"], ["bfs", "cadical195/all"], [0], Limits(time_limit=20))
    out = tmp_path / "rows.jsonl"
    sweep(Matrix("m", "", tuple(cells)), RowLog(out, resume=False))
    whole = out.read_text().splitlines()
    out.write_text(whole[0] + "\n" + whole[1][: len(whole[1]) // 2])
    result = sweep(Matrix("m", "", tuple(cells)), RowLog(out, resume=True))
    assert (result.ran, result.skipped) == (1, 1)
    assert [row["key"] for row in read_rows(out)] == [json.loads(line)["key"] for line in whole]


def _sleeps(_cell: Cell) -> RowOutcome:
    time.sleep(60)
    return RowOutcome("OPTIMAL", 5, True)


def test_a_cell_past_its_limit_is_killed_and_recorded_as_a_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    benches = puzzle_benches()
    monkeypatch.setitem(benches, "shogi", replace(benches["shogi"], run=_sleeps))
    started = time.perf_counter()
    row = run_cell(Cell("shogi", "seed", "bfs", time_limit=0.5))
    assert time.perf_counter() - started < 10
    assert row["status"] == "TIMEOUT" and not row["verified"] and row["objective"] is None


def _four_moves(_cell: Cell) -> RowOutcome:
    return RowOutcome("OPTIMAL", 4, True, bound=4)


def test_a_planted_wrong_optimum_is_a_loud_contradiction(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, run_cli: CliRun
) -> None:
    """The seed takes 5 moves: a route claiming 4 as proven contradicts the oracle's row and the
    published value, and the sweep ends with exit status 1, its rows kept."""
    benches = puzzle_benches()
    real = benches["shogi"]

    def wrong_on_sat(cell: Cell) -> RowOutcome:
        return _four_moves(cell) if cell.route == "cadical195/all" else real.run(cell)

    monkeypatch.setitem(benches, "shogi", replace(real, run=wrong_on_sat))
    out = tmp_path / "rows.jsonl"
    args = ["--puzzle", "shogi", "--instances", "seed", "--routes", "bfs,cadical195/all"]
    code, _, err = run_cli("bench", "run", *args, "--out", str(out))
    assert code == 1
    assert "CONTRADICTION: shogi seed: exact answers disagree" in err
    assert "the reference (published.SEED_MOVES) says 5" in err
    assert len(read_rows(out)) == 2
    code, _, err = run_cli("bench", "report", str(out))  # the record says so again later
    assert code == 1 and "CONTRADICTION" in err


def test_a_plan_the_rules_reject_is_a_contradiction(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, run_cli: CliRun
) -> None:
    benches = puzzle_benches()
    real = benches["shogi"]

    def rejected(cell: Cell) -> RowOutcome:
        return replace(real.run(cell), problems=("move 3 is not a shogi move",))

    monkeypatch.setitem(benches, "shogi", replace(real, run=rejected))
    args = ["--puzzle", "shogi", "--instances", "seed", "--routes", "bfs"]
    code, _, err = run_cli("bench", "run", *args, "--out", str(tmp_path / "rows.jsonl"))
    assert code == 1 and "the rules reject its answer: move 3 is not a shogi move" in err


def _untimed(rows: tuple[Row, ...]) -> dict[object, Row]:
    return {
        row["key"]: {k: v for k, v in row.items() if k not in TIMING | {"horizon_seconds"}}
        for row in rows
    }


def test_cells_run_side_by_side_give_the_rows_of_one_at_a_time(tmp_path: Path) -> None:
    cells = cross("shogi", ["seed", "seed-farthest"], ["bfs", "cadical195/all"], [0], Limits(20))
    cells += cross("domination", ["total:5", "independent:6"], ["cpsat/auto"], [0], Limits(20))
    matrix = Matrix("m", "", tuple(cells))
    alone = sweep(matrix, RowLog(tmp_path / "alone.jsonl", resume=False), run_here)
    together = sweep(matrix, RowLog(tmp_path / "together.jsonl", resume=False), run_jobs(3))
    assert not alone.contradictions and not together.contradictions
    assert _untimed(alone.rows) == _untimed(together.rows) and len(together.rows) == 6
    assert {row["key"] for row in read_rows(tmp_path / "together.jsonl")} == {
        row["key"] for row in alone.rows
    }


def test_jobs_run_their_cells_at_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each planted cell waits for the other two to start: run one at a time, none would see
    the others and each would end UNKNOWN."""
    instances = ["seed", "seed-farthest", "deep"]

    def meets_the_others(cell: Cell) -> RowOutcome:
        (tmp_path / cell.instance).touch()
        waited = 0.0
        while not all((tmp_path / name).exists() for name in instances) and waited < 15:
            time.sleep(0.05)
            waited += 0.05
        met = all((tmp_path / name).exists() for name in instances)
        return RowOutcome("OPTIMAL", 5, True) if met else RowOutcome("UNKNOWN")

    benches = puzzle_benches()
    monkeypatch.setitem(benches, "shogi", replace(benches["shogi"], run=meets_the_others))
    cells = cross("shogi", instances, ["bfs"], [0], Limits(20))
    rows = list(run_jobs(3)(cells))
    assert sorted(row["instance"] for row in rows) == sorted(instances)
    assert {row["status"] for row in rows} == {"OPTIMAL"}


@pytest.mark.slow
def test_a_sweep_on_a_local_dask_cluster_gives_the_same_rows(tmp_path: Path) -> None:
    cells = cross("shogi", ["seed", "seed-farthest"], ["bfs", "cadical195/all"], [0], Limits(20))
    cells += cross("tour", ["corner-count:5x5"], ["zdd"], [0], Limits(20))
    matrix = Matrix("m", "", tuple(cells))
    here = sweep(matrix, RowLog(tmp_path / "here.jsonl", resume=False))
    there = sweep(matrix, RowLog(tmp_path / "dask.jsonl", resume=False), dask_runner("local:2"))
    assert not here.contradictions and not there.contradictions
    assert _untimed(here.rows) == _untimed(there.rows)
    assert len(here.rows) == 5 and all(row["verified"] for row in there.rows)


def test_a_wrong_count_contradicts_the_published_count(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, run_cli: CliRun
) -> None:
    """The seed article counts 304 corner tours of 5x5; a counter claiming 305 is caught."""

    def miscount(spec: TourSpec, _limit: float | None) -> TourCount:
        return TourCount(spec, 305, True, "zdd", 0.01)

    benches = puzzle_benches()
    real = benches["tour"]

    def miscounting(cell: Cell) -> RowOutcome:
        """The tour's run in the cell's child, its counter swapped there alone."""
        with pytest.MonkeyPatch.context() as child_patch:
            child_patch.setattr(tour_bench, "count_by_zdd", miscount)
            return real.run(cell)

    monkeypatch.setitem(benches, "tour", replace(real, run=miscounting))
    args = ["--puzzle", "tour", "--instances", "corner-count:5x5", "--routes", "zdd"]
    code, _, err = run_cli("bench", "run", *args, "--out", str(tmp_path / "rows.jsonl"))
    assert code == 1 and "claims 305, the reference" in err and "says 304" in err
