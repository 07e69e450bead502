"""The mirror break: boards give their reflections, the encoder keeps one only where it maps the
whole task onto itself, and on such tasks the break keeps the BFS optimum while each first move
it forbids is the mirror image of one it allows."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.deadline import Deadline, OutOfTime
from boardsat.core.errors import BoardsatError
from boardsat.core.planning_task import PlanningTask
from boardsat.core.results import Status
from boardsat.encoders.horizon_encoding import HorizonEncoding, Strengthenings, mirror
from boardsat.models.board import Board
from boardsat.models.exchange import Exchange
from boardsat.models.exchange import shortest_plan as exchange_plan
from boardsat.models.exchange.model import planning_task as exchange_task
from boardsat.models.exchange.rules import replay as exchange_replay
from boardsat.models.exchange.rules import successors as exchange_successors
from boardsat.models.flipit import STAR, FlipIt, line_board, replay, shortest_plan
from boardsat.models.flipit.instance import FlipBoard, seed_instance
from boardsat.models.flipit.model import jumps, planning_task, reflections
from boardsat.models.flipit.rules import successors
from boardsat.reference.oracle import shortest_path
from boardsat.solving.solve import open_session


@given(st.integers(1, 6), st.integers(1, 6))
def test_a_board_reflection_is_its_own_inverse_and_keeps_the_knight_moves(
    rows: int, cols: int
) -> None:
    board = Board(rows, cols)
    moves = {
        (board.index(s), board.index(t)) for s in board.squares() for t in board.knight_moves(s)
    }
    found = board.reflections()
    for image in found:
        assert image != tuple(range(board.size))
        assert all(image[image[i]] == i for i in range(board.size))
        assert {(image[s], image[t]) for s, t in moves} == moves
    assert len(set(found)) == len(found)
    if min(rows, cols) > 1:
        assert len(found) == (5 if rows == cols else 3)


@pytest.mark.parametrize(("board", "count"), [(STAR, 7), (line_board(2), 1), (line_board(9), 1)])
def test_a_flipit_reflection_sends_every_jump_to_a_jump(board: FlipBoard, count: int) -> None:
    """The star's six mirrors and its half turn; a line's reversal."""
    found = reflections(board)
    assert len(found) == count == len(set(found))
    every = set(jumps(board))
    for image in found:
        assert all(image[image[c]] == c for c in range(board.cells))
        assert {
            (image[s], image[t], tuple(image[c] for c in over)) for s, t, over in every
        } == every


def test_a_board_without_mirrors_has_none() -> None:
    assert reflections(FlipBoard("bent", 5, ((0, 1, 2), (2, 3, 4), (0, 3)))) == ()


def test_the_mirror_holds_only_where_the_start_and_the_goal_keep_it() -> None:
    assert mirror(planning_task(seed_instance())) is not None  # the hole on the star's axis
    assert mirror(planning_task(FlipIt.parse(line_board(5), "BB.BB"))) is not None
    assert mirror(planning_task(FlipIt.parse(line_board(5), "BB.BW"))) is None
    assert mirror(planning_task(FlipIt.parse(line_board(5), "B.BBB"))) is None


def test_a_candidate_that_breaks_the_actions_is_not_kept() -> None:
    """Swapping two holes' variables alone keeps a symmetric start, not the jumps."""
    task = planning_task(FlipIt.parse(line_board(5), "BB.BB"))
    swapped = list(range(len(task.variables)))
    swapped[0], swapped[4] = 4, 0
    assert mirror(dataclasses.replace(task, symmetries=(tuple(swapped),))) is None


def test_a_symmetry_that_is_no_permutation_is_refused() -> None:
    task = planning_task(FlipIt.parse(line_board(3), "B.B"))
    with pytest.raises(BoardsatError, match="not a permutation"):
        PlanningTask(task.variables, task.initial, task.goal, task.actions, symmetries=((0,) * 6,))


