"""The CNF backend: the model translated for any python-sat solver, one incremental session each.

Model variables map to CNF variables as they appear (so a one-shot translation keeps the model's
numbering); encoders add auxiliaries above them. Circuit encodings may be lazy: they hand back a
refiner, and every solve loops until no refiner finds a cut in the solver's model.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pysolvers
from pysat.solvers import Solver

from boardsat.core.backends import Capabilities, capabilities
from boardsat.core.deadline import CHECK_EVERY, Deadline, cancel, cancelled, stopper
from boardsat.core.errors import BoardsatError
from boardsat.core.files import new_file_target, write_new_file
from boardsat.core.model import Cardinality, Circuit, Clause, Constraint, Key, Model
from boardsat.core.results import EncodingSize, Enumeration, OnFound, OnImprovement, Result, Status
from boardsat.encoders.cnf.cardinality import check_encoding_name, encode_cardinality
from boardsat.encoders.cnf.circuit import (
    DEFAULT_CIRCUIT_ENCODING,
    LitMap,
    Refiner,
    check_circuit_encoding,
    encode_circuit,
)
from boardsat.encoders.cnf.formula import CnfFormula

OPTIMISATION_STRATEGIES = ("linear-down", "linear-up", "maxsat")


class CnfSession:
    """One python-sat solver kept in step with a growing model."""

    def __init__(self, backend: CnfBackend, model: Model, keep: bool = False, proof: bool = False):
        self.backend = backend
        self.model = model
        self.caps = backend.capabilities
        self.solver: Any | None = None
        if self.caps.assumptions:
            self.solver = Solver(name=backend.name, with_proof=proof)
        self.formula = CnfFormula(self.solver, keep=keep or self.solver is None)
        self.var_of: list[int] = []
        self.synced = 0
        self.refiners: list[Refiner] = []
        self.values: list[int] = []
        self.abandoned = False

    # -- translation ----------------------------------------------------------------------------
    def lit(self, model_lit: int) -> int:
        var = self.var_of[abs(model_lit) - 1]
        return var if model_lit > 0 else -var

    def sync(self, deadline: Deadline | None = None) -> None:
        """Translate the variables and constraints added to the model since the last call;
        ``deadline`` is looked at as they go (OutOfTime once it has passed, the session then
        half-translated and of no further use)."""
        while len(self.var_of) < self.model.num_vars:
            self.var_of.append(self.formula.new_var())
        pending = self.model.constraints[self.synced :]
        self.synced = len(self.model.constraints)
        self.refiners += translate(
            pending,
            self.lit,
            self.formula,
            self.backend.cardinality,
            self.backend.circuit,
            deadline,
        )

    # -- solving --------------------------------------------------------------------------------
    def holds(self, cnf_lit: int) -> bool:
        index = abs(cnf_lit) - 1
        value = index < len(self.values) and self.values[index] > 0
        return value if cnf_lit > 0 else not value

    def solve_cnf(self, assumptions: Sequence[int], deadline: Deadline) -> bool | None:
        """Solve under CNF assumptions, adding refiners' cuts until none applies (None: stopped)."""
        self.sync()
        while True:
            answer = self._solve_once(assumptions, deadline)
            if answer is not True:
                return answer
            cuts = [cut for refiner in self.refiners for cut in refiner.refine(self.holds)]
            if not cuts:
                return True
            for cut in cuts:
                self.formula.add_clause(cut)

    def _solve_once(self, assumptions: Sequence[int], deadline: Deadline) -> bool | None:
        if self.abandoned:
            return None
        if self.solver is not None:
            answer = run_limited(self.solver, list(assumptions), deadline, self.backend)
            if answer is None and cancelled():
                self._abandon()
            elif answer:
                self.values = self.solver.get_model()
            return answer
        # a solver that ignores assumptions gets a fresh copy with them as unit clauses
        with Solver(name=self.backend.name) as fresh:
            self.formula.replay_into(fresh)
            fresh.append_formula([[lit] for lit in assumptions])
            answer = run_limited(fresh, [], deadline, self.backend)
            if answer:
                self.values = fresh.get_model()
            return answer

    def _abandon(self) -> None:
        """Let go of a solver that Ctrl-C stopped: python-sat may have jumped out of it mid-search
        (CaDiCaL), and any later call into it, a clause or its deletion, can abort the process.
        The run is ending; the session answers no more and the clauses go nowhere."""
        self.abandoned = True
        self.solver = None
        self.formula.solver = None

    def assignment(self) -> dict[Key, bool]:
        """The last model in the model's own keys."""
        keys = self.model.keys()
        return {keys[index]: self.holds(var) for index, var in enumerate(self.var_of)}

    def size(self) -> EncodingSize:
        return EncodingSize(self.formula.top, self.formula.num_clauses)

    def result(
        self, status: Status, deadline: Deadline, with_model: bool | None = None, **extra: Any
    ) -> Result:
        """A result of this session; the last model is included when the status says one exists."""
        if with_model is None:
            with_model = status in (Status.SATISFIABLE, Status.OPTIMAL)
        return Result(
            status=status,
            backend=self.backend.name,
            encoding=self.backend.encoding_name,
            size=self.size(),
            seconds=deadline.elapsed(),
            assignment=self.assignment() if with_model else {},
            **extra,
        )

    def solve(self, assumptions: Sequence[int] = (), deadline: Deadline | None = None) -> Result:
        """Solve under ``assumptions``; the result's seconds are this call's, though ``deadline``
        may be shared by a run's many calls."""
        this_call = Deadline(None)
        self.sync()
        answer = self.solve_cnf([self.lit(lit) for lit in assumptions], deadline or this_call)
        return self.result(_status_of(answer), this_call)

    def proof_lines(self) -> list[str]:
        assert self.solver is not None
        return list(self.solver.get_proof() or [])

    def close(self) -> None:
        if self.solver is not None:
            self.solver.delete()
            self.solver = None

    def __enter__(self) -> CnfSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def translate(
    constraints: Iterable[Constraint],
    lit: LitMap,
    formula: CnfFormula,
    cardinality: str,
    circuit: str,
    deadline: Deadline | None = None,
) -> list[Refiner]:
    """Add ``constraints`` (model literals, mapped by ``lit``) to ``formula`` by the named
    encodings; the refiners of lazy circuit encodings, which cut subtours while solving, come
    back. ``deadline`` is looked at as they go (OutOfTime once it has passed)."""
    refiners = []
    for index, constraint in enumerate(constraints):
        if deadline is not None and index % CHECK_EVERY == 0:
            deadline.check()
        if isinstance(constraint, Clause):
            formula.add_clause([lit(model_lit) for model_lit in constraint.lits])
        elif isinstance(constraint, Cardinality):
            mapped = Cardinality(
                tuple(lit(model_lit) for model_lit in constraint.lits),
                constraint.op,
                constraint.bound,
            )
            encode_cardinality(mapped, cardinality, formula)
        elif isinstance(constraint, Circuit):
            refiner = encode_circuit(constraint, lit, circuit, formula, cardinality)
            if refiner is not None:
                refiners.append(refiner)
    return refiners


