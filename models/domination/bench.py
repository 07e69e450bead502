"""The knight domination benchmark: n x n boards per variant, each route against the textbook model.

The textbook route is one Boolean per square, one clause per square, minimise the sum, on CP-SAT
with 8 workers (the issue's baseline). The other routes, which ``routes()`` names (boardsat's
solving routes on CP-SAT and on CaDiCaL, and the textbook model on each installed MIP solver), are
measured in the same run, so ratios compare like with like on a shared, noisy machine. Repeat r
runs every route with seed r: proof times on one board vary several-fold by seed, so a median
over one seed's repeats measures that seed's luck (the textbook's default seed proves independent
12x12 in 0.14 s, its median over seeds 1 to 7 is 0.38 s). A route that times out at n is not run
at larger n (it would only time out again). Every proven value is checked against the published
one, every placement against the rules, and a route that fails stops the benchmark.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import re
import signal
from collections.abc import Callable, Sequence
from typing import Any

import click

from boardsat.backends import MAX_WORKERS, MIP_BACKENDS, is_available, seed_parameters
from boardsat.benchmark import Measurement, measure, ratio_table, results_file
from boardsat.errors import BoardsatError, failures_sent
from boardsat.models.domination.model import build_model, decode
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination
from boardsat.solve import solve

BASELINE = "textbook cpsat w8"
WORKER_ROUTE = re.compile(r"(?P<model>textbook|boardsat single) cpsat w(?P<workers>[1-9][0-9]*)")
GRACE_S = 2.0

# a route returns the status, the placement found (or None) and the proven bound
Outcome = tuple[str, frozenset[tuple[int, int]] | None, int | None]
Route = Callable[[int, str, float, int], Outcome]  # n, variant, time limit, seed


def routes() -> dict[str, Route]:
    """The routes a benchmark runs by default, the baseline first; a MIP route per installed MIP
    solver. ``route_named`` knows these and the CP-SAT routes at any worker count."""
    found: dict[str, Route] = {
        BASELINE: _textbook("cpsat", {"workers": 8}),
        "boardsat auto cpsat": _boardsat("auto", "cpsat"),
        "boardsat lp cpsat": _boardsat("lp", "cpsat"),
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
            raise click.BadParameter(
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


def _seeded_runs(
    route: Route, n: int, variant: str, limit: float
) -> Callable[[], tuple[str, dict[str, Any]]]:
    """One run per call, the k-th call with seed k, so that a median spans seeds."""
    seeds = itertools.count(1)
    return lambda: run_in_child(route, n, variant, limit, next(seeds))


def run_in_child(
    route: Route, n: int, variant: str, limit: float, seed: int
) -> tuple[str, dict[str, Any]]:
    """Solve in a child process group killed at the limit (CaDiCaL cannot be interrupted, and a
    race's own children must go with it)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_solve_and_send, args=(route, n, variant, limit, seed, send))
    child.start()
    send.close()
    try:
        ready = receive.poll(limit + GRACE_S)
        kind, extra = receive.recv() if ready else ("measured", _timed_out(limit))
    except EOFError:  # killed from outside, or out of memory
        kind, extra = "failed", "the child process ended without a word"
    finally:
        assert child.pid is not None
        with contextlib.suppress(ProcessLookupError):  # the group may have ended already
            os.killpg(child.pid, signal.SIGKILL)
        child.join()
    if kind == "refused":
        raise BoardsatError(extra)
    if kind == "failed":
        raise RuntimeError(f"{variant} {n}x{n}, seed {seed}: the route failed\n{extra}")
    _compare_with_published(extra, n, variant)
    outcome = f"{extra['status']} {extra['knights']} (bound {extra['bound']})"
    return outcome, extra


def _solve_and_send(route: Route, n: int, variant: str, limit: float, seed: int, send: Any) -> None:
    """The child's work; whatever goes wrong is sent to the parent, which stops the benchmark."""
    os.setpgrp()
    with failures_sent(send):
        status, placement, bound = route(n, variant, limit, seed)
        if placement is not None:
            problems = validate(n, n, variant, placement)
            if problems:
                raise AssertionError(f"a placement on {n}x{n} broke the rules: {problems[0]}")
        measured = {
            "status": status,
            "knights": None if placement is None else len(placement),
            "bound": bound,
            "proven": status in ("OPTIMAL", "UNSATISFIABLE"),
        }
        send.send(("measured", measured))


def _compare_with_published(extra: dict[str, Any], n: int, variant: str) -> None:
    """A published ``None`` says no placement exists, which a proof of infeasibility matches;
    beyond the published range there is nothing to compare (``matches_published`` is None)."""
    try:
        extra["published"] = published_minimum(n, variant)
    except KeyError:
        extra["published"] = extra["matches_published"] = None
        return
    extra["matches_published"] = extra["proven"] and extra["knights"] == extra["published"]


def _published_note(extra: dict[str, Any]) -> str:
    if not extra["proven"] or extra["matches_published"] is None:
        return ""
    return "= published" if extra["matches_published"] else "DIFFERS FROM THE PUBLISHED VALUE"


def _timed_out(limit: float) -> dict[str, Any]:
    return {
        "status": "UNKNOWN",
        "knights": None,
        "bound": None,
        "proven": False,
        "killed_at": limit,
    }


def run_benchmark(
    min_n: int,
    max_n: int,
    time_limit: float,
    variants: Sequence[str],
    repeats: int,
    output: str | None,
    chosen: Sequence[str] = (),
) -> None:
    if min_n > max_n:
        raise BoardsatError(f"--min-n {min_n} is above --max-n {max_n}: nothing to measure")
    target = results_file("domination", output)
    selected = _selected_routes(chosen)
    rows: list[Measurement] = []
    largest: dict[str, dict[str, int]] = {}
    for variant in variants:
        stopped: set[str] = set()
        for n in range(min_n, max_n + 1):
            instance = f"{variant} {n}x{n}"
            for name, route in selected.items():
                if name in stopped:
                    continue
                row = measure(instance, name, _seeded_runs(route, n, variant, time_limit), repeats)
                rows.append(row)
                by_seed = ""
                if len(set(row.run_outcomes)) > 1:
                    by_seed = f" (seeds 1 to {repeats}: {'; '.join(row.run_outcomes)})"
                click.echo(
                    f"{instance:<20} {name:<32} {row.median_seconds:8.2f} s  "
                    f"{row.outcome} {_published_note(row.extra)}{by_seed}"
                )
                # the median run's: an optimum, or that no placement exists
                if row.extra["proven"]:
                    largest.setdefault(variant, {})[name] = n
                else:
                    stopped.add(name)
    click.echo(ratio_table(rows, BASELINE))
    click.echo("largest n proven by the median run (every smaller n too, from --min-n):")
    for variant, proven in largest.items():
        for name, n in proven.items():
            click.echo(f"  {variant:<12} {name:<32} {n}")
    settings = {
        "min_n": min_n,
        "max_n": max_n,
        "time_limit_s": time_limit,
        "repeats": repeats,
        "seeds": f"repeat r runs seed r (1 to {repeats})",
        "variants": list(variants),
        "routes": list(selected),
        "baseline": BASELINE,
        "largest_n_proven": largest,
    }
    click.echo(f"results written to {target.write(rows, settings)}")
