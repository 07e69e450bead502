"""Flip-It solved by the planners: optima equal the BFS distance, plans replay by the rules."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.models.flipit import STAR, FlipIt, line_board, replay, shortest_plan
from boardsat.models.flipit.bounds import lower_bound
from boardsat.models.flipit.instance import HOLE, WHITE, seed_instance
from boardsat.models.flipit.published import SEED_MOVES
from boardsat.models.flipit.rules import successors
from boardsat.models.flipit.seed import seed_check
from boardsat.reference.oracle import Exploration, explore, shortest_path
from boardsat.solving.horizon_search import Ending
from tests.conftest import CliRun


def bfs_distance(game: FlipIt) -> int | None:
    path = shortest_path(lambda p: successors(game.board, p), game.start, game.is_goal)
    return None if path is None else len(path)


@st.composite
def line_games(draw: st.DrawFn) -> FlipIt:
    cells = draw(st.integers(3, 7))
    start = draw(st.lists(st.sampled_from("BW."), min_size=cells, max_size=cells))
    start[draw(st.integers(0, cells - 1))] = HOLE
    return FlipIt.parse(line_board(cells), "".join(start))


def test_seed_check_is_verified() -> None:
    assert seed_check().verified


@pytest.mark.slow
def test_cpsat_proves_a_star_optimum_the_bfs_measures() -> None:
    """CP-SAT, beside the SAT solvers, proves an optimum on the seed's star. Starting eight
    jumps along the seed's shortest plan keeps it short (the whole seed took 30 s)."""
    seed = seed_instance()
    along = shortest_plan(seed, route="bfs")
    assert along.moves is not None and len(along.moves) == SEED_MOVES
    later = dataclasses.replace(seed, start=along.positions[8])
    answer = shortest_plan(later, "cpsat", route="sat")
    assert answer.outcome.proven_optimal and answer.moves is not None
    assert len(answer.moves) == SEED_MOVES - 8 == bfs_distance(later)
    assert replay(later, answer.moves)[-1] == answer.positions[-1]  # type: ignore[index]


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(line_games(), st.sampled_from(["cadical195", "glucose4", "cpsat"]))
def test_the_planner_optimum_is_the_bfs_distance(game: FlipIt, backend: str) -> None:
    """A plan found replays to a goal and is as short as the BFS says; no plan means none exists.
    No line of at most 7 cells needs more than 10 moves (the BFS over all of them says so), so
    12 horizons cover every optimum, and refuting 40 made CP-SAT take minutes on some lines."""
    answer = shortest_plan(game, backend, max_horizon=12, route="sat")
    best = bfs_distance(game)
    if best is None:
        assert answer.outcome.ending is Ending.NO_PLAN and answer.moves is None
    else:
        assert answer.outcome.proven_optimal and answer.moves is not None
        assert len(answer.moves) == best
        assert game.is_goal(replay(game, answer.moves)[-1])


def star_distances(goals: list[str]) -> Exploration[str, Any]:
    """Every star position that reaches one of ``goals``, by its distance: BFS from the goals,
    since every jump can be undone."""
    return explore(lambda position: successors(STAR, position), goals)


def test_the_lower_bound_never_exceeds_the_bfs_distance_to_all_white() -> None:
    """Every position of the star, each against its distance to a white board."""
    cells = STAR.cells
    found = star_distances(
        [WHITE * hole + HOLE + WHITE * (cells - hole - 1) for hole in range(cells)]
    )
    assert found.complete and found.reachable == cells * 2 ** (cells - 1)  # every one solvable
    for distance in range(found.depth + 1):
        for start in found.layer(distance):
            bound = lower_bound(FlipIt.parse(STAR, start))
            assert bound is not None and bound <= distance, start


@settings(max_examples=5, deadline=None)
@given(st.lists(st.sampled_from("BW"), min_size=11, max_size=11), st.integers(0, 11))
def test_the_lower_bound_never_exceeds_the_bfs_distance_to_a_position(
    pieces: list[str], hole: int
) -> None:
    """Every star position that reaches a drawn goal position, each against its distance."""
    goal = "".join([*pieces[:hole], HOLE, *pieces[hole:]])
    found = star_distances([goal])
    for distance in range(found.depth + 1):
        for start in found.layer(distance):
            bound = lower_bound(FlipIt.parse(STAR, start, goal))
            assert bound is not None and bound <= distance, start


def test_a_board_without_a_jump_has_no_plan_of_any_length() -> None:
    answer = shortest_plan(FlipIt.parse(line_board(2), ".B"), route="sat")
    assert answer.outcome.ending is Ending.NO_PLAN and answer.outcome.max_horizon is None


def test_cli_json_with_verify_and_farthest_on_a_line(run_cli: CliRun) -> None:
    code, out, _ = run_cli("flipit", "--board", "line:6", "--verify", "--farthest", "--json")
    document = json.loads(out)
    assert code == 0 and document["proven_optimal"] is True
    assert document["moves"] == document["oracle_moves"] == len(document["plan"])
    assert document["oracle_agrees"] is True
    assert document["farthest_distance"] >= document["moves"]
    assert document["reachable_states"] == 6 * 2**5  # every position of a line of six


def test_cli_reads_a_board_file(run_cli: CliRun, tmp_path: Path) -> None:
    board = tmp_path / "triangle.toml"
    board.write_text("cells = 6\nlines = [[0, 1, 3], [0, 2, 5], [3, 4, 5]]\n")
    code, out, _ = run_cli("flipit", "--board", str(board), "--start", ".WBWBW", "--verify")
    assert code == 0 and "(agrees)" in out


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--start", ".BBB"], "start '.BBB' has 4 cells; the star board has 12"),
        (["--board", "line:1"], "a board has 2 to 64 cells, not 1"),
        (["--board", "missing.toml"], "unknown board 'missing.toml', and no file of that name"),
        (["--board", "hexagon"], "unknown board 'hexagon', and no file of that name: name star,"),
        (["--board", "line:-5"], "board 'line:-5': line:N takes a whole number N from 2 to 64"),
        (["--board", "line:abc"], "board 'line:abc': line:N takes a whole number N from 2 to 64"),
        (["--board", "line:"], "board 'line:': line:N takes a whole number N from 2 to 64"),
        (["--goal", "WWWWWWWWWWWW"], "goal 'WWWWWWWWWWWW' has no hole: no piece could move"),
    ],
)
def test_cli_refuses_bad_input_in_one_line(run_cli: CliRun, args: list[str], problem: str) -> None:
    code, out, err = run_cli("flipit", *args)
    assert code == 2 and out == ""
    assert err.startswith(f"boardsat: error: {problem}") and err.count("\n") == 1
