"""The quadrant split: its blocks tile the board, its links are knight's moves, and the joined
tours pass the rules check."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.models.tour.rules import validate_tour
from boardsat.models.tour.solve import find_closed_by_quadrants
from boardsat.models.tour.split import MIN_BLOCK, blocks, grid

even_sides = st.integers(min_value=MIN_BLOCK, max_value=60).map(lambda half: 2 * half)
block_sides = st.integers(min_value=MIN_BLOCK // 2, max_value=15).map(lambda half: 2 * half)


@settings(max_examples=200, deadline=None)
@given(rows=even_sides, cols=even_sides, block_side=block_sides)
def test_blocks_tile_the_board_and_link_by_knights_moves(
    rows: int, cols: int, block_side: int
) -> None:
    laid = blocks(rows, cols, block_side)
    down, across = grid(rows, cols, block_side)
    assert len(laid) == down * across and down % 2 == 0 and across >= 2
    covered = [
        (block.top + row, block.left + col)
        for block in laid
        for row in range(block.rows)
        for col in range(block.cols)
    ]
    assert sorted(covered) == [(row, col) for row in range(rows) for col in range(cols)]
    for block, following in zip(laid, laid[1:] + laid[:1], strict=True):
        assert min(block.rows, block.cols) >= MIN_BLOCK
        end = (block.end[0] + block.top, block.end[1] + block.left)
        start = (following.start[0] + following.top, following.start[1] + following.left)
        assert sorted((abs(end[0] - start[0]), abs(end[1] - start[1]))) == [1, 2]
        assert 0 <= block.start[0] < block.rows and 0 <= block.start[1] < block.cols
        assert 0 <= block.end[0] < block.rows and 0 <= block.end[1] < block.cols
        # an open tour over an even number of squares ends on the other colour
        assert (block.rows * block.cols) % 2 == 0
        assert sum(block.start) % 2 != sum(block.end) % 2


@pytest.mark.parametrize("block_side", [6, 8, 12, 40])
@pytest.mark.parametrize(("rows", "cols"), [(12, 12), (12, 14), (20, 20), (24, 36)])
@pytest.mark.parametrize(("backend", "options"), [("cpsat", {}), ("cadical195", {})])
def test_joined_tours_are_closed_tours_of_the_whole_board(
    rows: int, cols: int, block_side: int, backend: str, options: dict[str, str]
) -> None:
    answer = find_closed_by_quadrants(rows, cols, backend, block_side=block_side, **options)
    assert answer.status is Status.SATISFIABLE and answer.route == "quadrants"
    assert validate_tour(rows, cols, answer.tour, closed=True) == []
    down, across = grid(rows, cols, block_side)
    assert len(answer.solves) == down * across


@pytest.mark.parametrize(
    ("rows", "cols", "reason"),
    [
        (13, 12, "needs both sides even"),
        (12, 11, "needs both sides even"),
        (10, 12, "needs sides of at least"),
        (13, 13, "odd number of squares"),
    ],
)
def test_boards_the_split_cannot_take_are_a_clear_error(rows: int, cols: int, reason: str) -> None:
    with pytest.raises(BoardsatError, match=reason) as refused:
        blocks(rows, cols, MIN_BLOCK)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("block_side", [MIN_BLOCK - 2, MIN_BLOCK + 1])
def test_a_block_side_too_small_or_odd_is_a_clear_error(block_side: int) -> None:
    with pytest.raises(BoardsatError, match="block side must be even and at least"):
        blocks(24, 24, block_side)


@pytest.mark.parametrize(("rows", "cols"), [(12, 13), (13, 12), (14, 15)])
def test_an_odd_side_on_an_even_board_is_not_called_tourless(rows: int, cols: int) -> None:
    with pytest.raises(BoardsatError, match="both sides even") as refused:
        blocks(rows, cols, MIN_BLOCK)
    assert "no closed tour" not in str(refused.value)


@pytest.mark.parametrize(("rows", "cols"), [(13, 13), (15, 13)])
def test_an_odd_number_of_squares_is_named_as_the_reason(rows: int, cols: int) -> None:
    with pytest.raises(BoardsatError, match="odd number of squares, so no closed tour"):
        blocks(rows, cols, MIN_BLOCK)
