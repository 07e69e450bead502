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
from boardsat.models.domination_validate import validate
from boardsat.models.knight_domination import DominationModel, build_model, decode
from boardsat.results import Result
from boardsat.solve import solve

BASELINE = "textbook cpsat w8"
GRACE_S = 2.0


def _routes() -> dict[str, tuple[Callable[[int, str], DominationModel], str, dict[str, Any]]]:
    textbook = _builder(symmetry=False, lower_bound=False)
    strong = _builder(symmetry=True, lower_bound=True)
    return {
        BASELINE: (textbook, "cpsat", {"workers": 8}),
        "boardsat cpsat w8": (strong, "cpsat", {"workers": 8}),
        "boardsat cadical195 linear-up": (strong, "cadical195", {"optimisation": "linear-up"}),
        "boardsat cadical195 linear-down": (strong, "cadical195", {"optimisation": "linear-down"}),
        "boardsat cadical195 maxsat": (
            strong,
            "cadical195",
            {"optimisation": "maxsat", "cardinality": "seqcounter"},
        ),
    }


def _builder(**flags: bool) -> Callable[[int, str], DominationModel]:
    return lambda n, variant: build_model(n, n, variant, **flags)


def _run_once(
    built: DominationModel, backend: str, options: dict[str, Any], limit: float
) -> tuple[str, dict[str, Any]]:
    """Solve in a child process killed at the limit: CaDiCaL and Kissat cannot be interrupted."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_solve_and_send, args=(built, backend, options, limit, send))
    child.start()
    send.close()
    ready = receive.poll(limit + GRACE_S)
    extra = receive.recv() if ready else _timed_out(limit)
    child.kill()
    child.join()
    outcome = f"{extra['status']} {extra['knights']} (bound {extra['bound']})"
    return outcome, extra


def _timed_out(limit: float) -> dict[str, Any]:
    return {
        "status": "UNKNOWN",
        "knights": None,
        "bound": None,
        "proven": False,
        "killed_at": limit,
    }


def _solve_and_send(
    built: DominationModel, backend: str, options: dict[str, Any], limit: float, send: Any
) -> None:
    stoppable = backend == "cpsat" or capabilities(backend).interruptible
    result: Result = solve(built.model, backend, time_limit=limit if stoppable else None, **options)
    placement = decode(built, result)
    board = built.board
    problems = validate(board.rows, board.cols, built.variant, placement)
    if result.has_solution and problems:
        raise AssertionError(f"{backend} broke the rules on {built.model.name}: {problems[0]}")
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
            for route, (builder, backend, options) in _routes().items():
                if route in stopped:
                    continue
                built = builder(n, variant)
                row = measure(
                    instance,
                    route,
                    lambda b=built, be=backend, o=options: _run_once(b, be, o, time_limit),  # type: ignore[misc]
                    repeats,
                )
                rows.append(row)
                click.echo(f"{instance:<20} {route:<34} {row.median_seconds:8.2f} s  {row.outcome}")
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
