"""The knight domination benchmark: n x n boards per variant, each route against the textbook model.

The textbook route is one Boolean per square, one clause per square, minimise the sum, on CP-SAT
with 8 workers (the issue's baseline). Every other route is measured in the same run, so ratios
compare like with like on a shared, noisy machine. A route that times out at n is not run at
larger n (it would only time out again).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from boardsat.backends import capabilities
from boardsat.benchmark import Measurement, measure, ratio_table, write_results
from boardsat.models.domination_hybrid import bound_then_place
from boardsat.models.domination_published import published_minimum
from boardsat.models.domination_validate import validate
from boardsat.models.knight_domination import DominationModel, build_model, decode
from boardsat.results import Result
from boardsat.solve import solve

BASELINE = "textbook cpsat w8"
GRACE_S = 2.0


Route = Callable[[int, str, float], tuple[DominationModel, Result]]


def _routes() -> dict[str, Route]:
    textbook = {"symmetry": False, "lower_bound": False}
    strong = {"symmetry": True, "lower_bound": True}
    maxsat = {"optimisation": "maxsat", "cardinality": "seqcounter"}
    return {
        BASELINE: _single(textbook, "cpsat", {"workers": 8}),
        "boardsat cpsat w8": _single(strong, "cpsat", {"workers": 8}),
        "boardsat cadical195 maxsat": _single(strong, "cadical195", maxsat),
        "boardsat rc2 bound + cpsat placement": _bound_first,
    }


def _single(flags: dict[str, bool], backend: str, options: dict[str, Any]) -> Route:
    def run(n: int, variant: str, limit: float) -> tuple[DominationModel, Result]:
        built = build_model(n, n, variant, **flags)
        stoppable = backend == "cpsat" or capabilities(backend).interruptible
        limited = limit if stoppable else None
        return built, solve(built.model, backend, time_limit=limited, **options)

    return run


def _bound_first(n: int, variant: str, limit: float) -> tuple[DominationModel, Result]:
    return bound_then_place(n, n, variant, limit)


def _run_once(route: Route, n: int, variant: str, limit: float) -> tuple[str, dict[str, Any]]:
    """Solve in a child process killed at the limit: CaDiCaL and Kissat cannot be interrupted."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_solve_and_send, args=(route, n, variant, limit, send))
    child.start()
    send.close()
    ready = receive.poll(limit + GRACE_S)
    extra = receive.recv() if ready else _timed_out(limit)
    child.kill()
    child.join()
    extra["published"] = _published(n, variant)
    extra["matches_published"] = extra["proven"] and extra["knights"] == extra["published"]
    outcome = f"{extra['status']} {extra['knights']} (bound {extra['bound']})"
    return outcome, extra


def _published(n: int, variant: str) -> int | None:
    try:
        return published_minimum(n, variant)
    except KeyError:
        return None


def _published_note(extra: dict[str, Any]) -> str:
    if not extra["proven"] or extra["published"] is None:
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


def _solve_and_send(route: Route, n: int, variant: str, limit: float, send: Any) -> None:
    built, result = route(n, variant, limit)
    placement = decode(built, result)
    problems = validate(n, n, variant, placement)
    if result.has_solution and problems:
        raise AssertionError(f"{result.backend} broke the rules on {n}x{n}: {problems[0]}")
    knights = len(placement) if result.has_solution else None
    send.send(
        {
            "status": result.status.value,
            "knights": knights,
            "bound": knights if result.proven_optimal else result.bound,
            "proven": result.proven_optimal,
            "solver_seconds": round(result.seconds, 3),
        }
    )


def run_benchmark(
    min_n: int,
    max_n: int,
    time_limit: float,
    variants: Sequence[str],
    repeats: int,
    output: str | None,
) -> None:
    rows: list[Measurement] = []
    largest: dict[str, dict[str, int]] = {}
    for variant in variants:
        stopped: set[str] = set()
        for n in range(min_n, max_n + 1):
            instance = f"{variant} {n}x{n}"
            for route, solver in _routes().items():
                if route in stopped:
                    continue
                row = measure(
                    instance,
                    route,
                    lambda s=solver, n=n, v=variant: _run_once(s, n, v, time_limit),  # type: ignore[misc]
                    repeats,
                )
                rows.append(row)
                published = _published_note(row.extra)
                click.echo(
                    f"{instance:<20} {route:<38} {row.median_seconds:8.2f} s  "
                    f"{row.outcome} {published}"
                )
                if row.extra["proven"]:
                    largest.setdefault(variant, {})[route] = n
                elif row.extra["status"] != "UNSATISFIABLE":
                    stopped.add(route)
    click.echo(ratio_table(rows, BASELINE))
    click.echo("largest n proven (every smaller n proven too, from --min-n):")
    for variant, routes in largest.items():
        for route, n in routes.items():
            click.echo(f"  {variant:<12} {route:<34} {n}")
    settings = {
        "min_n": min_n,
        "max_n": max_n,
        "time_limit_s": time_limit,
        "repeats": repeats,
        "variants": list(variants),
        "baseline": BASELINE,
        "largest_n_proven": largest,
    }
    path = write_results("domination", rows, settings, Path(output) if output else None)
    click.echo(f"results written to {path}")
