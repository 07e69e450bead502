"""Every parser of user input, driven with generated garbage: it returns a value or refuses with
one BoardsatError of one line, never another exception, and never spends memory on a size it
refuses.

Each ``@example`` is an input that once broke its parser.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from boardsat.core.backends import backend_problem
from boardsat.core.deadline import time_limit_problem
from boardsat.core.errors import BoardsatError
from boardsat.core.memory import parse_memory_size
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.board import Board
from boardsat.models.exchange.instance import Exchange, parse_position
from boardsat.models.flipit.instance import STAR, FlipIt, board_named, line_board
from boardsat.models.flipit.instance import parse_position as parse_flipit
from boardsat.models.instance_file import InstanceFileError, read_instance
from boardsat.models.shogi.instance import Shogi, parse_sfen
from tests.cli.garbage import (
    exchange_text,
    flipit_text,
    garbage,
    memory_text,
    sfen_text,
    square_text,
)

T = TypeVar("T")
EXAMPLES = 300
"""Generated inputs per parser test (each test also tries its ``@example`` inputs)."""
fuzzed = settings(max_examples=EXAMPLES, deadline=None)


def parsed_or_refused(parse: Callable[[], T]) -> T | None:
    """The parsed value, or None after a refusal of one line."""
    try:
        return parse()
    except BoardsatError as error:
        assert str(error) and "\n" not in str(error)
        return None


@fuzzed
@given(exchange_text)
@example("XYZ/...")
@example("N" * 5000)
def test_exchange_board_text(text: str) -> None:
    found = parsed_or_refused(lambda: parse_position(text))
    if found is not None:
        board, position = found
        assert len(position) == board.size


@fuzzed
@given(exchange_text, exchange_text)
def test_exchange_start_and_goal(start: str, goal: str) -> None:
    exchange = parsed_or_refused(lambda: Exchange.parse(start, goal))
    if exchange is not None:
        assert sorted(exchange.start) == sorted(exchange.goal)


@fuzzed
@given(garbage)
@example("line:99999999999999999999")
@example("line:٣")
def test_flipit_board_names(name: str) -> None:
    board = parsed_or_refused(lambda: board_named(name))
    if board is not None:
        assert board.cells >= 2


@fuzzed
@given(st.integers(min_value=2, max_value=12), flipit_text, st.none() | flipit_text)
def test_flipit_positions(cells: int, start: str, goal: str | None) -> None:
    for board in (STAR, line_board(cells)):
        position = parsed_or_refused(lambda: parse_flipit(board, start, "start"))  # noqa: B023
        assert position is None or len(position) == board.cells
        instance = parsed_or_refused(lambda: FlipIt.parse(board, start, goal))  # noqa: B023
        if instance is not None:
            assert len(instance.start) == board.cells


@fuzzed
@given(sfen_text)
@example("999999999999/9")
@example("٣")
@example("K" + "9" * 40)
def test_sfen(text: str) -> None:
    found = parsed_or_refused(lambda: parse_sfen(text, "start"))
    if found is not None:
        board, position = found
        assert len(position) == board.rows * board.cols <= 81


@fuzzed
@given(sfen_text, sfen_text)
def test_shogi_start_and_goal(start: str, goal: str) -> None:
    parsed_or_refused(lambda: Shogi.parse(start, goal))


@fuzzed
@given(st.integers(min_value=1, max_value=30), st.integers(min_value=1, max_value=30), square_text)
@example(3, 3, "999999999999999999999999,1")
@example(5, 5, "a\u0663")
def test_squares(rows: int, cols: int, text: str) -> None:
    board = Board(rows, cols)
    square = parsed_or_refused(lambda: board.parse(text))
    if square is not None:
        assert board.contains(square)


@fuzzed
@given(
    st.integers(min_value=-(10**12), max_value=10**12),
    st.integers(min_value=-(10**12), max_value=10**12),
)
def test_board_sizes(rows: int, cols: int) -> None:
    board = parsed_or_refused(lambda: Board(rows, cols))
    if board is not None:
        assert board.size <= 250_000


@fuzzed
@given(memory_text)
@example("9" * 400)
@example("9223372036854775296")
def test_memory_sizes(text: str) -> None:
    size = parsed_or_refused(lambda: parse_memory_size(text))
    if size is not None:
        assert size >= 256 * 2**20


@fuzzed
@given(st.floats(allow_nan=True, allow_infinity=True))
def test_time_limits(seconds: float) -> None:
    problem = time_limit_problem(seconds)
    assert (problem is None) == (0 <= seconds <= 1e6 and not math.isnan(seconds))


@fuzzed
@given(garbage)
def test_strengthenings_and_backends(text: str) -> None:
    parsed_or_refused(lambda: Strengthenings.parse(text))
    problem = backend_problem(text)
    assert problem is None or "\n" not in problem


toml_values = st.one_of(
    garbage.map(lambda text: repr(text).replace("\\x", "\\u00")),  # TOML escapes are \u
    st.integers(min_value=-(10**20), max_value=10**20).map(str),
    st.sampled_from(
        ["true", "nan", "inf", "[]", "[1, [2]]", "{}", "[[0, 1], [1, 2]]", "1979-05-27"]
    ),
)
toml_keys = st.sampled_from(
    [
        "kind",
        "rows",
        "cols",
        "variant",
        "start",
        "goal",
        "board",
        "cells",
        "lines",
        "open",
        "end",
        "job",
        "limit",
        "description",
        "solve.backend",
        "solve.time_limit",
        "solve.max_horizon",
        "solve.strengthen",
        "solve.route",
        "solve",
        "x",
    ]
)
kinds = st.sampled_from(["domination", "tour", "exchange", "flipit", "shogi", "chess", ""])
toml_text = st.one_of(
    garbage,
    st.builds(
        lambda kind, pairs: (
            f'kind = "{kind}"\n' + "".join(f"{key} = {value}\n" for key, value in pairs)
        ),
        kinds,
        st.lists(st.tuples(toml_keys, toml_values), max_size=6),
    ),
)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(toml_text)
@example('kind = "flipit"\ncells = 99999999999999999999\nlines = []\n')
@example('kind = "shogi"\nstart = "999999999999/9"\ngoal = "9"\n')
def test_instance_files(tmp_path: Path, text: str) -> None:
    """A file's mistakes are one line that starts with the file's name."""
    path = tmp_path / "instance.toml"
    path.write_text(text, encoding="utf-8")
    try:
        read_instance(str(path))
    except InstanceFileError as error:
        assert str(error).startswith(f"{path}: ") and "\n" not in str(error)


@pytest.mark.parametrize("data", [b"\xff\xfe kind", b'kind = "tour"\x00'])
def test_instance_files_that_are_not_text(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "instance.toml"
    path.write_bytes(data)
    with pytest.raises(
        InstanceFileError, match=rf"^{re.escape(str(path))}: (line 1, column \d+: )?not"
    ):
        read_instance(str(path))
