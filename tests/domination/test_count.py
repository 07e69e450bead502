"""Counting minimum placements, held to a brute force that shares no code with the model: every
subset of k squares tried by the rules' own arithmetic, and orbits found by rotating and
reflecting coordinates here."""

from __future__ import annotations

from itertools import combinations

import pytest

from boardsat.core.errors import BoardsatError
from boardsat.models.domination import VARIANTS, Domination
from boardsat.models.domination.count import count_minimum_placements
from boardsat.models.domination.published import PUBLISHED_ORBITS_DOMINATING, published_minimum
from boardsat.models.domination.rules import validate

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


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 4), (3, 5), (5, 5), (4, 6)])
def test_the_counts_agree_with_a_brute_force(rows: int, cols: int, variant: str) -> None:
    placements = all_minimum_placements(rows, cols, variant)
    if not placements:  # total on 3x3: no placement, so no minimum to count
        with pytest.raises(BoardsatError, match="no total placement"):
            count_minimum_placements(Domination(rows, cols, variant))
        return
    counted = count_minimum_placements(Domination(rows, cols, variant))
    assert counted.complete and counted.knights == len(placements[0])
    assert counted.count == len(placements)
    assert counted.count_up_to_symmetry == orbit_count(rows, cols, placements)
    assert all(placement in placements for placement, _ in counted.representatives)


@pytest.mark.parametrize("n", range(1, 11))
def test_the_dominating_counts_up_to_symmetry_are_the_published_ones(n: int) -> None:
    counted = count_minimum_placements(Domination(n, n, "dominating"))
    assert counted.complete and counted.knights == published_minimum(n, "dominating")
    assert counted.count_up_to_symmetry == PUBLISHED_ORBITS_DOMINATING[n - 1]
