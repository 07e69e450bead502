"""Domination's benchmark matrix: a small sweep whose rows validate and match the published and
exhaustive optima, and a wrong optimum or placement flagged as a contradiction."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from boardsat.core.cells import Cell, RowOutcome
from boardsat.core.errors import BoardsatError
from boardsat.harness.matrix import Limits, Matrix, cross, load_matrix
from boardsat.harness.puzzles import puzzle_benches
from boardsat.harness.records import RowLog, read_rows
from boardsat.harness.sweep import sweep
from boardsat.models.domination import bench as domination_bench
from boardsat.models.domination.answer import DominationAnswer
from boardsat.models.domination.bench import BENCH
from boardsat.models.domination.counting.count import COUNTERS, ON_SOLVER
from boardsat.models.domination.counting.zdd import COUNTER as ZDD
from boardsat.models.domination.exhaustive import minimum_knights
from boardsat.models.domination.model import VARIANTS
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.solve import solve_domination
from tests.conftest import CliRun


@pytest.mark.slow  # a sweep of every route
def test_a_small_sweep_proves_the_published_optima_on_every_route(tmp_path: Path) -> None:
    """Each variant on 4x4 to 6x6 on CP-SAT, CaDiCaL (RC2) and the textbook baseline: every
    row proven, its placement valid, and its count the OEIS value."""
    boards = [f"{variant}:{n}" for variant in VARIANTS for n in (4, 5, 6)]
    routes = ["cpsat/auto", "cadical195/auto", "cpsat/textbook"]
    cells = cross("domination", boards, routes, [0], Limits(time_limit=30))
    result = sweep(Matrix("m", "", tuple(cells)), RowLog(tmp_path / "rows.jsonl", resume=False))
    assert result.contradictions == () and len(result.rows) == 27
    for row in result.rows:
        variant, n = row["instance"].split(":")
        assert row["status"] == "OPTIMAL" and row["exact"] and row["verified"]
        assert row["objective"] == row["reference"] == published_minimum(int(n), variant)


def test_a_board_with_no_placement_is_proven_infeasible() -> None:
    """Total domination has no placement on 3x3 (the centre is attacked by no square)."""
    assert BENCH.instance("total:3").reference is None
    outcome = BENCH.run(Cell("domination", "total:3", "cadical195/auto", time_limit=30))
    assert outcome.status == "UNSATISFIABLE" and outcome.exact and outcome.objective is None


def test_a_rectangle_is_held_to_the_exhaustive_search() -> None:
    spec = BENCH.instance("dominating:4x7")
    assert spec.reference == minimum_knights(4, 7, "dominating")
    assert spec.reference_source == "exhaustive.minimum_knights"
    outcome = BENCH.run(Cell("domination", "dominating:4x7", "cpsat/single", time_limit=30))
    assert outcome.exact and outcome.objective == spec.reference and outcome.problems == ()


def _one_knight_fewer(*args: Any, **options: Any) -> DominationAnswer:
    """The real answer with one knight taken away, still claimed as proven optimal."""
    answer = solve_domination(*args, **options)
    return replace(answer, placement=frozenset(sorted(answer.placement)[1:]))


def test_a_wrong_optimum_is_a_contradiction_and_its_placement_is_rejected(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, run_cli: CliRun
) -> None:
    benches = puzzle_benches()
    real = benches["domination"]

    def miscounting(cell: Cell) -> RowOutcome:
        """The domination run in the cell's child, its solve swapped there alone."""
        with pytest.MonkeyPatch.context() as child_patch:
            child_patch.setattr(domination_bench, "solve_domination", _one_knight_fewer)
            return real.run(cell)

    monkeypatch.setitem(benches, "domination", replace(real, run=miscounting))
    out = tmp_path / "rows.jsonl"
    args = ["--puzzle", "domination", "--instances", "independent:6", "--routes", "cpsat/core"]
    code, _, err = run_cli("bench", "run", *args, "--out", str(out))
    assert code == 1
    assert "the rules reject its answer" in err
    (row,) = read_rows(out)
    assert row["problems"] and not row["verified"] and row["objective"] == 7


