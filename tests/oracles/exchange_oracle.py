"""The knight exchange's fewest moves by plain BFS over the puzzle's own moves (no planner)."""

from __future__ import annotations

from boardsat.models.exchange import Exchange, successors
from boardsat.reference.oracle import shortest_path


def oracle_distance(exchange: Exchange) -> int | None:
    path = shortest_path(
        lambda p: successors(exchange.board, p), exchange.start, lambda p: p == exchange.goal
    )
    return None if path is None else len(path)
