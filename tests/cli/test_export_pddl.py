"""`--export FILE.pddl` on the planning puzzles' commands: the instance's planning task as PDDL,
the problem and the domain in two new files, and nothing solved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pyperplan.planner import search_plan
from pyperplan.search import breadth_first_search

from boardsat.core.planning_task import PlanningTask
from boardsat.encoders.pddl import pddl
from boardsat.models.exchange.instance import seed_instance as exchange_seed
from boardsat.models.exchange.solve import request as exchange_request
from boardsat.models.flipit.instance import FlipIt, line_board
from boardsat.models.flipit.instance import seed_instance as flipit_seed
from boardsat.models.flipit.solve import request as flipit_request
from boardsat.models.shogi.instance import seed_instance as shogi_seed
from boardsat.models.shogi.solve import request as shogi_request
from tests.conftest import CliRun

SEED_TASKS = {
    "exchange": lambda: exchange_request(exchange_seed()).puzzle.planning_task(),
    "flipit": lambda: flipit_request(flipit_seed()).puzzle.planning_task(),
    "shogi": lambda: shogi_request(shogi_seed()).puzzle.planning_task(),
}


def assert_written(problem: Path, task: PlanningTask, name: str) -> None:
    expected = pddl(task, name)
    assert problem.read_text() == expected.problem
    assert problem.with_name(f"{problem.stem}-domain.pddl").read_text() == expected.domain


@pytest.mark.parametrize("command", sorted(SEED_TASKS))
def test_the_seed_task_is_written_as_a_problem_and_a_domain(
    run_cli: CliRun, tmp_path: Path, command: str
) -> None:
    problem = tmp_path / "seed.pddl"
    code, out, err = run_cli(command, "--export", str(problem))
    assert code == 0, err
    assert str(problem) in out and str(tmp_path / "seed-domain.pddl") in out
    assert_written(problem, SEED_TASKS[command](), command)


def test_the_exported_shogi_seed_is_solved_in_5_moves_by_pyperplan(
    run_cli: CliRun, tmp_path: Path
) -> None:
    problem = tmp_path / "shogi.pddl"
    assert run_cli("shogi", "--export", str(problem))[0] == 0
    plan = search_plan(
        str(tmp_path / "shogi-domain.pddl"), str(problem), breadth_first_search, None
    )
    assert plan is not None and len(plan) == 5


def test_the_instance_options_choose_the_task(run_cli: CliRun, tmp_path: Path) -> None:
    problem = tmp_path / "line.pddl"
    code, _, err = run_cli(
        "flipit",
        "--board",
        "line:5",
        "--start",
        "B.WBW",
        "--goal",
        "WWB.B",
        "--export",
        str(problem),
    )
    assert code == 0, err
    instance = FlipIt.parse(line_board(5), "B.WBW", "WWB.B")
    assert_written(problem, flipit_request(instance).puzzle.planning_task(), "flipit")


def test_json_names_both_files_and_the_size(run_cli: CliRun, tmp_path: Path) -> None:
    problem = tmp_path / "knights.pddl"
    code, out, _ = run_cli("exchange", "--export", str(problem), "--json")
    assert code == 0
    task = SEED_TASKS["exchange"]()
    assert json.loads(out) == {
        "model": "exchange",
        "file": str(problem),
        "domain_file": str(tmp_path / "knights-domain.pddl"),
        "format": "PDDL",
        "propositions": sum(len(variable.values) for variable in task.variables),
        "actions": len(task.actions),
    }


def test_solving_options_are_refused_by_name(run_cli: CliRun, tmp_path: Path) -> None:
    problem = tmp_path / "seed.pddl"
    code, _, err = run_cli(
        "shogi", "--export", str(problem), "--backend", "cpsat", "--verify", "--no-bounds"
    )
    assert code == 2
    assert "--backend, --no-bounds, --verify configure solving; --export solves nothing" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("taken", ["seed.pddl", "seed-domain.pddl"])
def test_a_file_that_exists_is_refused_before_either_is_written(
    run_cli: CliRun, tmp_path: Path, taken: str
) -> None:
    (tmp_path / taken).write_text("kept")
    code, out, err = run_cli("flipit", "--export", str(tmp_path / "seed.pddl"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "exists already" in err
    assert [path.name for path in tmp_path.iterdir()] == [taken]
    assert (tmp_path / taken).read_text() == "kept"


def test_a_name_without_pddl_is_refused(run_cli: CliRun, tmp_path: Path) -> None:
    code, _, err = run_cli("exchange", "--export", str(tmp_path / "seed.cnf"))
    assert code == 2 and ".pddl" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", sorted(SEED_TASKS))
def test_help_names_both_files(run_cli: CliRun, command: str) -> None:
    code, out, _ = run_cli(command, "--help")
    assert code == 0
    assert "--export FILE.pddl" in out and "FILE-domain.pddl" in " ".join(out.split())
