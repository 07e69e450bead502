"""Value objects that carry a backend's answer back in the model's own keys."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from boardsat.core.model import Key, Model


class Status(str, Enum):
    """One vocabulary on every backend.

    An optimisation stopped by its time limit is UNKNOWN even when it holds a solution: the best
    one found is still in the result, with the bound proven so far.
    """

    OPTIMAL = "OPTIMAL"
    SATISFIABLE = "SATISFIABLE"
    UNSATISFIABLE = "UNSATISFIABLE"
    UNKNOWN = "UNKNOWN"


@dataclass(frozen=True)
class EncodingSize:
    """How big the translated problem was: variables and clauses (CNF) or constraints (CP-SAT)."""

    variables: int
    constraints: int


@dataclass(frozen=True)
class Result:
    """What one solve proved and found; never written back into the model."""

    status: Status
    backend: str
    encoding: str
    size: EncodingSize
    seconds: float
    assignment: Mapping[Key, bool] = field(default_factory=dict, repr=False)
    objective: int | None = None
    bound: int | None = None
    proof: str | None = None

    @property
    def has_solution(self) -> bool:
        return bool(self.assignment)

    @property
    def proven_optimal(self) -> bool:
        return self.status is Status.OPTIMAL

    @property
    def lower_bound(self) -> int | None:
        """The best proven lower bound on the objective: the optimum itself once it is proven."""
        return self.objective if self.proven_optimal else self.bound

    def __getitem__(self, key: Key) -> bool:
        return self.assignment[key]

    def true_keys(self) -> list[Key]:
        """The keys whose variables are true, in the model's creation order."""
        return [key for key, value in self.assignment.items() if value]


@dataclass(frozen=True)
class Improvement:
    """A minimisation's news as it happens: a better solution, or a higher proven lower bound.

    Long proofs are raced against fast placers (boardsat.solving.race) and users watch them converge, so
    backends report each step instead of only the final answer.
    """

    objective: int | None = None
    bound: int | None = None
    assignment: Mapping[Key, bool] = field(default_factory=dict, repr=False)


OnImprovement = Callable[[Improvement], None]
OnFound = Callable[[int], None]
"""An enumeration's news: how many distinct solutions it has found so far."""


@dataclass(frozen=True)
class Enumeration:
    """Distinct solutions projected on chosen keys; ``exhausted`` means the count is exact."""

    status: Status
    backend: str
    encoding: str
    size: EncodingSize
    seconds: float
    count: int
    exhausted: bool
    solutions: tuple[frozenset[Key], ...] = ()


def least_objective(bound: float) -> int:
    """The least integral objective a solver's real-valued dual bound allows (objectives here are
    integral; the margin absorbs floating-point slack); 0 for a bound that is not finite."""
    return math.ceil(bound - 1e-6) if math.isfinite(bound) else 0


def cut_short(model: Model, backend: str, seconds: float) -> Result:
    """UNKNOWN for a solve whose time ran out while ``model`` was being translated: no solution,
    the model's own size, and its objective's stated lower bound (which holds without a solve)."""
    lower = model.objective.lower_bound if model.objective is not None else None
    size = EncodingSize(model.num_vars, len(model.constraints))
    return Result(Status.UNKNOWN, backend, backend, size, seconds, bound=lower)
