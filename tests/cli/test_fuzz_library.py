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
from boardsat.encoders.horizon_encoding import Strengthenings
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
wrong_type = python_values.filter(
    lambda value: isinstance(value, bool) or not isinstance(value, int)
)
"""A value of any type but a whole number (True and False among them), which could be a large
board's knights or horizons."""
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
    "strengthenings": st.just(Strengthenings()),
    "timelimit": numbers,  # a misspelling
    "moves": numbers,  # no verb takes it
}
"""Options by name, each with values of its own kind (solve's refusals of a wrong value) or of
any type but a whole number (a dict for ``max_horizon``, text for ``seed``)."""
OPTIONS = {key: st.one_of(values, wrong_type) for key, values in OPTIONS.items()}


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
@example(options={"max_horizon": {}})
@example(options={"seed": "1"})
@example(options={"tiles": 1.5})
@example(options={"strengthenings": True})
@example(options={"backend": {}})
def test_solve_refuses_a_bad_option_in_one_line(name: str, options: dict[str, Any]) -> None:
    options.setdefault("time_limit", 1)
    refused_at_most(name, lambda: PACKAGES[name].solve(TINY[name], **options))


WRONG_TYPES = [
    ("exchange", "max_horizon", "12", "a whole number or None"),
    ("flipit", "max_horizon", {"moves": 3}, "a whole number or None"),
    ("shogi", "max_horizon", 3.0, "a whole number or None"),
    ("domination", "seed", "7", "a whole number"),
    ("domination", "seed", {"seed": 7}, "a whole number"),
    ("domination", "tiles", 2.0, "a whole number"),
    ("domination", "backend", {}, "text"),
    ("tour", "limit", "3", "a whole number or None"),
    ("tour", "job", "nonsense", "one of 'find', 'count', 'list'"),
    ("exchange", "strengthenings", True, "a Strengthenings"),
    ("flipit", "verify", 1, "True or False"),
]


@pytest.mark.parametrize(("name", "option", "value", "kind"), WRONG_TYPES)
def test_solve_refuses_an_option_of_the_wrong_type_in_one_line(
    name: str, option: str, value: object, kind: str
) -> None:
    """Refused before anything runs, naming the option, the type it takes and the value given
    (they failed deep inside, or ran: a tour's unknown job listed tours)."""
    with pytest.raises(TypeError) as refused:
        PACKAGES[name].solve(TINY[name], time_limit=5, **{option: value})
    message = str(refused.value)
    assert message.startswith(f"{name}.solve takes {kind} as its {option}, not ")
    assert type(value).__name__ in message and "\n" not in message


@pytest.mark.parametrize("route", ["auto", "sat"])
def test_exchange_strengthenings_of_the_wrong_type_reach_no_planner(route: str) -> None:
    """``strengthenings=True`` crashed the SAT planner (in the auto route, in its racer's child,
    with a traceback) or went unused when A* answered first; it is refused before either runs."""
    with pytest.raises(TypeError, match=r"^exchange\.solve takes a Strengthenings as its "):
        exchange.solve(exchange.seed_instance(), strengthenings=True, route=route)


@fuzzed
@given(model=anything, backend=st.one_of(names, garbage, python_values))
def test_boardsat_solve_takes_only_a_model_and_a_backend_name(
    model: object, backend: object
) -> None:
    refused_at_most("boardsat.solve", lambda: boardsat.solve(model, backend, time_limit=0.5))  # type: ignore[arg-type]
