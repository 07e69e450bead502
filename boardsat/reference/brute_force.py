"""The solver-neutral model read by brute force: every assignment tried against its semantics.

It evaluates clauses, cardinalities and circuits directly and shares nothing with any encoder, so
every backend, race and copy of a model can be checked against it, on models small enough to
enumerate (a few dozen thousand assignments at most).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from boardsat.core.model import Cardinality, Circuit, Clause, Key, Model


@dataclass(frozen=True)
class Truth:
    """What brute force says about a model; ``projected`` counts distinct values of the keys
    projected on (all variables by default), ``optimum`` is None without objective or solution."""

    solutions: int
    projected: int
    optimum: int | None


def reader(values: dict[int, bool]) -> Callable[[int], bool]:
    """Whether a literal holds under ``values`` (variable id -> truth)."""
    return lambda literal: values[abs(literal)] == (literal > 0)


def holds(model: Model, values: dict[int, bool]) -> bool:
    """Whether the assignment ``values`` (variable id -> truth) satisfies every constraint."""
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


def brute_force(model: Model, project: Iterable[Key] | None = None) -> Truth:
    """Count the solutions, their distinct projections on ``project``, and the optimum."""
    projected_ids = [model.lit(key) for key in (model.keys() if project is None else project)]
    solutions, optimum = 0, None
    projections = set()
    for bits in itertools.product((False, True), repeat=model.num_vars):
        values = dict(enumerate(bits, start=1))
        if not holds(model, values):
            continue
        solutions += 1
        projections.add(tuple(values[var] for var in projected_ids))
        if model.objective is not None:
            cost = model.objective.value(reader(values))
            optimum = cost if optimum is None else min(optimum, cost)
    return Truth(solutions, len(projections), optimum)
