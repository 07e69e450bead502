"""Solving knight domination on any backend, with the answer validated and the proof state kept.

Five routes, and ``auto`` (the default) to choose between them by backend, variant and board
size. The total variant is first split into its two colour halves (domination_colours), each
solved by the route on its own; ``auto`` then sizes a half by the squares its knights may stand
on, about half the board. Every figure below is a median over solver seeds 1 to 5, 7 or 15 on the
2-core machine, in one process with the solver libraries loaded; one seed alone can mislead by 5x
either way.

- ``core`` runs the race's core-guided prover alone, on one thread in this process. Up to 10x10
  it proves the independent and total variants faster than anything else tried, and dominating
  10x10 too (0.03 s against the race's 0.89 s and the portfolio's 0.06 s, seeds 1 to 5), so
  ``auto`` takes it there. From 11x11 up its heavy tail shows (dominating 11x11: 4.9 s).
- ``lp`` (CP-SAT only) runs CP-SAT's LP-based search on one thread (``linearization_level`` 2, no
  core search). The dominating variant's bounds come from the LP relaxation (its provers in the race
  are two SCIPs), and on its small boards this is the fastest proof of all: in milliseconds,
  medians over seeds 1 to 15 (each route through ``solve_domination``; HiGHS: its solve of the
  textbook model alone), 7x7 in 6.1 against core search 17.2, the portfolio 9.7 and HiGHS 7.4; 8x8
  in 5.0 against 13.4, 8.0 and 8.0; 9x9 in 22.3 against 43.6, 30.1 and 56.3. At 10x10 core search is
  ahead (21.4 against 83.1 ms in this run), so ``auto`` takes ``lp`` for the dominating variant up
  to 81 squares. On the other variants it trails core search (independent 7x7: 30.5 against 16.2
  ms).
- ``portfolio`` (CP-SAT only) runs one CP-SAT solve on two threads: a single full-problem worker
  (core search, or for the dominating variant the LP-heavy ``max_lp`` search) and, on the second
  thread, CP-SAT's interleaved local search and LNS, which hand their placements to the worker.
  That is the race's shape without its processes. ``auto`` takes it from 101 to 169 squares:
  independent 11x11 in 0.38 s and 12x12 in 0.24 s (the race: 0.58 and 0.35 s; the textbook
  model: 0.92 and 0.38 s), dominating 11x11 to 13x13 in 0.31, 0.46 and 0.99 s (the race: 1.8,
  1.4 and 3.5 s). At 14x14 the race is ahead (independent 6.0 against 10.7 s).
- ``race`` runs two provers side by side on two processes (domination_race). On CP-SAT: for the
  independent variant core search beside SCIP, and from 17x17 up two SCIPs (the second with cuts
  at the root only) that start from a placement local search found on both cores first and hand
  each other better ones while they run; for a total half core search beside local search that
  hands SCIP its placement; for the dominating variant two SCIPs; for a whole total board core
  search beside local search that turns core search.
  ``auto`` takes it above 169 squares, and above 100 on the SAT backends.
- ``single`` runs one backend in this process, with the configurations the benchmark found
  strongest for it: CP-SAT with 8 workers (more portfolio workers than cores still pays off on
  these proofs) and the lex-leader symmetry break, on SAT solvers core-guided MaxSAT (RC2),
  whose disjoint cores are exactly the per-square cover clauses, so it climbs the lower bound far
  faster than a bound search refutes "one knight fewer", and on the MIP solvers the plain model:
  they find the board's symmetry themselves, and lex-leader rows slowed both (dominating 14x14:
  HiGHS unproven in 75 s against 18 s, OR-Tools' SCIP 48.7 s against 9 s). Only this route takes
  backend options and writes DRUP proofs; ``auto`` takes it on the MIP backends, which have no
  core-guided prover.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from boardsat.backends import CPSAT, MAX_SEED, MIP_BACKENDS, capabilities, seed_parameters
from boardsat.deadline import Deadline
from boardsat.errors import BoardsatError
from boardsat.model import Model
from boardsat.models.board import Board, Square
from boardsat.models.domination.colours import colour_swap, halves_to_solve, knight_squares
from boardsat.models.domination.model import (
    DominationModel,
    build_model,
    decode,
    knight_key,
    render,
)
from boardsat.models.domination.race import (
    core_prover,
    domination_line_up,
    has_core_prover,
)
from boardsat.models.domination.rules import validate
from boardsat.race import RaceEvent, Stage
from boardsat.results import EncodingSize, Result, Status
from boardsat.solve import solve

CPSAT_WORKERS = 8
ROUTES = ("auto", "race", "core", "lp", "portfolio", "single")
CPSAT_ONLY_ROUTES = ("lp", "portfolio")
LP_ALONE_UP_TO_SQUARES = 81  # auto on CP-SAT, dominating variant: the LP search alone up to here
CORE_ALONE_UP_TO_SQUARES = 100  # auto: the core-guided prover alone up to here
PORTFOLIO_UP_TO_SQUARES = 169  # auto on CP-SAT: the portfolio up to here, the race above
PORTFOLIO_WORKER = {"independent": "core", "total": "core", "dominating": "max_lp"}


@dataclass(frozen=True)
class DominationAnswer:
    """The best placement found, whether it is proven optimal, and the proven lower bound.

    A split total board (``halves``) keeps its halves' race events, each counting its own half's
    knights, with the racer's name prefixed by the half's colour and the time from the run's start.
    """

    board: Board
    variant: str
    placement: frozenset[Square]
    result: Result
    route: str  # the route that ran (auto resolves to one of the others; halves may take two,
    # joined by " + ")
    seconds: float  # wall time of the whole run: building (tile bounds are solved) and solving
    events: tuple[RaceEvent, ...] = ()
    finisher: str | None = None  # the racer that closed the gap (race route)
    halves: tuple[str, ...] = ()  # the colours solved apart when a total problem was split

    @property
    def knights(self) -> int | None:
        return len(self.placement) if self.result.has_solution else None

    @property
    def proven_optimal(self) -> bool:
        return self.result.proven_optimal

    @property
    def lower_bound(self) -> int | None:
        return self.result.lower_bound

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
            "seconds": round(self.seconds, 3),
            "proof": self.result.proof,
            "route": self.route,
            "split": list(self.halves) or None,
            "events": [_event_json(event) for event in self.events],
        }

    def text(self) -> str:
        """The board as the seed prints it, then the summary line."""
        if not self.result.has_solution:
            return self.summary()
        return f"{render(self.board, self.placement)}\n{self.summary()}"

    def summary(self) -> str:
        """One line: the count, whether it is proven, the bound, how and how long."""
        if not self.result.has_solution:
            if self.result.status is Status.UNSATISFIABLE:
                return f"no {self.variant} placement exists on {self.board.rows}x{self.board.cols}"
            return f"no placement found in time; proven lower bound {self.lower_bound}"
        proven = "proven optimal" if self.proven_optimal else "not proven optimal"
        routes = self.route.split(" + ")
        how = " and ".join(self._route_words(route) for route in routes)
        if len(routes) > 1:  # auto picks by size, and the halves may differ by a square
            how = f"halves by {how}"
        if len(self.halves) == 1:
            how += f"; split by square colour, {self.halves[0]} knights solved and mirrored"
        elif self.halves:
            how += (
                "; split by square colour, " + " and ".join(self.halves) + " knights solved apart"
            )
        return (
            f"{self.knights} knights ({self.variant}), {proven}, lower bound {self.lower_bound}; "
            f"{how}, {self.seconds:.2f} s"
        )

    def _route_words(self, route: str) -> str:
        if route == "race":
            closed = f", closed by the {self.finisher}" if self.finisher else ""
            return f"race on {self.result.backend}{closed}"
        if route == "core":
            return f"core-guided prover alone on {self.result.backend}"
        if route == "lp":
            return "CP-SAT's LP-based search on one thread"
        if route == "portfolio":
            worker = PORTFOLIO_WORKER[self.variant]
            return f"CP-SAT portfolio: {worker} worker beside local search and LNS"
        return f"{self.result.backend} [{self.result.encoding}]"


def _auto_route(squares: int, variant: str, backend: str) -> str:
    """The route ``auto`` stands for: see the module's docstring for the measurements."""
    if not has_core_prover(backend):
        return "single"
    if backend == CPSAT and variant == "dominating" and squares <= LP_ALONE_UP_TO_SQUARES:
        return "lp"
    if squares <= CORE_ALONE_UP_TO_SQUARES:
        return "core"
    if backend == CPSAT and squares <= PORTFOLIO_UP_TO_SQUARES:
        return "portfolio"
    return "race"


