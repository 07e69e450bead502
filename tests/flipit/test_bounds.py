"""Flip-It's lower bounds against the BFS oracle on every position of small lines.

Jumps are reversible, so a walk from the goal positions gives every position's fewest moves to
them: the bound must never exceed it, and the parity check must never refute it.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.models.flipit.bounds import (
    _labels,
    _one_hole_fills,
    _walk_fills,
    counting_bound,
    estimator,
    label_fills,
    lower_bound,
    refuted,
)
from boardsat.models.flipit.instance import HOLE, STAR, WHITE, FlipIt, line_board, seed_instance
from boardsat.models.flipit.rules import successors
from boardsat.reference.oracle import explore


def distances(cells: int, sources: list[str]) -> dict[str, int]:
    board = line_board(cells)
    found = explore(lambda p: successors(board, p), sources)
    return {p: d for d in range(found.depth + 1) for p in found.layer(d)}


def all_white(cells: int, holes: int) -> list[str]:
    return [
        "".join(HOLE if cell in chosen else WHITE for cell in range(cells))
        for chosen in map(set, combinations(range(cells), holes))
    ]


def assert_admissible(game: FlipIt, best: int) -> None:
    bound, check = lower_bound(game), refuted(game)
    assert bound is not None and bound <= best, (game, bound, best)
    assert check is not None and check(best) is None, (game, best)


@pytest.mark.parametrize(
    ("cells", "holes"), [(n, 1) for n in range(3, 11)] + [(5, 2), (6, 2), (7, 2), (7, 3)]
)
def test_the_bounds_admit_every_distance_to_all_white_on_a_line(cells: int, holes: int) -> None:
    for position, best in distances(cells, all_white(cells, holes)).items():
        assert_admissible(FlipIt(line_board(cells), position), best)


@pytest.mark.parametrize("goal", ["B.WBWBB", "WWW.WWW", ".BBBBBB", "BW.WB.B"])
def test_the_bounds_admit_every_distance_to_a_given_position(goal: str) -> None:
    for position, best in distances(len(goal), [goal]).items():
        assert_admissible(FlipIt(line_board(len(goal)), position, goal), best)


def test_the_label_bound_beats_the_counting_bound_at_the_farthest_line_positions() -> None:
    found = distances(10, all_white(10, 1))
    depth = max(found.values())
    for position in (p for p, d in found.items() if d == depth):
        game = FlipIt(line_board(10), position)
        bound, counted = lower_bound(game), counting_bound(game)
        assert bound is not None and counted is not None and bound > counted


def test_the_label_bound_is_for_line_boards_only() -> None:
    assert label_fills(seed_instance()) is None
    assert refuted(FlipIt(STAR, seed_instance().start)) is None
    assert lower_bound(seed_instance()) == counting_bound(seed_instance())


@settings(max_examples=300)
@given(st.lists(st.sampled_from("BW."), min_size=2, max_size=40))
def test_the_one_hole_closed_form_is_the_walk_along_the_line(cells: list[str]) -> None:
    """The search asks the label bound of every position, so one hole takes a closed form; it
    must give what the general walk over hole placements gives."""
    labels = _labels(cells)
    assert _one_hole_fills(labels) == _walk_fills(labels, 1)


@settings(max_examples=300)
@given(st.integers(2, 40), st.data())
def test_the_search_estimate_is_the_lower_bound_of_each_position(
    cells: int, data: st.DataObject
) -> None:
    """The search's one-pass estimate must be exactly the bound proven above, position by
    position (one hole, every piece to turn white)."""
    pieces = data.draw(st.lists(st.sampled_from("BW"), min_size=cells - 1, max_size=cells - 1))
    hole = data.draw(st.integers(0, cells - 1))
    position = "".join(pieces[:hole]) + HOLE + "".join(pieces[hole:])
    instance = FlipIt.parse(line_board(cells), HOLE + "B" * (cells - 1))
    assert estimator(instance)(position) == lower_bound(replace(instance, start=position))


@settings(max_examples=200)
@given(st.lists(st.sampled_from("BW"), min_size=11, max_size=11), st.integers(0, 11))
def test_the_star_search_estimate_is_the_counting_bound(pieces: list[str], hole: int) -> None:
    position = "".join(pieces[:hole]) + HOLE + "".join(pieces[hole:])
    instance = seed_instance()
    assert estimator(instance)(position) == lower_bound(replace(instance, start=position))
