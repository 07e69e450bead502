"""Random small models: every backend agrees with a brute-force reading of the model's semantics.

The oracle evaluates clauses, cardinalities and circuits directly over all assignments, sharing
nothing with any encoder; CP-SAT and several SAT routes must match its satisfiability, optimum
and number of solutions, and every assignment they return must satisfy it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardsat import Model, Status, enumerate_solutions, solve
from boardsat.model import Cardinality, Circuit, Clause, Key

ROUTES: tuple[tuple[str, dict[str, str]], ...] = (
    ("cpsat", {}),
    ("cadical195", {"optimisation": "linear-down"}),
    ("glucose4", {"optimisation": "maxsat", "cardinality": "totalizer"}),
    ("minisat22", {"optimisation": "linear-up", "cardinality": "seqcounter"}),
)


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


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(models(with_objective=False))
def test_satisfiability_and_counts_agree(model: Model) -> None:
    truth = brute_force(model)
    values_ok = {}
    for backend, options in ROUTES:
        result = solve(model, backend, **options)
        assert (result.status is Status.SATISFIABLE) == (truth.solutions > 0), backend
        if result.has_solution:
            values = {model.lit(key): value for key, value in result.assignment.items()}
            values_ok[backend] = holds(model, values)
        found = enumerate_solutions(model, backend=backend, **options)
        assert found.exhausted
        assert found.count == truth.solutions, backend
        assert len(set(found.solutions)) == found.count
        projected = enumerate_solutions(model, plain_keys(model), backend=backend, **options)
        assert projected.exhausted and projected.count == truth.projected, backend
    assert all(values_ok.values()), values_ok


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(models(with_objective=True))
def test_optima_agree(model: Model) -> None:
    truth = brute_force(model)
    for backend, options in ROUTES:
        result = solve(model, backend, **options)
        if truth.optimum is None:
            assert result.status is Status.UNSATISFIABLE, backend
            continue
        assert result.status is Status.OPTIMAL, backend
        assert result.objective == truth.optimum == result.bound, backend
        values = {model.lit(key): value for key, value in result.assignment.items()}
        assert holds(model, values), backend
        assert model.objective is not None
        assert model.objective.value(reader(values)) == truth.optimum
