"""Knight's tours: seed figures, a plain DFS counter, Schwenk's theorem, and the rules' validator.

The DFS counter (tour_oracle.py) and the Schwenk oracle below are written from the rules alone and
share no code with the model builder.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS
from boardsat.models.board import Board
from boardsat.models.tour.answer import numbered_board
from boardsat.models.tour.dfs_count import dfs_count
from boardsat.models.tour.model import TourModel, TourSpec, build_tour_model
from boardsat.models.tour.published import SEED_COUNTS
from boardsat.models.tour.rules import validate_tour
from boardsat.models.tour.seed import seed_check
from boardsat.models.tour.solve import (
    count_by_enumeration,
    find_closed_by_quadrants,
    find_tour,
)
from boardsat.models.tour.zdd import count_by_zdd
from boardsat.solving.solve import enumerate_solutions, solve

# the module, for monkeypatching: the package's own `solve` is the function
tour_solve = importlib.import_module("boardsat.models.tour.solve")

SAT_BACKEND = "cadical195"
ENCODINGS = list(CIRCUIT_ENCODINGS)


# -- oracles -------------------------------------------------------------------------------------
def schwenk_has_closed_tour(rows: int, cols: int) -> bool:
    """Schwenk (1991): an m x n board (m <= n) has a closed tour unless one of three cases holds."""
    m, n = sorted((rows, cols))
    return not ((m % 2 == 1 and n % 2 == 1) or m in (1, 2, 4) or (m == 3 and n in (4, 6, 8)))


# -- seed figures ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("shape", "count"), SEED_COUNTS.items())
def test_seed_corner_counts_by_zdd(shape: tuple[int, int], count: int) -> None:
    assert count_by_zdd(TourSpec(Board(*shape), closed=False, start=(0, 0))).count == count


@pytest.mark.parametrize("shape", [(4, 4), (4, 5), (5, 5)])
def test_seed_corner_counts_by_cpsat_enumeration(shape: tuple[int, int]) -> None:
    counted = count_by_enumeration(TourSpec(Board(*shape), closed=False, start=(0, 0)), "cpsat")
    assert counted.exact and counted.count == SEED_COUNTS[shape]
    assert len(set(counted.tours)) == counted.count


@pytest.mark.parametrize("shape", SEED_COUNTS)
def test_seed_corner_counts_by_sat_enumeration(shape: tuple[int, int]) -> None:
    spec = TourSpec(Board(*shape), closed=False, start=(0, 0))
    counted = count_by_enumeration(spec, SAT_BACKEND, circuit="vertex-elimination")
    assert counted.exact and counted.count == SEED_COUNTS[shape] == len(set(counted.tours))


def test_seed_three_by_four_has_the_articles_two_corner_tours() -> None:
    spec = TourSpec(Board(4, 3), closed=False, start=(0, 0))
    assert count_by_enumeration(spec, SAT_BACKEND).count == dfs_count(4, 3, False, (0, 0)) == 2


def test_seed_check_is_verified() -> None:
    outcome = seed_check()
    assert outcome.verified and "304" in outcome.answer


# -- counts against the DFS oracle ---------------------------------------------------------------
SMALL = [(3, 4, False, None), (3, 4, False, (1, 1)), (4, 4, False, None), (3, 5, False, None)]
SMALL += [(3, 10, True, None), (3, 7, False, (0, 0)), (4, 5, False, (0, 2))]


@pytest.mark.parametrize(("rows", "cols", "closed", "start"), SMALL)
@pytest.mark.parametrize("route", ["cpsat", "zdd", *ENCODINGS])
def test_counts_agree_with_dfs(
    rows: int, cols: int, closed: bool, start: tuple[int, int] | None, route: str
) -> None:
    spec = TourSpec(Board(rows, cols), closed=closed, start=start)
    if route == "zdd":
        counted = count_by_zdd(spec)
    elif route == "cpsat":
        counted = count_by_enumeration(spec, route)
    else:
        counted = count_by_enumeration(spec, SAT_BACKEND, circuit=route)
    assert counted.exact
    assert counted.count == dfs_count(rows, cols, closed, start)


LIMITED = [(3, 10, True), (3, 4, False)]
LIMIT_ROUTES: list[tuple[str, dict[str, Any]]] = [("cpsat", {}), ("glucose4", {})]
LIMIT_ROUTES += [(SAT_BACKEND, {"circuit": name}) for name in ENCODINGS]


@pytest.mark.parametrize(("rows", "cols", "closed"), LIMITED)
@pytest.mark.parametrize(("backend", "options"), LIMIT_ROUTES)
def test_a_limit_lists_that_many_distinct_tours_and_says_when_it_is_all(
    rows: int, cols: int, closed: bool, backend: str, options: dict[str, Any]
) -> None:
    total = dfs_count(rows, cols, closed)
    spec = TourSpec(Board(rows, cols), closed=closed)
    for limit in (1, total - 1, total, total + 1):
        counted = count_by_enumeration(spec, backend, limit=limit, **options)
        assert counted.count == len(counted.tours) == min(limit, total), limit
        assert counted.exact == (limit >= total), limit
        for tour in counted.tours:
            assert validate_tour(rows, cols, tour, closed=closed) == []
        # told apart here from the squares alone: a closed tour by its undirected edges
        identities = {
            frozenset(map(frozenset, zip(tour, tour[1:] + tour[:1], strict=True)))
            if closed
            else tour
            for tour in counted.tours
        }
        assert len(identities) == counted.count, limit


@pytest.mark.slow  # counts of every end pair
def test_open_tours_with_both_ends_fixed_partition_the_corner_count() -> None:
    board = Board(4, 5)
    per_end = [
        count_by_zdd(TourSpec(board, closed=False, start=(0, 0), end=end)).count
        for end in board.squares()
        if end != (0, 0)
    ]
    assert sum(per_end) == SEED_COUNTS[(4, 5)]
    fixed = TourSpec(board, closed=False, start=(0, 0), end=(3, 4))
    assert count_by_enumeration(fixed, SAT_BACKEND).count == count_by_zdd(fixed).count


# -- existence -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("backend", "encoding"),
    [("cpsat", None), ("glucose4", "lazy"), *((SAT_BACKEND, name) for name in ENCODINGS)],
)
@pytest.mark.parametrize(
    ("rows", "cols", "closed"), [(4, 4, True), (3, 5, False), (3, 3, True), (2, 6, False)]
)
def test_boards_without_tours_are_unsatisfiable(
    rows: int, cols: int, closed: bool, backend: str, encoding: str | None
) -> None:
    options = {} if encoding is None else {"circuit": encoding}
    answer = find_tour(TourSpec(Board(rows, cols), closed=closed), backend, **options)
    assert answer.status is Status.UNSATISFIABLE and not answer.found


@pytest.mark.parametrize("rows", range(3, 7))
@pytest.mark.parametrize("cols", range(3, 9))
def test_closed_tours_exist_exactly_where_schwenk_says(rows: int, cols: int) -> None:
    """Both orientations where both are in range: the model must not care which side is long."""
    board = Board(rows, cols)
    routes = [("cpsat", {}), *((SAT_BACKEND, {"circuit": name}) for name in ENCODINGS)]
    for backend, options in routes:
        answer = find_tour(TourSpec(board, closed=True), backend, **options)
        assert answer.status is not Status.UNKNOWN
        assert answer.found == schwenk_has_closed_tour(rows, cols), (rows, cols, options)


@pytest.mark.parametrize("n", [8, pytest.param(10, marks=pytest.mark.slow)])
def test_tours_of_eight_and_ten_on_every_route_are_valid(n: int) -> None:
    """Every even side from 6 up has a closed tour (Schwenk 1991), so every route must find one."""
    board = Board(n, n)
    for closed in (True, False):
        for backend, options in [
            ("cpsat", {}),
            *((SAT_BACKEND, {"circuit": e}) for e in ENCODINGS),
        ]:
            spec = TourSpec(board, closed=closed, start=(0, 0))
            tour = find_tour(spec, backend, **options).tour
            assert tour[0] == (0, 0)
            assert validate_tour(n, n, tour, closed=closed) == []


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["cpsat", SAT_BACKEND])
def test_a_closed_forty_by_forty_tour_by_one_circuit_and_by_quadrants(backend: str) -> None:
    whole = find_tour(TourSpec(Board(40, 40), closed=True), backend)
    split = find_closed_by_quadrants(40, 40, backend)
    for answer in (whole, split):
        assert answer.found and validate_tour(40, 40, answer.tour, closed=True) == []


def test_fixed_end_is_honoured() -> None:
    spec = TourSpec(Board(5, 5), closed=False, start=(0, 0), end=(4, 4))
    tour = find_tour(spec, SAT_BACKEND).tour
    assert tour[0] == (0, 0) and tour[-1] == (4, 4)


def test_time_limit_gives_unknown_not_an_error() -> None:
    answer = find_tour(TourSpec(Board(30, 30), closed=True), "glucose4", time_limit=0.0)
    assert answer.status is Status.UNKNOWN and not answer.found


def test_building_the_model_spends_the_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A builder slower than the whole limit leaves the solver no time: UNKNOWN, never a tour.

    The 5x5 corner tours take the solver milliseconds, so a tour here would mean it got time.
    """
    given: list[float | None] = []

    def slow_build(spec: TourSpec, _deadline: Deadline | None = None) -> TourModel:
        time.sleep(0.1)  # a builder that does not look at the deadline
        return build_tour_model(spec)

    def recording(solver: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, time_limit: float | None = None, **options: Any) -> Any:
            given.append(time_limit)
            return solver(*args, time_limit=time_limit, **options)

        return call

    monkeypatch.setattr(tour_solve, "build_tour_model", slow_build)
    monkeypatch.setattr(tour_solve, "solve_model", recording(solve))
    monkeypatch.setattr(tour_solve, "enumerate_solutions", recording(enumerate_solutions))
    spec = TourSpec(Board(5, 5), closed=False, start=(0, 0))
    answer = find_tour(spec, "glucose4", time_limit=0.05)
    assert answer.status is Status.UNKNOWN and not answer.found
    counted = count_by_enumeration(spec, "glucose4", time_limit=0.05)
    assert (counted.count, counted.exact) == (0, False) and counted.seconds >= 0.1
    assert given == [0.0, 0.0]


