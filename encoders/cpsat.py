"""The CP-SAT backend: the model translated for OR-Tools, circuits and cardinalities kept native.

CP-SAT is not incremental, so a session rebuilds the model for each solve and hints the previous
solution, which carries most of the work over between planning horizons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ortools.sat.python import cp_model

from boardsat.core.backends import CPSAT, MAX_WORKERS, capabilities
from boardsat.core.deadline import CHECK_EVERY, Deadline, OutOfTime, stopper
from boardsat.core.errors import BoardsatError
from boardsat.core.memory import limit_reached, watched
from boardsat.core.model import Cardinality, Circuit, Clause, Key, Model
from boardsat.core.results import (
    EncodingSize,
    Enumeration,
    Improvement,
    OnFound,
    OnImprovement,
    Result,
    Status,
    cut_short,
    least_objective,
)

_STATUS = {
    cp_model.OPTIMAL: Status.OPTIMAL,
    cp_model.FEASIBLE: Status.SATISFIABLE,
    cp_model.INFEASIBLE: Status.UNSATISFIABLE,
    cp_model.UNKNOWN: Status.UNKNOWN,
}


class Translation:
    """A CpModel built from a Model, with one BoolVar per model variable."""

    def __init__(
        self, model: Model, with_objective: bool = True, deadline: Deadline | None = None
    ) -> None:
        """``deadline`` is checked as the constraints go in (OutOfTime once it passes): a
        large board's translation takes seconds, as long as a short time limit."""
        self.model = model
        self.cp = cp_model.CpModel()
        self.vars = []
        for index in range(model.num_vars):
            if deadline is not None and index % CHECK_EVERY == 0:
                deadline.check()
            self.vars.append(self.cp.new_bool_var(f"x{index + 1}"))
        for index, constraint in enumerate(model.constraints):
            if deadline is not None and index % CHECK_EVERY == 0:
                deadline.check()
            self._add(constraint)
        if with_objective and model.objective is not None:
            self.cp.minimize(sum(weight * self.lit(lit) for weight, lit in model.objective.terms))

    def lit(self, lit: int) -> Any:
        var = self.vars[abs(lit) - 1]
        return var if lit > 0 else ~var

    def _add(self, constraint: Clause | Cardinality | Circuit) -> None:
        if isinstance(constraint, Clause):
            self.cp.add_bool_or([self.lit(lit) for lit in constraint.lits])
        elif isinstance(constraint, Cardinality):
            lits = [self.lit(lit) for lit in constraint.lits]
            if constraint.bound == 1 and constraint.op == "<=":
                self.cp.add_at_most_one(lits)
            elif constraint.bound == 1 and constraint.op == "==":
                self.cp.add_exactly_one(lits)
            elif constraint.op == "<=":
                self.cp.add(sum(lits) <= constraint.bound)
            elif constraint.op == ">=":
                self.cp.add(sum(lits) >= constraint.bound)
            else:
                self.cp.add(sum(lits) == constraint.bound)
        else:
            touched = {node for arc in constraint.arcs for node in (arc.tail, arc.head)}
            if len(touched) < constraint.nodes:
                # CP-SAT only knows the nodes its arcs name; a node without any arc can be
                # neither on the circuit nor skipped, so the constraint cannot hold
                self.cp.add_bool_or([])
            if constraint.arcs:  # CP-SAT refuses an empty arc list
                self.cp.add_circuit(
                    [(arc.tail, arc.head, self.lit(arc.lit)) for arc in constraint.arcs]
                )

    def size(self) -> EncodingSize:
        proto = self.cp.proto
        return EncodingSize(len(proto.variables), len(proto.constraints))

    def assignment(self, value: Any) -> dict[Key, bool]:
        keys = self.model.keys()
        return {keys[index]: bool(value(var)) for index, var in enumerate(self.vars)}


def set_parameter(parameters: Any, field: str, value: Any) -> None:
    """Set one SatParameters field: a list fills a repeated field (``subsolvers``; enum items by
    number), and a scalar enum field takes its value's name (``"STRATIFICATION_NONE"``) or number,
    as the proto text does; anything CP-SAT would misread (a bool for an enum) fails in one line."""
    if not hasattr(parameters, field):
        raise BoardsatError(f"CP-SAT has no parameter {field!r}")
    current = getattr(parameters, field)
    members = getattr(type(current), "__members__", None)
    repeated = hasattr(current, "extend")
    try:
        if isinstance(value, (list, tuple)) and repeated:
            current.clear()
            current.extend(value)
        elif members is not None:
            if isinstance(value, str):
                setattr(parameters, field, members[value])
            elif isinstance(value, int) and not isinstance(value, bool):
                setattr(parameters, field, {int(m): m for m in members.values()}[value])
            else:
                raise TypeError(value)
        elif not repeated:
            setattr(parameters, field, value)
        else:
            raise TypeError(value)
    except (AttributeError, KeyError, TypeError, ValueError):
        needs = "; a list" if repeated and not isinstance(value, (list, tuple)) else ""
        needs += f"; one of {', '.join(members)}" if members is not None else ""
        raise BoardsatError(f"CP-SAT parameter {field!r} cannot take {value!r}{needs}") from None


