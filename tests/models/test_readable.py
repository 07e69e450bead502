"""Every answer reads as one line and shows its text in a notebook: ``str(answer)`` is its
``summary()``, the one name for that line on every puzzle, and IPython shows its ``text()``
where there is no picture, never a dataclass repr of a thousand characters."""

from __future__ import annotations

import importlib
import json
from importlib import resources
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from boardsat.core.answer import Answer, Readable
from boardsat.core.results import Status
from boardsat.models import domination, exchange, tour
from boardsat.models.registry import PUZZLES
from boardsat.models.tour.published import SEED_COUNTS
from tests.models.test_api import INSTANCES


class Printer:
    """What IPython hands ``_repr_pretty_``: a printer that is given text."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def text(self, text: str) -> None:
        self.parts.append(text)


def notebook_text(value: object) -> str:
    """The text/plain IPython shows for ``value``, by IPython.lib.pretty's rule: the first class
    along the MRO with its own ``_repr_pretty_`` or its own ``__repr__`` decides, so a base
    class's ``_repr_pretty_`` loses to a dataclass's generated repr (IPython 9.19 does so)."""
    for kind in type(value).__mro__:
        if "_repr_pretty_" in vars(kind):
            printer = Printer()
            kind._repr_pretty_(value, printer, False)  # type: ignore[attr-defined]
            return "".join(printer.parts)
        if "__repr__" in vars(kind):
            return repr(value)
    return repr(value)


def answers() -> list[tuple[str, Any]]:
    """An answer of every puzzle, and the counts of tours and of minimum placements."""
    found = []
    for puzzle in PUZZLES:
        package = importlib.import_module(f"boardsat.models.{puzzle}")
        found.append((puzzle, package.solve(INSTANCES[puzzle](package))))
    found.append(("tour count", tour.solve(tour.seed_instance(), job="count")))
    found.append(("tour list", tour.solve(tour.seed_instance(), job="list", limit=3)))
    found.append(
        (
            "placement count",
            domination.count_minimum_placements(domination.Domination(4, 4, "dominating")),
        )
    )
    return found  # fmt: skip


ANSWERS = answers()


@pytest.mark.parametrize(("name", "answer"), ANSWERS, ids=[name for name, _ in ANSWERS])
def test_str_is_the_one_summary_line(name: str, answer: Any) -> None:
    """``str(answer)`` was the dataclass repr; tours and plans had no one-line name at all."""
    assert isinstance(answer, Readable)
    line = str(answer)
    assert line == answer.summary() and "\n" not in line
    assert not line.startswith(type(answer).__name__)  # no field dump
    assert len(line) < 300


@pytest.mark.parametrize(("name", "answer"), ANSWERS, ids=[name for name, _ in ANSWERS])
def test_a_repr_names_the_class_and_the_summary(name: str, answer: Any) -> None:
    assert repr(answer) == f"<{type(answer).__name__}: {answer.summary()}>"


@pytest.mark.parametrize(("name", "answer"), ANSWERS, ids=[name for name, _ in ANSWERS])
def test_a_notebook_shows_the_answer_s_text(name: str, answer: Any) -> None:
    assert notebook_text(answer) == answer.text()


def test_an_answer_with_nothing_to_draw_shows_its_text_in_a_notebook() -> None:
    """It showed a 1,706-character dataclass repr: the SVG form is missing, so IPython falls back
    to text/plain, which is the answer's text."""
    nothing = domination.solve(domination.Domination(8, 8), time_limit=0)
    assert not nothing.drawable and nothing._repr_svg_() is None
    shown = notebook_text(nothing)
    assert shown == nothing.summary() and "UNKNOWN" in shown
    unplanned = exchange.solve(exchange.seed_instance(), time_limit=0)
    assert unplanned._repr_svg_() is None and notebook_text(unplanned) == unplanned.text()


@pytest.mark.parametrize(("name", "answer"), ANSWERS, ids=[name for name, _ in ANSWERS])
def test_the_readable_line_has_one_name(name: str, answer: Any) -> None:
    """``.summary`` on domination, ``.lines`` on tours and plans: now ``summary()`` on all, and
    ``text()`` for the whole of what the command prints."""
    assert not hasattr(answer, "lines")
    assert callable(answer.summary) and callable(answer.text)


def test_a_count_of_minimum_placements_keeps_the_answer_protocol() -> None:
    """It had no status, proven flag or bound."""
    counted = dict(ANSWERS)["placement count"]
    assert isinstance(counted, Answer) and counted.complete
    assert counted.status is Status.SATISFIABLE and counted.proven_optimal is False
    assert counted.lower_bound == counted.count
    document = counted.to_json()
    assert document["status"] == "SATISFIABLE" and document["lower_bound"] == counted.count
    schema = resources.files("boardsat").joinpath("schemas/domination.json").read_text("utf-8")
    Draft202012Validator(json.loads(schema)).validate(document)


def test_an_unfinished_count_of_placements_is_unknown_and_bounds_the_count() -> None:
    counted = domination.count_minimum_placements(
        domination.Domination(6, 6, "dominating"), counter="enumerate", backend="cpsat"
    )
    stopped = type(counted)(
        counted.instance, counted.knights, counted.representatives[:1], False, 1.0
    )
    assert stopped.status is Status.UNKNOWN and stopped.lower_bound == stopped.count
    assert "INCOMPLETE" in str(stopped)


def test_the_tour_seed_instance_says_its_figure_needs_a_count() -> None:
    """The seed's 304 is a count: the instance says which tours, the job what to do with them."""
    assert 'job="count"' in (tour.seed_instance.__doc__ or "")
    counted = tour.solve(tour.seed_instance(), job="count")
    assert counted.exact and counted.count == SEED_COUNTS[(5, 5)]
