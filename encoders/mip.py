"""MIP backends: the model as a 0-1 linear program for a MIP solver that OR-Tools ships.

A MIP solver is the baseline researchers expect next to CP-SAT and SAT, so it reads the very same
model: one binary per variable, a literal ``-v`` counts as ``1 - x_v``, clauses and cardinalities
become linear rows and the objective a linear sum. pywraplp has no circuit constraint, no solution
callbacks and no incremental solving: circuits, enumeration and sessions are refused at once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from ortools.linear_solver import pywraplp

from boardsat.backends import MIP_SOLVERS, capabilities
from boardsat.deadline import Deadline
from boardsat.errors import BoardsatError
from boardsat.model import Cardinality, Circuit, Clause, Key, Model
from boardsat.results import EncodingSize, Improvement, OnImprovement, Result, Status

# OR-Tools' HiGHS wrapper ignores MPSolverParameters (the optimality gap among them), so HiGHS
# gets its options as a string; it also prints a banner on stdout unless told not to.
_SOLVER_PARAMETERS = {"highs": "output_flag=false,mip_rel_gap=0"}
# The same wrapper reports the incumbent's value as the best bound after a time limit, so only a
# HiGHS optimum says anything about the bound; SCIP's is its real dual bound.
_BOUND_ONLY_AT_OPTIMUM = frozenset({"highs"})
# MPSOLVER_UNKNOWN_STATUS: HiGHS stopped by its limit (this wrapper drops its incumbent there)
_UNKNOWN_STATUS = 99
_STOPPED = (pywraplp.Solver.NOT_SOLVED, _UNKNOWN_STATUS)


def _linear(terms: Iterable[tuple[int, int]]) -> tuple[dict[int, int], int]:
    """``sum(weight * lit)`` as coefficients per variable index plus a constant (``-v`` is 1 - x)."""
    coefficients: dict[int, int] = {}
    constant = 0
    for weight, lit in terms:
        index = abs(lit) - 1
        coefficients[index] = coefficients.get(index, 0) + (weight if lit > 0 else -weight)
        constant += 0 if lit > 0 else weight
    return coefficients, constant


class _Translation:
    """A pywraplp solver holding the model's rows and objective, one binary per model variable."""

    def __init__(self, model: Model, solver: Any) -> None:
        self.model = model
        self.solver = solver
        self.xs = [solver.BoolVar(f"x{index + 1}") for index in range(model.num_vars)]
        infinity = solver.infinity()
        for constraint in model.constraints:
            if isinstance(constraint, Clause):
                self._row(constraint.lits, 1, infinity)
            elif isinstance(constraint, Cardinality):
                low, high = {
                    "<=": (-infinity, constraint.bound),
                    ">=": (constraint.bound, infinity),
                    "==": (constraint.bound, constraint.bound),
                }[constraint.op]
                self._row(constraint.lits, low, high)
        if model.objective is not None:
            coefficients, constant = _linear(model.objective.terms)
            objective = solver.Objective()
            for index, coefficient in coefficients.items():
                objective.SetCoefficient(self.xs[index], coefficient)
            objective.SetOffset(constant)
            objective.SetMinimization()

    def _row(self, lits: Sequence[int], low: float, high: float) -> None:
        coefficients, constant = _linear((1, lit) for lit in lits)
        row = self.solver.Constraint(low - constant, high - constant)
        for index, coefficient in coefficients.items():
            if coefficient:
                row.SetCoefficient(self.xs[index], coefficient)

    def size(self) -> EncodingSize:
        return EncodingSize(self.solver.NumVariables(), self.solver.NumConstraints())

    def assignment(self) -> dict[Key, bool]:
        keys = self.model.keys()
        return {keys[index]: x.solution_value() > 0.5 for index, x in enumerate(self.xs)}


class MipBackend:
    """A MIP solver behind pywraplp (``highs``, ``scip``), for baselines against CP-SAT and SAT.

    ``on_improvement`` is accepted like on every backend, but pywraplp has no callbacks: it hears
    once, after the solve, of the final solution and bound.
    """

    OPTIONS = ("on_improvement",)

    def __init__(self, name: str, on_improvement: OnImprovement | None = None) -> None:
        self.name = name
        self.capabilities = capabilities(name)
        self.on_improvement = on_improvement

    @property
    def encoding_name(self) -> str:
        return f"mip({self.name})"

    def solve(self, model: Model, deadline: Deadline) -> Result:
        if any(isinstance(constraint, Circuit) for constraint in model.constraints):
            raise BoardsatError(
                f"MIP backends have no circuit constraint; solve {model.name!r} on cpsat or a SAT backend"
            )
        solver = pywraplp.Solver.CreateSolver(MIP_SOLVERS[self.name])
        solver.SetSolverSpecificParametersAsString(_SOLVER_PARAMETERS.get(self.name, ""))
        built = _Translation(model, solver)
        left = deadline.remaining()
        if left is not None:
            solver.SetTimeLimit(max(1, int(left * 1000)))  # in ms; 0 would mean no limit
        parameters = pywraplp.MPSolverParameters()
        parameters.SetDoubleParam(parameters.RELATIVE_MIP_GAP, 0.0)  # prove, do not estimate
        code = solver.Solve(parameters)
        found = code in (pywraplp.Solver.OPTIMAL, pywraplp.Solver.FEASIBLE)
        if not found and code not in (pywraplp.Solver.INFEASIBLE, *_STOPPED):
            raise BoardsatError(f"{self.name} failed on {model.name!r} (MPSolver status {code})")
        assignment = built.assignment() if found else {}
        status = Status.SATISFIABLE if found else Status.UNKNOWN
        if code == pywraplp.Solver.INFEASIBLE:
            status = Status.UNSATISFIABLE
        objective = bound = None
        if model.objective is not None and status is not Status.UNSATISFIABLE:
            if found:
                objective = model.objective.value(
                    lambda lit: assignment[model.key(lit)] == (lit > 0)
                )
            bound = max(self._proven_bound(solver, code), model.objective.lower_bound)
            # a solver's optimum within its tolerances is not proof; the bound must meet it
            proven = (
                code == pywraplp.Solver.OPTIMAL and objective is not None and bound >= objective
            )
            status = Status.OPTIMAL if proven else Status.UNKNOWN
            if self.on_improvement is not None:
                self.on_improvement(
                    Improvement(objective=objective, bound=bound, assignment=assignment)
                )
        return Result(
            status=status,
            backend=self.name,
            encoding=self.encoding_name,
            size=built.size(),
            seconds=deadline.elapsed(),
            assignment=assignment,
            objective=objective,
            bound=bound,
        )

    def _proven_bound(self, solver: Any, code: int) -> int:
        """The solver's dual bound where it means one, else 0 (objective weights are positive)."""
        if code == pywraplp.Solver.OPTIMAL or (
            code == pywraplp.Solver.FEASIBLE and self.name not in _BOUND_ONLY_AT_OPTIMUM
        ):
            best: float = solver.Objective().BestBound()
            if math.isfinite(best):
                return math.ceil(best - 1e-6)
        return 0

    def enumerate(
        self, model: Model, project: Sequence[int], limit: int | None, deadline: Deadline
    ) -> NoReturn:
        _refuse("enumerate solutions")

    def session(self, model: Model) -> NoReturn:
        _refuse("keep sessions")


def _refuse(what: str) -> NoReturn:
    raise BoardsatError(f"MIP backends do not {what}; use cpsat or a SAT backend")
