"""`boardsat tour` end to end: JSON fields, counts, the SVG file, and one-line errors."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from boardsat.cli import main
from boardsat.models.tour.answer import TourAnswer
from boardsat.models.tour.dfs_count import dfs_count
from boardsat.models.tour.rules import validate_tour
from boardsat.models.tour.solve import find_tour

# the module, for monkeypatching: the package's own `solve` is the function
tour_solve = importlib.import_module("boardsat.models.tour.solve")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main([*args])
        raise SystemExit(0)
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


@pytest.mark.parametrize("backend", ["cpsat", "cadical195"])
def test_json_tour_is_valid(capsys: pytest.CaptureFixture[str], backend: str) -> None:
    code, out, _ = run(capsys, "tour", "6", "--start", "a1", "--backend", backend, "--json")
    document = json.loads(out)
    assert code == 0 and document["found"] and document["closed"]
    tour = [tuple(square) for square in document["tour"]]
    assert tour[0] == (5, 0)  # a1 is the bottom-left square
    assert validate_tour(document["rows"], document["cols"], tour, closed=True) == []


@pytest.mark.parametrize("backend", ["cpsat", "cadical195"])
def test_quadrant_tour_is_a_valid_closed_tour(
    capsys: pytest.CaptureFixture[str], backend: str
) -> None:
    args = ("tour", "12", "14", "--route", "quadrants", "--backend", backend, "--json")
    code, out, _ = run(capsys, *args)
    document = json.loads(out)
    assert code == 0 and document["found"] and document["route"] == "quadrants"
    assert document["backend"] == backend
    tour = [tuple(square) for square in document["tour"]]
    assert validate_tour(12, 14, tour, closed=True) == []


def test_open_tour_with_row_col_squares(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tour", "5", "--open", "--start", "0,0", "--end", "4,4", "--json")
    tour = [tuple(square) for square in json.loads(out)["tour"]]
    assert code == 0 and tour[0] == (0, 0) and tour[-1] == (4, 4)
    assert validate_tour(5, 5, tour, closed=False) == []


@pytest.mark.parametrize("counter", ["zdd", "enumerate"])
def test_count_matches_the_seed(capsys: pytest.CaptureFixture[str], counter: str) -> None:
    code, out, _ = run(
        capsys,
        "tour",
        "4",
        "5",
        "--open",
        "--start",
        "a4",
        "--count",
        "--counter",
        counter,
        "--json",
    )
    document = json.loads(out)
    expected = dfs_count(4, 5, False, (0, 0))  # a4 is the top-left square of four rows
    assert code == 0 and document["count"] == expected and document["exact"]


@pytest.mark.slow
def test_all_lists_distinct_tours(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tour", "3", "10", "--all", "--json", "--backend", "glucose4")
    document = json.loads(out)
    total = dfs_count(3, 10, True)  # closed tours, counted undirected
    assert code == 0 and document["count"] == total == len(document["tours"])
    tours = [[tuple(square) for square in tour] for tour in document["tours"]]
    assert all(validate_tour(3, 10, tour, closed=True) == [] for tour in tours)
    # told apart by their undirected edges: a closed tour walked backwards is the same tour
    edges = {frozenset(map(frozenset, zip(t, t[1:] + t[:1], strict=True))) for t in tours}
    assert len(edges) == total


@pytest.mark.parametrize(("limit", "exact"), [(15, False), (16, True), (17, True)])
def test_a_limit_on_closed_tours_counts_undirected_tours(
    capsys: pytest.CaptureFixture[str], limit: int, exact: bool
) -> None:
    """3x10 has 16 closed tours (the DFS count); the limits sit just below, at and above it."""
    total = dfs_count(3, 10, True)
    args = ["tour", "3", "10", "--all", "--limit", str(limit), "--backend", "glucose4"]
    code, out, _ = run(capsys, *args, "--json")
    document = json.loads(out)
    assert code == 0 and document["count"] == min(limit, total) == len(document["tours"])
    assert document["exact"] is (limit >= total) is exact
    code, out, _ = run(capsys, *args)
    assert code == 0 and ("at least" in out.splitlines()[-1]) is not exact


def test_no_tour_is_reported_not_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tour", "4", "--json")
    document = json.loads(out)
    assert code == 0 and document["status"] == "UNSATISFIABLE" and not document["found"]


def test_svg_is_written_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "tour.svg"
    code, _, _ = run(capsys, "tour", "5", "--open", "--svg", str(target))
    assert code == 0 and target.read_text().startswith("<svg") and "polyline" in target.read_text()
    target.write_text("keep me")
    code, _, err = run(capsys, "tour", "5", "--open", "--svg", str(target))
    assert code == 2 and len(err.strip().splitlines()) == 1 and target.read_text() == "keep me"


@pytest.mark.parametrize(
    "args",
    [
        ["tour", "8", "--start", "z9"],
        ["tour", "8", "--end", "a1"],
        ["tour", "8", "--open", "--start", "a1", "--end", "a1"],
        ["tour", "61", "--open", "--encoding", "lazy"],
        ["tour", "8", "--backend", "cpsat", "--encoding", "lazy"],
        ["tour", "8", "--backend", "glucose4", "--encoding", "nope"],
        ["tour", "8", "--count", "--all"],
        ["tour", "8", "--limit", "3"],
        ["tour", "0"],
        ["tour", "1"],
        ["tour", "12", "--open", "--route", "quadrants"],
        ["tour", "12", "--start", "a1", "--route", "quadrants"],
        ["tour", "12", "--count", "--route", "quadrants"],
        ["tour", "11", "--route", "quadrants"],
        ["tour", "12", "13", "--route", "quadrants"],
        ["tour", "8", "--route", "quadrants"],
        ["tour", "12", "--route", "halves"],
    ],
)
def test_bad_input_is_one_line_and_status_two(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("boardsat: error:")


def _no_solving(*args: object, **options: object) -> None:
    raise AssertionError("solved although a drawing file could not be written")


@pytest.mark.parametrize(
    "drawings",
    [
        ["--svg", "f.svg", "--png", "nodir/f.png"],
        ["--svg", "nodir/f.svg"],
        ["--svg", "afile/f.svg"],
        ["--svg", "taken.svg"],
        ["--png", "taken.svg"],
        ["--svg", "c.svg", "--png", "./c.svg"],
        ["--svg", "c.svg", "--png", "sub/../c.svg"],
        ["--png", "f.svg"],
        ["--svg", "f.png"],
        ["--svg", "f"],
    ],
)
def test_drawing_files_are_refused_before_solving(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    drawings: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tour_solve, "find_tour", _no_solving)
    (tmp_path / "sub").mkdir()
    (tmp_path / "afile").write_text("a file, not a folder")
    (tmp_path / "taken.svg").write_text("keep me")
    before = sorted(tmp_path.rglob("*"))
    code, out, err = run(capsys, "tour", "6", *drawings)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("boardsat: error:")
    assert sorted(tmp_path.rglob("*")) == before
    assert (tmp_path / "taken.svg").read_text() == "keep me"


def test_a_file_taken_while_solving_is_kept_and_the_board_still_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    svg = tmp_path / "late.svg"

    def find_tour_while_someone_writes(*args: Any, **options: Any) -> TourAnswer:
        svg.write_text("keep me")
        return find_tour(*args, **options)

    monkeypatch.setattr(tour_solve, "find_tour", find_tour_while_someone_writes)
    code, out, err = run(capsys, "tour", "5", "--open", "--svg", str(svg))
    assert code == 2 and svg.read_text() == "keep me"
    assert len(err.strip().splitlines()) == 1 and "not overwritten" in err
    numbers = [int(cell) for line in out.splitlines()[1:6] for cell in line.split()]
    assert sorted(numbers) == list(range(1, 26))
