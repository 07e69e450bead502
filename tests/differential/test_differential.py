"""Differential testing: a slice agrees with the oracles, cases replay exactly, and the checker
catches a planted wrong answer."""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardsat.cli import cli, main
from boardsat.core.results import Result, Status
from boardsat.differential import KINDS, Outcome, check_case, run_cases
from boardsat.differential.run import CHUNK as BATCH

SLICE = 180  # 30 cases of each kind, a few seconds


@pytest.mark.slow
def test_a_slice_of_every_kind_agrees_with_the_oracles() -> None:
    summary = run_cases(seed=7, cases=SLICE)
    assert summary.disagreements == ()
    assert summary.by_kind.keys() == KINDS.keys()
    assert summary.cases + summary.refused == SLICE
    assert summary.refused <= SLICE // 10


def test_a_case_is_drawn_from_its_name_alone() -> None:
    first = [check_case(3, index) for index in range(12)]
    again = [check_case(3, index) for index in range(11, -1, -1)][::-1]
    assert first == again
    other = [check_case(4, index) for index in range(12)]
    assert [o.expected for o in first] != [o.expected for o in other]


@pytest.mark.slow  # two runs of 50 cases, one on a pool
def test_two_workers_give_the_runs_of_one() -> None:
    """Two batches, one to each worker."""
    alone, together = run_cases(5, 2 * BATCH), run_cases(5, 2 * BATCH, workers=2)
    assert (alone.by_backend, alone.by_option) == (together.by_backend, together.by_option)


def test_a_planted_wrong_optimum_is_reported_and_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    model_cases = importlib.import_module("boardsat.differential.model_cases")
    real_solve = model_cases.solve

    def off_by_one(*args: object, **options: object) -> Result:
        result = real_solve(*args, **options)
        if result.status is Status.OPTIMAL and result.objective is not None:
            return Result(
                result.status,
                result.backend,
                result.encoding,
                result.size,
                result.seconds,
                result.assignment,
                result.objective + 1,
                result.objective + 1,
            )
        return result

    monkeypatch.setattr(model_cases, "solve", off_by_one)
    out = tmp_path / "record.json"
    runner = CliRunner()
    args = ["--cases", "40", "--kinds", "model", "--workers", "1", "--out", str(out)]
    found = runner.invoke(cli, ["bench", "differential", *args])
    assert found.exit_code == 1
    lines = [line for line in found.output.splitlines() if line.startswith("DISAGREES")]
    assert lines, found.output
    record = json.loads(out.read_text())
    assert len(record["disagreements"]) == len(lines)
    case = record["disagreements"][0]["case"]
    replayed = runner.invoke(cli, ["bench", "differential", "--replay", case, "--kinds", "model"])
    assert replayed.exit_code == 1 and "expected OPTIMAL" in replayed.output


@pytest.mark.slow  # a run of every kind of case
def test_the_record_names_its_command_and_is_never_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "record.json"
    args = ["bench", "differential", "--cases", "12", "--seed", "2", "--out", str(out)]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    record = json.loads(out.read_text())
    assert record["command"] == "boardsat bench differential --seed 2 --cases 12"
    assert record["cases"] + record["refused"] == 12 and record["disagreements"] == []
    before = out.read_text()
    with pytest.raises(SystemExit) as ended:
        main(args)
    assert ended.value.code == 2 and out.read_text() == before


@pytest.mark.parametrize(
    "args",
    [
        ["--cases", "0"],
        ["--kinds", "sudoku"],
        ["--kinds", ","],
        ["--replay", "twelve"],
        ["--workers", "0"],
    ],
)
def test_bad_options_are_refused_in_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["bench", "differential", *args])
    assert ended.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("boardsat: error:") and "\n" not in err


RUN_MODULE = importlib.import_module("boardsat.differential.run")
CHUNK = RUN_MODULE._chunk


def crashing_on_30(seed: int, indices: Sequence[int], kinds: tuple[str, ...]) -> list[Outcome]:
    """The workers' chunk, with case 30 crashing its process; the workers (never forked) import
    it from this module by name."""
    if 30 in indices:
        os._exit(3)
    return list(CHUNK(seed, indices, kinds))


@pytest.mark.slow  # a pool broken and built again
def test_a_case_that_kills_its_worker_is_a_disagreement_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A solver that crashes its process breaks the pool: that case alone is reported, and every
    other case is still checked, in a fresh pool."""
    monkeypatch.setattr(RUN_MODULE, "_chunk", crashing_on_30)
    summary = run_cases(5, 60, workers=2, kinds=("model",))  # case 30 in the second batch of three
    (dead,) = summary.disagreements
    assert dead.case_id == "5:30" and "the process died" in dead.got
    assert dead.route == check_case(5, 30, ("model",)).route
    assert summary.cases + summary.refused == 60
