"""A research script's mistakes in building an instance or naming an option: each is refused
at once by one BoardsatError of one line that says what was given, never a bare TypeError or
AttributeError from deep inside, and never accepted as something else."""

from __future__ import annotations

import pytest

from boardsat.core.errors import BoardsatError
from boardsat.core.wording import with_article
from boardsat.models import domination, exchange, flipit, shogi, tour
from boardsat.models.board import Board
from boardsat.models.domination.instance_file import answer_file
from boardsat.models.flipit.instance import STAR, FlipBoard
from boardsat.models.planning.answer import OracleCheck
from boardsat.models.shogi.instance import ShogiBoard
from boardsat.models.tour.answer import TourCount
from boardsat.models.tour.model import TourSpec


def refusal(call: object, *args: object) -> str:
    """The one line a call is refused with (a BoardsatError, whatever else it is)."""
    assert callable(call)
    with pytest.raises(BoardsatError) as refused:
        call(*args)
    message = str(refused.value)
    assert message and "\n" not in message
    return message


@pytest.mark.parametrize(
    ("rows", "cols", "said"),
    [
        ("8", "8", "Domination takes a whole number as its rows, not str '8'"),
        (8.0, 8, "Domination takes a whole number as its rows, not float 8.0"),
        (True, True, "Domination takes a whole number as its rows, not bool True"),
        (8, None, "Domination takes a whole number as its cols, not NoneType None"),
    ],
)
def test_a_domination_board_takes_whole_numbers_only(rows: object, cols: object, said: str) -> None:
    """ "8" raised a bare TypeError from a comparison; 8.0 and True were accepted as sizes."""
    assert refusal(domination.Domination, rows, cols) == said


def test_a_domination_variant_is_text() -> None:
    message = refusal(domination.Domination, 8, 8, 3)
    assert message == "Domination takes text as its variant, not int 3"


@pytest.mark.parametrize(("rows", "cols"), [("8", 8), (2.5, 3), (False, 4), (4, [4])])
def test_a_board_takes_whole_numbers_only(rows: object, cols: object) -> None:
    assert refusal(Board, rows, cols).startswith("Board takes a whole number as its ")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("5x5", False), "TourSpec takes a Board as its board, not str '5x5'"),
        ((Board(5, 5), "no"), "TourSpec takes True or False as its closed, not str 'no'"),
        ((Board(5, 5), False, "a1"), "TourSpec takes a square (row, col) as its start, not str 'a1'"),
        ((Board(5, 5), False, (0, "1")), "TourSpec takes a square (row, col) as its start, not tuple (0, '1')"),
        ((Board(5, 5), False, None, (1, 2, 3)), "TourSpec takes a square (row, col) as its end, not tuple (1, 2, 3)"),
    ],
)  # fmt: skip
def test_a_tour_spec_takes_a_board_a_flag_and_squares(args: tuple[object, ...], said: str) -> None:
    assert refusal(TourSpec, *args) == said


def test_flipit_parse_takes_a_board_by_name_too() -> None:
    """``FlipIt.parse("star", ...)`` raised AttributeError: a board's name is what a user has."""
    by_name = flipit.FlipIt.parse("star", flipit.seed_instance().start)
    assert by_name == flipit.seed_instance()
    assert flipit.FlipIt.parse("line:5", ".BBBB").board == flipit.line_board(5)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ((None, ".BB"), "FlipIt.parse takes a FlipBoard or a board name as its board, not NoneType None"),
        ((STAR, None), "FlipIt.parse takes text as its start, not NoneType None"),
        ((STAR, ".BBBBBBBBBBB", 12), "FlipIt.parse takes text or None as its goal, not int 12"),
    ],
)  # fmt: skip
def test_flipit_parse_refuses_what_is_no_board_or_text(args: tuple[object, ...], said: str) -> None:
    assert refusal(flipit.FlipIt.parse, *args) == said


@pytest.mark.parametrize(
    ("parse", "args", "said"),
    [
        (shogi.Shogi.parse, (None, None), "Shogi.parse takes text as its start, not NoneType None"),
        (shogi.Shogi.parse, ("BP1/1S1/P1P", b"1PP"), "Shogi.parse takes text as its goal, not bytes b'1PP'"),
        (exchange.Exchange.parse, (3, "..."), "Exchange.parse takes text as its start, not int 3"),
    ],
)  # fmt: skip
def test_a_planning_parse_takes_text(parse: object, args: tuple[object, ...], said: str) -> None:
    """``Shogi.parse(None, None)`` raised AttributeError on ``None.strip``."""
    assert refusal(parse, *args) == said


@pytest.mark.parametrize(
    ("make", "args"),
    [
        (FlipBoard, ("star", "12", ())),
        (FlipBoard, ("bent", 5, ((0, 1), 3))),
        (FlipBoard, ("bent", 5, ((0, "1"),))),
        (ShogiBoard, ("3", 3)),
        (ShogiBoard, (3, 2.0)),
    ],
)
def test_the_planning_boards_take_whole_numbers(make: object, args: tuple[object, ...]) -> None:
    assert " takes " in refusal(make, *args)


@pytest.mark.parametrize("limit", [-5, 0])
def test_a_tour_listing_limit_is_at_least_one_as_given(limit: int) -> None:
    """``limit=-5`` said "got -4" (the one more asked of the solver), and 0 listed no tour."""
    message = refusal(lambda: tour.solve(tour.seed_instance(), job="list", limit=limit))
    assert message == f"a listing's limit must be at least 1, got {limit}"


def test_count_by_enumeration_refuses_a_limit_below_one_too() -> None:
    message = refusal(lambda: tour.count_by_enumeration(tour.seed_instance(), limit=0))
    assert message == "a listing's limit must be at least 1, got 0"


@pytest.mark.parametrize("package", [exchange, flipit, shogi])
def test_a_negative_max_horizon_is_refused_as_the_command_refuses_it(package: object) -> None:
    """``max_horizon=-1`` answered a proven UNSATISFIABLE: "no plan of at most -1 moves"."""
    instance = package.seed_instance()  # type: ignore[attr-defined]
    message = refusal(lambda: package.solve(instance, max_horizon=-1))  # type: ignore[attr-defined]
    assert message == "max_horizon must be at least 0, got -1"


def test_a_planning_verb_names_its_instance_with_the_right_article() -> None:
    """It said "exchange.solve takes a Exchange as its instance"."""
    message = refusal(lambda: exchange.solve(domination.Domination(3, 3)))
    assert message.startswith("exchange.solve takes an Exchange as its instance, not Domination")
    with pytest.raises(TypeError) as refused:  # a TypeError still, as before
        exchange.solve(None)
    assert isinstance(refused.value, BoardsatError)


@pytest.mark.parametrize(
    ("noun", "expected"),
    [("Exchange", "an Exchange"), ("FlipIt", "a FlipIt"), ("instance", "an instance"),
     ("Shogi", "a Shogi"), ("", "a ")],
)  # fmt: skip
def test_an_article_goes_by_the_first_letter(noun: str, expected: str) -> None:
    assert with_article(noun) == expected


def test_one_of_anything_is_singular() -> None:
    """A count of one tour said "1 tours"; an oracle's one move "1 moves"."""
    one = TourCount(tour.seed_instance(), 1, True, "enumerate", 0.1)
    assert "1 tour " in one.summary() and "1 tours" not in one.summary()
    assert OracleCheck(True, 1, True).line() == "BFS oracle: 1 move (agrees)"
    lone = domination.solve(domination.Domination(1, 1, "dominating"))
    assert ': 1 knight"' in answer_file(lone, "a test")
