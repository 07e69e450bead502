"""The square order: a permutation of the board, the curves' shapes, and a model in any order
keeping its optimum and exactly one placement per symmetry orbit."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hilbertcurve.hilbertcurve import HilbertCurve
from hypothesis import given
from hypothesis import strategies as st

from boardsat import enumerate_solutions
from boardsat.models.board import Board, Square
from boardsat.models.domination.colours import COLOURS, colour
from boardsat.models.domination.exhaustive import minimum_knights
from boardsat.models.domination.model import VARIANTS, build_model, build_refutation, knight_key
from boardsat.models.domination.order import ORDERS, square_order
from boardsat.models.domination.proving.cubes import DominationClaim
from boardsat.models.domination.routes import ORDER
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination
from tests.conftest import CliRun


@given(rows=st.integers(1, 12), cols=st.integers(1, 12), order=st.sampled_from(sorted(ORDERS)))
def test_every_order_lists_each_square_once(rows: int, cols: int, order: str) -> None:
    board = Board(rows, cols)
    listed = square_order(board, order)
    assert len(listed) == board.size and set(listed) == set(board.squares())


def _steps(squares: list[Square]) -> list[int]:
    """The king-free distance (|drow| + |dcol|) between consecutive squares."""
    return [abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in itertools.pairwise(squares)]


@pytest.mark.parametrize("side", [2, 4, 8, 16])
def test_the_hilbert_order_walks_a_power_of_two_board_one_step_at_a_time(side: int) -> None:
    assert set(_steps(square_order(Board(side, side), "hilbert"))) == {1}


@given(rows=st.integers(1, 12), cols=st.integers(1, 12))
def test_the_snake_order_walks_any_board_one_step_at_a_time(rows: int, cols: int) -> None:
    assert set(_steps(square_order(Board(rows, cols), "snake"))) <= {1}


def test_the_z_order_lists_each_aligned_block_together() -> None:
    listed = square_order(Board(8, 8), "zorder")
    for start in range(0, 64, 4):
        block = listed[start : start + 4]
        corners = {(row // 2, col // 2) for row, col in block}
        assert len(corners) == 1  # the four squares of one aligned 2x2 block


def test_the_coverage_order_starts_where_a_knight_attacks_most() -> None:
    board = Board(8, 8)
    degrees = [len(board.knight_moves(square)) for square in square_order(board, "coverage")]
    assert degrees == sorted(degrees, reverse=True) and degrees[0] == 8 and degrees[-1] == 2


@pytest.mark.parametrize("order", sorted(ORDERS))
def test_the_knights_variables_and_the_objective_follow_the_order(order: str) -> None:
    built = build_model(6, 5, "dominating", order=order)
    assert built.model.objective is not None
    keys = [built.model.key(lit) for _, lit in built.model.objective.terms]
    assert keys == [knight_key(square) for square in square_order(Board(6, 5), order)]


@pytest.mark.parametrize("order", sorted(ORDERS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_order_keeps_the_optimum_of_the_exhaustive_search(order: str, variant: str) -> None:
    for rows, cols in [(3, 3), (4, 4), (3, 5), (5, 4), (5, 5), (2, 6)]:
        answer = solve_domination(
            rows, cols, variant, route="descent", backend="cadical195", order=order
        )
        expected = minimum_knights(rows, cols, variant)
        assert answer.knights == expected and (expected is None or answer.proven_optimal)
        assert expected is None or validate(rows, cols, variant, answer.placement) == []


def _images(board: Board) -> list[Callable[[Square], Square]]:
    """The board's symmetries, written here apart from the builder's symmetry.py."""
    last_row, last_col = board.rows - 1, board.cols - 1
    maps: list[Callable[[Square], Square]] = [
        lambda s: s,
        lambda s: (last_row - s[0], s[1]),
        lambda s: (s[0], last_col - s[1]),
        lambda s: (last_row - s[0], last_col - s[1]),
    ]
    if board.rows == board.cols:
        maps += [
            lambda s: (s[1], s[0]),
            lambda s: (last_col - s[1], s[0]),
            lambda s: (s[1], last_row - s[0]),
            lambda s: (last_col - s[1], last_row - s[0]),
        ]
    return maps


def _valid_placements(board: Board, variant: str, at_most: int) -> Iterator[frozenset[Square]]:
    squares = list(board.squares())
    for size in range(at_most + 1):
        for chosen in itertools.combinations(squares, size):
            if not validate(board.rows, board.cols, variant, chosen):
                yield frozenset(chosen)


@pytest.mark.parametrize("order", sorted(ORDERS))
@pytest.mark.parametrize(
    ("rows", "cols", "variant", "extra"),
    [(4, 4, "dominating", 1), (4, 4, "independent", 1), (3, 5, "total", 1), (4, 4, "total", 0)],
)
def test_the_lex_leader_break_keeps_one_placement_per_orbit_in_every_order(
    order: str, rows: int, cols: int, variant: str, extra: int
) -> None:
    """Counted against every placement the rules accept, grouped by the board's symmetries."""
    board = Board(rows, cols)
    least = minimum_knights(rows, cols, variant)
    assert least is not None
    at_most = least + extra
    orbits = {
        min(tuple(sorted(map(image, placement))) for image in _images(board))
        for placement in _valid_placements(board, variant, at_most)
    }
    built = build_refutation(rows, cols, variant, at_most, symmetry=True, order=order)
    keys = [knight_key(square) for square in board.squares()]
    found = enumerate_solutions(built.model, keys, backend="cadical195")
    assert found.exhausted and found.count == len(orbits)


