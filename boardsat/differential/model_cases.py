"""Random solver-neutral models held to brute force: satisfiability, optimum, solution counts."""

from __future__ import annotations

import random

from boardsat.core.backends import MIP_BACKENDS
from boardsat.core.model import Model
from boardsat.core.results import Result, Status
from boardsat.differential.routes import Route
from boardsat.reference.brute_force import brute_force, holds
from boardsat.solving.solve import enumerate_solutions, solve

MAX_VARS = 12  # 4096 assignments: brute force stays within milliseconds


def random_model(rng: random.Random, circuit: bool) -> Model:
    """Random clauses and cardinalities over a few plain variables ``("x", i)``, perhaps a small
    circuit with some self-loops, perhaps a weighted objective."""
    model = Model("random")
    with_circuit = circuit and rng.random() < 0.3
    plain = rng.randint(1, 3 if with_circuit else 7)
    for index in range(plain):
        model.var(("x", index))
    if with_circuit:
        nodes = 3
        arcs = [
            (t, h, model.var(("arc", t, h))) for t in range(nodes) for h in range(nodes) if t != h
        ]
        loops = [(n, n, model.var(("skip", n))) for n in range(nodes) if rng.random() < 0.5]
        model.add_circuit(nodes, arcs + loops)
    assert model.num_vars <= MAX_VARS

    def literal() -> int:
        var = rng.randint(1, model.num_vars)
        return var if rng.random() < 0.5 else -var

    for _ in range(rng.randint(0, 6)):
        model.add_clause([literal() for _ in range(rng.randint(1, 3))])
    for _ in range(rng.randint(0, 3)):
        size = rng.randint(1, min(5, model.num_vars))
        lits = [
            var if rng.random() < 0.5 else -var
            for var in rng.sample(range(1, model.num_vars + 1), size)
        ]
        model.add_cardinality(lits, rng.choice(("<=", ">=", "==")), rng.randint(-1, size + 1))
    if rng.random() < 0.5:
        model.minimize([(rng.randint(1, 3), literal()) for _ in range(rng.randint(1, 6))])
    return model


def check_model(rng: random.Random, route: Route) -> tuple[str, str]:
    """Expected and found: status and optimum, then the counts where the backend enumerates."""
    model = random_model(rng, circuit=route.backend not in MIP_BACKENDS)
    keys = model.keys()
    plain = [key for key in keys if isinstance(key, tuple) and key[0] == "x"]
    truth, projected = brute_force(model), brute_force(model, plain)
    if model.objective is not None:
        expected = "UNSATISFIABLE" if truth.optimum is None else f"OPTIMAL {truth.optimum}"
    else:
        expected = "SATISFIABLE" if truth.solutions else "UNSATISFIABLE"
    result = solve(model, route.backend, time_limit=route.time_limit, **route.solver_options())
    got = _described(model, result)
    if model.objective is None and route.backend not in MIP_BACKENDS:
        expected += f", {truth.solutions} solutions, {projected.projected} on x"
        every = enumerate_solutions(
            model, backend=route.backend, time_limit=route.time_limit, **route.solver_options()
        )
        on_x = enumerate_solutions(
            model,
            plain,
            backend=route.backend,
            time_limit=route.time_limit,
            **route.solver_options(),
        )
        got += f", {_count(every.count, every.exhausted)} solutions, {_count(on_x.count, on_x.exhausted)} on x"
    return expected, got


def _described(model: Model, result: Result) -> str:
    """The status and objective, with whatever the result gets wrong besides."""
    text = result.status.value
    if result.status is Status.OPTIMAL:
        text += f" {result.objective}"
        if result.bound != result.objective:
            text += f" (bound {result.bound})"
    if result.has_solution:
        values = {model.lit(key): value for key, value in result.assignment.items()}
        if not holds(model, values):
            text += " (its assignment breaks the model)"
        elif model.objective is not None:
            cost = model.objective.value(lambda lit: values[abs(lit)] == (lit > 0))
            if cost != result.objective:
                text += f" (its assignment costs {cost})"
    elif result.status in (Status.OPTIMAL, Status.SATISFIABLE):
        text += " (without an assignment)"
    return text


def _count(count: int, exhausted: bool) -> str:
    return str(count) if exhausted else f"{count}+ (unfinished)"
