"""What the command line says at a mistake: the name it was given, in the user's words, and the
way out (issue 65, item 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CliRun


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["flipit", "--board", ""], "boardsat: error: an empty board name: name star, line:N"),
        (["solve", ""], "'': an empty name names no instance file"),
        (["solve", "--check", ""], "'': an empty name names no instance file"),
        (["proof", "horizon", "", "3"], "boardsat: error: '': an empty name names no instance"),
    ],
)
def test_an_empty_name_is_refused_as_empty_not_as_the_working_folder(
    run_cli: CliRun, args: list[str], said: str
) -> None:
    """Path('') is '.', which once read as a folder: ".: cannot read it (Is a directory)"."""
    code, out, err = run_cli(*args)
    assert code == 2 and out == "" and err.startswith(said), err
    assert len(err.splitlines()) == 1 and "Is a directory" not in err


@pytest.mark.parametrize(
    ("given", "alone"), [("all,none", "all"), ("no_undo, all", "all"), ("none,symmetry", "none")]
)
def test_all_or_none_beside_other_strengthenings_is_refused_as_a_contradiction(
    run_cli: CliRun, given: str, alone: str
) -> None:
    """Once "unknown strengthening 'all'; known: all, none, ...": 'all' both known and not."""
    code, out, err = run_cli("exchange", "--strengthen", given)
    assert code == 2 and out == "" and "unknown" not in err
    assert err == f"boardsat: error: {alone} stands alone: give all, none, or names of them\n"


@pytest.mark.parametrize(
    "args",
    [
        ["domination", "6", "--cubes"],
        ["domination", "6", "--variant", "total", "--cubes", "colours"],
        ["domination", "6", "--count", "enumerate", "--cubes", "lookahead"],
        ["proof", "horizon", "flipit:seed", "3"],
    ],
)
@pytest.mark.parametrize("route", ["highs", "gurobi"])
def test_a_cube_route_that_cannot_settle_cubes_is_refused_before_any_work(
    run_cli: CliRun,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    route: str,
) -> None:
    """HiGHS once ran the placement search and the split (6.6 s), then failed in the first
    cube, naming an internal class: "cube 5075...: BoardsatError: backend 'highs' cannot run
    optimisation 'linear-down'"."""
    from boardsat.proof import minimum

    def no_work(*_args: object, **_options: object) -> None:
        raise AssertionError("the search ran before the route was refused")

    monkeypatch.setattr(minimum, "solve_request", no_work)
    monkeypatch.setattr(minimum, "search_total", no_work)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(*args, "--cube-route", route)
    assert code == 2 and out == "" and list(tmp_path.iterdir()) == []
    assert err == (
        f"boardsat: error: the cube route {route} is a MIP backend, which settles no cube here:"
        " give cpsat, scip, or a python-sat solver name\n"
    )


ROW = '{"key": "shogi/seed/bfs/0"'
"""The start of a sweep's row: a line cut short by a kill mid-write ends like this."""


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("not json at all", "1: not valid JSON (Expecting value at column 1)"),
        ("[1, 2\n", "1: not valid JSON (Expecting ',' delimiter at column 6)"),
        (f"{ROW}\n", "1: not valid JSON (Expecting ',' delimiter at column 27)"),
    ],
)
def test_a_record_that_is_not_json_says_so_and_where(
    run_cli: CliRun, tmp_path: Path, text: str, where: str
) -> None:
    """Once "holds no rows": a record's last line was forgiven as cut short by a kill even when
    it was the only line, or ended in a newline, which a kill mid-write leaves out."""
    record = tmp_path / "r.jsonl"
    record.write_text(text)
    code, out, err = run_cli("bench", "report", str(record))
    assert code == 2 and out == "" and err.startswith(f"boardsat: error: {record}:{where}"), err


def test_a_record_that_is_not_text_says_so(run_cli: CliRun, tmp_path: Path) -> None:
    """Once a traceback (UnicodeDecodeError)."""
    record = tmp_path / "r.jsonl"
    record.write_bytes(b"\xff\xfe\x00 rows")
    code, out, err = run_cli("bench", "report", str(record))
    assert (code, out) == (2, "")
    assert err == f"boardsat: error: {record}: not valid JSON (not UTF-8 text)\n"


def test_a_count_whose_minimum_the_limit_left_unproven_prints_its_json(run_cli: CliRun) -> None:
    """As every limit reports: the answer so far on stdout and exit status 3; it once was
    "boardsat: error: ..." on stderr, with no JSON (tests/cli/test_limits.py has the text)."""
    code, out, err = run_cli("domination", "8", "--count", "--time-limit", "0", "--json")
    assert (code, err) == (3, "")
    counted = json.loads(out)
    assert counted["status"] == "UNKNOWN" and counted["proven_optimal"] is False
    assert counted["complete"] is False and counted["knights"] is None
    assert (counted["count"], counted["count_up_to_symmetry"]) == (0, 0)


@pytest.mark.parametrize(
    ("args", "shipped"),
    [
        (["exchange", "seventh-guest"], "exchange:seventh-guest"),
        (["exchange", "--route", "sat", "exchange:seed"], "exchange:seed"),
        (["flipit", "line-20"], "flipit:line-20"),
        (["shogi", "deep"], "shogi:deep"),
        (["domination", "seed"], "domination:seed"),
        (["tour", "closed-8"], "tour:closed-8"),
    ],
)
def test_a_shipped_instance_named_to_its_puzzle_s_command_points_to_solve(
    run_cli: CliRun, args: list[str], shipped: str
) -> None:
    """`boardsat exchange seventh-guest` once said only "Got unexpected extra argument"."""
    code, out, err = run_cli(*args)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("boardsat: error: ")
    assert err.endswith(f"; `boardsat solve {shipped}` solves the shipped instance\n"), err


def test_an_extra_argument_that_names_no_shipped_instance_gets_no_pointer(
    run_cli: CliRun,
) -> None:
    code, _, err = run_cli("exchange", "nosuch")
    assert code == 2 and "solve" not in err
    code, _, err = run_cli("shogi", "seventh-guest")  # an exchange's name, not a shogi's
    assert code == 2 and "solve" not in err


@pytest.mark.parametrize("option", ["--svg", "--png"])
def test_a_file_name_too_long_for_the_file_system_is_one_line(run_cli: CliRun, option: str) -> None:
    """Once a traceback: Path.exists raised OSError (File name too long)."""
    code, out, err = run_cli("tour", "5", option, "N" * 5000)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert err.startswith("boardsat: error: cannot write NNN") and "File name too long" in err


def test_resuming_a_file_that_is_no_record_refuses_and_keeps_it(
    run_cli: CliRun, tmp_path: Path
) -> None:
    """Once its last line, taken for a row cut short, was cut off (a one-line file emptied)
    and the sweep ran into it."""
    kept = tmp_path / "notes.txt"
    kept.write_text("my notes, no newline at the end")
    code, out, err = run_cli("bench", "run", "shogi", "--out", str(kept), "--resume")
    assert (code, out) == (2, "") and err.startswith(f"boardsat: error: {kept}:1: not valid JSON")
    assert kept.read_text() == "my notes, no newline at the end"
