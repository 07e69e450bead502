"""The library's constructors and parse functions, handed any Python value: each builds a valid
instance or refuses with one BoardsatError of one line (a WrongType for a value of the wrong
type), never a bare TypeError, AttributeError or IndexError from deep inside.

Every test draws :data:`EXAMPLES` inputs, 5,600 in all in a few seconds: the library's half of
the suite's generated inputs, beside the commands' in test_fuzz_commands.py. Each ``@example``
is an input that once broke its constructor.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from boardsat.core.errors import BoardsatError
from boardsat.models.board import Board, is_square
from boardsat.models.domination import VARIANTS, Domination
from boardsat.models.exchange.instance import Exchange
from boardsat.models.flipit.instance import STAR, FlipBoard, FlipIt, board_named, line_board
from boardsat.models.shogi.instance import EMPTY, Shogi, ShogiBoard
from boardsat.models.tour.model import TourSpec
from tests.cli.garbage import exchange_text, flipit_text, python_scalars, sfen_text

T = TypeVar("T")
EXAMPLES = 700
"""Generated inputs per test: eight tests, 5,600 inputs."""
fuzzed = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
anything = st.one_of(
    python_scalars,
    st.lists(python_scalars, max_size=3),
    st.tuples(python_scalars, python_scalars),
    st.frozensets(st.integers(-3, 9), max_size=3),
    st.dictionaries(st.text(max_size=2), python_scalars, max_size=2),
)
"""Any value a constructor might be handed by mistake, one level deep: garbage.python_values
nests deeper, at three times the cost per input, and no check here looks deeper than one."""
sides = st.one_of(st.integers(min_value=-3, max_value=12), anything)
"""A board's side: mostly small whole numbers, valid or not, else any value at all."""
squares = st.one_of(
    st.tuples(st.integers(-2, 7), st.integers(-2, 7)), st.none(), anything
)  # fmt: skip


def built_or_refused(build: Callable[[], T]) -> T | None:
    """The instance built, or None after a refusal of one line."""
    try:
        return build()
    except BoardsatError as error:
        assert str(error) and "\n" not in str(error), repr(error)
        return None


def whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@fuzzed
@given(rows=sides, cols=sides)
@example(rows="8", cols="8")
@example(rows=8.0, cols=8)
@example(rows=True, cols=True)
def test_board(rows: object, cols: object) -> None:
    board = built_or_refused(lambda: Board(rows, cols))  # type: ignore[arg-type]
    if board is not None:
        assert whole(board.rows) and whole(board.cols) and board.size >= 1


@fuzzed
@given(rows=sides, cols=sides, variant=st.one_of(st.sampled_from(VARIANTS), anything))
@example(rows="8", cols="8", variant="independent")
def test_domination(rows: object, cols: object, variant: object) -> None:
    instance = built_or_refused(lambda: Domination(rows, cols, variant))  # type: ignore[arg-type]
    if instance is not None:
        assert whole(instance.rows) and whole(instance.cols) and instance.variant in VARIANTS


@fuzzed
@given(
    board=st.one_of(st.builds(Board, st.integers(1, 6), st.integers(1, 6)), anything),
    closed=st.one_of(st.booleans(), anything),
    start=squares,
    end=squares,
)
@example(board="5x5", closed=False, start=None, end=None)
@example(board=Board(5, 5), closed=False, start=(0, "1"), end=None)
def test_tour_spec(board: object, closed: object, start: object, end: object) -> None:
    spec = built_or_refused(lambda: TourSpec(board, closed, start, end))  # type: ignore[arg-type]
    if spec is not None:
        assert isinstance(spec.closed, bool) and spec.board.size >= 2
        for square in (spec.start, spec.end):
            assert square is None or (is_square(square) and spec.board.contains(square))


@fuzzed
@given(
    name=st.one_of(st.text(max_size=8), anything),
    cells=sides,
    lines=st.one_of(
        st.lists(st.lists(st.integers(-1, 12), max_size=5).map(tuple), max_size=4).map(tuple),
        anything,
    ),
)
@example(name="bent", cells=5, lines=((0, 1), 3))
def test_flipit_boards(name: object, cells: object, lines: object) -> None:
    board = built_or_refused(lambda: FlipBoard(name, cells, lines))  # type: ignore[arg-type]
    if board is not None:
        assert all(0 <= cell < board.cells for line in board.lines for cell in line)
    by_cells = built_or_refused(lambda: line_board(cells))  # type: ignore[arg-type]
    if by_cells is not None:
        assert by_cells.lines == (tuple(range(by_cells.cells)),)
    if not isinstance(name, str):  # board names as text are test_fuzz_parsers.py's
        assert built_or_refused(lambda: board_named(name)) is None  # type: ignore[arg-type]


@fuzzed
@given(
    board=st.one_of(st.sampled_from([STAR, line_board(5), "star", "line:5", "line:0"]), anything),
    start=st.one_of(flipit_text, anything),
    goal=st.one_of(st.none(), flipit_text, anything),
)
@example(board="star", start=".BBBBBBBBBBB", goal=None)
@example(board=None, start=None, goal=None)
def test_flipit_parse(board: object, start: object, goal: object) -> None:
    instance = built_or_refused(lambda: FlipIt.parse(board, start, goal))  # type: ignore[arg-type]
    if instance is not None:
        assert len(instance.start) == instance.board.cells and "." in instance.start
        assert instance.goal is None or instance.goal.count(".") == instance.start.count(".")


@fuzzed
@given(rows=sides, cols=sides)
def test_shogi_boards(rows: object, cols: object) -> None:
    board = built_or_refused(lambda: ShogiBoard(rows, cols))  # type: ignore[arg-type]
    if board is not None:
        assert whole(board.rows) and whole(board.cols)


@fuzzed
@given(start=st.one_of(sfen_text, anything), goal=st.one_of(sfen_text, anything))
@example(start=None, goal=None)
def test_shogi_parse(start: object, goal: object) -> None:
    instance = built_or_refused(lambda: Shogi.parse(start, goal))  # type: ignore[arg-type]
    if instance is not None:
        pieces = Counter(instance.start) - Counter(EMPTY)
        assert pieces == Counter(instance.goal) - Counter(EMPTY)


@fuzzed
@given(start=st.one_of(exchange_text, anything), goal=st.one_of(exchange_text, anything))
@example(start=3, goal="...")
def test_exchange_parse(start: object, goal: object) -> None:
    instance = built_or_refused(lambda: Exchange.parse(start, goal))  # type: ignore[arg-type]
    if instance is not None:
        assert sorted(instance.start) == sorted(instance.goal)
        assert len(instance.start) == instance.board.size
