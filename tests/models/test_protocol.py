"""One answer protocol for research scripts: every puzzle package's ``solve`` answers with the
same fields (``boardsat.core.answer.Answer``), draws itself in a notebook, has a seed instance,
and refuses a mistyped keyword with the same line. Each check runs on every registered puzzle,
on the small instances of test_api.py."""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import boardsat
from boardsat.core.answer import Answer, json_seconds
from boardsat.core.keywords import keywords_of
from boardsat.core.results import Status
from boardsat.models.planning.solve import PlanRequest
from boardsat.models.registry import PLANNING_PUZZLES, PUZZLES
from tests.models.test_api import INSTANCES
from tests.test_readme import console_commands, same_shape

SCHEMAS = {"domination": "domination", "tour": "tour"}  # the planning puzzles share "planning"
MEASURE = {"domination": lambda answer: answer.knights}  # a planning answer's: its moves


def package(puzzle: str) -> Any:
    return importlib.import_module(f"boardsat.models.{puzzle}")


def solved(puzzle: str) -> tuple[Any, Any]:
    found = package(puzzle)
    return found, found.solve(INSTANCES[puzzle](found))


def schema(puzzle: str) -> dict[str, Any]:
    name = SCHEMAS.get(puzzle, "planning")
    text = resources.files("boardsat").joinpath(f"schemas/{name}.json").read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_every_answer_has_the_protocol_s_fields_and_its_json_says_the_same(puzzle: str) -> None:
    _, answer = solved(puzzle)
    assert isinstance(answer, Answer)
    assert isinstance(answer.status, Status) and isinstance(answer.proven_optimal, bool)
    assert answer.lower_bound is None or isinstance(answer.lower_bound, int)
    assert answer.seconds >= 0
    document = answer.to_json()
    Draft202012Validator(schema(puzzle)).validate(document)
    assert document["status"] == answer.status.value
    assert document["proven_optimal"] is answer.proven_optimal
    assert document["lower_bound"] == answer.lower_bound
    assert document["seconds"] == json_seconds(answer.seconds)


@pytest.mark.parametrize("puzzle", [*MEASURE, *PLANNING_PUZZLES])
def test_a_proven_optimum_is_its_own_lower_bound(puzzle: str) -> None:
    _, answer = solved(puzzle)
    measure = MEASURE.get(puzzle, lambda answer: len(answer.moves))(answer)
    assert answer.status is Status.OPTIMAL and answer.proven_optimal
    assert answer.lower_bound == measure


def test_a_tour_measures_nothing_and_a_count_bounds_the_tours() -> None:
    from boardsat.models import tour

    found = tour.solve(tour.seed_instance())
    assert (found.proven_optimal, found.lower_bound) == (False, None)
    counted = tour.solve(tour.seed_instance(), job="count")
    assert isinstance(counted, Answer) and counted.exact
    assert counted.lower_bound == counted.count and not counted.proven_optimal
    Draft202012Validator(schema("tour")).validate(counted.to_json())


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_every_answer_draws_in_a_notebook(puzzle: str) -> None:
    _, answer = solved(puzzle)
    drawn = answer._repr_svg_()
    assert drawn == answer.svg() and ET.fromstring(drawn).tag.endswith("svg")
    assert answer.png().startswith(b"\x89PNG")


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_every_package_has_its_seed_instance(puzzle: str) -> None:
    found = package(puzzle)
    assert "seed_instance" in found.__all__
    assert type(found.seed_instance()) is type(INSTANCES[puzzle](found))


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_the_json_seconds_are_rounded_alike_in_every_puzzle(puzzle: str) -> None:
    _, answer = solved(puzzle)
    if puzzle in PLANNING_PUZZLES:
        outcome = answer.outcome
        horizons = tuple(dataclasses.replace(r, seconds=1.23456789) for r in outcome.horizons)
        outcome = dataclasses.replace(outcome, seconds=1.23456789, horizons=horizons)
        document = dataclasses.replace(answer, outcome=outcome).to_json()
        assert all(horizon["seconds"] == 1.235 for horizon in document["horizons"])
    else:
        document = dataclasses.replace(answer, seconds=1.23456789).to_json()
    assert document["seconds"] == 1.235


