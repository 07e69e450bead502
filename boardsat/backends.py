"""Backends found by name: what each supports, and a lazy import of its encoder module.

``cpsat`` is OR-Tools CP-SAT; ``highs`` is the MIP solver OR-Tools ships, ``scip`` SCIP through
PySCIPOpt; every other name is a python-sat solver under python-sat's own name.
A backend states its capabilities before it is asked, so a request it cannot honour (a proof from a
solver that logs none, a time limit on a solver that cannot be interrupted) fails at once, in one
line, instead of late.
"""

from __future__ import annotations

import gc
import sys
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from boardsat.errors import BoardsatError

if TYPE_CHECKING:
    from boardsat.deadline import Deadline
    from boardsat.model import Model
    from boardsat.results import Enumeration, Result

CPSAT = "cpsat"
SCIP = "scip"
PYWRAPLP_SOLVERS: Mapping[str, str] = {"highs": "HIGHS"}  # name -> pywraplp solver id
MIP_BACKENDS = (*PYWRAPLP_SOLVERS, SCIP)
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
        self, model: Model, project: Sequence[int], limit: int | None, deadline: Deadline
    ) -> Enumeration:
        """Distinct solutions projected on the variables of ``project``."""
        ...

    def session(self, model: Model) -> Session: ...


@cache
def pysat_solver_names() -> tuple[str, ...]:
    """Every solver name python-sat declares (whether or not its build includes it)."""
    from pysat.solvers import SolverNames

    return tuple(name for name in vars(SolverNames) if not name.startswith("_"))


def backend_names() -> tuple[str, ...]:
    return (CPSAT, *MIP_BACKENDS, *pysat_solver_names())


@cache
def capabilities(name: str) -> Capabilities:
    """Probe a backend (python-sat ones on a two-variable formula); BoardsatError if unusable here."""
    if name == CPSAT:
        return Capabilities(
            circuit=True,
            native_circuit=True,
            native_cardinality=True,
            assumptions=True,
            interruptible=True,
            budgeted=False,
            proof=False,
            optimisation=("cpsat",),
        )
    if name in MIP_BACKENDS:
        return _probe_mip(name)
    if name not in pysat_solver_names():
        raise BoardsatError(f"unknown backend {name!r}; known: {', '.join(backend_names())}")
    return _probe_pysat(name)


def _probe_mip(name: str) -> Capabilities:
    """A MIP solver is usable when its library loads (and OR-Tools' build creates HiGHS); what it
    can do is fixed."""
    if name == SCIP:
        try:
            import pyscipopt  # noqa: F401
        except ImportError as error:
            raise BoardsatError(f"backend 'scip' needs PySCIPOpt: {error}") from None
    else:
        from ortools.linear_solver import pywraplp

        if pywraplp.Solver.CreateSolver(PYWRAPLP_SOLVERS[name]) is None:
            raise BoardsatError(f"backend {name!r} is not available in this OR-Tools build")
    return Capabilities(
        circuit=False,
        native_circuit=False,
        native_cardinality=True,
        assumptions=False,
        interruptible=True,
        budgeted=False,
        proof=False,
        optimisation=("mip",),
    )


def _probe_pysat(name: str) -> Capabilities:
    from pysat.solvers import Solver

    try:
        solver = Solver(name=name, bootstrap_with=[[1, 2], [-1, 2]])
    except Exception as error:  # python-sat raises bare errors for solvers left out of its build
        raise BoardsatError(
            f"backend {name!r} is not available in this python-sat build"
        ) from error
    try:
        native = bool(solver.supports_atmost())
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assumptions = solver.solve(assumptions=[-2]) is False
        interruptible = _supports(lambda: (solver.interrupt(), solver.clear_interrupt()))
        # budgets re-solve after each slice, so they need an incremental solver (Kissat aborts)
        budgeted = assumptions and _supports(
            lambda: (solver.conf_budget(100), solver.solve_limited())
        )
        propagates = _supports(lambda: solver.propagate(assumptions=[1]))
    finally:
        solver.delete()
    proof = _constructs_with_proof(name)
    # bound search from below leans on assumptions; without them only SAT-UNSAT runs. RC2 also
    # propagates to find at-most-ones and caps its core minimisation with conflict budgets
    strategies: tuple[str, ...] = ("linear-down", "linear-up") if assumptions else ("linear-down",)
    if assumptions and budgeted and propagates:
        strategies += ("maxsat",)
    return Capabilities(
        circuit=True,
        native_circuit=False,
        native_cardinality=native,
        assumptions=assumptions,
        interruptible=interruptible,
        budgeted=budgeted,
        proof=proof,
        optimisation=strategies,
    )


def _supports(call: Callable[[], object]) -> bool:
    """Whether a python-sat call works on this solver (unsupported ones raise NotImplementedError)."""
    try:
        call()
    except NotImplementedError:
        return False
    return True


def _constructs_with_proof(name: str) -> bool:
    """Whether the solver logs proofs; its half-built object's noisy destructor is silenced."""
    from pysat.solvers import Solver

    previous = sys.unraisablehook
    sys.unraisablehook = lambda _: None
    try:
        with Solver(
            name=name, bootstrap_with=[[1, 2], [-1, 2], [1, -2], [-1, -2]], with_proof=True
        ) as s:
            s.solve()
            return bool(s.get_proof())
    except NotImplementedError:
        return False
    finally:
        gc.collect()
        sys.unraisablehook = previous


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


def make_backend(name: str, **options: Any) -> Backend:
    """The backend called ``name``, configured by its own options (unknown ones are rejected)."""
    capabilities(name)
    if name == CPSAT:
        from boardsat.encoders.cpsat import CpSatBackend

        return CpSatBackend(**_checked_options(CpSatBackend.OPTIONS, name, options))
    if name == SCIP:
        from boardsat.encoders.scip import ScipBackend

        return ScipBackend(name, **_checked_options(ScipBackend.OPTIONS, name, options))
    if name in PYWRAPLP_SOLVERS:
        from boardsat.encoders.mip import HighsBackend

        return HighsBackend(name, **_checked_options(HighsBackend.OPTIONS, name, options))
    from boardsat.encoders.cnf import CnfBackend

    return CnfBackend(name, **_checked_options(CnfBackend.OPTIONS, name, options))


def preload(names: Iterable[str]) -> None:
    """Load the solver libraries behind ``names`` now, so that children forked later (benchmark
    instances, racers) inherit them: importing CP-SAT's Python layer alone takes about 0.4 s."""
    for name in names:
        make_backend(name)


def _checked_options(known: Sequence[str], name: str, options: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise BoardsatError(
            f"backend {name!r} takes no option {', '.join(unknown)}; it takes {', '.join(known)}"
        )
    return {key: value for key, value in options.items() if value is not None}


def seed_parameters(name: str, seed: int) -> dict[str, int]:
    """The parameter that seeds ``name``'s search, as its ``parameters`` option takes it: proof
    times vary several-fold by seed, so routes and benchmark repeats vary it. Empty for HiGHS and
    the python-sat solvers, which run deterministically here."""
    if name == CPSAT:
        return {"random_seed": seed}
    if name == SCIP:
        return {"randomization/randomseedshift": seed}
    return {}