def first_moves(task: PlanningTask, options: Strengthenings, horizon: int) -> set[object]:
    """The actions some plan of ``horizon`` moves starts with, under ``options``."""
    encoding = HorizonEncoding(task, options)
    for _ in range(horizon):
        encoding.extend()
    goal = encoding.goal(horizon)
    with open_session(encoding.model, "cadical195") as session:
        return {
            action.name
            for index, action in enumerate(encoding.task.actions)
            if session.solve(assumptions=[goal, encoding.do(0, index)]).status is Status.SATISFIABLE
        }


def test_each_first_move_forbidden_is_the_mirror_image_of_one_allowed() -> None:
    """Across an exchange whose start and goal a mirror keeps, left for right. Canonical order
    is left out of both: it already starts a plan with the smaller of two independent moves."""
    exchange = Exchange.parse("B..B/..../W..W", "W..W/..../B..B")
    task = exchange_task(exchange)
    reflection = mirror(task)
    assert reflection is not None
    name_of = {action.name: i for i, action in enumerate(task.actions)}
    path = shortest_path(
        lambda p: exchange_successors(exchange.board, p), exchange.start, exchange.goal.__eq__
    )
    assert path is not None
    broken = Strengthenings(canonical_order=False)
    kept = first_moves(task, broken, len(path))
    every = first_moves(task, dataclasses.replace(broken, symmetry=False), len(path))
    assert kept < every
    for name in every - kept:
        assert task.actions[reflection[name_of[name]]].name in kept


@st.composite
def mirrored_lines(draw: st.DrawFn) -> FlipIt:
    """A line whose start reads the same both ways, with a hole somewhere."""
    cells = draw(st.integers(3, 9))
    half = draw(st.lists(st.sampled_from("BW."), min_size=cells // 2, max_size=cells // 2))
    middle = [draw(st.sampled_from("BW."))] if cells % 2 else []
    if "." not in half + middle:
        half[0] = "."
    return FlipIt.parse(line_board(cells), "".join([*half, *middle, *half[::-1]]))


@pytest.mark.slow  # 40 lines, each solved twice
@settings(max_examples=40, deadline=None)
@given(mirrored_lines())
def test_with_the_mirror_break_a_line_keeps_its_bfs_optimum(game: FlipIt) -> None:
    assert mirror(planning_task(game)) is not None
    path = shortest_path(lambda p: successors(game.board, p), game.start, game.is_goal)
    answer = shortest_plan(game, "cadical195", max_horizon=12, route="sat")
    if path is None:
        assert answer.moves is None
    else:
        assert answer.outcome.proven_optimal and answer.moves is not None
        assert len(answer.moves) == len(path) and game.is_goal(replay(game, answer.moves)[-1])


@pytest.mark.slow  # plans to the BFS optimum
@pytest.mark.parametrize(
    "start", ["B.B/.../W.W", "B..B/..../W..W", "B.B/.../.../W.W", "BB.BB/...../WW.WW"]
)
def test_with_the_mirror_break_an_exchange_keeps_its_bfs_optimum(start: str) -> None:
    goal = "/".join(start.split("/")[::-1])
    exchange = Exchange.parse(start, goal)
    assert mirror(exchange_task(exchange)) is not None
    path = shortest_path(
        lambda p: exchange_successors(exchange.board, p), exchange.start, exchange.goal.__eq__
    )
    answer = exchange_plan(exchange, route="sat")
    assert path is not None and answer.moves is not None and len(answer.moves) == len(path)
    assert exchange_replay(exchange, answer.moves)[-1] == exchange.goal


@pytest.mark.slow  # a long line grounded
def test_listing_a_long_line_s_actions_for_its_mirror_keeps_the_time_limit() -> None:
    """7,564 actions with their flips take seconds to list: the deadline is looked at as they go."""
    game = FlipIt.parse(line_board(63), "B" * 31 + "." + "B" * 31)
    with pytest.raises(OutOfTime):
        HorizonEncoding(planning_task(game), deadline=Deadline(0))
