"""The weighted cover search: on random small set systems every cover it returns covers, and it
reaches the least cover that brute force finds; its starts, stalls and refusals."""

from __future__ import annotations

import time
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.models.domination.searching.local_search import (
    LEAST_STALL_S,
    PATIENCE,
    weighted_cover,
)

SystemOfSets = tuple[list[list[int]], int]


@st.composite
def set_systems(draw: st.DrawFn) -> SystemOfSets:
    elements = draw(st.integers(1, 9))
    sets = draw(
        st.lists(
            st.lists(st.integers(0, elements - 1), min_size=1, max_size=4, unique=True),
            min_size=1,
            max_size=8,
        )
    )
    for element in range(elements):  # every element in some set, or there is no cover
        if not any(element in members for members in sets):
            sets.append([element])
    return sets, elements


def least_cover(sets: list[list[int]], elements: int) -> int:
    for size in range(len(sets) + 1):
        for chosen in combinations(range(len(sets)), size):
            if {e for index in chosen for e in sets[index]} == set(range(elements)):
                return size
    raise AssertionError("no cover")


def covers(sets: list[list[int]], chosen: frozenset[int], elements: int) -> bool:
    return {e for index in chosen for e in sets[index]} == set(range(elements))


@settings(max_examples=150, deadline=None)
@given(set_systems(), st.integers(0, 3))
def test_the_search_returns_a_cover_and_reaches_the_least(system: SystemOfSets, seed: int) -> None:
    sets, elements = system
    least = least_cover(sets, elements)
    found = weighted_cover(sets, elements, 30.0, seed=seed, target=least)
    assert covers(sets, found.sets, elements)
    assert len(found.sets) == least  # the target ends it: reached within the limit


@settings(max_examples=50, deadline=None)
@given(set_systems())
def test_a_stall_ends_the_search_with_a_cover_no_smaller_than_the_least(
    system: SystemOfSets,
) -> None:
    sets, elements = system
    found = weighted_cover(sets, elements, None, stall=0.05)
    assert covers(sets, found.sets, elements)
    assert len(found.sets) >= least_cover(sets, elements)


def test_a_stall_ends_at_patience_times_the_wait_for_the_best_cover_when_that_is_sooner() -> None:
    """Pairs and their halves: the greedy cover is the least at once, and nothing says so."""
    sets = [[2 * pair, 2 * pair + 1] for pair in range(100)] + [[e] for e in range(200)]
    started = time.perf_counter()
    found_at: list[float] = []
    found = weighted_cover(
        sets, 200, None, stall=60.0, on_cover=lambda _: found_at.append(time.perf_counter())
    )
    assert len(found.sets) == 100
    best = found_at[-1] - started
    waited = time.perf_counter() - found_at[-1]
    assert waited <= max(LEAST_STALL_S, PATIENCE * best) + 0.5  # the clock is read every 256 steps


def test_a_start_is_completed_and_improved_upon() -> None:
    sets = [[0, 1, 2, 3], [0], [1], [2], [3]]
    found = weighted_cover(sets, 4, 5.0, start=[1, 2], target=1)
    assert found.sets == frozenset({0})


def test_an_element_in_no_set_and_a_search_with_no_end_are_refused() -> None:
    with pytest.raises(ValueError, match="no cover"):
        weighted_cover([[0]], 2, 1.0)
    with pytest.raises(ValueError, match="time limit or a stall"):
        weighted_cover([[0]], 1, None)