def cpsat_lp_search(model: Model, seed: int = 1) -> Stage:
    """CP-SAT's LP-based search on one thread: the full linear relaxation at every node."""
    parameters = {"linearization_level": 2, **seed_parameters(CPSAT, seed)}
    return Stage(model, CPSAT, {"workers": 1, "parameters": parameters})


def cpsat_portfolio(model: Model, variant: str, seed: int = 1) -> Stage:
    """CP-SAT on two threads: the variant's full-problem worker, and CP-SAT's interleaved local
    search and LNS on the second thread (with one named subsolver, that is what it runs there)."""
    parameters = {"subsolvers": [PORTFOLIO_WORKER[variant]], **seed_parameters(CPSAT, seed)}
    return Stage(model, CPSAT, {"workers": 2, "parameters": parameters})


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
    seed: int = 1,
    split: bool | None = None,
    **options: Any,
) -> DominationAnswer:
    """Minimise, decode and validate; a placement breaking the rules is a bug, never an answer.

    ``symmetry`` (the lex-leader break) defaults to what measured best per route: on in the
    single route on CP-SAT and SAT backends only. ``seed`` is CP-SAT's random seed, SCIP's
    random seed shift and the SAT race's model shuffle (RC2 and HiGHS run deterministically);
    proof times on one board vary several-fold by seed, so comparisons should span seeds.
    ``split`` solves the total variant as two covers, one per square colour (domination_colours),
    each by ``route``; it defaults to on there, unless tile bounds or a proof (of one formula)
    are asked for. ``options`` go to the backend and need the single route.
    """
    if route not in ROUTES:
        raise BoardsatError(f"unknown route {route!r}; known: {', '.join(ROUTES)}")
    if not 0 <= seed <= MAX_SEED:
        raise BoardsatError(f"the seed must lie in 0..{MAX_SEED}, not {seed}")
    if route in CPSAT_ONLY_ROUTES and backend != CPSAT:
        raise BoardsatError(f"the {route} route runs CP-SAT's own search, not {backend!r}")
    if options and route != "single":
        raise BoardsatError(f"backend options ({', '.join(sorted(options))}) need the single route")
    if tiles and options.get("proof") is not None:
        raise BoardsatError("a proof cannot cover tile bounds: they come from unproven solves")
    board = Board(rows, cols)
    if split is None:
        split = variant == "total" and not tiles and options.get("proof") is None
    elif split and options.get("proof") is not None:
        raise BoardsatError("a proof refutes one formula: solve the total variant with no split")
    deadline = Deadline(time_limit)  # tile bounds are solved for, so building takes time too
    if not split:
        part = _solve_part(
            board, variant, None, route, backend, deadline, symmetry, tiles, seed, **options
        )
        placement, result = part.placement, part.result
        halves: tuple[str, ...] = ()
        parts = [part]
    else:
        halves = halves_to_solve(board)
        parts = []
        for left, knights_on in zip(range(len(halves), 0, -1), halves, strict=True):
            remaining = deadline.remaining()  # shared evenly by the halves still to solve
            share = Deadline(None if remaining is None else remaining / left)
            started = deadline.elapsed()
            part = _solve_part(
                board, variant, knights_on, route, backend, share, symmetry, tiles, seed, **options
            )
            parts.append(_as_half(part, knights_on, started))
        placement, result = _combined(board, parts)
    if result.has_solution:
        problems = validate(rows, cols, variant, placement)
        if problems:
            raise AssertionError(f"{backend} returned an invalid placement: {problems[0]}")
    return DominationAnswer(
        board,
        variant,
        placement,
        result,
        _each_once(part.route for part in parts),
        deadline.elapsed(),
        tuple(event for part in parts for event in part.events),
        "; ".join(part.finisher for part in parts if part.finisher) or None,
        halves,
    )