def _status_of(answer: bool | None) -> Status:
    if answer is None:
        return Status.UNKNOWN
    return Status.SATISFIABLE if answer else Status.UNSATISFIABLE


def run_limited(
    solver: Any, assumptions: list[int], deadline: Deadline, backend: CnfBackend
) -> bool | None:
    """One solver call within the deadline; None when the deadline or a cancellation stopped it.

    An interruptible solver is interrupted by a timer at the deadline and by a cancellation
    (Ctrl-C); the others run in conflict budgets, the deadline checked between them.
    """
    if solver.nof_vars() < 1:
        # python-sat's MapleSAT crashes the process solving a formula without variables (a model
        # without constraints); a tautology gives it one and constrains nothing
        solver.add_clause([1, -1])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # python-sat warns when a solver ignores assumptions
        left = deadline.remaining()
        if left is not None and left <= 0:
            return None
        if not backend.capabilities.interruptible:
            if left is None:
                return stopped_by_ctrl_c(lambda: solver.solve(assumptions=assumptions))
            _check_stoppable(backend.name, backend.capabilities)
            return run_in_budgets(solver, assumptions, deadline)
        ended = threading.Event()
        if left is not None:
            alarm = threading.Thread(target=_alarm, args=(deadline, solver.interrupt, ended))
            alarm.start()
        try:
            with stopper(solver.interrupt):
                answer = solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
        finally:
            ended.set()
            if left is not None:
                alarm.join()
            solver.clear_interrupt()
        return None if answer is None else bool(answer)


