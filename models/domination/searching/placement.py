"""A total placement from its two colour halves, each found by the half search.

The halves never meet (colours.py), so the best total placement is the best of each half side by
side. Where a reflection swaps the colours (an even side), one half is searched and the other is
its mirror image; otherwise the time is shared between the halves, the quicker one first, and
what one leaves unused goes to the other.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from boardsat.core.deadline import Deadline, cancelled
from boardsat.core.results import Improvement, OnImprovement
from boardsat.models.board import Board, Square
from boardsat.models.domination.colours import colour_swap, halves_to_solve, knight_squares
from boardsat.models.domination.rules import validate
from boardsat.models.domination.searching.half_search import (
    SEARCH_METHOD,
    HalfPlacement,
    search_half,
    stall_seconds,
    unlimited_search_seconds,
)

OnHalf = Callable[[str, int, float], None]
"""Told each better half placement: its colour, its knights, the seconds since the search began."""


@dataclass(frozen=True)
class TotalPlacement:
    """The best total placement found, and the halves it was made of (one, mirrored, on a board
    whose colours a reflection swaps). Empty when some half found nothing in time."""

    rows: int
    cols: int
    placement: frozenset[Square]
    halves: tuple[HalfPlacement, ...]
    seconds: float

    @property
    def knights(self) -> int:
        return len(self.placement)

    @property
    def infeasible(self) -> bool:
        """Whether no total placement exists: some half cannot attack the other colour."""
        return any(half.infeasible for half in self.halves)

    @property
    def proven(self) -> bool:
        """Whether CP-SAT proved every half searched optimal, so the placement is the fewest."""
        return bool(self.placement) and all(half.proven for half in self.halves)


def search_total(
    rows: int,
    cols: int,
    time_limit: float | None,
    *,
    method: str = SEARCH_METHOD,
    seed: int = 1,
    targets: dict[str, int] | None = None,
    on_half: OnHalf | None = None,
) -> TotalPlacement:
    """The fewest knights found within ``time_limit`` seconds that attack every square of the
    ``rows`` x ``cols`` board; ``targets`` stops a half's search at that many knights.

    With no limit each half runs ``unlimited_search_seconds`` or until the cover search stalls
    (stall_seconds), and again while it has found nothing (a machine busy with other work can
    starve a short search).
    """
    board = Board(rows, cols)
    deadline = Deadline(time_limit)
    started = time.perf_counter()
    colours = halves_to_solve(board)
    found: list[HalfPlacement] = []
    for left, side in zip(range(len(colours), 0, -1), colours, strict=True):
        remaining = deadline.remaining()
        squares = len(knight_squares(board, side))
        share = unlimited_search_seconds(squares) if remaining is None else remaining / left
        heard = None if on_half is None else _half_heard(on_half, side, deadline)
        target = (targets or {}).get(side)
        while True:
            half = search_half(
                board,
                side,
                share,
                method=method,
                seed=seed,
                target=target,
                stall=stall_seconds(squares) if time_limit is None else None,
                on_improvement=heard,
            )
            if time_limit is not None or half.placement or half.infeasible or cancelled():
                break
        found.append(half)
    placement = _combined(board, found)
    if placement and validate(rows, cols, "total", placement):
        raise AssertionError(f"the half search combined an invalid placement on {rows}x{cols}")
    return TotalPlacement(rows, cols, placement, tuple(found), time.perf_counter() - started)


def _combined(board: Board, halves: list[HalfPlacement]) -> frozenset[Square]:
    """The halves side by side, the mirror of the one half where a reflection swaps colours."""
    if any(not half.placement for half in halves):
        return frozenset()
    swap = colour_swap(board)
    mirrored = frozenset(map(swap, halves[0].placement)) if swap is not None else frozenset()
    return frozenset().union(*(half.placement for half in halves), mirrored)


def _half_heard(on_half: OnHalf, side: str, deadline: Deadline) -> OnImprovement:
    def heard(news: Improvement) -> None:
        if news.objective is not None:
            on_half(side, news.objective, deadline.elapsed())

    return heard
