"""Gurobi through gurobipy: the model as a 0-1 program, with live news, hints and a thread count.

Gurobi is the commercial MIP solver researchers ask for beside SCIP and HiGHS. It is optional
(``pip install 'boardsat[gurobi]'``), and the licence that comes with the pip wheel takes only
small models, so a licence's refusal is one line, not gurobipy's traceback. It reads the same
rows as the other MIP backends (program.py); its callback reports each better solution and each
higher bound as Gurobi finds them, as SCIP's event handler does.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import gurobipy as gp
from gurobipy import GRB

from boardsat.core.backends import capabilities
from boardsat.core.deadline import Deadline, stopper
from boardsat.core.errors import BoardsatError
from boardsat.core.memory import limit_reached
from boardsat.core.model import Key, Model
from boardsat.core.results import EncodingSize, Improvement, OnImprovement, Result, least_objective
from boardsat.encoders.mip.program import (
    SolverStatuses,
    ZeroOneBackend,
    linear_objective,
    linear_rows,
    parameter_fits,
    solution_news,
)

_STATUS_NAMES = {getattr(GRB.Status, name): name for name in dir(GRB.Status) if name.isupper()}
# Gurobi's answers, by their names in GRB.Status, for a solve that a limit or an interrupt ended
# without a verdict: every *_LIMIT (any limit a user sets through ``parameters``), a CUTOFF, and
# SUBOPTIMAL, which keeps a solution it could not prove. A model of binaries cannot be
# unbounded, so INF_OR_UNBD means infeasible.
_STOPPED = frozenset(name for name in _STATUS_NAMES.values() if name.endswith("_LIMIT")) | {
    "INTERRUPTED",
    "CUTOFF",
    "SUBOPTIMAL",
}
# INTERRUPTED: a Ctrl-C that Gurobi caught before its first callback gave SIGINT back, or
# boardsat's own stopper once the run was cancelled (cancelling again changes nothing)
_STATUSES = SolverStatuses(
    "Gurobi", "OPTIMAL", _STOPPED, frozenset({"INFEASIBLE", "INF_OR_UNBD"}), "INTERRUPTED"
)
_SENSE = {"==": GRB.EQUAL, ">=": GRB.GREATER_EQUAL, "<=": GRB.LESS_EQUAL}
_PROVE = {"MIPGap": 0.0}  # prove the optimum, do not stop within Gurobi's default 0.01% gap


def quiet_environment() -> gp.Env:
    """A started Gurobi environment that prints nothing, not even the licence banner; a licence
    that is missing or refused is one line."""
    env = gp.Env(empty=True)
    env.setParam("OutputFlag", 0)
    try:
        return env.start()
    except gp.GurobiError as error:
        env.dispose()
        raise BoardsatError(f"backend 'gurobi' has no usable licence: {_one_line(error)}") from None


def set_parameters(program: gp.Model, parameters: Mapping[str, Any]) -> None:
    """Gurobi's own parameters by their names (``"MIPFocus": 2``); one line if refused."""
    for name, value in parameters.items():
        info = program.getParamInfo(name)
        if info is None:
            raise BoardsatError(f"Gurobi has no parameter {name!r}")
        try:
            if not parameter_fits(value, info[2]):
                raise ValueError(name)
            program.setParam(name, value)
        except (gp.GurobiError, ValueError, TypeError, OverflowError):
            raise BoardsatError(f"Gurobi parameter {name!r} cannot take {value!r}") from None


def _one_line(error: gp.GurobiError) -> str:
    return " ".join(str(error).split())


def _bound(value: float) -> int:
    """The least integral objective Gurobi's bound allows; 0 for its infinity, which is the
    finite 1e100."""
    return least_objective(value) if abs(value) < GRB.INFINITY else 0


def _linear(xs: Sequence[gp.Var], coefficients: Mapping[int, int]) -> gp.LinExpr:
    return gp.LinExpr(list(coefficients.values()), [xs[index] for index in coefficients])


def _zero_one_program(program: gp.Model, model: Model, deadline: Deadline) -> list[gp.Var]:
    """The model's rows and objective in ``program``, one binary per model variable, in order;
    ``deadline`` is checked as the rows go in (OutOfTime once it has passed)."""
    xs = [program.addVar(vtype=GRB.BINARY) for _ in range(model.num_vars)]
    for row in linear_rows(model, deadline):
        total = _linear(xs, row.coefficients)
        for sense, side in row.sides():
            program.addLConstr(total, _SENSE[sense], side)
    coefficients, constant = linear_objective(model)
    program.setObjective(_linear(xs, coefficients) + constant, GRB.MINIMIZE)
    program.update()
    return xs


def _give_sigint_back() -> None:
    """Gurobi takes SIGINT for itself while it optimises: Ctrl-C would print a line on stdout
    (breaking ``--json``) and stop it without boardsat knowing. Python's own handler, set again,
    keeps Ctrl-C on boardsat's one path: the CLI's watcher cancels the run and the stopper
    terminates Gurobi. Only the main thread may set handlers; Gurobi restores its saved one,
    Python's, when it returns."""
    handler = signal.getsignal(signal.SIGINT)
    if handler is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, handler)