def _alarm(deadline: Deadline, interrupt: Callable[[], None], ended: threading.Event) -> None:
    """Interrupt the solver once ``deadline`` passes. It looks again each time it wakes: on a
    CPU clock (a cube's) the wall time it sleeps runs ahead of the solver's seconds."""
    while not ended.wait(max(deadline.remaining() or 0.0, 0.01)):
        if deadline.expired():
            interrupt()
            return


def stopped_by_ctrl_c(call: Callable[[], Any]) -> bool | None:
    """``call``'s answer; None if python-sat's own Ctrl-C handler, which it installs for calls it
    cannot interrupt, stopped it: that Ctrl-C becomes boardsat's cancellation (deadline.cancel)."""
    try:
        answer = call()
    except pysolvers.error as error:
        if "keyboard interrupt" not in str(error).lower():
            raise
        cancel()
        return None
    return None if answer is None else bool(answer)


def _check_stoppable(name: str, caps: Capabilities) -> None:
    if not caps.honours_time_limit:
        raise BoardsatError(f"backend {name!r} cannot be stopped at a time limit")


def run_in_budgets(solver: Any, assumptions: list[int], deadline: Deadline) -> bool | None:
    """For solvers that cannot be interrupted (CaDiCaL): growing conflict budgets, deadline between.

    The solver keeps what it learnt from one budget to the next, so little work is repeated; the
    deadline may be overrun by one budget's worth of conflicts.
    """
    return budget_calls(solver, assumptions, deadline)[0]


def budget_calls(
    solver: Any, assumptions: list[int], deadline: Deadline, most: int | None = None
) -> tuple[bool | None, int]:
    """``run_in_budgets``, and how many budgets it ran; with ``most``, exactly that many unless
    it answers first, whatever the deadline: the same calls replay the same search."""
    budget = 1_000
    calls = 0
    while True:
        solver.conf_budget(budget)
        calls += 1
        answer = stopped_by_ctrl_c(lambda: solver.solve_limited(assumptions=assumptions))
        if answer is not None:
            return answer, calls
        if (most is None and deadline.expired()) or (most is not None and calls >= most):
            return None, calls
        budget = min(2 * budget, 16_000)


def write_proof(path: str, formula: list[list[int]], top: int, proof: list[str]) -> None:
    """Write the DRUP proof at ``path`` and the formula it refutes beside it (``path + .cnf``).

    Both are created exclusively: a file that appeared since the backend checked is kept, and a
    proof whose formula could not be written is removed again, since it checks nothing alone.
    """
    lines = [f"p cnf {top} {len(formula)}"]
    lines.extend(" ".join(map(str, clause)) + " 0" for clause in formula)
    write_new_file(path, "".join(line.rstrip("\n") + "\n" for line in proof))
    try:
        write_new_file(path + ".cnf", "\n".join(lines) + "\n")
    except BoardsatError:
        Path(path).unlink(missing_ok=True)
        raise


def check_proof_path(proof: str) -> None:
    """Refuse, before solving, a proof path (or its ``.cnf`` companion) that cannot be created."""
    new_file_target(proof)
    new_file_target(proof + ".cnf")


