"""MIP backends: the model as a 0-1 linear program, and HiGHS through OR-Tools' pywraplp.

A MIP solver is the baseline researchers expect next to CP-SAT and SAT, so it reads the very same
model: one binary per variable, a literal ``-v`` counts as ``1 - x_v``, clauses and cardinalities
become linear rows and the objective a linear sum. ``linear_rows`` and ``linear_objective`` are
that view, shared with the SCIP and Gurobi backends (scip.py, gurobi.py); ``zero_one_result``
turns what a MIP solver found and proved into the one Result vocabulary. No MIP backend has a
circuit constraint or solution callbacks, so circuits and enumeration are refused at once; a
session re-solves the whole program each time (session.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, cast

from ortools.linear_solver import pywraplp

from boardsat.core.backends import Backend, capabilities
from boardsat.core.child import ChildOutOfMemory, TimedOut, run_in_child
from boardsat.core.deadline import CHECK_EVERY, Deadline, OutOfTime, cancel
from boardsat.core.errors import BoardsatError
from boardsat.core.memory import limit_reached
from boardsat.core.model import Circuit, Clause, Model
from boardsat.core.results import (
    EncodingSize,
    Improvement,
    OnFound,
    OnImprovement,
    Result,
    Status,
    least_objective,
)
from boardsat.encoders.mip.session import ResolvingSession

# OR-Tools' HiGHS wrapper ignores MPSolverParameters (the optimality gap among them), so HiGHS
# gets its options as a string; it also prints a banner on stdout unless told not to.
_HIGHS_PARAMETERS = "output_flag=false,mip_rel_gap=0"
# MPSOLVER_UNKNOWN_STATUS: HiGHS stopped by its limit (this wrapper drops its incumbent there)
_UNKNOWN_STATUS = 99
_STOPPED = (pywraplp.Solver.NOT_SOLVED, _UNKNOWN_STATUS)


@dataclass(frozen=True)
class LinearRow:
    """``low <= sum(coefficients[i] * x_i) <= high`` over 0-1 variables by index (None: open)."""

    coefficients: Mapping[int, int]
    low: int | None
    high: int | None

    def sides(self) -> Iterator[tuple[str, int]]:
        """The row as one equation (``"=="``) or as its open sides (``">="``, ``"<="``), for
        solvers whose rows are one-sided."""
        if self.low is not None and self.low == self.high:
            yield "==", self.low
            return
        if self.low is not None:
            yield ">=", self.low
        if self.high is not None:
            yield "<=", self.high


def linear(terms: Iterable[tuple[int, int]]) -> tuple[dict[int, int], int]:
    """``sum(weight * lit)`` as coefficients per variable index plus a constant (``-v`` is 1 - x)."""
    coefficients: dict[int, int] = {}
    constant = 0
    for weight, lit in terms:
        index = abs(lit) - 1
        coefficients[index] = coefficients.get(index, 0) + (weight if lit > 0 else -weight)
        constant += 0 if lit > 0 else weight
    return coefficients, constant


def linear_rows(model: Model, deadline: Deadline | None = None) -> Iterator[LinearRow]:
    """Each clause and cardinality as one row; a circuit is refused (no MIP backend has one).
    ``deadline`` is checked as the rows go (OutOfTime once it has passed): a large board's
    translation takes as long as a short time limit."""
    for number, constraint in enumerate(model.constraints):
        if deadline is not None and number % CHECK_EVERY == 0:
            deadline.check()
        if isinstance(constraint, Circuit):
            raise BoardsatError(
                f"MIP backends have no circuit constraint; solve {model.name!r} on cpsat or a SAT backend"
            )
        low: int | None
        high: int | None
        if isinstance(constraint, Clause):
            low, high, lits = 1, None, constraint.lits
        else:
            bound, lits = constraint.bound, constraint.lits
            low, high = {"<=": (None, bound), ">=": (bound, None), "==": (bound, bound)}[
                constraint.op
            ]
        coefficients, constant = linear((1, lit) for lit in lits)
        yield LinearRow(
            {index: c for index, c in coefficients.items() if c},
            None if low is None else low - constant,
            None if high is None else high - constant,
        )


def linear_objective(model: Model) -> tuple[dict[int, int], int]:
    """The objective's coefficients per variable index and its constant (none: zero)."""
    return linear(model.objective.terms) if model.objective is not None else ({}, 0)


