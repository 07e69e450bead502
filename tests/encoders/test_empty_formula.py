"""A model without constraints is satisfiable on every SAT backend (python-sat's MapleSAT used to
crash the process on the empty formula it translates to; `boardsat bench differential` found it)."""

from __future__ import annotations

import pytest

from boardsat import Model, Status, enumerate_solutions, solve
from boardsat.core.backends import MIP_BACKENDS, available_backends

SAT_BACKENDS = sorted(set(available_backends()) - {"cpsat", *MIP_BACKENDS})


@pytest.mark.parametrize("backend", SAT_BACKENDS)
def test_a_model_without_constraints_is_satisfiable(backend: str) -> None:
    model = Model("free")
    model.var(("x", 0))
    model.var(("x", 1))
    assert solve(model, backend).status is Status.SATISFIABLE
    assert enumerate_solutions(model, backend=backend).count == 4
