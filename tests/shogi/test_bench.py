"""A slice of the shogi benchmark: every planner row proves the oracle's optimum, replayed; and
the deepest puzzle found so far, proven by the planner at the oracle's distance."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardsat.models.plan_bench import BASELINE, Sweep
from boardsat.models.shogi import Shogi, replay, shortest_plan
from boardsat.models.shogi.bench import farthest_goals, seed_rows
from boardsat.models.shogi.published import (
    DEEP_GOAL,
    DEEP_MOVES,
    DEEP_REACHABLE,
    DEEP_START,
    SEED_FARTHEST,
    SEED_MOVES,
)
from boardsat.models.shogi.rules import successors
from boardsat.oracle import explore
from tests.conftest import CliRun


def test_seed_rows_verify_every_planner_row_on_both_seed_instances() -> None:
    rows = seed_rows(Sweep(["cadical195"], 1, strengthenings=("all", "none")))
    oracles = [row for row in rows if row.route == BASELINE]
    assert [row.outcome for row in oracles] == [f"{SEED_MOVES} moves", f"{SEED_FARTHEST} moves"]
    planners = [row for row in rows if row.route != BASELINE]
    assert len(planners) == 6  # two settings and CP-SAT, on each instance
    assert all(row.extra["verified"] for row in planners)


def test_the_deep_puzzle_goal_is_the_farthest_position_from_its_start() -> None:
    instance = Shogi.parse(DEEP_START, DEEP_GOAL)
    found = explore(lambda p: successors(instance.board, p), [instance.start])
    assert found.reachable == DEEP_REACHABLE
    assert farthest_goals(instance) == (DEEP_MOVES, [DEEP_GOAL])


@pytest.mark.slow
def test_the_deep_puzzle_is_proven_optimal_by_the_planner() -> None:
    answer = shortest_plan(Shogi.parse(DEEP_START, DEEP_GOAL))
    assert answer.outcome.proven_optimal
    assert answer.moves is not None and len(answer.moves) == DEEP_MOVES
    assert replay(Shogi.parse(DEEP_START, DEEP_GOAL), answer.moves)[-1] == answer.positions[-1]  # type: ignore[index]


def test_the_bench_command_writes_verified_rows_to_a_new_file(
    run_cli: CliRun, tmp_path: Path
) -> None:
    output = tmp_path / "shogi.json"
    args = ["--repeats", "1", "--solvers", "cadical195", "--no-cpsat", "--output", str(output)]
    code, out, _ = run_cli("bench", "shogi", *args)
    assert code == 0 and f"results written to {output}" in out
    rows = json.loads(output.read_text())["rows"]
    assert [row["route"] for row in rows].count(BASELINE) == 2  # the seed, and its farthest
    assert all(row["extra"]["verified"] for row in rows if row["route"] != BASELINE)
    code, _, err = run_cli("bench", "shogi", *args)
    assert code == 2 and "exists" in err  # a results file is never overwritten
