"""The backend and encoding a case is solved on, drawn from what the installed backends accept."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from boardsat.core.backends import CPSAT, MIP_BACKENDS, available_backends
from boardsat.encoders.cnf.cardinality import CARDINALITY_ENCODINGS
from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS
from boardsat.encoders.horizon_encoding import Strengthenings

TIME_LIMIT = 60.0
"""Seconds per solve, for backends that can be stopped: tiny cases take milliseconds, so a case
that reaches it is reported, not waited on forever."""


@dataclass(frozen=True)
class Route:
    """A backend and its encoding options, as ``solve`` takes them (``strengthen`` for planning)."""

    backend: str
    options: tuple[tuple[str, str], ...] = ()

    @property
    def encoding(self) -> str:
        return ", ".join(f"{name}={value}" for name, value in self.options) or "native"

    def solver_options(self) -> dict[str, Any]:
        return dict(self.options)

    @property
    def time_limit(self) -> float | None:
        """None for a backend that cannot be stopped (it refuses any limit)."""
        return TIME_LIMIT if available_backends()[self.backend].honours_time_limit else None


def backends_for(kind_needs: str) -> list[str]:
    """The installed backends a kind can use: ``model`` (any), ``enumerate`` (no MIP),
    ``session`` (no MIP: their sessions build each horizon's program anew, which the planning
    tests check, while the sweep keeps to the incremental solvers it was recorded with)."""
    names = sorted(available_backends())
    if kind_needs == "model":
        return names
    return [name for name in names if name not in MIP_BACKENDS]


def draw_route(rng: random.Random, backend: str, planning: bool = False) -> Route:
    """The encoding options of ``backend``, each drawn from the values it accepts: cardinality,
    circuit and optimisation for python-sat solvers, the strengthenings for planning."""
    if planning:
        chosen = [name for name in Strengthenings.names() if rng.random() < 0.5]
        return Route(backend, (("strengthen", ",".join(chosen) or "none"),))
    if backend == CPSAT or backend in MIP_BACKENDS:
        return Route(backend)
    caps = available_backends()[backend]
    cardinalities = [
        name for name in CARDINALITY_ENCODINGS if name != "native" or caps.native_cardinality
    ]
    return Route(
        backend,
        (
            ("cardinality", rng.choice(cardinalities)),
            ("circuit", rng.choice(sorted(CIRCUIT_ENCODINGS))),
            ("optimisation", rng.choice(caps.optimisation)),
        ),
    )
