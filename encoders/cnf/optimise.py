"""Minimisation on a SAT solver: bound search on an incremental totalizer, or MaxSAT with RC2.

``linear-down`` (SAT-UNSAT) improves a solution until the bound below it is refuted; it always
holds the best solution found. ``linear-up`` (UNSAT-SAT) refutes bounds from the model's proven
lower bound upwards; its first solution is optimal. ``maxsat`` runs python-sat's core-guided RC2
(with core exhaustion, core reduction and at-most-one detection). In every route the lower bound
reported is one the solver proved (or the builder's, which must be valid). Weights enter the
totalizer as repeated literals, which suits the small weights of puzzles.

With a proof path, the optimum's last step ("no solution of cost optimum - 1"), or the whole
model when it is infeasible, is solved again on a fresh proof-logging solver without
assumptions, within what is left of the time limit, so the DRUP file refutes a plain CNF that is
written beside it; when time runs out first, the result carries no proof.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pysat.card import ITotalizer
from pysat.examples.rc2 import RC2
from pysat.formula import WCNF
from pysat.solvers import Solver

from boardsat.core.deadline import CHECK_EVERY, Deadline, OutOfTime
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Model, Objective
from boardsat.core.results import Improvement, Result, Status
from boardsat.encoders.cnf.backend import CnfSession, run_limited, stopped_by_ctrl_c, write_proof

if TYPE_CHECKING:
    from boardsat.encoders.cnf.backend import CnfBackend


def minimize(backend: CnfBackend, model: Model, deadline: Deadline) -> Result:
    assert model.objective is not None
    keep = backend.proof is not None or backend.optimisation == "maxsat"
    with backend.session(model, keep=keep) as run:
        run.sync(deadline)
        weighted = [run.lit(lit) for weight, lit in model.objective.terms for _ in range(weight)]
        if backend.optimisation == "maxsat":
            result = _maxsat(run, model.objective, deadline)
        elif backend.optimisation == "linear-up":
            result = _linear_up(run, weighted, model.objective.lower_bound, deadline)
        else:
            result = _linear_down(run, weighted, model.objective, deadline)
        if backend.proof is None:
            return result
        if result.status is Status.UNSATISFIABLE:
            written = _write_refutation(run, backend.proof, deadline)
        elif result.status is Status.OPTIMAL and result.objective:
            written = _write_refutation(run, backend.proof, deadline, weighted, result.objective)
        else:
            written = False
        return replace(result, proof=backend.proof) if written else result


def _report(run: CnfSession, improvement: Improvement) -> None:
    if run.backend.on_improvement is not None:
        run.backend.on_improvement(improvement)


def _cost(run: CnfSession, weighted: list[int]) -> int:
    return sum(1 for lit in weighted if run.holds(lit))


class _Counter:
    """An incremental totalizer over the objective; ``at_most(k)`` is an assumption literal.

    Its clauses grow with the objective's terms times the bound, tens of millions on a large
    board: it grows a few bounds at a time and passes its clauses on in batches, the deadline
    looked at between them (OutOfTime once it has passed).
    """

    def __init__(self, run: CnfSession, weighted: list[int], deadline: Deadline) -> None:
        self.run = run
        self.deadline = deadline
        self.size = len(weighted)
        self.step = max(1, CHECK_EVERY // max(1, self.size))  # bounds grown between two looks
        self.totalizer = ITotalizer(lits=weighted, ubound=min(1, self.size), top_id=run.formula.top)
        self.added = 0

    def at_most(self, bound: int) -> list[int] | None:
        """Assumptions meaning "cost <= bound" (none when every cost satisfies it); None when
        the deadline passed while the totalizer grew to say it."""
        if bound >= self.size:
            return []
        try:
            while self.totalizer.ubound <= bound:
                self.deadline.check()
                ubound = min(bound + 1, self.totalizer.ubound + self.step)
                self.totalizer.increase(ubound=ubound, top_id=self.run.formula.top)
                self._flush()
            self._flush()
        except OutOfTime:
            return None
        return [-self.totalizer.rhs[bound]]

    def _flush(self) -> None:
        """Pass the clauses made since the last flush on to the formula."""
        clauses = self.totalizer.cnf.clauses
        self.run.formula.reserve(self.totalizer.top_id)
        for index in range(self.added, len(clauses)):
            if index % CHECK_EVERY == 0:
                self.deadline.check()
            self.run.formula.add_clause(clauses[index])
            self.added = index + 1

    def close(self) -> None:
        self.totalizer.delete()


def _linear_down(
    run: CnfSession, weighted: list[int], objective: Objective, deadline: Deadline
) -> Result:
    lower = objective.lower_bound
    answer = run.solve_cnf([], deadline)
    if answer is not True:
        status = Status.UNKNOWN if answer is None else Status.UNSATISFIABLE
        return run.result(status, deadline, bound=lower if answer is None else None)
    best = _cost(run, weighted)
    best_assignment = run.assignment()
    _report(run, Improvement(objective=best, assignment=best_assignment))
    counter = _Counter(run, weighted, deadline)
    try:
        while best > lower:
            below = counter.at_most(best - 1)
            answer = None if below is None else run.solve_cnf(below, deadline)
            if answer is None:
                return _best(run, Status.UNKNOWN, deadline, best, lower, best_assignment)
            if not answer:
                lower = best
                break
            best = _cost(run, weighted)
            best_assignment = run.assignment()
            _report(run, Improvement(objective=best, assignment=best_assignment))
    finally:
        counter.close()
    return _best(run, Status.OPTIMAL, deadline, best, best, best_assignment)


def _best(
    run: CnfSession,
    status: Status,
    deadline: Deadline,
    objective: int,
    bound: int,
    assignment: dict[object, bool],
) -> Result:
    return replace(
        run.result(status, deadline, with_model=False),
        assignment=assignment,
        objective=objective,
        bound=bound,
    )


def _linear_up(run: CnfSession, weighted: list[int], lower: int, deadline: Deadline) -> Result:
    counter = _Counter(run, weighted, deadline)
    try:
        bound = lower
        while True:
            within = counter.at_most(bound)
            answer = None if within is None else run.solve_cnf(within, deadline)
            if answer is None:
                return run.result(Status.UNKNOWN, deadline, bound=bound)
            if answer:
                return run.result(
                    Status.OPTIMAL, deadline, objective=_cost(run, weighted), bound=bound
                )
            if bound >= len(weighted):
                return run.result(Status.UNSATISFIABLE, deadline)
            bound += 1
            _report(run, Improvement(bound=bound))
    finally:
        counter.close()


def _maxsat(run: CnfSession, objective: Objective, deadline: Deadline) -> Result:
    if run.formula.native_at_most:
        raise BoardsatError(
            "maxsat needs a clausal formula: pick a non-native cardinality encoding"
        )
    assert run.formula.kept is not None
    formula = WCNF()
    formula.extend(run.formula.kept)
    for weight, lit in objective.terms:
        formula.append([-run.lit(lit)], weight=weight)
    with _DeadlineRC2(formula, run, deadline, objective.lower_bound) as maxsat:
        while True:
            try:
                model = maxsat.compute()
            except _DeadlineReached:
                bound = max(objective.lower_bound, maxsat.cost)
                return run.result(Status.UNKNOWN, deadline, bound=bound)
            if model is None:
                return run.result(Status.UNSATISFIABLE, deadline)
            run.values = list(model)
            cuts = [cut for refiner in run.refiners for cut in refiner.refine(run.holds)]
            if not cuts:
                return run.result(
                    Status.OPTIMAL, deadline, objective=maxsat.cost, bound=maxsat.cost
                )
            for cut in cuts:
                run.formula.add_clause(cut)
                maxsat.add_clause(cut)


# RC2's -a -x -m (adapt at-most-ones, exhaust and reduce cores): they reach the optimum's bound
# on independent 16x16 where plain RC2 stops short (bench/results/domination.md)
RC2_SETTINGS = {"adapt": True, "exhaust": True, "minz": True}


class _DeadlineReached(Exception):
    """Raised out of RC2 when a SAT call stops at the deadline; RC2 is then discarded."""


class _DeadlineRC2(RC2):  # type: ignore[misc]
    """RC2 whose SAT calls go through boardsat's deadline handling (interrupt or budgets).

    Aborting RC2 between cores keeps ``cost`` a proven lower bound: it only grows by the weight
    of cores already refuted, which is also why each SAT call can report it as proven.

    Core minimisation is the exception: RC2 caps each of its calls at 1000 conflicts and keeps
    the core it has when a call runs out, so those calls run under RC2's own cap (a budget-out
    there is not the deadline), and the deadline is looked at between them.
    """

    def __init__(self, formula: WCNF, run: CnfSession, deadline: Deadline, lower: int) -> None:
        super().__init__(formula, solver=run.backend.name, **RC2_SETTINGS)
        self.run = run
        self.backend = run.backend
        self.deadline = deadline
        self.reported = lower
        self.minimising = False

    def adapt_am1(self) -> None:
        """RC2's at-most-one detection propagates each soft literal in turn, which takes minutes
        on a large board: the deadline is looked at between two propagations. Stopping there
        keeps ``cost`` a proven bound, since the detection raises it only after its last one."""
        propagate = self.oracle.propagate

        def looked_at(*args: Any, **kwargs: Any) -> Any:
            if self.deadline.expired():
                raise _DeadlineReached
            return propagate(*args, **kwargs)

        self.oracle.propagate = looked_at
        try:
            super().adapt_am1()
        finally:
            del self.oracle.propagate

    def minimize_core(self) -> None:
        self.minimising = True
        try:
            super().minimize_core()
        finally:
            self.minimising = False

    def _call_oracle(
        self, assumptions: Sequence[int] = (), expect_interrupt: bool = False
    ) -> bool | None:
        if self.cost > self.reported:
            self.reported = self.cost
            _report(self.run, Improvement(bound=self.cost))
        if self.deadline.expired():
            raise _DeadlineReached
        if self.minimising:
            return stopped_by_ctrl_c(
                lambda: self.oracle.solve_limited(assumptions=list(assumptions))
            )
        answer = run_limited(self.oracle, list(assumptions), self.deadline, self.backend)
        if answer is None:
            raise _DeadlineReached
        return answer


def _write_refutation(
    run: CnfSession,
    path: str,
    deadline: Deadline,
    weighted: list[int] | None = None,
    below: int = 0,
) -> bool:
    """Refute the model, or with ``weighted`` the model with "cost <= below - 1", on a fresh
    proof-logging solver within the deadline, and write the proof; False when time ran out."""
    assert run.formula.kept is not None
    formula = [list(clause) for clause in run.formula.kept]
    top = run.formula.top
    if weighted is not None:
        totalizer = ITotalizer(lits=weighted, ubound=below, top_id=top)
        formula.extend(totalizer.cnf.clauses)
        formula.append([-totalizer.rhs[below - 1]])
        top = max(top, totalizer.top_id)
        totalizer.delete()
    with Solver(name=run.backend.name, bootstrap_with=formula, with_proof=True) as prover:
        satisfiable = run_limited(prover, [], deadline, run.backend)
        if satisfiable is None:
            return False
        if satisfiable:
            raise AssertionError("a refuted formula was satisfiable on the proof solver")
        write_proof(path, formula, top, list(prover.get_proof() or []))
    return True
