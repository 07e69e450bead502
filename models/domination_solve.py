"""Solving knight domination on any backend, with the answer validated and the proof state kept.

Three routes, and ``auto`` (the default) to choose between them: by board size between the first
two, and ``single`` on a backend with no core-guided prover (the MIP solvers).

- ``race`` runs a prover and a placer side by side on two processes (domination_race).
- ``core`` runs the race's core-guided prover alone, on one thread in this process. Up to 10x10
  it proves every variant faster than the race's processes start (medians of 3 on the 2-core
  machine, solver libraries loaded: dominating 10x10 in 0.03 s against the race's 0.69 s,
  independent 10x10 in 0.04 against 0.08 s; RC2 on CaDiCaL the same way), so ``auto`` takes it
  there. From 11x11 up its heavy tail shows (dominating 11x11: 3.9 s against the race's 1.2 s),
  so ``auto`` races.
- ``single`` runs one backend in this process, with the configurations the benchmark found
  strongest for it: CP-SAT with 8 workers (more portfolio workers than cores still pays off on
  these proofs) and the lex-leader symmetry break, and on SAT solvers core-guided MaxSAT (RC2),
  whose disjoint cores are exactly the per-square cover clauses, so it climbs the lower bound far
  faster than a bound search refutes "one knight fewer". Only this route takes backend options
  and writes DRUP proofs.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from boardsat.backends import CPSAT, capabilities
from boardsat.demo import DemoOutcome
from boardsat.errors import BoardsatError
from boardsat.models.board import Board, Square
from boardsat.models.domination_race import (
    core_prover,
    domination_racers,
    has_core_prover,
)
from boardsat.models.domination_validate import validate
from boardsat.models.knight_domination import DominationModel, build_model, decode, render
from boardsat.race import RaceEvent, race
from boardsat.results import Result, Status
from boardsat.solve import solve

CPSAT_WORKERS = 8
ROUTES = ("auto", "race", "core", "single")
CORE_ALONE_UP_TO_SQUARES = 100  # auto: the core-guided prover alone up to here, the race above


@dataclass(frozen=True)
class DominationAnswer:
    """The best placement found, whether it is proven optimal, and the proven lower bound."""

    board: Board
    variant: str
    placement: frozenset[Square]
    result: Result
    route: str  # the route that ran: race, core or single (auto resolves to one of them)
    events: tuple[RaceEvent, ...] = ()
    finisher: str | None = None  # the racer that closed the gap (race route)

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
            "route": self.route,
            "events": [_event_json(event) for event in self.events],
        }

    def text(self) -> str:
        if not self.result.has_solution:
            if self.result.status is Status.UNSATISFIABLE:
                return f"no {self.variant} placement exists on {self.board.rows}x{self.board.cols}"
            return f"no placement found in time; proven lower bound {self.lower_bound}"
        proven = "proven optimal" if self.proven_optimal else "not proven optimal"
        if self.route == "race":
            closed = f", closed by the {self.finisher}" if self.finisher else ""
            how = f"race on {self.result.backend}{closed}"
        elif self.route == "core":
            how = f"core-guided prover alone on {self.result.backend}"
        else:
            how = f"{self.result.backend} [{self.result.encoding}]"
        return (
            f"{render(self.board, self.placement)}\n"
            f"{self.knights} knights ({self.variant}), {proven}, lower bound {self.lower_bound}; "
            f"{how}, {self.result.seconds:.2f} s"
        )


def _event_json(event: RaceEvent) -> dict[str, Any]:
    return {
        "seconds": round(event.seconds, 3),
        "racer": event.racer,
        "knights": event.objective,
        "lower_bound": event.bound,
    }


def solve_domination(
    rows: int,
    cols: int,
    variant: str = "independent",
    *,
    route: str = "auto",
    backend: str = CPSAT,
    time_limit: float | None = None,
    symmetry: bool | None = None,
    tiles: int = 0,
    **options: Any,
) -> DominationAnswer:
    """Minimise, decode and validate; a placement breaking the rules is a bug, never an answer.

    ``symmetry`` (the lex-leader break) defaults to what measured best per route: off in the
    race and the core route, on in the single route. ``options`` go to the backend and need the
    single route.
    """
    if route not in ROUTES:
        raise BoardsatError(f"unknown route {route!r}; known: {', '.join(ROUTES)}")
    if route == "auto":
        if not has_core_prover(backend):
            route = "single"
        else:
            route = "core" if rows * cols <= CORE_ALONE_UP_TO_SQUARES else "race"
    if options and route != "single":
        raise BoardsatError(f"backend options ({', '.join(sorted(options))}) need the single route")
    events: tuple[RaceEvent, ...] = ()
    finisher = None
    built: DominationModel
    if route == "race":
        built, racers = domination_racers(
            rows, cols, variant, backend, time_limit, symmetry=bool(symmetry), tiles=tiles
        )
        outcome = race(racers, time_limit)
        result, events, finisher = outcome.result, outcome.events, outcome.finisher
    elif route == "core":
        built = build_model(rows, cols, variant, symmetry=bool(symmetry), tiles=tiles)
        prover = core_prover(built.model, backend)
        result = solve(prover.model, prover.backend, time_limit=time_limit, **prover.options)
    else:
        built = build_model(rows, cols, variant, symmetry=symmetry is not False, tiles=tiles)
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
    return DominationAnswer(built.board, variant, placement, result, route, events, finisher)


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
