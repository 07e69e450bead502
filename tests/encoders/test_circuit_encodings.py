"""Every circuit encoding counts the circuits of small digraphs exactly, self-loops included.

The oracle tries every node subset and every ordering of it: it knows nothing of the encodings.
"""

from __future__ import annotations

from itertools import combinations, permutations
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.errors import BoardsatError
from boardsat.core.model import Model
from boardsat.core.results import Status
from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS
from boardsat.solving.solve import enumerate_solutions, solve

Graph = tuple[int, frozenset[tuple[int, int]], frozenset[int]]
"""Nodes, directed arcs (no self-loops), and the nodes that may be skipped."""

ROUTES = [("cpsat", None)] + [("cadical195", name) for name in CIRCUIT_ENCODINGS]
ROUTES += [("glucose4", "lazy")]


def oracle_count(graph: Graph) -> int:
    """Circuits by brute force: a node set holding every mandatory node, and a cyclic order of it."""
    nodes, arcs, optional = graph
    total = 0
    for size in range(nodes + 1):
        for chosen in combinations(range(nodes), size):
            if not set(range(nodes)) - optional <= set(chosen):
                continue
            if size == 0:
                total += 1
                continue
            first, *rest = chosen
            for order in permutations(rest):
                cycle = [first, *order]
                total += size > 1 and all(
                    (a, b) in arcs for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True)
                )
    return total


def counted(graph: Graph, backend: str, encoding: str | None) -> int:
    nodes, arcs, optional = graph
    model = Model("circuit")
    circuit = [(a, b, model.var(("arc", a, b))) for a, b in sorted(arcs)]
    circuit += [(v, v, model.var(("skip", v))) for v in sorted(optional)]
    model.add_circuit(nodes, circuit)
    options = {} if encoding is None else {"circuit": encoding}
    found = enumerate_solutions(model, backend=backend, **options)
    assert found.exhausted and len(set(found.solutions)) == found.count
    return found.count


def complete(nodes: int, optional: frozenset[int] = frozenset()) -> Graph:
    arcs = frozenset((a, b) for a in range(nodes) for b in range(nodes) if a != b)
    return nodes, arcs, optional


@pytest.mark.parametrize(("backend", "encoding"), ROUTES)
@pytest.mark.parametrize("nodes", range(2, 6))
def test_complete_graphs_have_n_minus_one_factorial_circuits(
    nodes: int, backend: str, encoding: str | None
) -> None:
    assert counted(complete(nodes), backend, encoding) == factorial(nodes - 1)


@pytest.mark.parametrize(("backend", "encoding"), ROUTES)
@pytest.mark.parametrize("nodes", range(1, 5))
def test_all_optional_complete_graphs(nodes: int, backend: str, encoding: str | None) -> None:
    graph = complete(nodes, frozenset(range(nodes)))
    assert counted(graph, backend, encoding) == oracle_count(graph)


graphs = st.integers(1, 5).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.frozensets(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda a: a[0] != a[1])
        ),
        st.frozensets(st.integers(0, n - 1)),
    )
)


@settings(max_examples=60, deadline=None)
@given(graphs)
def test_random_digraphs_with_optional_nodes(graph: Graph) -> None:
    expected = oracle_count(graph)
    for backend, encoding in ROUTES:
        assert counted(graph, backend, encoding) == expected, (backend, encoding)


@pytest.mark.parametrize(("backend", "encoding"), ROUTES)
def test_a_node_without_arcs_makes_the_circuit_impossible(
    backend: str, encoding: str | None
) -> None:
    model = Model("island")
    arcs = [(0, 1, model.var("a")), (1, 0, model.var("b"))]
    model.add_circuit(3, arcs)
    options = {} if encoding is None else {"circuit": encoding}
    assert solve(model, backend, **options).status is Status.UNSATISFIABLE


def test_unknown_encoding_is_a_one_line_error() -> None:
    model = Model("m")
    model.add_circuit(2, [(0, 1, model.var("a")), (1, 0, model.var("b"))])
    with pytest.raises(BoardsatError, match="known: lazy"):
        solve(model, "cadical195", circuit="no-such-encoding")


@pytest.mark.parametrize(("backend", "encoding"), ROUTES)
def test_two_cycles_stay_allowed_when_every_other_node_may_be_skipped(
    backend: str, encoding: str | None
) -> None:
    """The lazy encoding's no-2-cycle clauses must not cut a 2-cycle that is a whole circuit."""
    graph = (3, frozenset({(0, 1), (1, 0), (1, 2), (2, 0)}), frozenset({2}))
    assert oracle_count(graph) == 2
    assert counted(graph, backend, encoding) == 2
    mandatory = (3, graph[1], frozenset[int]())
    assert counted(mandatory, backend, encoding) == oracle_count(mandatory) == 1
