"""The shogi sliding puzzle's benchmark matrix: its named instances on the shared planning
routes (:mod:`boardsat.models.planning.bench`).

Its instances: the seed example, the seed start to the farthest position the oracle finds from
it, the deepest 3 x 3 puzzle found so far (``published.DEEP_START`` to ``DEEP_GOAL``), and a
60-move puzzle (``published.SIXTY_START`` to ``SIXTY_GOAL``).
"""

from __future__ import annotations

from typing import Any

from boardsat.core.cells import InstanceSpec
from boardsat.models.planning.bench import farthest, named, planning_bench
from boardsat.models.shogi.instance import Shogi, seed_instance, sfen
from boardsat.models.shogi.published import (
    DEEP_GOAL,
    DEEP_MOVES,
    DEEP_START,
    SEED_FARTHEST,
    SEED_MOVES,
    SIXTY_GOAL,
    SIXTY_MOVES,
    SIXTY_START,
)
from boardsat.models.shogi.solve import ROUTE, ShogiPuzzle

FAMILIES = {
    "seed": f"seed 002: bishop, silver and three pawns on 3x3, {SEED_MOVES} moves",
    "seed-farthest": f"the seed start to its farthest position, {SEED_FARTHEST} moves",
    "deep": f"{DEEP_START} to {DEEP_GOAL}, the deepest 3x3 puzzle found so far, {DEEP_MOVES} moves",
    "sixty": f"{SIXTY_START} to {SIXTY_GOAL}, {SIXTY_MOVES} moves",
}


def _spec(name: str, instance: Shogi, moves: int, source: str) -> tuple[InstanceSpec, Any]:
    size = instance.board.rows * instance.board.cols
    return InstanceSpec(name, "min", size, moves, source), instance


def _seed_farthest() -> tuple[InstanceSpec, Any]:
    seed = seed_instance()
    depth, positions = farthest(ShogiPuzzle(seed))
    instance = Shogi(seed.board, seed.start, positions[0])
    return _spec("seed-farthest", instance, depth, "the BFS oracle")


def farthest_goals(instance: Shogi) -> tuple[int, list[str]]:
    """The oracle's farthest positions from ``instance``'s start, as sorted SFEN."""
    depth, positions = farthest(ShogiPuzzle(instance))
    return depth, [sfen(instance.board, p) for p in positions]


resolve = named(
    {
        "seed": lambda: _spec("seed", seed_instance(), SEED_MOVES, "published.SEED_MOVES"),
        "seed-farthest": _seed_farthest,
        "deep": lambda: _spec(
            "deep", Shogi.parse(DEEP_START, DEEP_GOAL), DEEP_MOVES, "published.DEEP_MOVES"
        ),
        "sixty": lambda: _spec(
            "sixty", Shogi.parse(SIXTY_START, SIXTY_GOAL), SIXTY_MOVES, "published.SIXTY_MOVES"
        ),
    },
    FAMILIES,
)
BENCH = planning_bench("shogi", FAMILIES, resolve, ROUTE)