def test_a_build_that_outlasts_the_limit_stops_before_any_solver_starts() -> None:
    """100x100 takes the builder a good part of a second: it looks at the deadline once a row."""
    spec = TourSpec(Board(100, 100), closed=True)
    answer = find_tour(spec, "cpsat", time_limit=0.01)
    assert answer.status is Status.UNKNOWN and answer.solves == () and not answer.found
    counted = count_by_enumeration(spec, "cpsat", time_limit=0.01)
    assert counted.status is Status.UNKNOWN and counted.count == 0
    assert counted.stopped is not None and "while the model was built" in counted.stopped


# -- the validator catches broken tours -----------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.data())
def test_validator_rejects_any_swap_of_two_squares(data: st.DataObject) -> None:
    tour = find_tour(TourSpec(Board(5, 6), closed=True), "cpsat").tour
    assert validate_tour(5, 6, tour, closed=True) == []
    i = data.draw(st.integers(0, len(tour) - 1))
    j = data.draw(st.integers(0, len(tour) - 1).filter(lambda k: k != i))
    broken = list(tour)
    broken[i], broken[j] = broken[j], broken[i]
    assert validate_tour(5, 6, broken, closed=True) != []


@pytest.mark.parametrize("closed", [True, False])
def test_a_decoder_that_swaps_two_squares_is_caught_not_answered(
    monkeypatch: pytest.MonkeyPatch, closed: bool
) -> None:
    """The last check before an answer: a decoded tour breaking the rules is a bug, never a tour.
    Swapping neighbours a, b in ... x, a, b, y ... always breaks it: x and b both lie a knight's
    move from a, so they share a colour and no knight's move joins them."""
    real = TourModel.decode
    decoded: list[list[tuple[int, int]]] = []

    def swapping(self: TourModel, true_keys: Any) -> list[tuple[int, int]]:
        tour = real(self, true_keys)
        decoded.append(tour)
        return [tour[1], tour[0], *tour[2:]] if len(tour) > 1 else tour

    monkeypatch.setattr(TourModel, "decode", swapping)
    spec = TourSpec(Board(5, 6), closed=closed, start=None if closed else (0, 0))
    with pytest.raises(AssertionError, match="decoded tour breaks the rules"):
        find_tour(spec, SAT_BACKEND)
    with pytest.raises(AssertionError, match="decoded tour breaks the rules"):
        count_by_enumeration(spec, "cpsat", limit=1)
    assert len(decoded) == 2 and all(len(tour) == 30 for tour in decoded)