class CpSatBackend:
    """OR-Tools CP-SAT; ``workers`` and raw ``parameters`` go to its SatParameters (a list fills a
    repeated field, such as ``subsolvers``; a scalar enum takes its value's name).

    ``on_improvement`` hears of every better solution and every higher objective bound.
    ``stop_at`` ends a minimisation at its first solution of at most that objective, unproven:
    a search for a known value (a published optimum, the other half's need) stops on reaching it.
    """

    OPTIONS = ("workers", "parameters", "hint", "on_improvement", "stop_at")
    name = CPSAT

    def __init__(
        self,
        workers: int | None = None,
        parameters: Mapping[str, Any] | None = None,
        hint: Mapping[Key, bool] | None = None,
        on_improvement: OnImprovement | None = None,
        stop_at: int | None = None,
    ) -> None:
        self.capabilities = capabilities(CPSAT)
        self.on_improvement = on_improvement
        self.stop_at = stop_at
        if workers is not None and not 1 <= workers <= MAX_WORKERS:
            raise BoardsatError(f"workers must be from 1 to {MAX_WORKERS}, got {workers}")
        self.workers = workers
        self.parameters = dict(parameters or {})
        self.hint = dict(hint or {})
        probe = cp_model.CpSolver().parameters
        for field, value in self.parameters.items():
            set_parameter(probe, field, value)  # bad names and values fail here, in one line

    @property
    def encoding_name(self) -> str:
        workers = "default" if self.workers is None else str(self.workers)
        return f"cpsat(workers={workers})"

    def _solver(self, deadline: Deadline, enumerate_all: bool = False) -> cp_model.CpSolver:
        solver = cp_model.CpSolver()
        # CP-SAT's own Ctrl-C handling ends the search and tells no one, so the run went on;
        # boardsat's cancellation stops it instead (``_run``)
        solver.parameters.catch_sigint_signal = False
        if self.workers is not None:
            solver.parameters.num_workers = self.workers
        for field, value in self.parameters.items():
            set_parameter(solver.parameters, field, value)
        left = deadline.remaining()
        if left is not None:
            solver.parameters.max_time_in_seconds = left
        if enumerate_all:
            solver.parameters.enumerate_all_solutions = True
            solver.parameters.num_workers = 1
        return solver

    def _apply_hint(self, built: Translation, hint: Mapping[Key, bool]) -> None:
        for key, value in hint.items():
            if key in built.model:
                built.cp.add_hint(built.vars[built.model.lit(key) - 1], value)

    def solve(
        self,
        model: Model,
        deadline: Deadline,
        assumptions: Sequence[int] = (),
        hint: Mapping[Key, bool] | None = None,
    ) -> Result:
        built = Translation(model, deadline=deadline)
        self._apply_hint(built, hint if hint is not None else self.hint)
        if assumptions:
            built.cp.add_assumptions([built.lit(lit) for lit in assumptions])
        solver = self._solver(deadline)
        reporter = None
        if model.objective is not None and (self.on_improvement or self.stop_at is not None):
            reporter = _Reporter(built, self.on_improvement, self.stop_at)
        if self.on_improvement is not None and model.objective is not None:
            lower = model.objective.lower_bound
            report = self.on_improvement
            solver.best_bound_callback = lambda bound: report(
                Improvement(bound=max(least_objective(bound), lower))
            )
        code = _run(solver, built.cp, reporter)
        _refuse_invalid(code, built, solver)
        status = _STATUS[code]
        found = code in (cp_model.OPTIMAL, cp_model.FEASIBLE)
        objective = bound = None
        if model.objective is None and status is Status.OPTIMAL:
            status = Status.SATISFIABLE  # CP-SAT calls a solved satisfaction problem optimal
        if model.objective is not None:
            if status is Status.SATISFIABLE:
                status = Status.UNKNOWN  # stopped before optimality was proven
            if found:
                objective = round(solver.objective_value)
            if status is not Status.UNSATISFIABLE:
                proven = least_objective(solver.best_objective_bound)
                bound = max(proven, model.objective.lower_bound)
        return Result(
            status=status,
            backend=self.name,
            encoding=self.encoding_name,
            size=built.size(),
            seconds=deadline.elapsed(),
            assignment=built.assignment(solver.boolean_value) if found else {},
            objective=objective,
            bound=bound,
        )

    def enumerate(
        self,
        model: Model,
        project: Sequence[int],
        limit: int | None,
        deadline: Deadline,
        on_found: OnFound | None = None,
    ) -> Enumeration:
        # enumeration lists feasible solutions: no objective
        built = Translation(model, with_objective=False, deadline=deadline)
        keys = model.keys()
        watched = [(keys[abs(lit) - 1], built.lit(abs(lit))) for lit in project]
        collector = _Collector(watched, limit, on_found)
        solver = self._solver(deadline, enumerate_all=True)
        code = _run(solver, built.cp, collector)
        _refuse_invalid(code, built, solver)
        exhausted = code in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and not collector.stopped
        if collector.found:
            status = Status.SATISFIABLE
        else:
            status = Status.UNSATISFIABLE if exhausted else Status.UNKNOWN
        return Enumeration(
            status=status,
            backend=self.name,
            encoding=self.encoding_name,
            size=built.size(),
            seconds=deadline.elapsed(),
            count=len(collector.found),
            exhausted=exhausted,
            solutions=tuple(collector.found),
        )

    def session(self, model: Model) -> CpSatSession:
        return CpSatSession(self, model)


