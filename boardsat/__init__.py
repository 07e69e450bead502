"""boardsat: board puzzles stated once as solver-neutral models, solved on CP-SAT or any SAT solver.

A model is stated once, with variables keyed by tuples, and every backend answers in those keys:

>>> from boardsat import Model, solve
>>> model = Model("two of three")
>>> cells = [model.var(("cell", index)) for index in range(3)]
>>> model.add_at_least(cells, 2)
>>> model.minimize([(1, cells[0]), (2, cells[1]), (3, cells[2])])
>>> for backend in ("cpsat", "cadical195"):
...     result = solve(model, backend)
...     print(backend, result.status.name, result.objective, result[("cell", 2)])
cpsat OPTIMAL 3 False
cadical195 OPTIMAL 3 False
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

import boardsat.encoders  # noqa: F401  (registers the backend families, loading no solver)

if TYPE_CHECKING:
    from boardsat.core.backends import Capabilities, available_backends, backend_names, capabilities
    from boardsat.core.deadline import Deadline
    from boardsat.core.errors import BoardsatError
    from boardsat.core.model import Arc, Cardinality, Circuit, Clause, Model, Objective
    from boardsat.core.results import EncodingSize, Enumeration, Result, Status
    from boardsat.solving.solve import enumerate_solutions, open_session, solve

_HOMES = {
    "boardsat.core.backends": (
        "Capabilities",
        "available_backends",
        "backend_names",
        "capabilities",
    ),
    "boardsat.core.deadline": ("Deadline",),
    "boardsat.core.errors": ("BoardsatError",),
    "boardsat.core.model": ("Arc", "Cardinality", "Circuit", "Clause", "Model", "Objective"),
    "boardsat.core.results": ("EncodingSize", "Enumeration", "Result", "Status"),
    "boardsat.solving.solve": ("enumerate_solutions", "open_session", "solve"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}
"""Where each public name lives: it is imported on first use (PEP 562), so that a command such
as `boardsat --version`, which imports this package first, loads no solver to start."""

__all__ = [
    "Arc",
    "BoardsatError",
    "Capabilities",
    "Cardinality",
    "Circuit",
    "Clause",
    "Deadline",
    "EncodingSize",
    "Enumeration",
    "Model",
    "Objective",
    "Result",
    "Status",
    "available_backends",
    "backend_names",
    "capabilities",
    "enumerate_solutions",
    "open_session",
    "solve",
]


def __getattr__(name: str) -> object:
    if name not in _HOME:
        raise AttributeError(f"module 'boardsat' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value  # found once; later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
