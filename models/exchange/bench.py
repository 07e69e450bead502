"""The knight exchange benchmark: the planner (solvers x strengthenings) against the BFS oracle.

Every row times the seed instance (:func:`~boardsat.models.exchange.instance.seed_instance`)
in this process: the oracle first, then each SAT solver with no strengthening, each one alone
and all of them (all also from horizon 0, without the bounds), then CP-SAT with all of them.
The functions return rows; the CLI renders and records them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardsat.benchmark import Measurement, measure
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.errors import BoardsatError
from boardsat.models.exchange.instance import Exchange, seed_instance
from boardsat.models.exchange.published import SEED_MOVES
from boardsat.models.exchange.rules import successors
from boardsat.models.exchange.solve import shortest_plan
from boardsat.oracle import shortest_path

INSTANCE = f"seed 3x4 ({SEED_MOVES} moves)"
BASELINE = "bfs oracle"
SOLVERS = ("cadical195", "glucose4", "minisat22")
"""The SAT solvers run by default."""
SETTINGS = ("none", *Strengthenings.names(), "all")
"""The strengthenings each solver runs with, one row each."""


def seed_rows(
    solvers: Sequence[str],
    repeats: int,
    on_row: Callable[[Measurement], None] = lambda _: None,
) -> list[Measurement]:
    """The oracle's row, then one row per solver, setting and start; ``on_row`` sees each SAT
    solver's row as it is measured."""
    exchange = seed_instance()
    rows = [measure(INSTANCE, BASELINE, lambda: _oracle(exchange), repeats)]
    for solver in solvers:
        for setting in SETTINGS:
            for bounds in (False, True) if setting == "all" else (True,):
                rows.append(_planner_row(exchange, solver, setting, bounds, repeats))
                on_row(rows[-1])
    rows.append(_planner_row(exchange, "cpsat", "all", True, repeats))
    return rows


def settings(solvers: Sequence[str], repeats: int) -> dict[str, Any]:
    """How a run was made, as the results file records it beside its rows."""
    return {"repeats": repeats, "solvers": ",".join(solvers), "strengthenings": list(SETTINGS)}


def _oracle(exchange: Exchange) -> tuple[str, dict[str, Any]]:
    path = shortest_path(
        lambda p: successors(exchange.board, p), exchange.start, lambda p: p == exchange.goal
    )
    if path is None:
        raise BoardsatError("the seed has no solution: the oracle is broken")
    return f"{len(path)} moves", {}


def _planner_row(
    exchange: Exchange, solver: str, setting: str, bounds: bool, repeats: int
) -> Measurement:
    def run() -> tuple[str, dict[str, Any]]:
        answer = shortest_plan(
            exchange, solver, strengthenings=Strengthenings.parse(setting), bounds=bounds
        )
        outcome = answer.outcome
        horizons = {r.horizon: round(r.seconds, 4) for r in outcome.horizons}
        return outcome.describe(), {"horizon_seconds": horizons}

    start = "matching bound+parity" if bounds else "from 0"
    return measure(INSTANCE, f"{solver} [{setting}] {start}", run, repeats)
