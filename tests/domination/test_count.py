"""Counting minimum placements, held to a brute force that shares no code with the model (every
subset of k squares tried by the rules' own arithmetic, orbits found by rotating and reflecting
coordinates here), to the published counts, and the two counters to each other."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

from boardsat.core.errors import BoardsatError
from boardsat.models.domination import VARIANTS, Domination
from boardsat.models.domination.colours import COLOURS
from boardsat.models.domination.counting import colour_count
from boardsat.models.domination.counting.colour_count import half_certificate
from boardsat.models.domination.counting.count import (
    COUNTERS,
    ENUMERATE,
    count_minimum_placements,
)
from boardsat.models.domination.published import (
    PUBLISHED_ORBITS_DOMINATING,
    PUBLISHED_PLACEMENTS_DOMINATING,
    published_minimum,
)
from boardsat.models.domination.rules import validate
from tests.oracles.proofcheck import check_drup

Square = tuple[int, int]


def all_minimum_placements(rows: int, cols: int, variant: str) -> list[frozenset[Square]]:
    """Every placement of the fewest knights, by trying every subset, smallest first: attacks
    by the distances multiplying to 2, squares as bits; the rules confirm what it keeps."""
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    attacks = [
        sum(1 << j for j, t in enumerate(squares) if abs(s[0] - t[0]) * abs(s[1] - t[1]) == 2)
        for s in squares
    ]
    everything = (1 << len(squares)) - 1
    for k in range(1, len(squares) + 1):
        found = []
        for chosen in combinations(range(len(squares)), k):
            placed = sum(1 << i for i in chosen)
            attacked = 0
            for i in chosen:
                attacked |= attacks[i]
            if variant == "total":
                good = attacked == everything
            else:
                good = attacked | placed == everything
                if variant == "independent":
                    good = good and not attacked & placed
            if good:
                found.append(frozenset(squares[i] for i in chosen))
        if found:
            assert all(not validate(rows, cols, variant, placement) for placement in found)
            return found
    return []


def orbit_count(rows: int, cols: int, placements: list[frozenset[Square]]) -> int:
    """How many classes the placements fall into under the board's rotations and reflections."""
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [lambda r, c, f=f: f(c, r) for f in list(maps)]
    classes = {
        min(tuple(sorted(m(r, c) for r, c in placement)) for m in maps) for placement in placements
    }
    return len(classes)


COUNTED_BY = [
    (variant, counter)
    for variant in VARIANTS
    for counter in COUNTERS
    if counter != "colours" or variant == "total"
]


@pytest.mark.parametrize(("variant", "counter"), COUNTED_BY)
@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 4), (3, 5), (5, 5), (4, 6), (2, 7)])
def test_the_counts_agree_with_a_brute_force(
    rows: int, cols: int, variant: str, counter: str
) -> None:
    placements = all_minimum_placements(rows, cols, variant)
    if not placements:  # total on 3x3: no placement, so no minimum to count
        with pytest.raises(BoardsatError, match="no total placement"):
            count_minimum_placements(Domination(rows, cols, variant), counter=counter)
        return
    counted = count_minimum_placements(Domination(rows, cols, variant), counter=counter)
    assert counted.complete and counted.knights == len(placements[0])
    assert counted.count == len(placements)
    assert counted.count_up_to_symmetry == orbit_count(rows, cols, placements)
    assert all(placement in placements for placement, _ in counted.representatives)


@pytest.mark.parametrize("n", range(1, 11))
def test_the_dominating_counts_are_the_published_ones(n: int) -> None:
    counted = count_minimum_placements(Domination(n, n, "dominating"))
    assert counted.complete and counted.knights == published_minimum(n, "dominating")
    assert counted.count_up_to_symmetry == PUBLISHED_ORBITS_DOMINATING[n - 1]  # A006076
    assert counted.count == PUBLISHED_PLACEMENTS_DOMINATING[n - 1]  # A103315


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("rows", "cols"), [(6, 6), (5, 7), (7, 7)])
def test_the_solver_and_the_decision_diagram_agree(rows: int, cols: int, variant: str) -> None:
    """Past the brute force's reach, the decision diagram (no solver, no CNF) holds the
    enumeration to the same representatives and orbit sizes."""
    board = Domination(rows, cols, variant)
    by_solver = count_minimum_placements(board)
    by_diagram = count_minimum_placements(board, counter="zdd")
    assert by_solver.complete and by_diagram.complete
    assert by_solver.knights == by_diagram.knights
    assert by_solver.count == by_diagram.count
    assert by_solver.count_up_to_symmetry == by_diagram.count_up_to_symmetry
    assert sorted(size for _, size in by_solver.representatives) == sorted(
        size for _, size in by_diagram.representatives
    )


