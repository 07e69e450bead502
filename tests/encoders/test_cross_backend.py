"""Random small models: every backend agrees with a brute-force reading of the model's semantics.

The oracle evaluates clauses, cardinalities and circuits directly over all assignments, sharing
nothing with any encoder; CP-SAT and several SAT routes must match its satisfiability, optimum
and number of solutions, and every assignment they return must satisfy it.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from boardsat import Model, Status, enumerate_solutions, solve
from boardsat.reference.brute_force import brute_force, holds, reader
from tests.oracles.model_oracle import models, plain_keys, projected_truth

ROUTES: tuple[tuple[str, dict[str, str]], ...] = (
    ("cpsat", {}),
    ("cadical195", {"optimisation": "linear-down"}),
    ("glucose4", {"optimisation": "maxsat", "cardinality": "totalizer"}),
    ("minisat22", {"optimisation": "linear-up", "cardinality": "seqcounter"}),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(models(with_objective=False))
def test_satisfiability_and_counts_agree(model: Model) -> None:
    truth = projected_truth(model)
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