def test_validator_rejects_short_repeated_and_misplaced_tours() -> None:
    tour = find_tour(TourSpec(Board(5, 5), closed=False, start=(0, 0)), "cpsat").tour
    assert validate_tour(5, 5, tour[:-1], closed=False) != []
    assert validate_tour(5, 5, [*tour[:-1], tour[0]], closed=False) != []
    assert validate_tour(5, 5, tour, closed=False, start=(4, 4)) != []
    assert validate_tour(5, 5, tour, closed=False, end=tour[0]) != []


# -- the model itself ------------------------------------------------------------------------------
def test_open_tours_counted_per_first_square_add_up_to_all_open_tours() -> None:
    """The closing node lets a tour start anywhere, or only where ``start`` says."""
    board = Board(3, 4)
    per_start = [
        count_by_enumeration(TourSpec(board, closed=False, start=square), SAT_BACKEND).count
        for square in board.squares()
    ]
    for square, count in zip(board.squares(), per_start, strict=True):
        assert count == dfs_count(3, 4, False, square)
    everywhere = count_by_enumeration(TourSpec(board, closed=False), SAT_BACKEND).count
    assert sum(per_start) == everywhere == dfs_count(3, 4, False)


def test_numbered_board_lists_the_visiting_order() -> None:
    tour = find_tour(TourSpec(Board(5, 5), closed=False, start=(0, 0)), "cpsat").tour
    rows = [line.split() for line in numbered_board(Board(5, 5), tour).splitlines()]
    assert rows[0][0] == "1"
    assert sorted(int(cell) for row in rows for cell in row) == list(range(1, 26))


@pytest.mark.parametrize(
    ("closed", "start", "end", "reason"),
    [
        (True, None, (1, 1), "give --end only with --open"),
        (False, (0, 0), (0, 0), "cannot start and end on the same square"),
        (False, (9, 9), None, r"square \(9, 9\) is off the board"),
        (False, None, (0, 5), r"square \(0, 5\) is off the board"),
    ],
)
def test_bad_specs_are_one_line_errors(
    closed: bool, start: tuple[int, int] | None, end: tuple[int, int] | None, reason: str
) -> None:
    with pytest.raises(BoardsatError, match=reason) as refused:
        TourSpec(Board(5, 5), closed=closed, start=start, end=end)
    assert "\n" not in str(refused.value)
