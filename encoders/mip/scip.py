"""SCIP through PySCIPOpt: the model as a 0-1 program, with live news and symmetry handling.

SCIP is the MIP solver that proves the largest knight domination boards here: it detects the
board's symmetry group itself and prunes by orbits, which OR-Tools' bundled SCIP build cannot
(figures: bench/results/domination.md). Unlike pywraplp, PySCIPOpt has event handlers, so every
better solution and every higher dual bound is reported as SCIP finds it, and a race can stop
SCIP the moment its bound meets another racer's placement.
"""

from __future__ import annotations

import contextlib
import ctypes
import operator
import os
import signal
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from pyscipopt import Eventhdlr, quicksum
from pyscipopt import Model as ScipModel
from pyscipopt.scip import PY_SCIP_EVENTTYPE as SCIP_EVENTTYPE

from boardsat.core.backends import capabilities
from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key, Model
from boardsat.core.results import (
    EncodingSize,
    Improvement,
    OnImprovement,
    Result,
    least_objective,
)
from boardsat.encoders.mip.program import (
    SolverStatuses,
    ZeroOneBackend,
    linear_objective,
    linear_rows,
    parameter_fits,
    solution_news,
)

# SCIP's answers for a solve that a limit or an interrupt ended without a verdict (any limit a
# user sets through ``parameters``); an empty model of binaries cannot be unbounded, so
# "inforunbd" means infeasible.
_STOPPED = frozenset(
    {
        "timelimit",
        "userinterrupt",
        "nodelimit",
        "totalnodelimit",
        "stallnodelimit",
        "memlimit",
        "gaplimit",
        "primallimit",
        "duallimit",
        "sollimit",
        "bestsollimit",
        "restartlimit",
    }
)
_STATUSES = SolverStatuses(
    "SCIP", "optimal", _STOPPED, frozenset({"infeasible", "inforunbd"}), "userinterrupt"
)
_COMPARE = {"==": operator.eq, ">=": operator.ge, "<=": operator.le}  # a row's side as SCIP's


@contextlib.contextmanager
def _c_output_silenced(fds: tuple[int, ...] = (1, 2)) -> Iterator[None]:
    """Keep what SCIP's C code writes on the process's streams ``fds`` off the terminal: its
    error lines (a bad parameter is reported once, as a BoardsatError), and the line its Ctrl-C
    handler prints on stdout, where only the answer belongs."""
    sys.stdout.flush()  # Python's own text, written before the streams are turned away
    libc = ctypes.CDLL(None)
    libc.fflush(None)
    saved = {fd: os.dup(fd) for fd in fds}
    try:
        with open(os.devnull, "w") as devnull:
            for fd in saved:
                os.dup2(devnull.fileno(), fd)
            try:
                yield
            finally:
                libc.fflush(None)
                for fd, copy in saved.items():
                    os.dup2(copy, fd)
    finally:
        for copy in saved.values():
            os.close(copy)


def set_parameters(scip: Any, parameters: Mapping[str, Any]) -> None:
    """SCIP's own parameters by their names (``"separating/maxrounds": 0``); one line if refused."""
    for name, value in parameters.items():
        try:
            with _c_output_silenced():
                if not parameter_fits(value, scip.getParam(name)):
                    raise ValueError(name)
                scip.setParam(name, value)
        except KeyError:
            raise BoardsatError(f"SCIP has no parameter {name!r}") from None
        except (ValueError, TypeError, OverflowError, LookupError):
            raise BoardsatError(f"SCIP parameter {name!r} cannot take {value!r}") from None


class _Watch(Eventhdlr):
    """Hears SCIP's better solutions and dual bounds and passes them on as Improvements."""

    def __init__(self, model: Model, xs: list[Any], on_improvement: OnImprovement) -> None:
        super().__init__()
        self.boardsat_model = model
        self.xs = xs
        self.on_improvement = on_improvement
        self.bound = 0

    def eventinit(self) -> None:
        self.model.catchEvent(SCIP_EVENTTYPE.BESTSOLFOUND, self)
        self.model.catchEvent(SCIP_EVENTTYPE.DUALBOUNDIMPROVED, self)
        if self.model.getNSols() > 0:  # a hint SCIP took before this handler could hear of it
            self._report_best()

    def eventexit(self) -> None:
        self.model.dropEvent(SCIP_EVENTTYPE.BESTSOLFOUND, self)
        self.model.dropEvent(SCIP_EVENTTYPE.DUALBOUNDIMPROVED, self)

    def eventexec(self, event: Any) -> None:
        if event.getType() == SCIP_EVENTTYPE.BESTSOLFOUND:
            self._report_best()
            return
        bound = least_objective(self.model.getDualbound())
        if bound > self.bound:
            self.bound = bound
            self.on_improvement(Improvement(bound=bound))

    def _report_best(self) -> None:
        solution = self.model.getBestSol()
        values = [self.model.getSolVal(solution, x) > 0.5 for x in self.xs]
        self.on_improvement(solution_news(self.boardsat_model, values))