class _Watch:
    """Gurobi's callback: gives SIGINT back to Python, then passes each better solution and
    each higher bound on as Improvements. What it raises stops Gurobi and is raised again after
    (gurobipy would print it and go on)."""

    def __init__(
        self, model: Model, xs: list[gp.Var], on_improvement: OnImprovement | None
    ) -> None:
        self.model = model
        self.xs = xs
        self.on_improvement = on_improvement
        self.bound = 0
        self.started = False
        self.failure: BaseException | None = None

    def __call__(self, program: gp.Model, where: int) -> None:
        try:
            self._hear(program, where)
        except BaseException as error:  # KeyboardInterrupt too: Python's handler raises it here
            self.failure = self.failure or error
            program.terminate()

    def _hear(self, program: gp.Model, where: int) -> None:
        if not self.started:
            self.started = True
            _give_sigint_back()
        if self.on_improvement is None:
            return
        if where == GRB.Callback.MIPSOL:
            values = [value > 0.5 for value in program.cbGetSolution(self.xs)]
            self.on_improvement(solution_news(self.model, values))
        elif where == GRB.Callback.MIP:
            bound = _bound(program.cbGet(GRB.Callback.MIP_OBJBND))
            if bound > self.bound:
                self.bound = bound
                self.on_improvement(Improvement(bound=bound))


class GurobiBackend(ZeroOneBackend):
    """Gurobi proving to a gap of zero, on ``threads`` threads (Gurobi's own choice when None);
    its own ``parameters``, by Gurobi's names, are set last and override both.

    ``on_improvement`` hears each better solution and each higher integral bound as Gurobi finds
    them. A time limit ends in UNKNOWN with Gurobi's best solution and bound. ``hint`` is a MIP
    start (keys left out are false); as with SCIP, a good placement found elsewhere lets
    branch-and-bound prune from the start, and Gurobi drops a start that breaks a constraint.
    """

    OPTIONS = ("threads", "parameters", "hint", "on_improvement")

    def __init__(
        self,
        name: str = "gurobi",
        threads: int | None = None,
        parameters: Mapping[str, Any] | None = None,
        hint: Mapping[Key, bool] | None = None,
        on_improvement: OnImprovement | None = None,
    ) -> None:
        if threads is not None and threads < 1:
            raise BoardsatError(f"threads must be at least 1, got {threads}")
        self.name = name
        self.capabilities = capabilities(name)
        threads_parameter = {} if threads is None else {"Threads": threads}
        self.parameters = {**_PROVE, **threads_parameter, **(parameters or {})}
        self.hint = dict(hint or {})
        self.on_improvement = on_improvement
        with quiet_environment() as env, gp.Model(env=env) as program:
            set_parameters(program, self.parameters)  # refused now, in one line, not mid-run

    def solve(self, model: Model, deadline: Deadline) -> Result:
        with quiet_environment() as env, gp.Model(model.name, env=env) as program:
            xs = _zero_one_program(program, model, deadline)
            size = EncodingSize(program.NumVars, program.NumConstrs)
            set_parameters(program, self.parameters)
            left = deadline.remaining()
            if left is not None:
                program.setParam("TimeLimit", left)
            if self.hint:
                keys = model.keys()
                program.setAttr("Start", xs, [float(self.hint.get(key, False)) for key in keys])
            news = self.on_improvement if model.objective is not None else None
            watch = _Watch(model, xs, news)
            try:
                with stopper(program.terminate):  # a cancelled run (Ctrl-C) terminates it
                    program.optimize(watch)
                if watch.failure is not None:
                    raise watch.failure
                values = None
                if program.SolCount > 0:
                    values = [value > 0.5 for value in program.getAttr("X", xs)]
                bound = _bound(program.ObjBound)
            except gp.GurobiError as error:
                raise _refusal(error, model, size) from None
            return _STATUSES.result(
                model,
                self.name,
                size,
                deadline,
                status=_STATUS_NAMES.get(program.Status, str(program.Status)),
                values=values,
                bound=bound,
            )


def _refusal(error: gp.GurobiError, model: Model, size: EncodingSize) -> Exception:
    """Gurobi's error as one line: the memory ceiling, the licence's size limit, or its words."""
    if error.errno == GRB.Error.OUT_OF_MEMORY:
        return limit_reached("solving with gurobi")
    if error.errno == GRB.Error.SIZE_LIMIT_EXCEEDED:
        return BoardsatError(
            f"the Gurobi licence's size limit refuses {model.name!r} ({size.variables} variables,"
            f" {size.constraints} rows): {_one_line(error)}"
        )
    return BoardsatError(f"Gurobi failed on {model.name!r}: {_one_line(error)}")
