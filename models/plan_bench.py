"""What every planning puzzle's benchmark shares: the planner, on each SAT solver with each set of
strengthenings and on CP-SAT, timed against the BFS oracle in the same run.

An instance's rows start with the oracle's. A planner row is verified when its plan replays by
the puzzle's rules to a goal, is proven optimal, and (where the oracle ran) has the oracle's
length. The functions return rows; the CLI renders and records them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from boardsat.benchmark import Measurement, measure
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.errors import BoardsatError
from boardsat.models.plan_puzzle import M, P, PlanningPuzzle
from boardsat.models.plan_solve import PlanRoute
from boardsat.oracle import explore, shortest_path

BASELINE = "bfs oracle"
SOLVERS = ("cadical195", "glucose4", "minisat22")
"""The SAT solvers run by default."""
SETTINGS = (
    "all",
    "none",
    *(
        ",".join(other for other in Strengthenings.names() if other != name)
        for name in Strengthenings.names()
    ),
)
"""The strengthenings each SAT solver runs with, one row each: all, none, and all but one."""
Row = Callable[[Measurement], None]


@dataclass(frozen=True)
class Sweep:
    """Which planners a benchmark runs on each instance, how often, and who hears of each row."""

    solvers: Sequence[str] = SOLVERS
    repeats: int = 3
    time_limit: float | None = None
    strengthenings: Sequence[str] = SETTINGS
    cpsat: bool = True
    on_row: Row = lambda _: None

    def settings(self) -> dict[str, Any]:
        """How a run was made, as the results file records it beside its rows."""
        return {
            "repeats": self.repeats,
            "solvers": ",".join(self.solvers),
            "strengthenings": list(self.strengthenings),
            "cpsat": self.cpsat,
            "time_limit": self.time_limit,
        }


def instance_rows(
    label: str, route: PlanRoute[Any, Any, Any], instance: object, sweep: Sweep
) -> list[Measurement]:
    """The oracle's row, then every solver with every setting, then CP-SAT with all of them."""
    rows = [measure(label, BASELINE, lambda: _oracle(route.adapt(instance)), sweep.repeats)]
    moves = rows[0].extra["moves"]
    planners = [(solver, setting) for solver in sweep.solvers for setting in sweep.strengthenings]
    for solver, setting in planners + ([("cpsat", "all")] if sweep.cpsat else []):
        rows.append(
            planner_row(
                label, route, instance, solver, setting, moves, sweep.repeats, sweep.time_limit
            )
        )
        sweep.on_row(rows[-1])
    return rows


def planner_row(
    label: str,
    route: PlanRoute[Any, Any, Any],
    instance: object,
    solver: str,
    setting: str,
    oracle_moves: int | None,
    repeats: int,
    time_limit: float | None,
) -> Measurement:
    """One planner configuration on ``instance``, verified by replay (and the oracle's length)."""
    chosen = Strengthenings.parse(setting)

    def run() -> tuple[str, dict[str, Any]]:
        answer = route.shortest_plan(instance, solver, strengthenings=chosen, time_limit=time_limit)
        outcome, moves = answer.outcome, answer.moves
        verified = (
            moves is not None
            and outcome.proven_optimal
            and len(route.adapt(instance).replay(moves)) - 1 == len(moves)
            and (oracle_moves is None or len(moves) == oracle_moves)
        )
        horizons = {r.horizon: round(r.seconds, 4) for r in outcome.horizons}
        return outcome.describe(), {"verified": verified, "horizon_seconds": horizons}

    return measure(label, f"{solver} [{setting_name(setting)}]", run, repeats)


def setting_name(setting: str) -> str:
    """``all``, ``none``, or ``all but X`` for the settings that leave one out."""
    if setting in ("all", "none"):
        return setting
    left_out = set(Strengthenings.names()) - set(setting.split(","))
    return f"all but {', '.join(sorted(left_out))}"


def farthest(puzzle: PlanningPuzzle[P, M]) -> tuple[int, list[P]]:
    """The oracle's farthest positions from the puzzle's ``farthest_sources``, in a fixed order."""
    found = explore(puzzle.successors, puzzle.farthest_sources())
    return found.depth, sorted(found.layer(found.depth), key=puzzle.position_text)


def _oracle(puzzle: PlanningPuzzle[Any, Any]) -> tuple[str, dict[str, Any]]:
    path = shortest_path(puzzle.successors, puzzle.start, puzzle.is_goal)
    if path is None:
        raise BoardsatError("the goal cannot be reached: the oracle is broken")
    return f"{len(path)} moves", {"moves": len(path)}
