"""Square names: chess notation with spreadsheet-style files (z, then aa) reads back to its square.
Knight moves: the squares at a knight's distance."""

from __future__ import annotations

import itertools
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardsat.core.errors import BoardsatError
from boardsat.models.board import Board


def file_names(count: int) -> list[str]:
    """The first ``count`` file names: a..z, then aa..zz, then aaa..., each length in order."""
    names: list[str] = []
    for length in itertools.count(1):
        for letters in itertools.product(string.ascii_lowercase, repeat=length):
            if len(names) == count:
                return names
            names.append("".join(letters))
    raise AssertionError("unreachable")


def test_every_square_of_a_30x30_board_reads_back_from_its_name() -> None:
    board = Board(30, 30)
    names = {}
    for square in board.squares():
        name = board.name(square)
        assert board.parse(name) == square, name
        assert board.parse(name.upper()) == square, name
        assert board.parse(f"{square[0]},{square[1]}") == square
        names[name] = square
    assert len(names) == board.size  # no two squares share a name
    # a1 is the bottom-left square; files run a..z, then aa, ab, ... past 26 columns
    assert board.name((29, 0)) == "a1" and board.name((0, 25)) == "z30"
    assert board.name((0, 26)) == "aa30" and board.name((29, 29)) == "ad1"
    files = file_names(30)
    assert all(board.name((r, c)) == f"{files[c]}{30 - r}" for r, c in board.squares())


def test_three_letter_files_read_back_on_a_wide_board() -> None:
    board = Board(1, 26 + 26 * 26 + 5)  # past zz: aaa, aab, ...
    for col, file in enumerate(file_names(board.cols)):
        name = board.name((0, col))
        assert name == f"{file}1" and board.parse(name) == (0, col)
    assert board.name((0, 26 + 26 * 26)) == "aaa1"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("ae1", "off the 30x30 board"),
        ("a31", "off the 30x30 board"),
        ("a0", "off the"),
        ("30,0", "off the"),
        ("1a", "cannot read square"),
        ("", "cannot read square"),
    ],
)
def test_names_off_the_board_or_unreadable_are_one_line_errors(text: str, reason: str) -> None:
    with pytest.raises(BoardsatError, match=reason) as refused:
        Board(30, 30).parse(text)
    assert "\n" not in str(refused.value)


@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_a_knight_attacks_the_squares_at_distance_root_five(
    rows: int, cols: int, data: st.DataObject
) -> None:
    """Against the distance, not the steps the board lists; a square asked twice, and a square
    asked before its neighbours, answer alike."""
    board = Board(rows, cols)
    first = data.draw(st.sampled_from(list(board.squares())))
    asked = board.knight_moves(first)
    for row, col in [first, *board.squares()]:
        expected = {
            other for other in board.squares() if (other[0] - row) ** 2 + (other[1] - col) ** 2 == 5
        }
        moves = board.knight_moves((row, col))
        assert set(moves) == expected and len(moves) == len(expected)
    assert board.knight_moves(first) == asked


def apply_rule(rule: str, square: tuple[int, int]) -> tuple[int, int]:
    """A symmetry's rule in words, such as ``(r, c) -> (7 - r, c)``, applied to ``square``: read
    here with no code of boardsat's, as a referee would read it."""
    names, images = (part.strip("() ").split(", ") for part in rule.split(" -> "))
    bound = dict(zip(names, square, strict=True))

    def value(term: str) -> int:
        first, _, last = term.partition(" - ")
        return int(first) - bound[last] if last else bound[first]

    row, col = map(value, images)
    return (row, col)


@pytest.mark.parametrize(("rows", "cols"), [(1, 4), (3, 3), (4, 6), (6, 4), (5, 5), (8, 8)])
def test_each_symmetry_rule_in_words_maps_every_square_as_the_symmetry_does(
    rows: int, cols: int
) -> None:
    board = Board(rows, cols)
    for name, transform in board.symmetries().items():
        rule = board.symmetry_rule(name)
        assert all(apply_rule(rule, square) == transform(square) for square in board.squares())
