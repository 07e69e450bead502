"""The knight exchange's benchmark matrix: its named instances on the shared planning routes
(:mod:`boardsat.models.planning.bench`)."""

from __future__ import annotations

from typing import Any

from boardsat.core.cells import InstanceSpec
from boardsat.models.exchange.instance import Exchange, seed_instance
from boardsat.models.exchange.published import SEED_MOVES
from boardsat.models.exchange.solve import ROUTE
from boardsat.models.planning.bench import named, planning_bench

FIVE_A_SIDE = ("BBBBB/...../...../...../WWWWW", "WWWWW/...../...../...../BBBBB")
FIVE_A_SIDE_MOVES = 22  # the planner's proof, bench/results/exchange_beyond_bfs.md
SEVENTH_GUEST = ("BBBBW/BBBWW/BB.WW/BBWWW/BWWWW", "WWWWB/WWWBB/WW.BB/WWBBB/WBBBB")
"""The knights puzzle of the game The 7th Guest: twelve knights a side on 5x5, the centre empty."""
SEVENTH_GUEST_MOVES = 36  # the rec.puzzles "Knights on a 5x5 chessboard" collation
FAMILIES = {
    "seed": f"seed 000: three knights a side swap rows on 3 wide x 4 tall, {SEED_MOVES} moves",
    "five-a-side": f"five knights a side swap rows on 5x5, {FIVE_A_SIDE_MOVES} moves",
    "seventh-guest": f"The 7th Guest: twelve knights a side swap on 5x5, {SEVENTH_GUEST_MOVES} moves",
}


def _spec(name: str, exchange: Exchange, moves: int, source: str) -> tuple[InstanceSpec, Any]:
    size = exchange.board.rows * exchange.board.cols
    return InstanceSpec(name, "min", size, moves, source), exchange


resolve = named(
    {
        "seed": lambda: _spec("seed", seed_instance(), SEED_MOVES, "published.SEED_MOVES"),
        "five-a-side": lambda: _spec(
            "five-a-side",
            Exchange.parse(*FIVE_A_SIDE),
            FIVE_A_SIDE_MOVES,
            "bench/results/exchange_beyond_bfs.md",
        ),
        "seventh-guest": lambda: _spec(
            "seventh-guest",
            Exchange.parse(*SEVENTH_GUEST),
            SEVENTH_GUEST_MOVES,
            "rec.puzzles, Knights on a 5x5 chessboard",
        ),
    },
    FAMILIES,
)
BENCH = planning_bench("exchange", FAMILIES, resolve, ROUTE)
