"""The shogi sliding puzzle benchmark, on the planning puzzles' shared one (``plan_bench``).

Its instances: the seed example, the seed start to the farthest position the oracle finds from
it, and the deepest 3 x 3 puzzle found so far (``published.DEEP_START`` to ``DEEP_GOAL``).
"""

from __future__ import annotations

from boardsat.benchmark import Measurement
from boardsat.models.plan_bench import Sweep, farthest, instance_rows
from boardsat.models.shogi.instance import Shogi, seed_instance, sfen
from boardsat.models.shogi.published import DEEP_GOAL, DEEP_MOVES, DEEP_START, SEED_MOVES
from boardsat.models.shogi.solve import ROUTE, ShogiPuzzle


def seed_rows(sweep: Sweep) -> list[Measurement]:
    """The seed example, then the seed start to its farthest position."""
    seed = seed_instance()
    depth, positions = farthest(ShogiPuzzle(seed))
    deep = Shogi(seed.board, seed.start, positions[0])
    rows = []
    for label, instance in (
        (f"seed ({SEED_MOVES} moves)", seed),
        (f"seed start to farthest ({depth} moves)", deep),
    ):
        rows += instance_rows(label, ROUTE, instance, sweep)
    return rows


def deep_rows(sweep: Sweep) -> list[Measurement]:
    """The deepest puzzle found so far."""
    instance = Shogi.parse(DEEP_START, DEEP_GOAL)
    label = f"{DEEP_START} to {DEEP_GOAL} ({DEEP_MOVES} moves)"
    return instance_rows(label, ROUTE, instance, sweep)


def farthest_goals(instance: Shogi) -> tuple[int, list[str]]:
    """The oracle's farthest positions from ``instance``'s start, as sorted SFEN."""
    depth, positions = farthest(ShogiPuzzle(instance))
    return depth, [sfen(instance.board, p) for p in positions]
