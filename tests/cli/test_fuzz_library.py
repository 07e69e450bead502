"""The library's verbs, driven with generated garbage: every puzzle package's ``solve``,
``build_model``, ``decode`` and ``validate``, and ``boardsat.solve``. Each returns, or refuses
with a BoardsatError of one line, or with a TypeError of one line that names the verb; never an
IndexError, KeyError, AttributeError or a bare TypeError from deep inside.

Each ``@example`` is an input that once broke its verb.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import boardsat
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Model
from boardsat.models import domination, exchange, flipit, shogi, tour
from boardsat.models.board import Board
from boardsat.models.tour.model import TourSpec
from tests.cli.garbage import garbage, python_values

EXAMPLES = 200
"""Generated inputs per test (each test also tries its ``@example`` inputs)."""
fuzzed = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
PACKAGES: dict[str, ModuleType] = {
    "domination": domination,
    "tour": tour,
    "exchange": exchange,
    "flipit": flipit,
    "shogi": shogi,
}
TINY = {
    "domination": domination.Domination(3, 3, "independent"),
    "tour": TourSpec(Board(3, 4), closed=False),
    "exchange": exchange.Exchange.parse("B../.../..W", "W../.../..B"),
    "flipit": flipit.FlipIt.parse(flipit.line_board(5), ".BBBB"),
    "shogi": shogi.seed_instance(),
}
"""An instance of each puzzle that every route answers at once, so that a generated call that
happens to be valid stays cheap."""
instances = st.sampled_from(list(TINY.values()))
anything = st.one_of(python_values, instances, st.builds(Model, st.text(max_size=5)))
names = st.sampled_from(["cpsat", "cadical195", "auto", "sat", "search", "bfs", "single", "race"])
numbers = st.one_of(
    st.integers(min_value=-(10**12), max_value=10**12), st.floats(allow_nan=True), st.none()
)
OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "time_limit": st.one_of(st.sampled_from([0, 0.2, 1]), numbers, garbage, st.booleans()),
    "backend": st.one_of(names, garbage),
    "route": st.one_of(names, garbage),
    "job": st.one_of(st.sampled_from(["find", "count", "list"]), garbage),
    "counter": st.one_of(st.sampled_from(["zdd", "enumerate"]), garbage),
    "circuit": garbage,
    "order": garbage,
    "split": garbage,
    "symmetry": st.booleans(),
    "bounds": st.booleans(),
    "verify": st.booleans(),
    "farthest": st.booleans(),
    "limit": st.integers(min_value=-3, max_value=10),
    "max_horizon": st.one_of(st.none(), st.integers(min_value=-3, max_value=60)),
    "seed": st.integers(min_value=-(2**40), max_value=2**40),
    "tiles": st.integers(min_value=-3, max_value=9),
    "timelimit": numbers,  # a misspelling
    "moves": numbers,  # no verb takes it
}
"""Options by name, each with values of its own kind: solve's refusals of a wrong value; a value
of the wrong type altogether (a dict for ``max_horizon``) is not held to the one-line rule yet."""


def refused_at_most(verb: str, call: Callable[[], object]) -> None:
    """The call returns, or refuses in one line: a BoardsatError, or a TypeError naming the verb."""
    try:
        call()
    except BoardsatError as error:
        assert str(error) and "\n" not in str(error), repr(error)
    except TypeError as error:
        assert str(error).startswith(f"{verb}") and "\n" not in str(error), repr(error)


@pytest.mark.parametrize("name", sorted(PACKAGES))
@fuzzed
@given(value=anything)
@example(value=None)
@example(value={"": 0})
@example(value=[("", 100)])
def test_validate_reads_any_placement_or_plan(name: str, value: object) -> None:
    package = PACKAGES[name]
    try:
        problems = package.validate(TINY[name], value)
    except TypeError as error:  # an answer of another puzzle, say
        assert str(error).startswith(f"{name}.validate") and "\n" not in str(error)
        return
    assert isinstance(problems, list) and all(isinstance(line, str) for line in problems)


@pytest.mark.parametrize("name", sorted(PACKAGES))
@fuzzed
@given(value=anything)
@example(value=None)
@example(value=(None, None))
def test_decode_takes_only_its_own_result_or_plan(name: str, value: object) -> None:
    refused_at_most(name, lambda: PACKAGES[name].decode(TINY[name], value))


@pytest.mark.parametrize("name", sorted(PACKAGES))
@fuzzed
@given(value=anything)
@example(value=None)
def test_build_model_takes_only_its_own_instance(name: str, value: object) -> None:
    refused_at_most(name, lambda: PACKAGES[name].build_model(value))


@pytest.mark.parametrize("name", sorted(PACKAGES))
@fuzzed
@given(value=anything)
@example(value=None)
def test_solve_takes_only_its_own_instance(name: str, value: object) -> None:
    refused_at_most(name, lambda: PACKAGES[name].solve(value, time_limit=0.5))


@pytest.mark.parametrize("name", sorted(PACKAGES))
@fuzzed
@given(
    options=st.lists(
        st.sampled_from(sorted(OPTIONS)).flatmap(
            lambda key: OPTIONS[key].map(lambda value: (key, value))
        ),
        max_size=3,
    ).map(dict)
)
@example(options={"time_limit": "find"})
def test_solve_refuses_a_bad_option_in_one_line(name: str, options: dict[str, Any]) -> None:
    options.setdefault("time_limit", 1)
    refused_at_most(name, lambda: PACKAGES[name].solve(TINY[name], **options))


@fuzzed
@given(model=anything, backend=st.one_of(names, garbage, python_values))
def test_boardsat_solve_takes_only_a_model_and_a_backend_name(
    model: object, backend: object
) -> None:
    refused_at_most("boardsat.solve", lambda: boardsat.solve(model, backend, time_limit=0.5))  # type: ignore[arg-type]
