"""The explicit-state routes: each puzzle's estimate is admissible on every position the seed
reaches (measured against BFS distances to the goal), and the search, BFS and auto routes prove
the oracle's optimum on random instances, their plans replayed by the rules."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

from boardsat.models.exchange.instance import Exchange
from boardsat.models.exchange.instance import seed_instance as exchange_seed
from boardsat.models.exchange.solve import request as exchange_request
from boardsat.models.flipit.instance import HOLE, FlipIt, line_board
from boardsat.models.flipit.instance import seed_instance as flipit_seed
from boardsat.models.flipit.solve import request as flipit_request
from boardsat.models.planning import solve as planning_solve
from boardsat.models.planning.puzzle import PlanningPuzzle
from boardsat.models.planning.search import bfs_plan, search_plan
from boardsat.models.planning.solve import shortest_plan
from boardsat.models.shogi.instance import seed_instance as shogi_seed
from boardsat.models.shogi.solve import request as shogi_request
from boardsat.reference.oracle import explore, shortest_path
from boardsat.solving.horizon_search import Ending
from tests.conftest import CliRun
from tests.flipit.test_solve import line_games


def reachable(puzzle: PlanningPuzzle[Any, Any]) -> list[Any]:
    found = explore(puzzle.successors, [puzzle.start])
    return list(found.states)


def assert_admissible(puzzle: PlanningPuzzle[Any, Any], distance: dict[Any, int | None]) -> None:
    estimate = puzzle.search_guide().estimate
    for position, fewest in distance.items():
        guess = estimate(position)
        if fewest is None:
            continue  # None is a proof of no goal; any number is admissible there
        assert guess is not None and guess <= fewest, (puzzle.position_text(position), guess)


@pytest.mark.parametrize(
    "puzzle",
    [
        exchange_request(exchange_seed()).puzzle,
        flipit_request(flipit_seed()).puzzle,
        flipit_request(FlipIt.parse(line_board(10), "BBBB.BBBBB")).puzzle,
    ],
    ids=["exchange", "flipit-star", "flipit-line10"],
)
def test_estimates_of_reversible_puzzles_never_pass_the_distance_to_a_goal(
    puzzle: PlanningPuzzle[Any, Any],
) -> None:
    """Moves reverse in the exchange and in Flip-It, so one BFS from the goal positions gives
    every position's distance to a goal."""
    goals = _goal_positions(puzzle)
    from_goals = explore(puzzle.successors, goals)
    distance = {p: from_goals.distance(p) for p in reachable(puzzle)}
    assert any(d is not None for d in distance.values())
    assert_admissible(puzzle, distance)


def _goal_positions(puzzle: PlanningPuzzle[Any, Any]) -> list[Any]:
    return [p for p in puzzle.farthest_sources() if puzzle.is_goal(p)] or [
        p for p in reachable(puzzle) if puzzle.is_goal(p)
    ]


def test_the_shogi_estimate_never_passes_the_distance_to_the_goal() -> None:
    """Shogi moves do not reverse (a pawn only steps forward): one BFS per position."""
    puzzle = shogi_request(shogi_seed()).puzzle
    distance = {}
    for position in reachable(puzzle):
        path = shortest_path(puzzle.successors, position, puzzle.is_goal)
        distance[position] = None if path is None else len(path)
    assert_admissible(puzzle, distance)


@settings(deadline=None, max_examples=40)
@given(line_games())
def test_search_and_bfs_routes_prove_the_oracle_distance(game: FlipIt) -> None:
    puzzle = flipit_request(game).puzzle
    path = shortest_path(puzzle.successors, puzzle.start, puzzle.is_goal)
    for answer in (search_plan(puzzle), bfs_plan(puzzle)):
        if path is None:
            assert answer.outcome.ending is Ending.NO_PLAN and answer.outcome.max_horizon is None
            continue
        assert answer.outcome.ending is Ending.PLAN and answer.moves is not None
        assert len(answer.moves) == len(path) and answer.positions is not None
        assert puzzle.is_goal(answer.positions[-1])
        assert answer.outcome.refuted_up_to == len(path) - 1


def test_a_horizon_cap_below_the_optimum_is_no_plan_up_to_it_on_every_route() -> None:
    puzzle = exchange_request(exchange_seed()).puzzle
    for answer in (search_plan(puzzle, max_horizon=14), bfs_plan(puzzle, max_horizon=14)):
        assert answer.outcome.ending is Ending.NO_PLAN and answer.outcome.max_horizon == 14
        assert answer.outcome.describe() == "no plan of at most 14 moves (proven)"


def test_a_passed_time_limit_is_unknown_with_what_was_refuted() -> None:
    puzzle = exchange_request(exchange_seed()).puzzle
    for answer in (search_plan(puzzle, time_limit=0), bfs_plan(puzzle, time_limit=0)):
        assert answer.outcome.ending is Ending.UNKNOWN and answer.moves is None


@pytest.mark.parametrize("route", ["auto", "search", "bfs", "sat"])
def test_every_route_proves_the_exchange_seed_and_says_which_route_did(
    run_cli: CliRun, route: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the glance's search takes a twentieth of a second; a glance that a loaded machine cut
    # short would start the race, so it gets a minute here
    monkeypatch.setattr(planning_solve, "GLANCE_S", 60.0)
    code, out, _ = run_cli("exchange", "--route", route, "--json", "--verify")
    document = json.loads(out)
    assert code == 0 and document["proven_optimal"] and document["oracle_agrees"]
    assert document["moves"] == len(document["plan"]) == document["oracle_moves"]
    if route == "auto":  # the seed falls to the search's first glance, before any race
        assert document["raced"] == ["search"] == [document["route"]]
    else:
        assert document["route"] == route and document["raced"] == []


def test_a_route_no_planner_has_is_one_line(run_cli: CliRun) -> None:
    code, out, err = run_cli("shogi", "--route", "dijkstra")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_an_unreachable_goal_is_proven_by_the_bounds_on_the_search_route() -> None:
    puzzle = exchange_request(Exchange.parse(".../.B./...", "B../.../...")).puzzle
    answer = search_plan(puzzle)
    assert answer.outcome.ending is Ending.NO_PLAN and answer.outcome.max_horizon is None


@pytest.mark.slow
def test_auto_races_both_routes_once_its_glance_has_not_proven_it() -> None:
    """line:20 takes the search about a second: past the glance, both racers run."""
    puzzle = flipit_request(FlipIt.parse(line_board(20), "B" * 10 + HOLE + "B" * 9)).puzzle
    answer = shortest_plan(puzzle, "cadical195", route="auto", cap=100, time_limit=120)
    assert answer.outcome.proven_optimal and answer.moves is not None and len(answer.moves) == 13
    assert sorted(answer.raced) == ["sat", "search"] and answer.outcome.route in answer.raced