def _run(solver: cp_model.CpSolver, cp: cp_model.CpModel, callback: Any) -> Any:
    """Solve; a cancellation (Ctrl-C) stops the search as its time limit would.

    An allocation refused inside CP-SAT ends the whole process (``std::bad_alloc``) without a
    word, so the memory ceiling is watched instead of enforced while it solves: past it, the
    search stops and the run ends in one line (MemoryLimitReached).
    """
    with stopper(solver.stop_search), watched(solver.stop_search) as passed:
        code = solver.solve(cp, callback)
    if passed():
        raise limit_reached("solving with CP-SAT")
    return code


def _refuse_invalid(code: Any, built: Translation, solver: cp_model.CpSolver) -> None:
    """One error line for MODEL_INVALID: the model's fault, or else the parameters' (an unknown
    subsolver, say, which the parameter probe cannot catch)."""
    if code == cp_model.MODEL_INVALID:
        why = built.cp.validate() or solver.solution_info()
        raise BoardsatError(f"CP-SAT rejected the model or its parameters: {why}")


class _Reporter(cp_model.CpSolverSolutionCallback):
    """Passes each improving solution on, in the model's keys; stops the search at the first
    of at most ``stop_at``."""

    def __init__(
        self, built: Translation, report: OnImprovement | None, stop_at: int | None
    ) -> None:
        super().__init__()
        self.built = built
        self.report = report
        self.stop_at = stop_at

    def on_solution_callback(self) -> None:
        objective = round(self.objective_value)
        if self.report is not None:
            self.report(
                Improvement(
                    objective=objective, assignment=self.built.assignment(self.boolean_value)
                )
            )
        if self.stop_at is not None and objective <= self.stop_at:
            self.stop_search()


class _Collector(cp_model.CpSolverSolutionCallback):
    """Keeps distinct projections; CP-SAT enumerates full assignments, so duplicates are skipped."""

    def __init__(
        self, watched: list[tuple[Key, Any]], limit: int | None, on_found: OnFound | None
    ) -> None:
        super().__init__()
        self.watched = watched
        self.limit = limit
        self.on_found = on_found
        self.seen: set[frozenset[Key]] = set()
        self.found: list[frozenset[Key]] = []
        self.stopped = False

    def on_solution_callback(self) -> None:
        projection = frozenset(key for key, var in self.watched if self.boolean_value(var))
        if projection not in self.seen:
            self.seen.add(projection)
            self.found.append(projection)
            if self.on_found is not None:
                self.on_found(len(self.found))
        if self.limit is not None and len(self.found) >= self.limit:
            self.stopped = True
            self.stop_search()


class CpSatSession:
    """Re-solves the grown model each time, hinted with the previous solution (at first with the
    backend's own ``hint``, if it has one)."""

    def __init__(self, backend: CpSatBackend, model: Model) -> None:
        self.backend = backend
        self.model = model
        self.last: Mapping[Key, bool] = backend.hint

    def solve(self, assumptions: Sequence[int] = (), deadline: Deadline | None = None) -> Result:
        """Solve under ``assumptions``; the result's seconds are this call's, though ``deadline``
        may be shared by a run's many calls."""
        this_call = Deadline(None)
        try:
            result = self.backend.solve(
                self.model, deadline or this_call, assumptions=assumptions, hint=self.last
            )
        except OutOfTime:  # the time ran out while the grown model was being translated again
            return cut_short(self.model, CPSAT, this_call.elapsed())
        if result.has_solution:
            self.last = result.assignment
        return replace(result, seconds=this_call.elapsed())

    def close(self) -> None:
        self.last = {}