@dataclass(frozen=True)
class _Part:
    """One solve: of the whole board, or of one colour's half of a split total problem."""

    route: str
    placement: frozenset[Square]
    result: Result
    events: tuple[RaceEvent, ...]
    finisher: str | None


def _solve_part(
    board: Board,
    variant: str,
    knights_on: str | None,
    route: str,
    backend: str,
    deadline: Deadline,
    symmetry: bool | None,
    tiles: int,
    seed: int,
    **options: Any,
) -> _Part:
    """Build, solve and decode the whole board or one half on ``route`` within ``deadline``."""
    rows, cols = board.rows, board.cols
    if route == "auto":
        route = _auto_route(len(knight_squares(board, knights_on)), variant, backend)
    events: tuple[RaceEvent, ...] = ()
    finisher = None
    built: DominationModel
    if route == "race":
        line_up = domination_line_up(
            rows,
            cols,
            variant,
            backend,
            deadline.remaining(),
            symmetry=bool(symmetry),
            tiles=tiles,
            seed=seed,
            knights_on=knights_on,
        )
        built, outcome = line_up.built, line_up.run(deadline.remaining())
        result, events, finisher = outcome.result, outcome.events, outcome.finisher
    elif route in ("core", "lp", "portfolio"):
        built = build_model(
            rows,
            cols,
            variant,
            symmetry=bool(symmetry),
            tiles=tiles,
            knights_on=knights_on,
            deadline=deadline,
        )
        if route == "core":
            stage = core_prover(built.model, backend, seed)
        elif route == "lp":
            stage = cpsat_lp_search(built.model, seed)
        else:
            stage = cpsat_portfolio(built.model, variant, seed)
        result = solve(stage.model, stage.backend, time_limit=deadline.remaining(), **stage.options)
    else:
        built = build_model(
            rows,
            cols,
            variant,
            symmetry=symmetry if symmetry is not None else backend not in MIP_BACKENDS,
            tiles=tiles,
            knights_on=knights_on,
            deadline=deadline,
        )
        if backend == CPSAT:
            options.setdefault("workers", CPSAT_WORKERS)
        if seed_parameters(backend, seed):
            options["parameters"] = seed_parameters(backend, seed) | options.get("parameters", {})
        elif options.get("optimisation") is None and "maxsat" in capabilities(backend).optimisation:
            options["optimisation"] = "maxsat"
        result = solve(built.model, backend, time_limit=deadline.remaining(), **options)
    return _Part(route, decode(built, result), result, events, finisher)


