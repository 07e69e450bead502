"""Shogi's benchmark matrix: its cells prove the oracle's optimum, replayed; and the deepest
puzzle found so far, proven by the planner at the oracle's distance."""

from __future__ import annotations

import pytest

from boardsat.core.cells import Cell
from boardsat.models.shogi import Shogi, replay, shortest_plan
from boardsat.models.shogi.bench import BENCH, farthest_goals
from boardsat.models.shogi.published import (
    DEEP_GOAL,
    DEEP_MOVES,
    DEEP_REACHABLE,
    DEEP_START,
    SEED_FARTHEST,
    SEED_MOVES,
    SIXTY_GOAL,
    SIXTY_MOVES,
    SIXTY_START,
)
from boardsat.models.shogi.rules import successors
from boardsat.reference.oracle import explore, shortest_path


@pytest.mark.parametrize(
    ("instance", "moves"), [("seed", SEED_MOVES), ("seed-farthest", SEED_FARTHEST)]
)
@pytest.mark.parametrize(
    "route", ["bfs", "search", "auto", "cadical195/all", "cadical195/none", "cpsat/all"]
)
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
    answer = shortest_plan(Shogi.parse(DEEP_START, DEEP_GOAL), route="sat")
    assert answer.outcome.proven_optimal
    assert answer.moves is not None and len(answer.moves) == DEEP_MOVES
    assert replay(Shogi.parse(DEEP_START, DEEP_GOAL), answer.moves)[-1] == answer.positions[-1]  # type: ignore[index]


def test_the_sixty_move_puzzle_is_the_oracle_distance_and_the_search_proves_it() -> None:
    instance = Shogi.parse(SIXTY_START, SIXTY_GOAL)
    path = shortest_path(
        lambda p: successors(instance.board, p), instance.start, instance.goal.__eq__
    )
    assert path is not None and len(path) == SIXTY_MOVES
    outcome = BENCH.run(Cell("shogi", "sixty", "search", time_limit=60))
    assert (outcome.status, outcome.objective, outcome.problems) == ("OPTIMAL", SIXTY_MOVES, ())


@pytest.mark.slow  # Fast Downward's translator, in Python, takes seconds to start
def test_fast_downward_proves_the_seed_and_its_plan_replays() -> None:
    """The peer's routes on shogi; the record runs them on the deep puzzles."""
    pytest.importorskip("up_fast_downward")  # its wheel exists for Linux x86-64 only
    for route in ("fast-downward/blind", "fast-downward/lmcut"):
        outcome = BENCH.run(Cell("shogi", "seed", route, time_limit=120))
        assert (outcome.status, outcome.objective, outcome.exact) == ("OPTIMAL", SEED_MOVES, True)
        assert outcome.problems == () and "states expanded" in outcome.detail
