"""Every puzzle package offers a research script the same small surface: ``solve``,
``build_model``, ``validate`` (the puzzle's own rules, a list of problems), and an answer with
``.to_json()`` and ``.svg()``. Each is exercised on a small instance through the package alone."""

from __future__ import annotations

import importlib
import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import boardsat.models
from boardsat.models.registry import PUZZLES

SURFACE = ("solve", "build_model", "validate")


def _domination(m: ModuleType) -> tuple[Any, list[str], list[str], Any]:
    answer = m.solve(5, 5, "independent")
    placement = sorted(answer.placement)
    broken = m.validate(5, 5, "independent", placement[1:])  # one knight short covers less
    return answer, m.validate(5, 5, "independent", placement), broken, m.build_model(5, 5)


def _tour(m: ModuleType) -> tuple[Any, list[str], list[str], Any]:
    spec = m.TourSpec(m.Board(6, 6), closed=True)
    answer = m.solve(m.TourRequest(spec))
    tour = answer.tour
    broken = m.validate(6, 6, [tour[1], tour[0], *tour[2:]], closed=True)
    return answer, m.validate(6, 6, tour, closed=True), broken, m.build_model(spec)


def _planning(instance: Callable[[ModuleType], Any]) -> Callable[..., Any]:
    def run(m: ModuleType) -> tuple[Any, list[str], list[str], Any]:
        chosen = instance(m)
        answer = m.solve(chosen)
        moves = list(answer.moves)
        broken = m.validate(chosen, moves[:-1])  # one move short of the goal
        return answer, m.validate(chosen, moves), broken, m.build_model(chosen)

    return run


RUNS: dict[str, Callable[[ModuleType], tuple[Any, list[str], list[str], Any]]] = {
    "domination": _domination,
    "tour": _tour,
    "exchange": _planning(lambda m: m.seed_instance()),
    "flipit": _planning(lambda m: m.FlipIt.parse(m.line_board(6), ".BBBBB")),
    "shogi": _planning(lambda m: m.seed_instance()),
}


def test_every_puzzle_package_is_exercised() -> None:
    assert sorted(RUNS) == sorted(PUZZLES)


def test_the_registry_names_every_puzzle_folder() -> None:
    """A folder with its own rules is a puzzle; one left out of the registry would go unchecked."""
    folders = Path(boardsat.models.__file__).parent
    with_rules = {rules.parent.name for rules in folders.glob("*/rules.py")}
    assert with_rules == set(PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_the_surface_works_through_the_package(puzzle: str) -> None:
    package = importlib.import_module(f"boardsat.models.{puzzle}")
    assert set(SURFACE) <= set(package.__all__)
    answer, problems, broken, model = RUNS[puzzle](package)
    assert problems == [] and broken, "the rules accept the answer and refuse a broken one"
    assert model is not None
    document = answer.to_json()
    assert json.loads(json.dumps(document)) == document
    assert ET.fromstring(answer.svg()).tag.endswith("svg")
