"""A* against the BFS oracle on random graphs, with estimates that are admissible but neither
exact nor consistent: the plan it returns is always a shortest one."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.deadline import Deadline
from boardsat.reference.oracle import explore, shortest_path
from boardsat.solving.best_first import astar


def random_graph(seed: int, nodes: int, degree: int) -> dict[int, list[int]]:
    chooser = random.Random(seed)
    return {node: chooser.sample(range(nodes), degree) for node in range(nodes)}


def distances_to(graph: dict[int, list[int]], goals: set[int]) -> dict[int, int]:
    """Each node's true distance to the goal set, by BFS on the reversed edges."""
    reverse: dict[int, list[tuple[int, int]]] = {node: [] for node in graph}
    for node, targets in graph.items():
        for target in targets:
            reverse[target].append((target, node))
    found = explore(lambda node: iter(reverse[node]), sorted(goals))
    return {node: found.distance(node) for node in graph if found.distance(node) is not None}


@settings(deadline=None, max_examples=60)
@given(st.integers(0, 10**6), st.integers(4, 60), st.integers(1, 3), st.integers(0, 10**6))
def test_astar_with_any_admissible_estimate_finds_a_shortest_plan(
    seed: int, nodes: int, degree: int, noise: int
) -> None:
    graph = random_graph(seed, nodes, degree)
    goals = {node for node in graph if node % 7 == 3}
    exact = distances_to(graph, goals)
    shrink = random.Random(noise)
    # an admissible estimate: the true distance less a random amount, fixed per node (so it is
    # inconsistent in general); None exactly where no goal is reachable
    estimate_of = {node: max(0, exact[node] - shrink.randint(0, 3)) for node in exact}

    def successors(node: int) -> Iterator[tuple[tuple[int, int], int]]:
        return (((node, target), target) for target in graph[node])

    heard: list[int] = []
    found = astar(0, successors, goals.__contains__, estimate_of.get, int, raised=heard.append)
    expected = shortest_path(successors, 0, goals.__contains__)
    if expected is None:
        assert found.moves is None and found.exhausted
        return
    assert found.moves is not None and len(found.moves) == len(expected) == found.bound
    node = 0
    for source, target in found.moves:  # the moves are the graph's and end in a goal
        assert source == node and target in graph[node]
        node = target
    assert node in goals
    assert heard == sorted(heard) and all(bound <= len(expected) for bound in heard)


def chain(length: int):  # type: ignore[no-untyped-def]
    def successors(k: int) -> Iterator[tuple[str, int]]:
        if k < length:
            yield "+", k + 1

    return successors


def test_a_cost_limit_below_the_optimum_proves_no_plan_up_to_it() -> None:
    found = astar(0, chain(10), lambda k: k == 10, lambda k: 0, int, max_cost=6)
    assert found.moves is None and found.exhausted and found.bound == 7
    found = astar(0, chain(10), lambda k: k == 10, lambda k: 0, int, max_cost=10)
    assert found.moves == ("+",) * 10


def test_an_estimate_of_none_prunes_and_a_passed_deadline_stops_at_once() -> None:
    pruned = astar(0, chain(10), lambda k: k == 10, lambda k: None if k == 4 else 0, int)
    assert pruned.moves is None and pruned.exhausted
    stopped = astar(0, chain(10), lambda k: k == 10, lambda k: 0, int, deadline=Deadline(0))
    assert stopped.moves is None and not stopped.exhausted and stopped.expanded == 0
