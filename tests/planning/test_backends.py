"""A planning puzzle's ``backend`` picks the solver that answers, or is refused before any work.

Naming a backend runs the SAT planner on it, SAT, CP-SAT and MIP alike: the answer names that
backend, its plan is replayed by the puzzle's own rules, and its length is the one the BFS
route proves. The library and both commands agree on it, loaded machine or idle.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

from boardsat.core.errors import BoardsatError
from boardsat.models.planning import solve as planning_solve
from boardsat.models.registry import PLANNING_PUZZLES
from boardsat.solving import horizon_search
from tests.conftest import CliRun

SMALL: dict[str, Any] = {
    "exchange": lambda m: m.Exchange.parse("B../.../..W", "W../.../..B"),
    "flipit": lambda m: m.FlipIt.parse(m.line_board(6), ".BBBBB"),
    "shogi": lambda m: m.seed_instance(),
}
"""An instance of each planning puzzle that every backend proves in seconds."""
BACKENDS = ["cadical195", "kissat404", "cpsat", "highs", "scip"]
"""An incremental SAT solver, one without assumptions, CP-SAT and the two bundled MIP solvers."""


def package(puzzle: str) -> Any:
    return importlib.import_module(f"boardsat.models.{puzzle}")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("puzzle", PLANNING_PUZZLES)
def test_a_named_backend_answers_and_the_json_names_it(puzzle: str, backend: str) -> None:
    found = package(puzzle)
    instance = SMALL[puzzle](found)
    answer = found.solve(instance, backend=backend)
    document = answer.to_json()
    assert (document["backend"], document["route"]) == (backend, "sat")
    assert answer.proven_optimal and found.validate(instance, answer) == []
    assert answer.lower_bound == found.solve(instance, route="bfs").lower_bound


@pytest.mark.parametrize("route", ["search", "bfs"])
@pytest.mark.parametrize("puzzle", PLANNING_PUZZLES)
def test_a_backend_beside_a_route_that_runs_on_none_is_refused(puzzle: str, route: str) -> None:
    found = package(puzzle)
    with pytest.raises(BoardsatError, match=f"the {route} route runs on no backend") as refused:
        found.solve(SMALL[puzzle](found), route=route, backend="highs")
    assert "\n" not in str(refused.value)


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every planner and every task's encoding fails the test if it starts."""

    def started(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("work began before the backend was checked")

    for name in ("search_plan", "sat_plan", "bfs_plan"):
        monkeypatch.setattr(planning_solve, name, started)
    monkeypatch.setattr(horizon_search, "HorizonEncoding", started)


@pytest.mark.usefixtures("no_work")
@pytest.mark.parametrize("route", [None, "auto", "sat"])
@pytest.mark.parametrize("puzzle", PLANNING_PUZZLES)
def test_an_unknown_backend_is_refused_before_any_work(puzzle: str, route: str | None) -> None:
    found = package(puzzle)
    chosen = {} if route is None else {"route": route}
    with pytest.raises(BoardsatError, match="unknown backend 'nonexistent'"):
        found.solve(SMALL[puzzle](found), backend="nonexistent", **chosen)
    with pytest.raises(BoardsatError, match="unknown backend 'nonexistent'"):
        found.shortest_plan(SMALL[puzzle](found), "nonexistent", **chosen)


@pytest.mark.usefixtures("no_work")
@pytest.mark.parametrize("puzzle", PLANNING_PUZZLES)
def test_a_time_limit_the_backend_cannot_keep_is_refused_before_any_work(puzzle: str) -> None:
    found = package(puzzle)
    with pytest.raises(BoardsatError, match="'kissat404' cannot be stopped at a time limit"):
        found.solve(SMALL[puzzle](found), backend="kissat404", time_limit=60)


@pytest.mark.usefixtures("no_work")
def test_the_raw_path_refuses_a_backend_before_it_encodes_the_task() -> None:
    found = package("exchange")
    task = found.build_model(SMALL["exchange"](found))
    with pytest.raises(BoardsatError, match="unknown backend 'nonexistent'"):
        found.find_plan(task, "nonexistent", max_horizon=5)
    with pytest.raises(BoardsatError, match="cannot be stopped at a time limit"):
        found.find_plan(task, "kissat404", time_limit=60)


@pytest.mark.parametrize("glance", [0.0, 60.0], ids=["loaded", "idle"])
def test_flipit_on_highs_answers_alike_on_a_loaded_machine_or_an_idle_one(
    monkeypatch: pytest.MonkeyPatch, glance: float
) -> None:
    """A loaded machine cuts the auto route's glance short: the backend must not depend on it."""
    monkeypatch.setattr(planning_solve, "GLANCE_S", glance)
    found = package("flipit")
    instance = SMALL["flipit"](found)
    answer = found.solve(instance, backend="highs", time_limit=120)
    assert (answer.outcome.backend, answer.outcome.route) == ("highs", "sat")
    assert answer.proven_optimal and found.validate(instance, answer) == []


@pytest.mark.parametrize(
    "command",
    [["shogi"], ["solve", "shogi:seed"]],
    ids=["shogi", "solve"],
)
def test_both_commands_run_shogi_on_highs(run_cli: CliRun, command: list[str]) -> None:
    code, out, err = run_cli(*command, "--backend", "highs", "--json")
    document = json.loads(out)
    assert code == 0, err
    assert (document["backend"], document["route"]) == ("highs", "sat")
    assert document["proven_optimal"] and document["moves"] == len(document["plan"])
    found = package("shogi")
    assert document["moves"] == found.solve(found.seed_instance(), route="bfs").lower_bound


@pytest.mark.parametrize(
    ("command", "backend"),
    [
        (["shogi"], "nonexistent"),
        (["solve", "shogi:seed"], "nonexistent"),
        (["shogi", "--route", "search"], "highs"),
    ],
    ids=["shogi", "solve", "search"],
)
def test_both_commands_refuse_a_backend_they_cannot_run_in_one_line(
    run_cli: CliRun, command: list[str], backend: str
) -> None:
    code, out, err = run_cli(*command, "--backend", backend)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err


def test_the_farthest_flipit_on_highs_runs_to_its_limit(run_cli: CliRun) -> None:
    """21 jumps, too many to prove on HiGHS in a moment: UNKNOWN on HiGHS, with no refusal
    midway, whether or not the auto route's glance would have ended in time."""
    code, out, err = run_cli(
        "solve", "flipit:farthest", "--backend", "highs", "--time-limit", "3", "--json"
    )
    document = json.loads(out)
    assert code in (0, 3), err
    assert (document["backend"], document["route"]) == ("highs", "sat")
