"""The shogi sliding puzzle's rules against the seed's figures, and the planning task against them."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.errors import BoardsatError
from boardsat.models.shogi import Shogi, ShogiBoard, build_model, replay, seed_instance, sfen
from boardsat.models.shogi.draw import japanese, usi
from boardsat.models.shogi.instance import EMPTY, PIECES, parse_sfen
from boardsat.models.shogi.model import plan_moves
from boardsat.models.shogi.published import (
    SEED_FARTHEST,
    SEED_FARTHEST_POSITIONS,
    SEED_MOVES,
    SEED_REACHABLE,
)
from boardsat.models.shogi.rules import successors
from boardsat.reference.oracle import farthest, shortest_path


def test_the_seed_figures_by_bfs() -> None:
    seed = seed_instance()
    path = shortest_path(lambda p: successors(seed.board, p), seed.start, lambda p: p == seed.goal)
    assert path is not None and len(path) == SEED_MOVES
    assert replay(seed, [step.move for step in path])[-1] == seed.goal
    distance, positions, reachable = farthest(lambda p: successors(seed.board, p), seed.start)
    assert (distance, len(positions), reachable) == (
        SEED_FARTHEST,
        SEED_FARTHEST_POSITIONS,
        SEED_REACHABLE,
    )


def test_the_seed_articles_solution_replays_and_is_written_as_the_seed_writes_it() -> None:
    """Silver up-right, pawn up, bishop across, silver back, pawn up (the article's 5 moves)."""
    seed = seed_instance()
    moves = [(4, 2), (8, 5), (0, 8), (2, 4), (5, 2)]
    positions = replay(seed, moves)
    assert [usi(seed.board, move) for move in moves] == ["2b1a", "1c1b", "3a1c", "1a2b", "1b1a"]
    assert japanese(seed.board, moves[0], positions[0]) == "１一銀"
    assert japanese(seed.board, moves[2], positions[2]) == "１三角"


@pytest.mark.parametrize(
    ("position", "square", "reached"),
    [
        ("3/1P1/3", 4, {1}),  # a pawn steps forward only
        ("3/1L1/3", 7 - 3, {1}),  # a lance slides forward
        ("3/3/1L1", 7, {4, 1}),
        ("3/3/1N1", 7, {0, 2}),  # a knight jumps two forward, one aside
        ("3/1S1/3", 4, {0, 1, 2, 6, 8}),
        ("3/1G1/3", 4, {0, 1, 2, 3, 5, 7}),
        ("3/1+P1/3", 4, {0, 1, 2, 3, 5, 7}),  # promoted pieces move as gold
        ("3/1+R1/3", 4, {0, 1, 2, 3, 5, 6, 7, 8}),  # a dragon: rook and one step diagonally
        ("B2/1P1/3", 0, set()),  # a bishop stops before a piece and never jumps it
        ("R2/3/P2", 0, {1, 2, 3}),
        ("P2/3/3", 0, set()),  # a pawn on the top row never moves again
    ],
)
def test_each_piece_moves_as_in_shogi(position: str, square: int, reached: set[int]) -> None:
    board, start = parse_sfen(position, "start")
    assert {move[1] for move, _ in successors(board, start) if move[0] == square} == reached


@st.composite
def positions(draw: st.DrawFn) -> tuple[ShogiBoard, tuple[str, ...]]:
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    squares = draw(
        st.lists(
            st.one_of(st.just(EMPTY), st.sampled_from(PIECES)),
            min_size=rows * cols,
            max_size=rows * cols,
        )
    )
    return ShogiBoard(rows, cols), tuple(squares)


@settings(max_examples=300, deadline=None)
@given(positions())
def test_the_grounded_actions_make_exactly_the_rules_moves(
    case: tuple[ShogiBoard, tuple[str, ...]],
) -> None:
    board, position = case
    task = build_model(Shogi(board, position, position))
    by_task = {
        (move, after)
        for action, after in task.successors(task.initial)
        for move in plan_moves([action])
    }
    assert by_task == set(successors(board, position))


@settings(max_examples=100, deadline=None)
@given(positions())
def test_sfen_reads_back_what_it_writes(case: tuple[ShogiBoard, tuple[str, ...]]) -> None:
    board, position = case
    assert parse_sfen(sfen(board, position), "start") == (board, position)


@pytest.mark.parametrize(
    ("start", "goal", "problem"),
    [
        ("BP1/1S1/P1p", "1PP/1S1/P1B", "only the first player's (uppercase) pieces play"),
        ("BP1/1S1/P1X", "1PP/1S1/P1B", "'X': pieces are K R B G S N L P"),
        ("BP1/1S/P1P", "1PP/1S1/P1B", "rows of different lengths"),
        ("BP1//P1P", "1PP/1S1/P1B", "an empty row"),
        ("BP1/1S1/P1P", "1PP/1S1/P1+B", "a move never takes, adds or promotes a piece"),
        ("BP1/1S1/P1P", "1PP/1S1/P2", "start has 1B 3P 1S but goal has 3P 1S"),
        ("BP1/1S1/P1P", "1PP1/1S2/P1B1", "start is 3 x 3 but goal is 3 x 4"),
        ("10/10", "10/10", "has a row of more than 9 squares, the widest board"),
        ("9/9/9/9/9/9/9/9/9/9", "9", "a board is 1 to 9 squares each way, not 10 x 9"),
    ],
)
def test_bad_input_is_refused_in_one_line(start: str, goal: str, problem: str) -> None:
    with pytest.raises(BoardsatError, match=re.escape(problem)) as refused:
        Shogi.parse(start, goal)
    assert "\n" not in str(refused.value)


def test_the_diagram_has_one_character_a_square() -> None:
    from boardsat.models.shogi.draw import picture

    board, position = parse_sfen("+S+N+L/1K1/+P+R+B", "start")
    assert picture(board, position) == ["全圭杏", "・玉・", "と龍馬"]
