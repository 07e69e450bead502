"""The quadrant split: its links are knight's moves, and the joined tours pass the rules check."""

from __future__ import annotations

import pytest

from boardsat.errors import BoardsatError
from boardsat.models.tour.rules import validate_tour
from boardsat.models.tour.solve import find_closed_by_quadrants
from boardsat.models.tour.split import quadrants
from boardsat.results import Status


@pytest.mark.parametrize(("rows", "cols"), [(12, 12), (14, 12), (16, 18), (100, 100)])
def test_each_block_ends_a_knights_move_from_the_next_blocks_start(rows: int, cols: int) -> None:
    blocks = quadrants(rows, cols)
    covered = sum(block.rows * block.cols for block in blocks)
    assert covered == rows * cols
    for block, following in zip(blocks, blocks[1:] + blocks[:1], strict=True):
        end = (block.end[0] + block.top, block.end[1] + block.left)
        start = (following.start[0] + following.top, following.start[1] + following.left)
        assert sorted((abs(end[0] - start[0]), abs(end[1] - start[1]))) == [1, 2]
        assert 0 <= block.start[0] < block.rows and 0 <= block.start[1] < block.cols
        assert 0 <= block.end[0] < block.rows and 0 <= block.end[1] < block.cols
        # an open tour over an even number of squares ends on the other colour
        assert (block.rows * block.cols) % 2 == 0
        assert sum(block.start) % 2 != sum(block.end) % 2


@pytest.mark.parametrize(("backend", "options"), [("cpsat", {}), ("cadical195", {})])
@pytest.mark.parametrize(("rows", "cols"), [(12, 12), (12, 14), (20, 20)])
def test_joined_tours_are_closed_tours_of_the_whole_board(
    rows: int, cols: int, backend: str, options: dict[str, str]
) -> None:
    answer = find_closed_by_quadrants(rows, cols, backend, **options)
    assert answer.status is Status.SATISFIABLE
    assert validate_tour(rows, cols, answer.tour, closed=True) == []
    assert len(answer.solves) == 4


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
        quadrants(rows, cols)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(("rows", "cols"), [(12, 13), (13, 12), (14, 15)])
def test_an_odd_side_on_an_even_board_is_not_called_tourless(rows: int, cols: int) -> None:
    with pytest.raises(BoardsatError, match="both sides even") as refused:
        quadrants(rows, cols)
    assert "no closed tour" not in str(refused.value)


@pytest.mark.parametrize(("rows", "cols"), [(13, 13), (15, 13)])
def test_an_odd_number_of_squares_is_named_as_the_reason(rows: int, cols: int) -> None:
    with pytest.raises(BoardsatError, match="odd number of squares, so no closed tour"):
        quadrants(rows, cols)