def test_a_lower_bound_above_a_valid_placement_is_a_contradiction(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, run_cli: CliRun
) -> None:
    """A route that proves 9 on a board where another finds a valid 8 is caught."""

    def overclaims(cell: Cell) -> RowOutcome:
        outcome = BENCH.run(cell)
        return replace(outcome, bound=9) if cell.route == "cadical195/core" else outcome

    monkeypatch.setitem(puzzle_benches(), "domination", replace(BENCH, run=overclaims))
    args = ["--instances", "dominating:6", "--routes", "cpsat/core,cadical195/core"]
    code, _, err = run_cli(
        "bench", "run", "--puzzle", "domination", *args, "--out", str(tmp_path / "r.jsonl")
    )
    assert code == 1 and "proves a lower bound of 9, but 8 was found" in err


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("cpsat/nosuch", "unknown domination route"),
        ("nosuchsolver/auto", "nosuchsolver"),
        ("cpsat", "unknown domination route"),
        ("highs/race", "the race route needs"),
        ("cadical195/descent@spiral", "unknown square order"),
        ("cpsat/descent", "the descent route needs"),
        ("cpsat/textbook@hilbert", "takes no order"),
        ("cpsat/tuned", "Gurobi's"),
        ("cpsat/auto/nosym@row", "unknown domination route"),
    ],
)
def test_a_route_that_cannot_run_is_refused_in_one_line(name: str, said: str) -> None:
    with pytest.raises(BoardsatError, match=said):
        BENCH.route(name)


@pytest.mark.parametrize("name", ["independent", "independent:", "queens:8", "total:8x", "total:0"])
def test_an_unknown_instance_is_refused_in_one_line(name: str) -> None:
    with pytest.raises(BoardsatError):
        BENCH.instance(name)


def test_the_shipped_matrix_names_only_boards_with_a_published_optimum() -> None:
    matrix = load_matrix("domination", {})
    assert matrix.cells and matrix.baseline is not None
    for cell in matrix.cells:
        spec = BENCH.instance(cell.instance)
        assert spec.reference is not None and spec.reference_source is not None


def test_every_route_the_help_names_is_read_back_as_itself() -> None:
    assert "cpsat/textbook" in BENCH.routes and "cadical195/race" in BENCH.routes
    for name in BENCH.routes:
        chosen = BENCH.route(name)
        if chosen.encoding in COUNTERS:
            assert name == ZDD or name in (f"{counter}/{chosen.backend}" for counter in ON_SOLVER)
        else:
            assert (chosen.name, f"{chosen.backend}/{chosen.encoding}") == (name, name)


@pytest.mark.parametrize("counter", ["enumerate/cadical195", "enumerate/cpsat", "zdd"])
def test_a_count_cell_counts_the_published_placements(counter: str) -> None:
    spec = BENCH.instance("count-dominating:6")
    assert (spec.sense, spec.reference, spec.reference_source) == ("count", 127, "OEIS A103315")
    row = BENCH.run(Cell("domination", "count-dominating:6", counter, time_limit=60))
    assert (row.status, row.objective, row.exact, row.problems) == ("COUNTED", 127, True, ())
    assert row.detail == "8 knights, 23 orbits"  # A006075 and A006076 for n = 6


def test_counters_count_and_domination_routes_minimise() -> None:
    counting, minimising = BENCH.instance("count-total:5"), BENCH.instance("total:5")
    assert counting.reference is None  # nothing is published for the total variant's count
    assert BENCH.applies(counting, BENCH.route("zdd")) is None
    assert BENCH.applies(counting, BENCH.route("cpsat/auto")) is not None
    assert BENCH.applies(minimising, BENCH.route("enumerate/cpsat")) is not None
    assert BENCH.applies(counting, BENCH.route("colours/cadical195")) is None
    elsewhere = BENCH.instance("count-dominating:5")
    assert "total boards only" in str(BENCH.applies(elsewhere, BENCH.route("colours/cadical195")))


def test_the_colours_cell_counts_what_the_whole_board_enumeration_counts() -> None:
    rows = [
        BENCH.run(Cell("domination", "count-total:7", counter, time_limit=60))
        for counter in ("colours/cadical195", "enumerate/cadical195")
    ]
    assert all(row.status == "COUNTED" and row.exact for row in rows)
    assert rows[0].objective == rows[1].objective and rows[0].detail == rows[1].detail


def test_a_route_name_carries_its_square_order_and_symmetry_break_into_the_cell() -> None:
    chosen = BENCH.route("cadical195/descent@hilbert/nosym")
    assert (chosen.backend, chosen.encoding) == ("cadical195", "descent")
    assert chosen.options == {"order": "hilbert", "symmetry": False}
    assert BENCH.route("cpsat/race/sym").options == {"symmetry": True}
    cell = Cell("domination", "dominating:6", "cadical195/descent@zorder/nosym", 0, 30)
    outcome = BENCH.run(cell)
    assert outcome.status == "OPTIMAL" and outcome.problems == ()
    assert outcome.objective == published_minimum(6, "dominating")
