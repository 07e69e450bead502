"""The core commands: `backends` reports what this build really has, errors are one line, exit 2."""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from ortools.linear_solver import pywraplp
from pysat.solvers import Solver, SolverNames

import boardsat.models
from boardsat.models.exchange import seed as exchange_seed
from boardsat.seed_check import SeedCheck
from tests.conftest import CliRun


def solvers_that_start() -> set[str]:
    """python-sat's solvers that this build can create, found without boardsat's probe."""
    started = set()
    for name in (name for name in vars(SolverNames) if not name.startswith("_")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                Solver(name=name).delete()
            except Exception:  # solvers left out of the build fail in various ways
                continue
        started.add(name)
    return started


def mip_solvers_that_start() -> set[str]:
    """The MIP backends that start here, found without boardsat's probe: HiGHS if this OR-Tools
    build creates it, SCIP if PySCIPOpt imports."""
    found = {"highs"} if pywraplp.Solver.CreateSolver("HIGHS") else set()
    return found | ({"scip"} if importlib.util.find_spec("pyscipopt") else set())


def every_backend() -> set[str]:
    return {"cpsat"} | mip_solvers_that_start() | solvers_that_start()


def test_backends_json_lists_cpsat_and_every_python_sat_solver(run_cli: CliRun) -> None:
    code, out, _ = run_cli("backends", "--json")
    listed = json.loads(out)
    assert code == 0
    assert set(listed) == every_backend()
    assert listed["cpsat"]["native_circuit"] and not listed["cadical195"]["native_circuit"]
    assert listed["cadical195"]["circuit"] and not listed["highs"]["circuit"]
    assert listed["highs"]["optimisation"] == ["mip"] and not listed["highs"]["assumptions"]
    assert listed["cadical195"]["proof"] and not listed["minisat22"]["proof"]
    assert listed["lingeling"]["time_limit"] == "no"


def test_backends_table_has_a_row_per_backend(run_cli: CliRun) -> None:
    code, out, _ = run_cli("backends")
    rows = out.strip().splitlines()[1:]
    assert code == 0 and {row.split()[0] for row in rows} == every_backend()
    circuit = {row.split()[0]: row.split()[1] for row in rows}
    assert (circuit["cpsat"], circuit["cadical195"], circuit["highs"]) == ("native", "cnf", "no")


@pytest.mark.parametrize(
    "args",
    [
        ["nosuchcommand"],
        ["domination", "8", "--backend", "nosuchsolver"],
        ["domination", "8", "--time-limit", "-1"],
        ["tour", "5", "--time-limit", "-3"],
        ["domination", "5", "--backend", "highs", "--time-limit", "inf"],
        ["domination", "12", "--route", "race", "--time-limit", "1e10"],
        ["exchange", "--time-limit", "nan"],
        ["domination", "600"],
        ["tour", "1", "300000"],
        ["bench", "domination", "--time-limit", "inf"],
        ["exchange", "--backend", "nosuchsolver"],
        ["tour", "6", "--backend", "highs"],
        ["exchange", "--backend", "highs"],
        ["backends", "--nosuchflag"],
    ],
)
def test_bad_input_is_one_line_and_status_2(run_cli: CliRun, args: list[str]) -> None:
    code, out, err = run_cli(*args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("boardsat: error:")


def test_the_installed_entry_point_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardsat", "backends", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0 and "cpsat" in json.loads(done.stdout)
    assert "Traceback" not in done.stderr


def puzzles_defining_seed_check() -> set[str]:
    """Puzzle packages whose ``seed.py`` defines ``seed_check``, read without importing them."""
    found = set()
    for folder in boardsat.models.__path__:
        for source in Path(folder).glob("*/seed.py"):
            tree = ast.parse(source.read_text())
            if any(
                isinstance(node, ast.FunctionDef) and node.name == "seed_check"
                for node in tree.body
            ):
                found.add(source.parent.name)
    return found


def demo_titles(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("== ")]


def test_demo_runs_every_registered_seed_and_exits_0_when_all_are_verified(
    run_cli: CliRun,
) -> None:
    code, out, err = run_cli("demo")
    titles = demo_titles(out)
    assert code == 0 and err == ""
    assert len(puzzles_defining_seed_check()) == len(titles) > 0
    assert all(title.endswith(", verified)") for title in titles)


def test_demo_exits_1_when_a_demo_is_not_verified_and_still_runs_the_rest(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    def wrong() -> SeedCheck:
        return SeedCheck("a wrong exchange", "plan of 3 moves", verified=False, seconds=0.0)

    monkeypatch.setattr(exchange_seed, "seed_check", wrong)  # found by the demo's discovery
    code, out, _ = run_cli("demo")
    titles = demo_titles(out)
    assert code == 1
    assert "== a wrong exchange (0.00 s, NOT VERIFIED)" in titles and "plan of 3 moves" in out
    others = [title for title in titles if "a wrong exchange" not in title]
    assert len(others) == len(puzzles_defining_seed_check()) - 1
    assert all(title.endswith(", verified)") for title in others)
