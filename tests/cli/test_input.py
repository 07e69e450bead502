"""Bad input at the command line: one error line, exit status 2, nothing measured or written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import CliRun

REFUSED = {
    "no command": [],
    "no bench": ["bench"],
    "workers past 32 bits": ["domination", "3", "--route", "single", "--workers", str(2**40)],
    "NaN sweep limit": ["bench", "run", "tour", "--time-limit", "nan", "--out", "x.jsonl"],
    "domination sweep route on the wrong backend": [
        "bench",
        "run",
        "--puzzle",
        "domination",
        "--instances",
        "independent:8",
        "--routes",
        "highs/race",
        "--out",
        "x.jsonl",
    ],
    "tour sweep board too large": [
        "bench",
        "run",
        "--puzzle",
        "tour",
        "--instances",
        "closed:600",
        "--routes",
        "cpsat",
        "--out",
        "x.jsonl",
    ],
    "no sweep route": [
        "bench",
        "run",
        "--puzzle",
        "tour",
        "--instances",
        "closed:6",
        "--routes",
        ",",
        "--out",
        "x.jsonl",
    ],
    "jobs beside dask": [
        "bench",
        "run",
        "shogi",
        "--jobs",
        "2",
        "--dask",
        "local:2",
        "--out",
        "x.jsonl",
    ],
    "no strengthening": ["exchange", "--strengthen", ","],
    "a digit that is not ASCII": ["tour", "5", "--open", "--start", "a\u0663"],
}


@pytest.mark.parametrize("args", REFUSED.values(), ids=REFUSED.keys())
def test_bad_input_is_one_line_and_exit_status_2(args: list[str], run_cli: CliRun) -> None:
    code, out, err = run_cli(*args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("boardsat: error:")


@pytest.mark.parametrize("name", ["", "folder/"])
@pytest.mark.parametrize(
    "args",
    [
        ["tour", "5", "--open", "--svg"],
        ["domination", "3", "--backend", "cadical195", "--route", "single", "--proof"],
        ["bench", "run", "shogi", "--out"],
    ],
    ids=["svg", "proof", "sweep"],
)
def test_a_path_that_names_no_file_is_refused_and_nothing_is_created(
    args: list[str], name: str, run_cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trailing separator would otherwise create a file named like the folder."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(*args, name)
    assert code == 2 and out == "" and "names no file" in err
    assert list(tmp_path.iterdir()) == []


def test_a_board_without_a_tour_says_no_drawing_was_written(
    run_cli: CliRun, tmp_path: Path
) -> None:
    picture = tmp_path / "tour.svg"
    code, out, _ = run_cli("tour", "4", "--svg", str(picture))
    assert code == 0 and "UNSATISFIABLE" in out and "no tour, so no svg written" in out
    assert not picture.exists()
