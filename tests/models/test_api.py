"""Every puzzle package offers a research script the same verbs, each taking the puzzle's instance
value first: ``solve``, ``build_model``, ``decode`` and ``validate`` (the puzzle's
own rules, a list of problems), and an answer with ``.to_json()`` and ``.svg()``. Each is
exercised on a small instance through the package alone."""

from __future__ import annotations

import dataclasses
import importlib
import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import boardsat
import boardsat.models
from boardsat.models.registry import PLANNING_PUZZLES, PUZZLES

SURFACE = ("solve", "build_model", "decode", "validate")

INSTANCES: dict[str, Callable[[ModuleType], Any]] = {
    "domination": lambda m: m.Domination(5, 5, "independent"),
    "tour": lambda m: m.TourSpec(m.Board(6, 6), closed=True),
    "exchange": lambda m: m.seed_instance(),
    "flipit": lambda m: m.FlipIt.parse(m.line_board(6), ".BBBBB"),
    "shogi": lambda m: m.seed_instance(),
}
"""A small instance of each puzzle, built through its package alone."""

BROKEN: dict[str, Callable[[Any], Any]] = {
    "domination": lambda answer: sorted(answer.placement)[1:],  # one knight short covers less
    "tour": lambda answer: [answer.tour[1], answer.tour[0], *answer.tour[2:]],
    "exchange": lambda answer: answer.moves[:-1],  # one move short of the goal
    "flipit": lambda answer: answer.moves[:-1],
    "shogi": lambda answer: answer.moves[:-1],
}
"""How to break each puzzle's answer, so that its rules must refuse it."""


def test_every_puzzle_package_is_exercised() -> None:
    assert sorted(INSTANCES) == sorted(BROKEN) == sorted(PUZZLES)


def test_the_registry_names_every_puzzle_folder() -> None:
    """A folder with its own rules is a puzzle; one left out of the registry would go unchecked."""
    folders = Path(boardsat.models.__file__).parent
    with_rules = {rules.parent.name for rules in folders.glob("*/rules.py")}
    assert with_rules == set(PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_the_same_verbs_solve_and_check_every_puzzle(puzzle: str) -> None:
    package = importlib.import_module(f"boardsat.models.{puzzle}")
    assert set(SURFACE) <= set(package.__all__)
    instance = INSTANCES[puzzle](package)
    answer = package.solve(instance)
    assert package.validate(instance, answer) == [], "the rules accept the answer"
    assert package.validate(instance, BROKEN[puzzle](answer)), "and refuse a broken one"
    assert package.build_model(instance) is not None
    document = answer.to_json()
    assert json.loads(json.dumps(document)) == document
    assert ET.fromstring(answer.svg()).tag.endswith("svg")


@pytest.mark.parametrize("puzzle", ["domination", "tour"])
def test_the_raw_path_decodes_to_what_the_rules_accept(puzzle: str) -> None:
    """``boardsat.solve`` on the package's model, decoded by the package: a valid answer."""
    package = importlib.import_module(f"boardsat.models.{puzzle}")
    instance = INSTANCES[puzzle](package)
    result = boardsat.solve(package.build_model(instance).model, "cpsat")
    assert package.validate(instance, package.decode(instance, result)) == []


@pytest.mark.parametrize("puzzle", PLANNING_PUZZLES)
def test_a_planning_package_decodes_the_task_s_actions_into_its_moves(puzzle: str) -> None:
    package = importlib.import_module(f"boardsat.models.{puzzle}")
    instance = INSTANCES[puzzle](package)
    answer = package.shortest_plan(instance, route="sat")
    moves = package.decode(instance, answer.outcome.plan)
    assert moves == list(answer.moves) and package.validate(instance, moves) == []


def test_a_tour_listing_is_validated_tour_by_tour() -> None:
    from boardsat.models import tour

    spec = tour.TourSpec(tour.Board(5, 5), closed=False, start=(0, 0))
    listing = tour.solve(spec, job="list", limit=3)
    assert listing.tours and tour.validate(spec, listing) == []
    first = listing.tours[0]
    broken = dataclasses.replace(listing, tours=(first[::-1], *listing.tours[1:]))
    assert tour.validate(spec, broken), "a listed tour reversed starts off the asked square"


@pytest.mark.parametrize(("rows", "cols", "variant"), [(0, 3, "total"), (3, 3, "perfect")])
def test_a_domination_instance_refuses_what_no_board_or_variant_is(
    rows: int, cols: int, variant: str
) -> None:
    from boardsat.models.domination import Domination

    with pytest.raises(boardsat.BoardsatError):
        Domination(rows, cols, variant)