def test_a_claim_keeps_its_order_and_a_claim_from_before_orders_reads_as_rows() -> None:
    claim = DominationClaim(7, 7, "dominating", 9, order="hilbert")
    assert DominationClaim.from_spec(claim.spec()) == claim
    old = {key: value for key, value in claim.spec().items() if key != "order"}
    assert DominationClaim.from_spec(old).order == "row"


def test_the_cli_names_the_order_in_its_answer_and_refuses_an_unknown_one(run_cli: CliRun) -> None:
    code, out, err = run_cli(
        "domination",
        "8",
        "--backend",
        "cadical195",
        "--route",
        "descent",
        "--order",
        "hilbert",
        "--json",
    )
    assert code == 0, err
    document = json.loads(out)
    assert document["order"] == "hilbert" and "hilbert order" in document["encoding"]
    assert document["proven_optimal"] and document["knights"] == 14
    code, _, err = run_cli("domination", "8", "--order", "spiral")
    assert code == 2 and "spiral" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("backend", "kind"), [("cpsat", "cpsat"), ("cadical195", "rc2")])
def test_each_backend_kind_builds_in_the_order_its_record_chose(backend: str, kind: str) -> None:
    answer = solve_domination(6, 6, "dominating", backend=backend)
    assert answer.order == ORDER[kind] and answer.to_json()["order"] == ORDER[kind]
    assert answer.proven_optimal and answer.knights == minimum_knights(6, 6, "dominating")


def test_a_proof_by_cubes_keeps_its_order_and_refuses_to_resume_in_another(
    run_cli: CliRun, tmp_path: Path
) -> None:
    proof = tmp_path / "p"
    args = ("domination", "6", "--cubes", "--proof-dir", str(proof), "--order", "zorder", "--json")
    code, out, err = run_cli(*args)
    assert code == 0, err
    assert json.loads(out)["proven_optimal"] and json.loads(out)["order"] == "zorder"
    manifest = json.loads((proof / "manifest.json").read_text())
    assert manifest["claim"]["order"] == "zorder"
    code, out, _ = run_cli("proof", "check", str(proof))
    assert code == 0 and "is optimal, certified" in out
    code, _, err = run_cli(
        "domination", "6", "--cubes", "--proof-dir", str(proof), "--order", "row"
    )
    assert code == 2 and "holds the proof of another claim" in err


