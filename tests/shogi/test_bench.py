"""Shogi's benchmark matrix: its cells prove the oracle's optimum, replayed; and the deepest
puzzle found so far, proven by the planner at the oracle's distance."""

from __future__ import annotations

import pytest

from boardsat.cells import Cell
from boardsat.models.shogi import Shogi, replay, shortest_plan
from boardsat.models.shogi.bench import BENCH, farthest_goals
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


@pytest.mark.parametrize(
    ("instance", "moves"), [("seed", SEED_MOVES), ("seed-farthest", SEED_FARTHEST)]
)
@pytest.mark.parametrize("route", ["bfs", "cadical195/all", "cadical195/none", "cpsat/all"])
def test_each_route_proves_the_oracle_length(instance: str, moves: int, route: str) -> None:
    assert BENCH.instance(instance).reference == moves
    outcome = BENCH.run(Cell("shogi", instance, route, time_limit=60))
    assert (outcome.status, outcome.objective, outcome.exact) == ("OPTIMAL", moves, True)
    assert outcome.problems == ()


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
