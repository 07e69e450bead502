"""Solving knight domination on any backend, with the answer validated and the proof state kept.

Defaults are the configurations the benchmark found strongest per route: CP-SAT with 8 workers
(more portfolio workers than cores still pays off on these proofs), and on SAT solvers core-guided
MaxSAT (RC2), whose disjoint cores are exactly the per-square cover clauses, so it climbs the
lower bound far faster than a bound search refutes "one knight fewer".
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from boardsat.backends import CPSAT, capabilities
from boardsat.demo import DemoOutcome
from boardsat.errors import BoardsatError
from boardsat.models.board import Board, Square
from boardsat.models.domination_hybrid import bound_then_place
from boardsat.models.domination_validate import validate
from boardsat.models.knight_domination import build_model, decode, render
from boardsat.results import Result, Status
from boardsat.solve import solve

CPSAT_WORKERS = 8


@dataclass(frozen=True)
class DominationAnswer:
    """The best placement found, whether it is proven optimal, and the proven lower bound."""

    board: Board
    variant: str
    placement: frozenset[Square]
    result: Result

    @property
    def knights(self) -> int | None:
        return len(self.placement) if self.result.has_solution else None

    @property
    def proven_optimal(self) -> bool:
        return self.result.proven_optimal

    @property
    def lower_bound(self) -> int | None:
        if self.result.status is Status.OPTIMAL:
            return self.knights
        return self.result.bound

    def to_json(self) -> dict[str, Any]:
        return {
            "rows": self.board.rows,
            "cols": self.board.cols,
            "variant": self.variant,
            "status": self.result.status.value,
            "knights": self.knights,
            "proven_optimal": self.proven_optimal,
            "lower_bound": self.lower_bound,
            "placement": [list(square) for square in sorted(self.placement)],
            "backend": self.result.backend,
            "encoding": self.result.encoding,
            "seconds": round(self.result.seconds, 3),
            "proof": self.result.proof,
        }

    def text(self) -> str:
        if not self.result.has_solution:
            if self.result.status is Status.UNSATISFIABLE:
                return f"no {self.variant} placement exists on {self.board.rows}x{self.board.cols}"
            return f"no placement found in time; proven lower bound {self.lower_bound}"
        proven = "proven optimal" if self.proven_optimal else "not proven optimal"
        return (
            f"{render(self.board, self.placement)}\n"
            f"{self.knights} knights ({self.variant}), {proven}, lower bound {self.lower_bound}; "
            f"{self.result.backend} [{self.result.encoding}] {self.result.seconds:.2f} s"
        )


def solve_domination(
    rows: int,
    cols: int,
    variant: str = "independent",
    *,
    backend: str = CPSAT,
    time_limit: float | None = None,
    symmetry: bool = True,
    tiles: int = 0,
    bound_first: bool = False,
    **options: Any,
) -> DominationAnswer:
    """Minimise, decode and validate; a placement breaking the rules is a bug, never an answer.

    ``bound_first`` runs the two-phase route of domination_hybrid instead of one backend (it
    picks its own backends and symmetry, so ``backend``, ``symmetry``, ``tiles`` and
    ``options`` are not used).
    """
    if bound_first:
        built, result = bound_then_place(rows, cols, variant, time_limit)
    else:
        built = build_model(rows, cols, variant, symmetry=symmetry, tiles=tiles)
        if backend == CPSAT:
            options.setdefault("workers", CPSAT_WORKERS)
        elif options.get("optimisation") is None and "maxsat" in capabilities(backend).optimisation:
            options["optimisation"] = "maxsat"
        result = solve(built.model, backend, time_limit=time_limit, **options)
    placement = decode(built, result)
    if result.has_solution:
        problems = validate(rows, cols, variant, placement)
        if problems:
            raise AssertionError(f"{backend} returned an invalid placement: {problems[0]}")
    return DominationAnswer(built.board, variant, placement, result)


def seed_demo() -> DemoOutcome:
    """Seed 003: 8x8 independent domination; the article found 14 knights, here 14 is proven."""
    started = time.perf_counter()
    answer = solve_domination(8, 8, "independent")
    if answer.knights is None:
        raise BoardsatError("the 8x8 seed instance found no placement")
    verified = (
        answer.proven_optimal
        and answer.knights == 14
        and not validate(8, 8, "independent", answer.placement)
    )
    return DemoOutcome(
        title="knight domination 8x8, independent (seed 003: 14 knights)",
        answer=answer.text(),
        verified=verified,
        seconds=time.perf_counter() - started,
    )
