"""A MIP backend's session: the grown model solved whole each time, its assumptions fixed.

No MIP solver here keeps a program between solves or takes assumptions, so each solve of a
session is a fresh program: the model as it is now, with each assumed literal as a unit clause.
That is what lets the horizon search of a planning task run on HiGHS, SCIP or Gurobi, one
horizon at a time, as CP-SAT's session and Kissat's (both re-solving) let it run on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from boardsat.core.deadline import Deadline, OutOfTime
from boardsat.core.model import Model
from boardsat.core.results import Result, cut_short

if TYPE_CHECKING:
    from boardsat.core.backends import Backend


class ResolvingSession:
    """Solves ``model`` as it stands at each call, on ``backend``, under the assumptions given."""

    def __init__(self, backend: Backend, model: Model) -> None:
        self.backend = backend
        self.model = model

    def solve(self, assumptions: Sequence[int] = (), deadline: Deadline | None = None) -> Result:
        """The model with every assumption fixed; the result's seconds are this call's, though
        ``deadline`` may be shared by a run's many calls."""
        this_call = Deadline(None)
        fixed = self.model.copy()
        for lit in assumptions:
            fixed.add_clause([lit])
        try:
            result = self.backend.solve(fixed, deadline or this_call)
        except OutOfTime:  # the time ran out while the program was being built
            return cut_short(fixed, self.backend.name, this_call.elapsed())
        return replace(result, seconds=this_call.elapsed())

    def close(self) -> None:
        """Nothing is kept between solves, so nothing is freed."""