def _optimize(scip: ScipModel) -> None:
    """Solve. SCIP holds the interpreter while it solves, so no Python signal handler runs: it
    catches Ctrl-C itself (status "userinterrupt") and prints "pressed CTRL-C" on stdout, which
    is silenced. A process that ignores Ctrl-C, a child its parent stops, keeps ignoring it."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        scip.setParam("misc/catchctrlc", False)
        scip.optimize()
        return
    with _c_output_silenced((1,)):
        scip.optimize()


def _set_values(
    scip: ScipModel, solution: Any, model: Model, xs: list[Any], values: Mapping[Key, bool]
) -> None:
    """Write a boardsat assignment into a SCIP solution (keys left out are false)."""
    for key, x in zip(model.keys(), xs, strict=True):
        scip.setSolVal(solution, x, 1.0 if values.get(key, False) else 0.0)


def zero_one_program(
    model: Model, names: Sequence[str] | None = None, deadline: Deadline | None = None
) -> tuple[ScipModel, list[Any]]:
    """The model as SCIP's 0-1 program (quiet), with its binaries in the model's variable order,
    named ``names`` (by default ``x1``, ``x2``, ... as in DIMACS); ``deadline`` is checked as
    the rows go in (OutOfTime once it has passed)."""
    scip = ScipModel(model.name)
    scip.hideOutput(True)
    if names is None:
        names = [f"x{index + 1}" for index in range(model.num_vars)]
    xs = [scip.addVar(name, vtype="B") for name in names]
    for row in linear_rows(model, deadline):
        total = quicksum(coefficient * xs[index] for index, coefficient in row.coefficients.items())
        for sense, side in row.sides():
            scip.addCons(_COMPARE[sense](total, side))
    coefficients, constant = linear_objective(model)
    scip.setObjective(
        quicksum(coefficient * xs[index] for index, coefficient in coefficients.items()) + constant,
        "minimize",
    )
    return scip, xs


class ScipBackend(ZeroOneBackend):
    """SCIP on one thread, with its default settings and any of its own ``parameters``.

    ``on_improvement`` hears each better solution and each higher integral dual bound as SCIP
    finds them. A time limit ends in UNKNOWN with SCIP's best solution and dual bound.
    ``hint`` is a solution to start from (keys left out are false). It matters more to SCIP than
    to CP-SAT: with no incumbent, branch-and-bound cannot prune a node whose bound rounds up to
    the optimum, so a good placement found elsewhere shortens the proof itself. SCIP checks the
    hint and ignores one that breaks a constraint.
    """

    OPTIONS = ("parameters", "hint", "on_improvement")

    def __init__(
        self,
        name: str = "scip",
        parameters: Mapping[str, Any] | None = None,
        hint: Mapping[Key, bool] | None = None,
        on_improvement: OnImprovement | None = None,
    ) -> None:
        self.name = name
        self.capabilities = capabilities(name)
        self.parameters = dict(parameters or {})
        self.hint = dict(hint or {})
        self.on_improvement = on_improvement
        set_parameters(ScipModel(), self.parameters)  # refused now, in one line, not mid-run

    def solve(self, model: Model, deadline: Deadline) -> Result:
        scip, xs = zero_one_program(model, deadline=deadline)
        size = EncodingSize(scip.getNVars(), scip.getNConss())
        set_parameters(scip, self.parameters)
        left = deadline.remaining()
        if left is not None:
            scip.setParam("limits/time", left)
        if self.on_improvement is not None and model.objective is not None:
            scip.includeEventhdlr(
                _Watch(model, xs, self.on_improvement), "boardsat", "reports improvements"
            )
        if self.hint:
            start = scip.createSol()
            _set_values(scip, start, model, xs, self.hint)
            scip.addSol(start, free=True)  # checked by SCIP: a broken hint is dropped
        _optimize(scip)
        values = None
        if scip.getNSols() > 0:
            best = scip.getBestSol()
            values = [scip.getSolVal(best, x) > 0.5 for x in xs]
        return _STATUSES.result(
            model,
            self.name,
            size,
            deadline,
            status=scip.getStatus(),
            values=values,
            bound=least_objective(scip.getDualbound()),
        )
