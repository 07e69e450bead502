"""Reports on hand-made rows: PAR-2, medians, the virtual best, ratios, contradictions, plots."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from PIL import Image

from boardsat.harness.plots import draw_plots, route_looks
from boardsat.harness.report import VIRTUAL_BEST, summary
from boardsat.harness.verify import contradictions
from tests.conftest import CliRun
from tests.harness.rows import row

UNSOLVED = {"status": "TIMEOUT", "objective": None, "exact": False, "verified": False}
ROWS = [
    row("a", "fast", wall_s=1.0),
    row("b", "fast", **UNSOLVED, wall_s=11.0),  # PAR-2: 20
    row("c", "fast", wall_s=3.0),
    row("a", "slow", wall_s=4.0),
    row("b", "slow", wall_s=8.0),
    row("c", "slow", wall_s=6.0),
]


def test_par2_median_virtual_best_and_ratio_by_hand() -> None:
    table = {one.route: one for one in summary(ROWS, baseline="slow")}
    fast, slow, best = table["fast"], table["slow"], table[VIRTUAL_BEST]
    assert (fast.cells, fast.solved) == (3, 2)
    assert fast.par2 == pytest.approx((1 + 20 + 3) / 3)
    assert fast.median == 3.0
    assert (slow.solved, slow.par2, slow.median) == (3, 6.0, 6.0)
    assert fast.ratio == pytest.approx(8.0 / 6.0) and slow.ratio == 1.0
    assert (best.solved, best.par2, best.median) == (3, pytest.approx((1 + 8 + 3) / 3), 3.0)


def test_rows_that_agree_have_no_contradiction() -> None:
    assert contradictions(ROWS) == []


@pytest.mark.parametrize(
    ("planted", "said"),
    [
        (row("a", "liar", objective=4, bound=4), "exact answers disagree"),
        (row("a", "liar", objective=7, exact=False, bound=6), "lower bound of 6, but 5 was found"),
        (row("a", "liar", status="UNSATISFIABLE", objective=None), "claims no answer exists"),
        (row("a", "liar", problems=["an illegal move"]), "the rules reject"),
    ],
)
def test_a_planted_claim_is_caught(planted: dict[str, object], said: str) -> None:
    found = contradictions([*ROWS, planted])
    assert found and said in found[0]


def test_an_exact_row_is_held_to_the_reference() -> None:
    rows = [row("a", "fast", reference=6, reference_source="a paper")]
    assert contradictions(rows) == ["shogi a fast seed 0: claims 5, the reference (a paper) says 6"]


def test_a_count_above_the_exact_count_is_caught() -> None:
    counts = [
        row("k", "zdd", sense="count", status="COUNTED", objective=304, bound=None),
        row("k", "enum", sense="count", status="UNKNOWN", objective=305, exact=False, bound=None),
    ]
    assert "above the exact 304" in contradictions(counts)[0]


@pytest.mark.slow
def test_plots_are_written_as_png_and_svg(tmp_path: Path) -> None:
    varied = [{**one, "size": 9 + index % 3} for index, one in enumerate(ROWS)]
    written = draw_plots(varied, tmp_path, ("fast", "slow"))
    assert sorted(path.name for path in written) == sorted(
        f"{name}.{form}" for name in ("cactus", "size", "scatter") for form in ("png", "svg")
    )
    for path in written:
        if path.suffix == ".png":
            with Image.open(path) as image:
                assert image.format == "PNG" and image.width > 100
        else:
            assert "<svg" in path.read_text()


@pytest.mark.slow
def test_no_size_plot_when_every_instance_has_one_size(tmp_path: Path) -> None:
    written = draw_plots(ROWS, tmp_path / "new" / "folder", None)
    assert sorted(path.stem for path in written) == ["cactus", "cactus", "scatter", "scatter"]


def test_the_report_takes_the_sweeps_baseline_from_its_rows(
    tmp_path: Path, run_cli: CliRun
) -> None:
    record = tmp_path / "rows.jsonl"
    record.write_text("".join(json.dumps({**r, "baseline": "slow"}) + "\n" for r in ROWS))
    code, out, _ = run_cli("bench", "report", str(record))
    assert code == 0 and "x slow" in out.splitlines()[0]
    fast = next(line for line in out.splitlines() if line.split()[1] == "fast")
    assert fast.split()[-1] != "-"


def test_a_report_refuses_a_baseline_that_is_no_route_of_the_record(
    tmp_path: Path, run_cli: CliRun
) -> None:
    record = tmp_path / "rows.jsonl"
    record.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    code, out, err = run_cli("bench", "report", str(record), "--baseline", "nosuch")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "'nosuch' is no route" in err and "fast, slow" in err


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [("bound", [], "bound is []"), ("exact", 1, "exact is 1"), ("wall_s", None, "wall_s is null")],
)
def test_a_report_refuses_a_row_whose_field_has_the_wrong_type_in_one_line(
    tmp_path: Path, run_cli: CliRun, field: str, value: object, said: str
) -> None:
    """The fuzz found a list for a bound: the comparison with a placement's size raised."""
    record = tmp_path / "rows.jsonl"
    record.write_text("".join(json.dumps(r) + "\n" for r in [ROWS[0], ROWS[1] | {field: value}]))
    code, out, err = run_cli("bench", "report", str(record))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"rows.jsonl:2: not a sweep row ({said})" in err