def _as_half(part: _Part, knights_on: str, started: float) -> _Part:
    """A half's part with its racers named by colour and its events timed from the whole run."""
    named = f"{knights_on} knights: "
    events = tuple(
        replace(event, seconds=started + event.seconds, racer=named + event.racer)
        for event in part.events
    )
    finisher = part.finisher and named + part.finisher
    return replace(part, events=events, finisher=finisher)


def _combined(board: Board, halves: list[_Part]) -> tuple[frozenset[Square], Result]:
    """The whole board's answer from its colour halves: their knights together, bounds summed.

    One half alone stands for both when a reflection swaps the colours (colour_swap): the other
    half's placement is its mirror image, with the same count and bound.
    """
    placements = [half.placement for half in halves]
    results = [half.result for half in halves]
    swap = colour_swap(board)
    if swap is not None:
        placements.append(frozenset(map(swap, halves[0].placement)))
        results.append(halves[0].result)
    statuses = {result.status for result in results}
    if Status.UNSATISFIABLE in statuses:
        status = Status.UNSATISFIABLE
    elif statuses == {Status.OPTIMAL}:
        status = Status.OPTIMAL
    else:
        status = Status.UNKNOWN
    solved = status is not Status.UNSATISFIABLE and all(r.has_solution for r in results)
    placement = frozenset().union(*placements) if solved else frozenset()
    bounds = [r.lower_bound for r in results]
    known = [bound for bound in bounds if bound is not None and status is not Status.UNSATISFIABLE]
    combined = Result(
        status,
        _each_once(result.backend for result in results),
        _each_once(result.encoding for result in results),
        EncodingSize(
            sum(half.result.size.variables for half in halves),
            sum(half.result.size.constraints for half in halves),
        ),
        sum(half.result.seconds for half in halves),
        {knight_key(square): square in placement for square in board.squares()} if solved else {},
        len(placement) if solved else None,
        sum(known) if known else None,  # a half with no bound yet contributes its trivial 0
    )
    return placement, combined


def _each_once(names: Iterable[str]) -> str:
    """The halves' routes or encodings, each once: ``auto`` picks by size, and halves may differ
    in size by a square."""
    return " + ".join(dict.fromkeys(names))
