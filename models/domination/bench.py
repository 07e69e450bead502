"""The knight domination benchmark: n x n boards per variant, each route against the textbook model.

The textbook route (one Boolean per square, one clause per square, minimise the sum, CP-SAT on 8
workers) is the issue's baseline, measured in the same run as the other routes so that ratios
compare like with like on a shared, noisy machine. Repeat r runs every route with seed r, since
proof times on one board vary several-fold by seed. Every proven value is checked against the
published one and every placement against the rules; a route that fails stops the benchmark.
Nothing here prints: the CLI renders the rows as they come. Figures: bench/results/.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardsat.backends import MAX_WORKERS, MIP_BACKENDS, is_available, seed_parameters
from boardsat.benchmark import Measurement, ResultsFile, measure, results_file
from boardsat.child import ChildFailed, Finished, run_in_child
from boardsat.errors import BoardsatError
from boardsat.models.domination.model import build_model, decode
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination
from boardsat.solve import solve

BASELINE = "textbook cpsat w8"
WORKER_ROUTE = re.compile(r"(?P<model>textbook|boardsat single) cpsat w(?P<workers>[1-9][0-9]*)")

# a route returns the status, the placement found (or None) and the proven bound
Outcome = tuple[str, frozenset[tuple[int, int]] | None, int | None]
Route = Callable[[int, str, float, int], Outcome]  # n, variant, time limit, seed


def routes() -> dict[str, Route]:
    """The routes a benchmark runs by default, the baseline first; a MIP route per installed MIP
    solver. ``route_named`` knows these and the CP-SAT routes at any worker count."""
    found: dict[str, Route] = {
        BASELINE: _textbook("cpsat", {"workers": 8}),
        "boardsat auto cpsat": _boardsat("auto", "cpsat"),
        "boardsat portfolio cpsat": _boardsat("portfolio", "cpsat"),
        "boardsat auto cadical195": _boardsat("auto", "cadical195"),
        "boardsat race cpsat": _boardsat("race", "cpsat"),
        "boardsat race cpsat whole board": _boardsat("race", "cpsat", split=False),
        "boardsat race cadical195": _boardsat("race", "cadical195"),
        "boardsat single rc2 cadical195": _boardsat("single", "cadical195"),
    }
    for backend in MIP_BACKENDS:
        if is_available(backend):
            found[f"textbook mip {backend}"] = _textbook(backend, {})
    return found


def route_named(name: str) -> Route | None:
    """A default route, or CP-SAT at a chosen worker count (``textbook cpsat wK``, ``boardsat
    single cpsat wK``) for scaling runs on a machine with more cores; None for an unknown name."""
    scaled = WORKER_ROUTE.fullmatch(name)
    if scaled is None:
        return routes().get(name)
    workers = int(scaled["workers"])
    if workers > MAX_WORKERS:
        return None
    if scaled["model"] == "textbook":
        return _textbook("cpsat", {"workers": workers})
    return _boardsat("single", "cpsat", workers=workers)


def _selected_routes(chosen: Sequence[str]) -> dict[str, Route]:
    """The chosen routes in the order given, or every default route when none is chosen."""
    if not chosen:
        return routes()
    selected: dict[str, Route] = {}
    for name in chosen:
        route = route_named(name)
        if route is None:
            raise BoardsatError(
                f"unknown route {name!r}; known: {', '.join(routes())}, and "
                "'textbook cpsat wK' or 'boardsat single cpsat wK' for K workers"
            )
        selected[name] = route
    return selected


def _textbook(backend: str, options: dict[str, Any]) -> Route:
    def run(n: int, variant: str, limit: float, seed: int) -> Outcome:
        built = build_model(n, n, variant, symmetry=False, lower_bound=False)
        parameters = seed_parameters(backend, seed)
        seeded = {"parameters": parameters} if parameters else {}
        result = solve(built.model, backend, time_limit=limit, **options, **seeded)
        placement = decode(built, result) if result.has_solution else None
        return result.status.value, placement, result.lower_bound

    return run


def _boardsat(route: str, backend: str, *, split: bool | None = None, **options: Any) -> Route:
    """A solving route as users run it; ``split=False`` keeps a total board whole, for comparison;
    ``options`` go to the backend (the single route)."""

    def run(n: int, variant: str, limit: float, seed: int) -> Outcome:
        answer = solve_domination(
            n,
            n,
            variant,
            route=route,
            backend=backend,
            time_limit=limit,
            seed=seed,
            split=split,
            **options,
        )
        placement = answer.placement if answer.knights is not None else None
        return answer.result.status.value, placement, answer.lower_bound

    return run


def run_once(
    route: Route, n: int, variant: str, limit: float, seed: int
) -> tuple[str, dict[str, Any]]:
    """One run in a child process killed past the limit (CaDiCaL cannot be interrupted, and a
    race's own children must go with it): its outcome in words and its figures."""
    try:
        done = run_in_child(lambda: _checked(route, n, variant, limit, seed), limit)
    except ChildFailed as failure:
        raise ChildFailed(f"{variant} {n}x{n}, seed {seed}: the route failed\n{failure}") from None
    extra = done.value if isinstance(done, Finished) else _timed_out(limit)
    _compare_with_published(extra, n, variant)
    outcome = f"{extra['status']} {extra['knights']} (bound {extra['bound']})"
    return outcome, extra


def _checked(route: Route, n: int, variant: str, limit: float, seed: int) -> dict[str, Any]:
    """The child's work: the route's outcome, its placement checked against the rules."""
    status, placement, bound = route(n, variant, limit, seed)
    if placement is not None:
        problems = validate(n, n, variant, placement)
        if problems:
            raise AssertionError(f"a placement on {n}x{n} broke the rules: {problems[0]}")
    return {
        "status": status,
        "knights": None if placement is None else len(placement),
        "bound": bound,
        "proven": status in ("OPTIMAL", "UNSATISFIABLE"),
    }


def _compare_with_published(extra: dict[str, Any], n: int, variant: str) -> None:
    """A published ``None`` says no placement exists, which a proof of infeasibility matches;
    beyond the published range there is nothing to compare (``matches_published`` is None)."""
    try:
        extra["published"] = published_minimum(n, variant)
    except KeyError:
        extra["published"] = extra["matches_published"] = None
        return
    extra["matches_published"] = extra["proven"] and extra["knights"] == extra["published"]


def _timed_out(limit: float) -> dict[str, Any]:
    return {
        "status": "UNKNOWN",
        "knights": None,
        "bound": None,
        "proven": False,
        "killed_at": limit,
    }


@dataclass
class Benchmark:
    """One benchmark run, checked when made (a bad range, route or results path fails before
    anything is measured); ``run`` yields each row as it is measured, ``write`` records them."""

    min_n: int
    max_n: int
    time_limit: float
    variants: Sequence[str]
    repeats: int = 1
    output: str | None = None
    chosen: Sequence[str] = ()
    rows: list[Measurement] = field(default_factory=list, init=False)
    # per variant, per route: the largest n its median run proved (every smaller n too)
    largest: dict[str, dict[str, int]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        if self.min_n > self.max_n:
            raise BoardsatError(
                f"--min-n {self.min_n} is above --max-n {self.max_n}: nothing to measure"
            )
        self.target: ResultsFile = results_file("domination", self.output)
        self.routes = _selected_routes(self.chosen)

    def run(self) -> Iterator[Measurement]:
        """Measure every variant, n and route; a route stops at its first unproven n."""
        for variant in self.variants:
            stopped: set[str] = set()
            for n in range(self.min_n, self.max_n + 1):
                for name, route in self.routes.items():
                    if name in stopped:
                        continue
                    row = measure(
                        f"{variant} {n}x{n}",
                        name,
                        self._seeded_runs(route, n, variant),
                        self.repeats,
                    )
                    self.rows.append(row)
                    if row.extra["proven"]:  # the median run's: an optimum, or that none exists
                        self.largest.setdefault(variant, {})[name] = n
                    else:
                        stopped.add(name)
                    yield row

    def _seeded_runs(
        self, route: Route, n: int, variant: str
    ) -> Callable[[], tuple[str, dict[str, Any]]]:
        """One run per call, the k-th call with seed k, so that a median spans seeds."""
        seeds = itertools.count(1)
        return lambda: run_once(route, n, variant, self.time_limit, next(seeds))

    def write(self) -> Path:
        """The rows measured so far and the run's settings, to the results file."""
        settings = {
            "min_n": self.min_n,
            "max_n": self.max_n,
            "time_limit_s": self.time_limit,
            "repeats": self.repeats,
            "seeds": f"repeat r runs seed r (1 to {self.repeats})",
            "variants": list(self.variants),
            "routes": list(self.routes),
            "baseline": BASELINE,
            "largest_n_proven": self.largest,
        }
        return self.target.write(self.rows, settings)
