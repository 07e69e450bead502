"""Backends found by name in a registry that the encoders fill: what each supports, and how to make it.

``cpsat`` is OR-Tools CP-SAT; ``highs`` is the MIP solver OR-Tools ships, ``scip`` SCIP through
PySCIPOpt, ``gurobi`` Gurobi through gurobipy (optional); every other name is a python-sat solver
under python-sat's own name. A backend states its capabilities before it is asked, so a request
it cannot honour fails at once, in one line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from boardsat.core.errors import BoardsatError
from boardsat.core.keywords import check_keywords

if TYPE_CHECKING:
    from boardsat.core.deadline import Deadline
    from boardsat.core.model import Model
    from boardsat.core.results import Enumeration, OnFound, Result

CPSAT = "cpsat"
HIGHS = "highs"
SCIP = "scip"
GUROBI = "gurobi"
MIP_BACKENDS = (HIGHS, SCIP, GUROBI)
MAX_SEED = 2**31 - 2  # CP-SAT's and SCIP's seeds are 32-bit integers; a race's second adds one
MAX_WORKERS = 2**31 - 1  # CP-SAT's worker count is a 32-bit integer


@dataclass(frozen=True)
class Capabilities:
    """What a backend can do, decided before it is asked to.

    ``circuit``: takes Circuit constraints at all (natively or through a CNF encoding).
    """

    circuit: bool
    native_circuit: bool
    native_cardinality: bool
    assumptions: bool
    interruptible: bool
    budgeted: bool
    proof: bool
    optimisation: tuple[str, ...]

    @property
    def honours_time_limit(self) -> bool:
        """Stopped by an interrupt, or by running in conflict budgets and looking at the clock."""
        return self.interruptible or self.budgeted


class Session(Protocol):
    """An open solver over a growing model: each solve first translates what was added since."""

    def solve(self, assumptions: Sequence[int] = (), deadline: Deadline | None = None) -> Result:
        """Satisfy the model under assumption literals (model literals)."""
        ...

    def close(self) -> None: ...


class Backend(Protocol):
    name: str
    capabilities: Capabilities

    def solve(self, model: Model, deadline: Deadline) -> Result:
        """Satisfy the model, or minimise its objective when it has one."""
        ...

    def enumerate(
        self,
        model: Model,
        project: Sequence[int],
        limit: int | None,
        deadline: Deadline,
        on_found: OnFound | None = None,
    ) -> Enumeration:
        """Distinct solutions projected on the variables of ``project``; ``on_found`` hears the
        count so far as each new one is found."""
        ...

    def session(self, model: Model) -> Session: ...


class BackendFamily(Protocol):
    """Backends that share one encoder: it names them, probes what each can do, and makes them.

    Encoders register their families here, so this module, and the core below it, import none.
    """

    def names(self) -> tuple[str, ...]:
        """Every backend name the family answers to, usable here or not."""
        ...

    def probe(self, name: str) -> Capabilities:
        """What ``name`` can do; BoardsatError if it does not work in this installation."""
        ...

    def make(self, name: str, options: dict[str, Any]) -> Backend:
        """The backend, configured by options already checked against its own."""
        ...

    def seed_parameters(self, name: str, seed: int) -> dict[str, int]:
        """The parameter that seeds ``name``'s search; empty where it runs deterministically."""
        ...


_FAMILIES: list[BackendFamily] = []


def register(family: BackendFamily) -> None:
    """Add a family of backends; names registered earlier keep their family."""
    _FAMILIES.append(family)
    capabilities.cache_clear()


def _family(name: str) -> BackendFamily:
    for family in _FAMILIES:
        if name in family.names():
            return family
    raise BoardsatError(f"unknown backend {name!r}; known: {', '.join(backend_names())}")


def backend_names() -> tuple[str, ...]:
    return tuple(name for family in _FAMILIES for name in family.names())


def backend_problem(name: str) -> str | None:
    """Why ``name`` names no backend, or None when it names one (usable here or not)."""
    if name not in backend_names():
        return f"unknown backend {name!r}; `boardsat backends` lists them"
    return None


@cache
def capabilities(name: str) -> Capabilities:
    """Probe a backend once; BoardsatError if it is unknown or unusable here."""
    return _family(name).probe(name)


def is_available(name: str) -> bool:
    """Whether ``name`` works in this installation; ``capabilities(name)`` says why not."""
    try:
        capabilities(name)
    except BoardsatError:
        return False
    return True


def available_backends() -> dict[str, Capabilities]:
    """Every backend that works in this installation, with what it supports."""
    return {name: capabilities(name) for name in backend_names() if is_available(name)}


def check_backend(name: str) -> Capabilities:
    """What ``name`` can do; BoardsatError in one line if it names no backend usable here, so
    that a run refuses it before any work rather than when it first solves."""
    if not isinstance(name, str):  # before the probe's cache, which would find it unhashable
        raise BoardsatError(
            f"a backend is named by text, such as 'cpsat', not a {type(name).__name__}"
        )
    return capabilities(name)


def make_backend(name: str, **options: Any) -> Backend:
    """The backend called ``name``, configured by its own options (unknown ones are rejected)."""
    check_backend(name)
    return _family(name).make(name, options)


def preload(names: Iterable[str]) -> None:
    """Load the solver libraries behind ``names`` now, so that children forked later (benchmark
    instances, racers) inherit them, and no timed run pays for a slow import such as CP-SAT's."""
    for name in names:
        make_backend(name)


def checked_options(known: Sequence[str], name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` less those left unset; BoardsatError naming any that ``name`` does not take."""
    check_keywords(f"backend {name!r}", options, known)
    return {key: value for key, value in options.items() if value is not None}


def seed_parameters(name: str, seed: int) -> dict[str, int]:
    """The parameter that seeds ``name``'s search, as its ``parameters`` option takes it: proof
    times vary several-fold by seed, so routes and benchmark repeats vary it. Empty for backends
    that run deterministically."""
    return _family(name).seed_parameters(name, seed)
