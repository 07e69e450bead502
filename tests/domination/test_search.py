"""The placement search: every placement it returns is valid, on boards CP-SAT settles in
moments every method reaches the halves' proven minima, and auto hands it the halves too large
for the race."""

from __future__ import annotations

import pytest

import boardsat
from boardsat.core.results import Improvement, Status
from boardsat.models.board import Board, Square
from boardsat.models.domination.colours import COLOURS, colour, halves_to_solve
from boardsat.models.domination.exhaustive import minimum_knights
from boardsat.models.domination.model import build_model, placed_squares
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.routes import AUTO, HALF_AUTO, auto_route
from boardsat.models.domination.rules import validate
from boardsat.models.domination.searching.half_search import (
    SEARCH_METHODS,
    search_half,
    search_model,
    symmetric_ties,
)
from boardsat.models.domination.searching.placement import search_total
from boardsat.models.domination.solve import solve_domination

ROOMY = 120.0  # a limit the searches below never meet: they end at their targets


def half_minimum(n: int, side: str) -> int:
    """The half's minimum, proven by CP-SAT's core search on the model with its symmetry break."""
    built = build_model(n, n, "total", knights_on=side)
    core = {"optimize_with_core": True}
    result = boardsat.solve(built.model, "cpsat", workers=1, parameters=core)
    assert result.status is Status.OPTIMAL and result.objective is not None
    return result.objective


def covers_other_colour(board: Board, side: str, placement: frozenset[Square]) -> bool:
    attacked = {t for square in placement for t in board.knight_moves(square)}
    others = {s for s in board.squares() if colour(board, s) != side}
    return others <= attacked and all(colour(board, s) == side for s in placement)


@pytest.mark.parametrize("method", list(SEARCH_METHODS))
@pytest.mark.parametrize("n", [8, 11, 12])
def test_each_method_reaches_the_halves_minima_and_the_published_total(method: str, n: int) -> None:
    board = Board(n, n)
    minima = {side: half_minimum(n, side) for side in COLOURS}
    found = search_total(n, n, ROOMY, method=method, targets=minima)
    assert validate(n, n, "total", found.placement) == []
    assert found.knights == sum(minima.values()) == published_minimum(n, "total")
    assert tuple(half.colour for half in found.halves) == halves_to_solve(board)
    for half in found.halves:
        assert covers_other_colour(board, half.colour, half.placement)
        assert half.knights == minima[half.colour]


def test_a_search_out_of_time_keeps_a_valid_placement_or_none() -> None:
    board = Board(20, 20)
    half = search_half(board, "light", 0.5)
    assert not half.proven
    assert not half.placement or covers_other_colour(board, "light", half.placement)


def test_a_hint_is_kept_when_the_search_finds_nothing_better() -> None:
    board = Board(10, 10)
    first = search_half(board, "dark", ROOMY, target=half_minimum(10, "dark"))
    again = search_half(board, "dark", 0.01, hint=tuple(first.placement))
    assert again.placement == first.placement


@pytest.mark.parametrize(("rows", "cols"), [(9, 9), (10, 10), (9, 11), (8, 11)])
def test_symmetric_ties_pair_each_knight_with_its_half_turn_image(rows: int, cols: int) -> None:
    """A half turn keeps the colours where rows + cols is even; elsewhere it ties nothing."""
    board = Board(rows, cols)
    turn = board.symmetries()["rot180"]
    for side in COLOURS:
        model = build_model(rows, cols, "total", symmetry=False, knights_on=side).model
        ties = symmetric_ties(model, board, "rot180")
        if (rows + cols) % 2:
            assert ties == []
            continue
        for mine, theirs in ties:
            key = model.key(mine)
            assert model.key(theirs) == ("knight", *turn((key[1], key[2])))
        tied = {model.key(lit) for pair in ties for lit in pair}
        fixed = [s for s in board.squares() if turn(s) == s and colour(board, s) == side]
        assert len(tied) == len(placed_squares(model.keys())) - len(fixed)
    assert symmetric_ties(model, board, "transpose") == [] or rows == cols


def test_stop_at_ends_cpsat_at_a_good_enough_solution_unproven() -> None:
    built = build_model(16, 16, "total", symmetry=False, knights_on="dark")
    heard: list[Improvement] = []
    result = boardsat.solve(
        built.model, "cpsat", workers=1, stop_at=40, on_improvement=heard.append
    )
    assert result.objective is not None and result.objective <= 40
    assert result.status is Status.UNKNOWN  # 24, the half's minimum, was not reached or proven
    assert heard and heard[-1].objective == result.objective


@pytest.mark.slow  # runs out a time limit
def test_the_search_route_answers_with_a_valid_placement_named_by_its_route() -> None:
    answer = solve_domination(14, 14, "total", route="search", time_limit=5)
    assert answer.routes == ("search",)
    assert answer.knights >= published_minimum(14, "total")  # type: ignore[operator]
    assert validate(14, 14, "total", answer.placement) == []
    assert answer.result.status in (Status.UNKNOWN, Status.OPTIMAL)


def test_search_model_searches_a_whole_board_of_any_variant() -> None:
    built = build_model(9, 9, "dominating", symmetry=False)
    result = search_model(built.model, Board(9, 9), ROOMY, target=14)
    placement = {(key[1], key[2]) for key in result.true_keys() if key[0] == "knight"}
    assert len(placement) == 14 and validate(9, 9, "dominating", placement) == []


def test_auto_hands_the_search_only_the_halves_past_the_races_reach() -> None:
    """Whole boards keep their provers (independent 17 is proven by the race); a total half past
    the race's last step goes to the search."""
    assert all(route != "search" for steps in AUTO.values() for _, route in steps)
    last_raced = max(up_to for up_to, route in HALF_AUTO["cpsat"] if route == "race")
    assert auto_route("cpsat", last_raced, half=True) == "race"
    assert auto_route("cpsat", last_raced + 1, half=True) == "search"
    assert auto_route("cpsat", last_raced + 1) == auto_route("cpsat", last_raced + 1, half=False)


@pytest.mark.slow
def test_a_large_total_board_on_auto_reports_the_search_s_valid_placement() -> None:
    answer = solve_domination(26, 26, "total", time_limit=5)
    assert answer.routes == ("search",)
    assert validate(26, 26, "total", answer.placement) == []
    assert answer.knights >= published_minimum(26, "total")  # type: ignore[operator]


@pytest.mark.parametrize("variant", ["independent", "dominating", "total"])
def test_the_search_route_settles_small_boards_as_the_exhaustive_search_does(variant: str) -> None:
    """With no time limit the search ends once it stalls; on these boards it finds the optimum
    (proven only where CP-SAT searched, or the counting bound meets it), and CP-SAT refutes
    the boards with no placement, which are no cover."""
    for rows, cols in [(1, 1), (2, 3), (3, 3), (4, 4), (3, 5), (5, 5), (4, 6)]:
        answer = solve_domination(rows, cols, variant, route="search")
        expected = minimum_knights(rows, cols, variant)
        if expected is None:
            assert answer.result.status is Status.UNSATISFIABLE
            continue
        assert answer.knights == expected and answer.result.status is not Status.UNSATISFIABLE
        assert validate(rows, cols, variant, answer.placement) == []
