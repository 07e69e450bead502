"""Tour routing as data: ``auto`` takes the quadrant split exactly where the routes table says,
on the backend the table records, and the route it takes returns a tour the rules accept."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.backends import CPSAT
from boardsat.core.errors import BoardsatError
from boardsat.models.board import Board
from boardsat.models.tour.answer import TourAnswer
from boardsat.models.tour.model import TourSpec
from boardsat.models.tour.routes import (
    QUADRANTS,
    ROUTES,
    SOLVERS,
    SPLIT_FROM,
    WHOLE,
    Job,
    check_route,
    solver_for,
)
from boardsat.models.tour.rules import validate_tour
from boardsat.models.tour.solve import TourRequest, solve_request
from boardsat.models.tour.split import check_splittable
from tests.tour.test_cli import run

sides = st.integers(min_value=3, max_value=3 * SPLIT_FROM)
jobs: st.SearchStrategy[Job] = st.sampled_from(["find", "count", "list"])


def _splittable(rows: int, cols: int) -> bool:
    try:
        check_splittable(rows, cols)
    except BoardsatError:
        return False
    return True


@settings(max_examples=400, deadline=None)
@given(rows=sides, cols=sides, closed=st.booleans(), fixed=st.booleans(), job=jobs)
def test_auto_splits_exactly_the_closed_unfixed_even_boards_from_the_threshold(
    rows: int, cols: int, closed: bool, fixed: bool, job: Job
) -> None:
    spec = TourSpec(Board(rows, cols), closed, (0, 0) if fixed else None)
    request = TourRequest(spec, job=job, counter="enumerate")
    wanted = (job == "find" and closed and not fixed and rows % 2 == cols % 2 == 0) and min(
        rows, cols
    ) >= SPLIT_FROM
    assert request.taken_route == (QUADRANTS if wanted else WHOLE)
    # auto never takes a route that would refuse the request
    check_route(request.taken_route, spec, job)
    if job == "find" and closed and not fixed:
        assert _splittable(rows, cols) or request.taken_route == WHOLE


@settings(max_examples=200, deadline=None)
@given(rows=sides, cols=sides)
def test_the_backend_is_the_tables_unless_one_is_named(rows: int, cols: int) -> None:
    spec = TourSpec(Board(rows, cols), closed=False)
    chosen = TourRequest(spec).solver
    steps = SOLVERS[WHOLE]
    first_fitting = next(s for up_to, s in steps if up_to is None or rows * cols <= up_to)
    assert chosen == first_fitting == solver_for(WHOLE, rows * cols)
    named = TourRequest(spec, backend="glucose4", circuit="ordering").solver
    assert (named.backend, named.options) == ("glucose4", {"circuit": "ordering"})


@pytest.mark.parametrize("side", [8, 61])
def test_an_encoding_alone_goes_to_the_route_s_sat_backend(side: int) -> None:
    """``tour 8 --encoding lazy`` needs no --backend where the route runs on a SAT solver; where
    it runs on CP-SAT (61x61), the refusal says so and asks for a SAT backend."""
    spec = TourSpec(Board(side, side), closed=False)
    taken = solver_for(WHOLE, side * side)
    if taken.backend == CPSAT:
        with pytest.raises(BoardsatError, match=r"runs on cpsat .* name a SAT backend"):
            TourRequest(spec, circuit="ordering")
        return
    chosen = TourRequest(spec, circuit="ordering").solver
    assert (chosen.backend, chosen.options) == (taken.backend, {"circuit": "ordering"})


def test_tour_8_takes_an_encoding_without_a_backend(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "tour", "8", "--encoding", "ordering", "--json")
    document = json.loads(out)
    assert code == 0 and err == "" and document["status"] == "SATISFIABLE"
    assert "circuit=ordering" in document["encoding"]


@pytest.mark.parametrize(
    ("rows", "cols", "closed"),
    [
        (SPLIT_FROM - 2, SPLIT_FROM - 2, True),
        (SPLIT_FROM, SPLIT_FROM, True),
        (SPLIT_FROM, SPLIT_FROM + 6, True),
        (SPLIT_FROM + 1, SPLIT_FROM + 2, True),
        (SPLIT_FROM, SPLIT_FROM, False),
    ],
)
def test_the_route_taken_returns_a_valid_tour(rows: int, cols: int, closed: bool) -> None:
    request = TourRequest(TourSpec(Board(rows, cols), closed))
    answer = solve_request(request)
    assert isinstance(answer, TourAnswer) and answer.found
    assert answer.route == request.taken_route
    assert answer.backend == request.solver.backend
    assert validate_tour(rows, cols, answer.tour, closed=closed) == []


@pytest.mark.parametrize("route", [WHOLE, QUADRANTS])
def test_each_named_route_is_taken_and_named_in_json(
    capsys: pytest.CaptureFixture[str], route: str
) -> None:
    code, out, _ = run(capsys, "tour", "12", "16", "--route", route, "--json")
    document = json.loads(out)
    assert code == 0 and document["route"] == route
    tour = [tuple(square) for square in document["tour"]]
    assert validate_tour(12, 16, tour, closed=True) == []


def test_auto_names_the_route_it_took_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    spec = TourSpec(Board(SPLIT_FROM, SPLIT_FROM), closed=True)
    code, out, _ = run(capsys, "tour", str(SPLIT_FROM))
    taken = TourRequest(spec).taken_route
    assert code == 0 and f"{taken} route on " in out.splitlines()[0]


def test_every_route_but_auto_has_a_backend_table() -> None:
    assert set(SOLVERS) == set(ROUTES) - {"auto"}
    for steps in SOLVERS.values():
        assert steps[-1][0] is None  # every board size has a backend