@pytest.mark.parametrize("puzzle", PLANNING_PUZZLES)
def test_a_planning_answer_s_seconds_count_its_bfs_checks_too(puzzle: str) -> None:
    found = package(puzzle)
    answer = found.solve(INSTANCES[puzzle](found), verify=True, farthest=True)
    assert answer.oracle.finished and answer.farthest.positions
    assert answer.seconds > answer.outcome.seconds
    assert answer.to_json()["seconds"] == json_seconds(answer.seconds)


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_a_mistyped_keyword_gets_the_same_line_in_every_package(puzzle: str) -> None:
    found = package(puzzle)
    line = rf"^{puzzle}\.solve takes no option timelimit \(did you mean time_limit\?\); it takes "
    with pytest.raises(boardsat.BoardsatError, match=line) as refused:
        found.solve(INSTANCES[puzzle](found), timelimit=1)
    assert "\n" not in str(refused.value)


def test_domination_refuses_a_typo_even_where_backend_options_pass() -> None:
    """On the single route a backend's own options pass through; a misspelt keyword of the
    verb's own does not pass for one, and a backend option elsewhere names the route it needs."""
    from boardsat.models import domination

    board = domination.Domination(5, 5)
    with pytest.raises(boardsat.BoardsatError, match=r"did you mean time_limit\?"):
        domination.solve(board, route="single", timelimit=1)
    with pytest.raises(boardsat.BoardsatError, match=r"takes no option workers; .*route='single'"):
        domination.solve(board, workers=1)
    assert domination.solve(board, route="single", workers=1).proven_optimal
    with pytest.raises(boardsat.BoardsatError, match=r"^backend 'cpsat' takes no option bogus;"):
        domination.solve(board, route="single", bogus=1)


@pytest.mark.parametrize("puzzle", PLANNING_PUZZLES)
def test_a_planning_package_s_shortest_plan_refuses_a_typo_too(puzzle: str) -> None:
    found = package(puzzle)
    with pytest.raises(boardsat.BoardsatError, match=rf"^{puzzle}\.shortest_plan takes no option"):
        found.shortest_plan(INSTANCES[puzzle](found), max_horizn=3)


@pytest.mark.parametrize("puzzle", PLANNING_PUZZLES)
def test_the_planning_solve_docstring_lists_every_option(puzzle: str) -> None:
    listed = set(re.findall(r"``(\w+)``", package(puzzle).solve.__doc__ or ""))
    assert set(keywords_of(PlanRequest, ("puzzle", "cap"))) <= listed


@pytest.mark.parametrize("puzzle", PLANNING_PUZZLES)
def test_the_raw_planning_path_proves_what_solve_proves(puzzle: str) -> None:
    """The task searched horizon by horizon on a named backend, from 0: the same optimum."""
    found = package(puzzle)
    instance = INSTANCES[puzzle](found)
    answer = found.solve(instance)
    outcome = found.find_plan(found.build_model(instance), "cadical195", max_horizon=30)
    assert outcome.proven_optimal and len(outcome.plan) == answer.lower_bound
    assert found.validate(instance, found.decode(instance, outcome.plan)) == []


@pytest.mark.parametrize("verb", ["solve", "enumerate_solutions", "open_session"])
def test_the_front_door_names_the_planning_call_for_a_planning_task(verb: str) -> None:
    from boardsat.models import exchange

    task = exchange.build_model(exchange.seed_instance())
    with pytest.raises(boardsat.BoardsatError, match=r"not a planning task: .*find_plan\(task"):
        getattr(boardsat, verb)(task, "cadical195")
    with pytest.raises(TypeError, match=r"takes a boardsat\.Model, not str"):
        getattr(boardsat, verb)("a model", "cadical195")


ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "protocol.md"
SCRIPT = ROOT / "examples" / "answer_protocol.py"


def fenced(text: str, kind: str) -> list[str]:
    """The page's fenced blocks of one kind, each as its text."""
    return re.findall(rf"^```{kind}\n(.*?)^```$", text, flags=re.DOTALL | re.MULTILINE)


def test_the_protocol_page_shows_the_script_and_the_refusal_as_they_are() -> None:
    page = PAGE.read_text("utf-8")
    body = SCRIPT.read_text("utf-8").split('"""', 2)[2].lstrip("\n")
    assert fenced(page, "python")[-1] == body
    refusal = next(block for block in fenced(page, "python") if "BoardsatError" in block)
    call, *said = refusal.splitlines()
    from boardsat.models import exchange

    with pytest.raises(boardsat.BoardsatError) as refused:
        eval(call, {"exchange": exchange})  # the page's own line, run
    shown = " ".join(line.removeprefix("# ") for line in said)
    assert shown == f"BoardsatError: {refused.value}"


@pytest.mark.slow
def test_the_protocol_page_shows_what_the_script_prints() -> None:
    ((command, shown, _),) = console_commands(PAGE.read_text("utf-8"))
    assert command == f"python examples/{SCRIPT.name}"
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert same_shape(shown, done.stdout.splitlines()), done.stdout