def parameter_fits(value: Any, current: Any) -> bool:
    """Whether ``value`` suits a solver parameter now set to ``current``: PySCIPOpt and gurobipy
    would read True as 1 and truncate 0.5 to 0 without a word."""
    if isinstance(value, bool):
        return isinstance(current, bool)
    if isinstance(current, str):
        return isinstance(value, str)
    if isinstance(current, int) and not isinstance(current, bool) and isinstance(value, float):
        return value.is_integer()
    return True


def solution_news(model: Model, values: Sequence[bool]) -> Improvement:
    """A solution a MIP solver found mid-solve (``values`` per model variable), as news: its
    objective evaluated on the model itself, not the solver's floating-point value."""
    assert model.objective is not None
    return Improvement(
        objective=model.objective.value(lambda lit: values[abs(lit) - 1] == (lit > 0)),
        assignment=dict(zip(model.keys(), values, strict=True)),
    )


def zero_one_result(
    model: Model,
    backend: str,
    size: EncodingSize,
    deadline: Deadline,
    *,
    values: Sequence[bool] | None,
    infeasible: bool,
    optimal: bool,
    bound: int,
) -> Result:
    """A MIP solver's answer in the one vocabulary: ``values`` per model variable (None: no
    solution), ``optimal`` the solver's claim, ``bound`` its proven objective bound (0 if none).

    A solver's optimum within its tolerances is not proof: OPTIMAL needs the bound to meet the
    solution's exact objective, evaluated here on the model.
    """
    keys = model.keys()
    assignment = {} if values is None else dict(zip(keys, values, strict=True))
    if infeasible:
        status = Status.UNSATISFIABLE
    else:
        status = Status.SATISFIABLE if values is not None else Status.UNKNOWN
    objective = proven = None
    if model.objective is not None and not infeasible:
        if values is not None:
            objective = model.objective.value(lambda lit: values[abs(lit) - 1] == (lit > 0))
        proven = max(bound, model.objective.lower_bound)
        met = optimal and objective is not None and proven >= objective
        status = Status.OPTIMAL if met else Status.UNKNOWN
    return Result(
        status=status,
        backend=backend,
        encoding=f"mip({backend})",
        size=size,
        seconds=deadline.elapsed(),
        assignment=assignment,
        objective=objective,
        bound=proven,
    )


@dataclass(frozen=True)
class SolverStatuses:
    """A MIP solver's own status names, read into the one vocabulary: ``optimal``; ``stopped``,
    a limit or an interrupt ended the search; ``infeasible``; and ``interrupted``, the Ctrl-C
    that the solver caught itself, which cancels the whole run."""

    solver: str
    optimal: str
    stopped: frozenset[str]
    infeasible: frozenset[str]
    interrupted: str

    def result(
        self,
        model: Model,
        backend: str,
        size: EncodingSize,
        deadline: Deadline,
        *,
        status: str,
        values: Sequence[bool] | None,
        bound: int,
    ) -> Result:
        """The answer of a solve that ended in ``status`` with the best ``values`` found (None:
        none) and the proven ``bound``; a status of no known meaning is one error line."""
        if status == self.interrupted:
            cancel()
        infeasible = status in self.infeasible
        if not infeasible and status != self.optimal and status not in self.stopped:
            raise BoardsatError(f"{self.solver} ended {model.name!r} with status {status!r}")
        return zero_one_result(
            model,
            backend,
            size,
            deadline,
            values=None if infeasible else values,
            infeasible=infeasible,
            optimal=status == self.optimal,
            bound=bound,
        )


class _Translation:
    """A pywraplp solver holding the model's rows and objective, one binary per model variable."""

    def __init__(self, model: Model, solver: Any, deadline: Deadline) -> None:
        """``deadline`` is checked as the rows go in (OutOfTime once it has passed)."""
        self.solver = solver
        self.xs = [solver.BoolVar(f"x{index + 1}") for index in range(model.num_vars)]
        infinity = solver.infinity()
        for row in linear_rows(model, deadline):
            low = -infinity if row.low is None else row.low
            constraint = solver.Constraint(low, infinity if row.high is None else row.high)
            for index, coefficient in row.coefficients.items():
                constraint.SetCoefficient(self.xs[index], coefficient)
        coefficients, constant = linear_objective(model)
        objective = solver.Objective()
        for index, coefficient in coefficients.items():
            objective.SetCoefficient(self.xs[index], coefficient)
        objective.SetOffset(constant)
        objective.SetMinimization()

    def size(self) -> EncodingSize:
        return EncodingSize(self.solver.NumVariables(), self.solver.NumConstraints())

    def values(self) -> list[bool]:
        return [x.solution_value() > 0.5 for x in self.xs]


