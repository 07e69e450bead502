"""The backend families this package provides, as the core's registry knows them.

Each family probes its backends without importing its solver library at module level, and makes a
backend by importing its encoder only then: probing CP-SAT must not load its slow Python layer.
"""

from __future__ import annotations

import gc
import sys
import warnings
from collections.abc import Callable
from functools import cache
from typing import Any

from boardsat.core.backends import (
    CPSAT,
    GUROBI,
    HIGHS,
    SCIP,
    Backend,
    Capabilities,
    checked_options,
)
from boardsat.core.errors import BoardsatError

PYWRAPLP_SOLVERS = {HIGHS: "HIGHS"}  # backend name -> pywraplp solver id
GUROBI_LARGEST_SEED = 2_000_000_000  # Gurobi's Seed stops short of MAX_SEED; larger ones wrap


class CpSatFamily:
    """OR-Tools CP-SAT: native circuits and cardinalities, interrupted by its own time limit."""

    def names(self) -> tuple[str, ...]:
        return (CPSAT,)

    def probe(self, name: str) -> Capabilities:
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

    def make(self, name: str, options: dict[str, Any]) -> Backend:
        from boardsat.encoders.cpsat import CpSatBackend

        return CpSatBackend(**checked_options(CpSatBackend.OPTIONS, name, options))

    def seed_parameters(self, name: str, seed: int) -> dict[str, int]:
        return {"random_seed": seed}


class MipFamily:
    """The 0-1 program solvers: HiGHS through OR-Tools' pywraplp, SCIP through PySCIPOpt, and
    Gurobi through gurobipy where the optional extra is installed."""

    def names(self) -> tuple[str, ...]:
        return (*PYWRAPLP_SOLVERS, SCIP, GUROBI)

    def probe(self, name: str) -> Capabilities:
        """Usable when the library loads (OR-Tools' build creates HiGHS, Gurobi finds a licence);
        the rest is fixed."""
        if name == SCIP:
            try:
                import pyscipopt  # noqa: F401
            except ImportError as error:
                raise BoardsatError(f"backend 'scip' needs PySCIPOpt: {error}") from None
        elif name == GUROBI:
            try:
                import gurobipy  # noqa: F401
            except ImportError:
                raise BoardsatError(
                    "backend 'gurobi' needs gurobipy: pip install 'boardsat[gurobi]'"
                ) from None
            from boardsat.encoders.mip.gurobi import quiet_environment

            quiet_environment().dispose()  # a missing or expired licence is refused here
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

    def make(self, name: str, options: dict[str, Any]) -> Backend:
        if name == SCIP:
            from boardsat.encoders.mip.scip import ScipBackend

            return ScipBackend(name, **checked_options(ScipBackend.OPTIONS, name, options))
        if name == GUROBI:
            from boardsat.encoders.mip.gurobi import GurobiBackend

            return GurobiBackend(name, **checked_options(GurobiBackend.OPTIONS, name, options))
        from boardsat.encoders.mip.program import HighsBackend

        return HighsBackend(
            name, PYWRAPLP_SOLVERS[name], **checked_options(HighsBackend.OPTIONS, name, options)
        )

    def seed_parameters(self, name: str, seed: int) -> dict[str, int]:
        if name == SCIP:
            return {"randomization/randomseedshift": seed}
        if name == GUROBI:
            return {"Seed": seed % (GUROBI_LARGEST_SEED + 1)}
        return {}  # HiGHS runs deterministically here


class PysatFamily:
    """Every SAT solver python-sat ships, each probed on a two-variable formula."""

    def names(self) -> tuple[str, ...]:
        return pysat_solver_names()

    def probe(self, name: str) -> Capabilities:
        return _probe_pysat(name)

    def make(self, name: str, options: dict[str, Any]) -> Backend:
        from boardsat.encoders.cnf.backend import CnfBackend

        return CnfBackend(name, **checked_options(CnfBackend.OPTIONS, name, options))

    def seed_parameters(self, name: str, seed: int) -> dict[str, int]:
        return {}  # python-sat's solvers run deterministically here


@cache
def pysat_solver_names() -> tuple[str, ...]:
    """Every solver name python-sat declares (whether or not its build includes it)."""
    from pysat.solvers import SolverNames

    return tuple(name for name in vars(SolverNames) if not name.startswith("_"))


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
    """Whether the solver logs proofs in the formula's own variables (python-sat's MapleSAT
    numbers them one too high, so its files refute nothing); a half-built solver's noisy
    destructor is silenced."""
    from pysat.solvers import Solver

    previous = sys.unraisablehook
    sys.unraisablehook = lambda _: None
    try:
        with Solver(
            name=name, bootstrap_with=[[1, 2], [-1, 2], [1, -2], [-1, -2]], with_proof=True
        ) as s:
            s.solve()
            proof = s.get_proof()
    except NotImplementedError:
        return False
    finally:
        gc.collect()
        sys.unraisablehook = previous
    literals = [token for line in proof or [] for token in line.split() if token != "d"]
    return bool(proof) and all(abs(int(token)) <= 2 for token in literals)