class CnfBackend:
    """A python-sat solver, with named cardinality, circuit and optimisation encodings.

    ``on_improvement`` hears of every higher proven lower bound, and of every better solution
    under ``linear-down`` (``linear-up`` and ``maxsat`` find one solution, the result).
    """

    OPTIONS = ("cardinality", "circuit", "optimisation", "proof", "on_improvement")

    def __init__(
        self,
        name: str,
        cardinality: str = "auto",
        circuit: str = DEFAULT_CIRCUIT_ENCODING,
        optimisation: str = "linear-down",
        proof: str | None = None,
        on_improvement: OnImprovement | None = None,
    ) -> None:
        self.name = name
        self.on_improvement = on_improvement
        self.capabilities = capabilities(name)
        self.cardinality = check_encoding_name(cardinality)
        self.circuit = check_circuit_encoding(circuit)
        if optimisation not in OPTIMISATION_STRATEGIES:
            raise BoardsatError(
                f"unknown optimisation {optimisation!r}; known: {', '.join(OPTIMISATION_STRATEGIES)}"
            )
        if optimisation not in self.capabilities.optimisation:
            raise BoardsatError(f"backend {name!r} cannot run optimisation {optimisation!r}")
        self.optimisation = optimisation
        if cardinality == "native" and not self.capabilities.native_cardinality:
            raise BoardsatError(f"backend {name!r} has no native cardinality constraints")
        if proof is not None:
            if not self.capabilities.proof:
                raise BoardsatError(f"backend {name!r} cannot write proofs")
            if cardinality == "native":
                raise BoardsatError("a proof needs a clausal formula: pick a non-native encoding")
            check_proof_path(proof)
        self.proof = proof

    @property
    def encoding_name(self) -> str:
        return f"cnf(cardinality={self.cardinality}, circuit={self.circuit}, optimisation={self.optimisation})"

    def check_deadline(self, deadline: Deadline) -> None:
        """Refuse, before any work, a time limit this solver cannot honour."""
        if deadline.time_limit is not None:
            _check_stoppable(self.name, self.capabilities)

    def session(self, model: Model, keep: bool = False, proof: bool = False) -> CnfSession:
        return CnfSession(self, model, keep=keep, proof=proof)

    def solve(self, model: Model, deadline: Deadline) -> Result:
        self.check_deadline(deadline)
        if model.objective is not None:
            from boardsat.encoders.cnf.optimise import minimize

            return minimize(self, model, deadline)
        with self.session(model, keep=self.proof is not None, proof=self.proof is not None) as run:
            run.sync(deadline)
            result = run.solve(deadline=deadline)
            if self.proof is not None and result.status is Status.UNSATISFIABLE:
                assert run.formula.kept is not None
                write_proof(self.proof, run.formula.kept, run.formula.top, run.proof_lines())
                return replace(result, proof=self.proof)
            return result

    def enumerate(
        self,
        model: Model,
        project: Sequence[int],
        limit: int | None,
        deadline: Deadline,
        on_found: OnFound | None = None,
    ) -> Enumeration:
        self.check_deadline(deadline)
        with self.session(model) as run:
            return enumerate_in_session(run, project, limit, deadline, on_found)


def enumerate_in_session(
    run: CnfSession,
    project: Sequence[int],
    limit: int | None,
    deadline: Deadline,
    on_found: OnFound | None = None,
) -> Enumeration:
    """Block each projected solution under an activation literal, retired at the end.

    The activation literal keeps the session usable: once it is set false, the blocking clauses
    are satisfied and the solver answers for the original model again.
    """
    run.sync()
    keys = run.model.keys()
    mapped = [(keys[abs(lit) - 1], run.lit(lit)) for lit in project]
    active = run.formula.new_var()
    found: list[frozenset[Key]] = []
    status = Status.UNSATISFIABLE
    exhausted = False
    while limit is None or len(found) < limit:
        answer = run.solve_cnf([active], deadline)
        if answer is None:
            status = Status.UNKNOWN
            break
        if not answer:
            exhausted = True
            break
        status = Status.SATISFIABLE
        found.append(frozenset(key for key, lit in mapped if run.holds(lit)))
        if on_found is not None:
            on_found(len(found))
        run.formula.add_clause([-active, *(-lit if run.holds(lit) else lit for _, lit in mapped)])
    run.formula.add_clause([-active])
    return Enumeration(
        status=status,
        backend=run.backend.name,
        encoding=run.backend.encoding_name,
        size=run.size(),
        seconds=deadline.elapsed(),
        count=len(found),
        exhausted=exhausted,
        solutions=tuple(found),
    )
