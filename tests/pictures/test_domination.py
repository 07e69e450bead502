"""A placement's picture: every knight drawn, and each empty square's printed count equal to the
number of knights that attack it by the rules (row and column distances multiplying to 2)."""

from __future__ import annotations

import random

import pytest

from boardsat.core.errors import BoardsatError
from boardsat.core.picture import CELL
from boardsat.models.board import Board, Square
from boardsat.models.domination import Domination, solve
from boardsat.models.domination.draw import placement_picture
from tests.pictures.svg import cell, centre, having, parse, png_size, svg_size


def attackers(square: Square, knights: set[Square]) -> int:
    row, col = square
    return sum(1 for r, c in knights if abs(r - row) * abs(c - col) == 2)


def check_picture(board: Board, knights: set[Square], text: str) -> None:
    root = parse(text)
    assert svg_size(root) == (board.cols * CELL, board.rows * CELL)
    drawn = {board.square(cell(knight)) for knight in having(root, "knight")}
    assert len(having(root, "knight")) == len(knights) and drawn == knights
    counts = having(root, "count")
    assert len(counts) == board.size - len(knights)
    squares = {cell(square): centre(square) for square in having(root, "square")}
    for label in counts:
        at = board.square(cell(label))
        assert at not in knights
        assert int(label.text or "") == attackers(at, knights)
        assert centre(label) == squares[cell(label)]  # printed on its own square


@pytest.mark.parametrize("variant", ["independent", "dominating", "total"])
def test_a_solved_placement_is_drawn_with_its_counts(variant: str) -> None:
    answer = solve(Domination(5, 6, variant))
    check_picture(answer.board, set(answer.placement), answer.svg())
    assert png_size(answer.png()) == (6 * CELL, 5 * CELL)


@pytest.mark.parametrize("seed", range(5))
def test_any_placement_is_drawn_with_its_counts(seed: int) -> None:
    chosen = random.Random(seed)
    board = Board(chosen.randint(1, 7), chosen.randint(1, 7))
    knights = {square for square in board.squares() if chosen.random() < 0.3}
    check_picture(board, knights, placement_picture(board, knights).svg())


def test_no_placement_has_no_picture() -> None:
    answer = solve(Domination(2, 2, "total"))  # no knight attacks anything on 2x2
    assert not answer.result.has_solution
    with pytest.raises(BoardsatError, match="no placement to draw"):
        answer.svg()
