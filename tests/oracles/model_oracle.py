"""A brute-force reading of the solver-neutral model's semantics, shared by the backend tests.

It evaluates clauses, cardinalities and circuits directly over all assignments and shares nothing
with any encoder, so every backend, race and copy of a model can be checked against it; the
hypothesis strategy draws the small random models it can afford to read.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import strategies as st

from boardsat import Model
from boardsat.model import Cardinality, Circuit, Clause, Key


@dataclass(frozen=True)
class Truth:
    """What brute force says about a model; ``projected`` counts distinct values of the x's."""

    solutions: int
    projected: int
    optimum: int | None


def reader(values: dict[int, bool]) -> Callable[[int], bool]:
    """Whether a literal holds under ``values`` (variable id -> truth)."""
    return lambda literal: values[abs(literal)] == (literal > 0)


def holds(model: Model, values: dict[int, bool]) -> bool:
    lit = reader(values)
    for constraint in model.constraints:
        if isinstance(constraint, Clause) and not any(lit(x) for x in constraint.lits):
            return False
        if isinstance(constraint, Cardinality):
            count = sum(lit(x) for x in constraint.lits)
            ok = {"<=": count <= constraint.bound, ">=": count >= constraint.bound}.get(
                constraint.op, count == constraint.bound
            )
            if not ok:
                return False
        if isinstance(constraint, Circuit) and not circuit_holds(constraint, lit):
            return False
    return True


def circuit_holds(circuit: Circuit, lit: Callable[[int], bool]) -> bool:
    chosen = [arc for arc in circuit.arcs if lit(arc.lit)]
    successor: dict[int, int] = {}
    incoming = [0] * circuit.nodes
    for arc in chosen:
        if arc.tail in successor:
            return False
        successor[arc.tail] = arc.head
        incoming[arc.head] += 1
    if len(successor) != circuit.nodes or any(count != 1 for count in incoming):
        return False
    active = [node for node in range(circuit.nodes) if successor[node] != node]
    if not active:
        return True
    node, steps = successor[active[0]], 1
    while node != active[0]:
        node, steps = successor[node], steps + 1
    return steps == len(active)


def plain_keys(model: Model) -> list[Key]:
    """The keys of the plain variables (not arcs or skips), the projection the tests count."""
    every = model.keys()
    return [key for key in every if isinstance(key, tuple) and key[0] == "x"]


def brute_force(model: Model) -> Truth:
    solutions, optimum = 0, None
    projections = set()
    for bits in itertools.product((False, True), repeat=model.num_vars):
        values = dict(enumerate(bits, start=1))
        if not holds(model, values):
            continue
        solutions += 1
        projections.add(tuple(values[model.lit(key)] for key in plain_keys(model)))
        if model.objective is not None:
            cost = model.objective.value(reader(values))
            optimum = cost if optimum is None else min(optimum, cost)
    return Truth(solutions, len(projections), optimum)


@st.composite
def models(draw: st.DrawFn, with_objective: bool) -> Model:
    model = Model("random")
    plain = [model.var(("x", index)) for index in range(draw(st.integers(1, 5)))]
    if draw(st.booleans()):
        nodes = 3
        arcs = [
            (t, h, model.var(("arc", t, h))) for t in range(nodes) for h in range(nodes) if t != h
        ]
        loops = [(n, n, model.var(("skip", n))) for n in range(nodes) if draw(st.booleans())]
        model.add_circuit(nodes, arcs + loops)
    every = list(range(1, model.num_vars + 1))
    literal = st.sampled_from(every).flatmap(lambda v: st.sampled_from((v, -v)))
    for clause in draw(st.lists(st.lists(literal, min_size=1, max_size=3), max_size=4)):
        model.add_clause(clause)
    for _ in range(draw(st.integers(0, 2))):
        lits = draw(st.lists(literal, min_size=1, max_size=5, unique_by=abs))
        op = draw(st.sampled_from(("<=", ">=", "==")))
        model.add_cardinality(lits, op, draw(st.integers(-1, len(lits) + 1)))
    if with_objective:
        terms = draw(st.lists(st.tuples(st.integers(1, 3), literal), min_size=1, max_size=6))
        model.minimize(terms or plain)
    return model