@pytest.mark.slow
def test_the_baseline_a_run_names_is_kept_for_the_report_of_its_record(
    tmp_path: Path, run_cli: CliRun
) -> None:
    record = tmp_path / "rows.jsonl"
    cells = ["--puzzle", "shogi", "--instances", "seed", "--out", str(record), "--quiet"]
    code, out, err = run_cli(
        "bench", "run", *cells, "--routes", "bfs,cadical195/all", "--baseline", "bfs"
    )
    assert code == 0, err
    more = ("--routes", "bfs,cadical195/all,cadical195/none", "--resume", "--baseline", "bfs")
    code, out, err = run_cli("bench", "run", *cells, *more)
    assert code == 0 and "1 cell run, 2 skipped as done" in out, err
    code, out, _ = run_cli("bench", "report", str(record))
    ratios = {line.split()[1]: line.split()[-1] for line in out.splitlines()[1:]}
    assert code == 0 and "x bfs" in out.splitlines()[0] and ratios["bfs"] == "1.00"
    assert "-" not in (ratios["cadical195/all"], ratios["cadical195/none"])


def test_plots_without_matplotlib_are_refused_before_the_sweep(
    tmp_path: Path, run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "matplotlib" else real(name, *a),
    )
    out = tmp_path / "rows.jsonl"
    code, _, err = run_cli(
        "bench", "run", "--puzzle", "shogi", "--instances", "seed", "--routes", "bfs",
        "--out", str(out), "--plot", str(tmp_path / "plots"), "--quiet",
    )  # fmt: skip
    assert code == 2 and "matplotlib" in err and not out.exists()


def test_the_report_command_prints_the_table_and_refuses_taken_plot_files(
    tmp_path: Path, run_cli: CliRun
) -> None:
    record = tmp_path / "rows.jsonl"
    record.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    code, out, _ = run_cli("bench", "report", str(record), "--baseline", "slow")
    assert code == 0
    assert [line.split()[1] for line in out.splitlines()[1:]] == ["fast", "slow", "virtual"]
    (tmp_path / "cactus.png").write_text("keep me")
    code, out, err = run_cli("bench", "report", str(record), "--plot", str(tmp_path))
    assert code == 2 and out == "" and "not overwritten" in err
    assert (tmp_path / "cactus.png").read_text() == "keep me"


def test_every_route_of_a_large_sweep_gets_a_colour_of_its_own() -> None:
    from matplotlib import colormaps

    for routes in (3, 10, 24, 40):
        colours, lines = route_looks(routes, colormaps)
        assert len(colours) == len(lines) == routes
        assert len({tuple(colour) for colour in colours}) == routes