class ZeroOneBackend:
    """What every MIP backend shares: no circuits (refused by ``linear_rows``) and no
    enumeration, since none has solution callbacks that exclude found solutions; a session that
    builds the program again for each solve, its assumptions fixed."""

    name: str

    def enumerate(
        self,
        model: Model,
        project: Sequence[int],
        limit: int | None,
        deadline: Deadline,
        on_found: OnFound | None = None,
    ) -> NoReturn:
        _refuse("enumerate solutions")

    def session(self, model: Model) -> ResolvingSession:
        return ResolvingSession(cast(Backend, self), model)


class HighsBackend(ZeroOneBackend):
    """HiGHS behind pywraplp, the MIP baseline against CP-SAT and SAT.

    ``on_improvement`` is accepted like on every backend, but pywraplp has no callbacks: it hears
    once, after the solve, of the final solution and bound. pywraplp reports HiGHS's incumbent as
    its best bound after a time limit, and drops the incumbent itself there, so only an optimum
    says anything: a stopped HiGHS gives UNKNOWN with the builder's bound and no solution.
    """

    OPTIONS = ("on_improvement",)

    def __init__(
        self, name: str, solver_id: str, on_improvement: OnImprovement | None = None
    ) -> None:
        self.name = name
        self.solver_id = solver_id  # pywraplp's name for the solver
        self.capabilities = capabilities(name)
        self.on_improvement = on_improvement

    def solve(self, model: Model, deadline: Deadline) -> Result:
        """HiGHS solves in a child process: pywraplp cannot interrupt it, so a Ctrl-C ends the
        child (an UNKNOWN answer, as HiGHS keeps no incumbent for us), and running into the
        memory ceiling is one line, not the library's dying words."""
        bare = HighsBackend(self.name, self.solver_id)  # the listener may hold locks: it stays
        try:
            ran = run_in_child(
                lambda: bare._solved(model, deadline), deadline.remaining(), quiet=True
            )
        except ChildOutOfMemory:
            raise limit_reached(f"solving with {self.name}") from None
        if isinstance(ran, TimedOut):  # cancelled, or HiGHS ran past its own limit
            size = EncodingSize(model.num_vars, len(model.constraints))
            return zero_one_result(
                model,
                self.name,
                size,
                deadline,
                values=None,
                infeasible=False,
                optimal=False,
                bound=0,
            )
        if ran.value is None:
            raise OutOfTime  # the translation outlasted the limit, as in this process
        result = ran.value
        feasible = result.status is not Status.UNSATISFIABLE
        if self.on_improvement is not None and model.objective is not None and feasible:
            self.on_improvement(Improvement(result.objective, result.bound, result.assignment))
        return result

    def _solved(self, model: Model, deadline: Deadline) -> Result | None:
        """The child's job: the result, or None when the deadline passed while translating."""
        try:
            return self._solve_here(model, deadline)
        except OutOfTime:
            return None

    def _solve_here(self, model: Model, deadline: Deadline) -> Result:
        solver = pywraplp.Solver.CreateSolver(self.solver_id)
        solver.SetSolverSpecificParametersAsString(_HIGHS_PARAMETERS)
        built = _Translation(model, solver, deadline)
        left = deadline.remaining()
        if left is not None:
            solver.SetTimeLimit(max(1, int(left * 1000)))  # in ms; 0 would mean no limit
        parameters = pywraplp.MPSolverParameters()
        parameters.SetDoubleParam(parameters.RELATIVE_MIP_GAP, 0.0)  # prove, do not estimate
        code = solver.Solve(parameters)
        found = code in (pywraplp.Solver.OPTIMAL, pywraplp.Solver.FEASIBLE)
        if not found and code not in (pywraplp.Solver.INFEASIBLE, *_STOPPED):
            raise BoardsatError(f"{self.name} failed on {model.name!r} (MPSolver status {code})")
        bound = 0
        if code == pywraplp.Solver.OPTIMAL:
            best: float = solver.Objective().BestBound()
            bound = least_objective(best)
        return zero_one_result(
            model,
            self.name,
            built.size(),
            deadline,
            values=built.values() if found else None,
            infeasible=code == pywraplp.Solver.INFEASIBLE,
            optimal=code == pywraplp.Solver.OPTIMAL,
            bound=bound,
        )


def _refuse(what: str) -> NoReturn:
    raise BoardsatError(f"MIP backends do not {what}; use cpsat or a SAT backend")