@given(rows=st.integers(1, 40), cols=st.integers(1, 40))
def test_the_gilbert_order_walks_any_board_by_king_steps_and_an_even_one_by_rook_steps(
    rows: int, cols: int
) -> None:
    listed = square_order(Board(rows, cols), "gilbert")
    assert (
        max(
            (max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a, b in itertools.pairwise(listed)),
            default=1,
        )
        == 1
    )
    if rows % 2 == 0 and cols % 2 == 0:
        assert set(_steps(listed)) == {1}


def _lattice(board: Board, square: Square) -> tuple[int, int]:
    """The lattice the lattice-hilbert order takes, from a square's diagonals (written here apart
    from order.py's): rows plus columns, rows minus columns, halved."""
    row, col = square
    return ((row + col) // 2, (row - col + board.cols - 1) // 2)


@given(rows=st.integers(1, 16), cols=st.integers(1, 16))
def test_the_lattice_hilbert_order_walks_each_colour_along_its_own_lattice(
    rows: int, cols: int
) -> None:
    """Each colour's squares lie on distinct points of its lattice, diagonal neighbours one
    step apart, and the order lists them along the Hilbert curve over those points."""
    board = Board(rows, cols)
    listed = square_order(board, "lattice-hilbert")
    largest = max(max(_lattice(board, square)) for square in board.squares())
    curve = HilbertCurve(max(1, largest.bit_length()), 2)
    for side in COLOURS:
        mine = [square for square in listed if colour(board, square) == side]
        points = [_lattice(board, square) for square in mine]
        assert len(set(points)) == len(points)
        for row, col in mine:
            for step in [(1, 1), (1, -1)]:
                other = (row + step[0], col + step[1])
                if other in mine:
                    here, there = _lattice(board, (row, col)), _lattice(board, other)
                    assert abs(here[0] - there[0]) + abs(here[1] - there[1]) == 1
        distances = curve.distances_from_points([list(point) for point in points])
        assert distances == sorted(distances)


def _half_orbits(board: Board, side: str, at_most: int) -> set[tuple[Square, ...]]:
    """Each class of ``side``'s placements of at most ``at_most`` knights that attack every
    square of the other colour, under the symmetries that keep ``side``, by brute force."""
    mine = [square for square in board.squares() if colour(board, square) == side]
    targets = [square for square in board.squares() if colour(board, square) != side]
    keeping = [image for image in _images(board) if {image(s) for s in mine} == set(mine)]
    found = set()
    for size in range(at_most + 1):
        for chosen in itertools.combinations(mine, size):
            attacked = {target for knight in chosen for target in board.knight_moves(knight)}
            if attacked.issuperset(targets):
                found.add(min(tuple(sorted(map(image, chosen))) for image in keeping))
    return found


@pytest.mark.parametrize("order", sorted(ORDERS))
@pytest.mark.parametrize(
    ("rows", "cols", "side"), [(4, 4, "dark"), (5, 5, "light"), (5, 5, "dark"), (6, 6, "light")]
)
def test_a_halfs_break_keeps_one_placement_of_each_class_in_every_order(
    order: str, rows: int, cols: int, side: str
) -> None:
    """A half lemma's model, counted against its placements grouped by the symmetries that
    keep its colour: one knight over the half's least, so more than one class is there."""
    board = Board(rows, cols)
    least = next(size for size in range(board.size) if _half_orbits(board, side, size))
    orbits = _half_orbits(board, side, least + 1)
    built = build_refutation(rows, cols, "total", least + 1, order=order, knights_on=side)
    keys = [knight_key(square) for square in board.squares() if colour(board, square) == side]
    found = enumerate_solutions(built.model, keys, backend="cadical195")
    assert found.exhausted and found.count == len(orbits) > 1