@pytest.mark.parametrize(("n", "variant"), [(6, "dominating"), (5, "total"), (6, "independent")])
def test_the_orbits_fill_the_count(n: int, variant: str) -> None:
    """Each orbit's size divides the square board's eight symmetries, and no two
    representatives are images of each other."""
    counted = count_minimum_placements(Domination(n, n, variant))
    seen: set[tuple[Square, ...]] = set()
    for placement, size in counted.representatives:
        assert 8 % size == 0
        images = {
            tuple(sorted(m(r, c) for r, c in placement))
            for m in (
                lambda r, c: (r, c),
                lambda r, c: (n - 1 - r, c),
                lambda r, c: (r, n - 1 - c),
                lambda r, c: (n - 1 - r, n - 1 - c),
                lambda r, c: (c, r),
                lambda r, c: (n - 1 - c, r),
                lambda r, c: (c, n - 1 - r),
                lambda r, c: (n - 1 - c, n - 1 - r),
            )
        }
        assert len(images) == size and not images & seen
        seen |= images
    assert len(seen) == counted.count


def test_the_certificate_proves_the_count_complete(tmp_path: Path) -> None:
    """The kept CNF blocks every representative and is refuted by the DRUP proof (checked by
    MiniSat's propagation as well as boardsat's checker); without its last blocking clause the
    formula has a placement again, so the proof did rest on the count."""
    proof = tmp_path / "count.drup"
    counted = count_minimum_placements(Domination(6, 6, "dominating"), certificate=str(proof))
    assert counted.certificate == str(proof) and counted.complete
    assert check_drup(f"{proof}.cnf", proof)
    formula = CNF(from_file=f"{proof}.cnf")
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        assert solver.solve() is False
    with Solver(name="minisat22", bootstrap_with=formula.clauses[:-1]) as solver:
        assert solver.solve() is True


def test_a_certificate_needs_a_solver(tmp_path: Path) -> None:
    with pytest.raises(BoardsatError, match="solver's last refutation"):
        count_minimum_placements(
            Domination(4, 4, "dominating"), counter="zdd", certificate=str(tmp_path / "x.drup")
        )


@pytest.mark.parametrize("variant", ["independent", "dominating"])
def test_the_colours_counter_splits_only_the_total_variant(variant: str) -> None:
    with pytest.raises(BoardsatError, match="total variant only"):
        count_minimum_placements(Domination(4, 4, variant), counter="colours")


@pytest.mark.parametrize(("rows", "cols"), [(6, 6), (5, 7), (7, 7), (6, 9), (8, 8), (9, 9)])
def test_the_colours_agree_with_the_whole_board(rows: int, cols: int) -> None:
    """Listing each colour's half alone and pairing them finds what one enumeration of the
    whole board finds, on boards whose symmetries keep the colours (odd sides) and on boards
    where a reflection swaps them."""
    board = Domination(rows, cols, "total")
    halves = count_minimum_placements(board, counter="colours")
    whole = count_minimum_placements(board, counter=ENUMERATE)
    assert halves.complete and whole.complete
    assert halves.count == whole.count
    assert halves.count_up_to_symmetry == whole.count_up_to_symmetry
    assert sorted(size for _, size in halves.representatives) == sorted(
        size for _, size in whole.representatives
    )


@pytest.mark.parametrize(("n", "listed"), [(7, 2), (6, 1)])
def test_each_half_listed_keeps_its_certificate(tmp_path: Path, n: int, listed: int) -> None:
    """The colours counter certifies each half it lists (one when a reflection makes the other):
    each kept CNF blocks that half's representatives and its DRUP proof refutes it; without its
    last blocking clause the half has a placement again."""
    proof = str(tmp_path / "count.drup")
    counted = count_minimum_placements(Domination(n, n, "total"), certificate=proof)
    kept = [
        half_certificate(proof, half)
        for half in COLOURS
        if Path(half_certificate(proof, half)).exists()
    ]
    assert len(kept) == listed and not Path(proof).exists()
    assert counted.complete and counted.certificate is not None
    assert set(counted.certificate.split(", ")) == set(kept)
    for path in kept:
        assert check_drup(f"{path}.cnf", path)
        formula = CNF(from_file=f"{path}.cnf")
        with Solver(name="minisat22", bootstrap_with=formula.clauses[:-1]) as solver:
            assert solver.solve() is True


@pytest.mark.slow
def test_a_time_limit_leaves_the_count_incomplete() -> None:
    """Total 11x11 is proven in a tenth of a second, and its 5,842 orbits take a minute to list."""
    counted = count_minimum_placements(Domination(11, 11, "total"), counter=ENUMERATE, time_limit=3)
    assert not counted.complete and counted.count_up_to_symmetry < 5842
    assert all(not validate(11, 11, "total", placement) for placement, _ in counted.representatives)


def test_past_the_listing_limit_the_orbits_are_counted_not_listed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Burnside's count of the orbits, from the placements each symmetry fixes, matches the
    orbits listed one by one; past the limit the count keeps the numbers and lists nothing."""
    board = Domination(10, 10, "total")
    listed = count_minimum_placements(board)
    monkeypatch.setattr(colour_count, "LISTED_AT_MOST", 10)
    counted = count_minimum_placements(board)
    assert listed.listed and listed.count_up_to_symmetry > 10
    assert (counted.count, counted.count_up_to_symmetry) == (
        listed.count,
        listed.count_up_to_symmetry,
    )
    assert not counted.listed and counted.representatives == ()
    assert "too many to list" in counted.text()
