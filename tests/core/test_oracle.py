"""The BFS oracle on graphs whose distances are known by arithmetic."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.reference.oracle import OutOfTime, explore, farthest, shortest_path


def ring(n: int):  # type: ignore[no-untyped-def]
    def successors(k: int) -> Iterator[tuple[str, int]]:
        yield "+", (k + 1) % n
        yield "-", (k - 1) % n

    return successors


@settings(deadline=None)
@given(st.integers(3, 40), st.data())
def test_ring_distances_layers_and_paths(n: int, data: st.DataObject) -> None:
    found = explore(ring(n), [0])
    assert found.reachable == n
    assert found.depth == n // 2
    target = data.draw(st.integers(0, n - 1))
    assert found.distance(target) == min(target, n - target)
    path = found.path_to(target)
    assert len(path) == min(target, n - target)
    position = 0
    for step in path:  # every recovered move is one of the rules' moves and leads where it says
        position = (position + (1 if step.move == "+" else -1)) % n
        assert step.state == position
    assert position == target
    assert sum(found.layer_sizes()) == n


def test_farthest_on_odd_and_even_rings() -> None:
    distance, states, reachable = farthest(ring(7), 0)
    assert (distance, sorted(states), reachable) == (3, [3, 4], 7)
    distance, states, reachable = farthest(ring(8), 0)
    assert (distance, states, reachable) == (4, [4], 8)


def test_several_sources_and_unreachable_goal() -> None:
    found = explore(ring(10), [0, 5])
    assert found.depth == 2 and found.layer(0) == [0, 5]
    assert shortest_path(ring(10), 0, lambda k: k == 11) is None
    assert shortest_path(ring(10), 3, lambda k: k == 3) == []


def test_state_limit_is_one_clear_error() -> None:
    with pytest.raises(BoardsatError, match="stopped at 5 states"):
        explore(ring(100), [0], max_states=5)


def test_a_passed_deadline_stops_every_search_with_its_own_error() -> None:
    for search in (
        lambda deadline: explore(ring(10**6), [0], deadline=deadline),
        lambda deadline: shortest_path(ring(10**6), 0, lambda k: k < 0, deadline=deadline),
        lambda deadline: farthest(ring(10**6), 0, deadline=deadline),
    ):
        with pytest.raises(OutOfTime, match="ran out of time") as stopped:
            search(Deadline(0))
        assert isinstance(stopped.value, BoardsatError)  # still one clear line for the CLI
    assert farthest(ring(9), 0, deadline=Deadline(60))[0] == 4
