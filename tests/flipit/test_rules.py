"""Flip-It's rules against the seed article's figures, and the planning task against the rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.errors import BoardsatError
from boardsat.models.flipit import STAR, FlipBoard, FlipIt, line_board, replay
from boardsat.models.flipit.instance import HOLE, WHITE
from boardsat.models.flipit.model import FLIPS, plan_moves, planning_task
from boardsat.models.flipit.published import (
    SEED_MOVES,
    SEED_START,
    STAR_FARTHEST,
    STAR_FARTHEST_POSITIONS,
    STAR_POSITIONS,
)
from boardsat.models.flipit.rules import successors
from boardsat.models.flipit.solve import FlipItPuzzle
from boardsat.reference.oracle import explore, shortest_path


def boards() -> st.SearchStrategy[FlipBoard]:
    return st.one_of(st.just(STAR), st.integers(3, 9).map(line_board))


@st.composite
def positions(draw: st.DrawFn, board: FlipBoard | None = None) -> tuple[FlipBoard, str]:
    chosen = draw(boards()) if board is None else board
    cells = draw(st.lists(st.sampled_from("BW."), min_size=chosen.cells, max_size=chosen.cells))
    cells[draw(st.integers(0, chosen.cells - 1))] = HOLE
    return chosen, "".join(cells)


def test_the_seed_start_is_18_jumps_from_all_white() -> None:
    seed = FlipIt.parse(STAR, SEED_START)
    path = shortest_path(lambda p: successors(STAR, p), seed.start, seed.is_goal)
    assert path is not None and len(path) == SEED_MOVES
    assert replay(seed, [step.move for step in path])[-1].count(WHITE) == STAR.cells - 1


def test_every_star_position_is_solvable_and_the_farthest_are_21_jumps_away() -> None:
    goals = FlipItPuzzle(FlipIt.parse(STAR, SEED_START)).farthest_sources()
    found = explore(lambda p: successors(STAR, p), goals)
    assert found.reachable == STAR_POSITIONS
    assert found.depth == STAR_FARTHEST
    assert len(found.layer(found.depth)) == STAR_FARTHEST_POSITIONS


def test_the_line_game_of_the_seed_article_turns_all_white_in_four_jumps() -> None:
    """The article's own example on six cells: 5 to 0, 2 to 5, 0 to 2, 5 to 0."""
    game = FlipIt.parse(line_board(6), ".BBBBB")
    assert replay(game, [(5, 0), (2, 5), (0, 2), (5, 0)]) == [
        ".BBBBB",
        "BWWWW.",
        "BW.BBW",
        ".BBBBW",
        "WWWWW.",
    ]


@pytest.mark.parametrize(
    ("moves", "problem"),
    [
        ([(1, 0)], "move 1: 1 to 0 is not a legal jump"),  # beside the hole: nothing to jump
        ([(5, 0), (5, 0)], "move 2: 5 to 0 is not a legal jump"),  # from a hole
        ([(5, 0)], "the moves do not end in a goal position"),
    ],
)
def test_replay_refuses_illegal_jumps_and_plans_that_stop_short(
    moves: list[tuple[int, int]], problem: str
) -> None:
    with pytest.raises(BoardsatError, match=f"^{problem}$"):
        replay(FlipIt.parse(line_board(6), ".BBBBB"), moves)


@settings(max_examples=200, deadline=None)
@given(positions(), st.sampled_from(FLIPS))
def test_the_grounded_actions_make_exactly_the_rules_jumps(
    case: tuple[FlipBoard, str], flips: str
) -> None:
    """From any position, the planning task's applicable actions lead to the rules' successors,
    in both forms of the task."""
    board, position = case
    task = planning_task(FlipIt.parse(board, position), flips)
    by_task = {
        (move, _position(after, board.cells))
        for action, after in task.successors(task.initial)
        for move in plan_moves([action])
    }
    assert by_task == set(successors(board, position))


def _position(state: tuple[object, ...], cells: int) -> str:
    if len(state) == cells:  # the grounded form: one variable a cell
        return "".join(map(str, state))
    return "".join(HOLE if state[c] else str(state[cells + c]) for c in range(cells))


@pytest.mark.parametrize(
    ("board", "start", "goal", "problem"),
    [
        (STAR, ".BBB", None, "start '.BBB' has 4 cells; the star board has 12"),
        (STAR, ".BBBBBBBBBBX", None, "start '.BBBBBBBBBBX' has 'X': use B, W, or . for a hole"),
        (STAR, "BBBBBBBBBBBB", None, "start 'BBBBBBBBBBBB' has no hole: no piece could move"),
        (line_board(4), ".BBB", "..WW", "start has 1 hole but goal has 2 holes"),
    ],
)
def test_bad_positions_are_refused_in_one_line(
    board: FlipBoard, start: str, goal: str | None, problem: str
) -> None:
    with pytest.raises(BoardsatError, match=f"^{problem}$"):
        FlipIt.parse(board, start, goal)


def test_boards_whose_lines_are_not_straight_are_refused() -> None:
    with pytest.raises(BoardsatError, match="share more than one cell"):
        FlipBoard("bent", 5, ((0, 1, 2, 3), (1, 2, 4)))
    with pytest.raises(BoardsatError, match=r"outside 0\.\.3"):
        FlipBoard("short", 4, ((0, 1, 4),))


def test_the_star_picture_puts_each_line_of_the_star_on_a_straight_line() -> None:
    """Each line's cells stand evenly spaced along one direction of the drawing."""
    from boardsat.models.flipit.draw import STAR_LAYOUT, picture

    for line in STAR.lines:
        (r0, c0), (r1, c1) = STAR_LAYOUT[line[0]], STAR_LAYOUT[line[1]]
        step = (r1 - r0, c1 - c0)
        for k, cell in enumerate(line):
            assert STAR_LAYOUT[cell] == (r0 + k * step[0], c0 + k * step[1])
    drawn = picture(STAR, SEED_START)
    assert "".join(drawn).replace(" ", "") == ".BBBBBBBBBBB"  # row by row, cells in order
