"""Counting knight's tours with a zero-suppressed decision diagram (graphillion), not by enumeration.

graphillion builds the set of all Hamiltonian cycles or paths of a graph frontier by frontier, so
its size grows with the board's width rather than with the number of tours: 524486 open tours
from the corner of 6x6 are counted without listing one.

An open tour is counted as a Hamiltonian path between two virtual nodes: one tied to every square
a tour may start on, the other to every square it may end on. Each directed tour is then exactly
one such path, so the count is the number of directed paths, as the seed counts them.

The diagram's C++ cannot be interrupted and grows without end on a board it cannot finish (8x8
closed: about 1 GB every 5 s), so every count runs in a child process, killed at the time limit
and held under the memory ceiling. The child also keeps graphillion's OpenMP threads out of the
caller: a process forked after they start hangs in its first parallel region, so one diagram
built in-process would freeze every later count.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from boardsat.core.child import ChildOutOfMemory, TimedOut, run_in_child
from boardsat.core.memory import limit_reached
from boardsat.models.board import Board
from boardsat.models.tour.answer import TourCount
from boardsat.models.tour.model import TourSpec

ROUTE = "zdd(graphillion)"
COUNTER = "zdd"  # its name among the counters (tour.solve.COUNTERS)


def _count_here(spec: TourSpec) -> TourCount:
    """The exact number of tours (closed: undirected cycles; open: directed paths), counted in
    this process."""
    started = time.perf_counter()
    graph_set = _graph_set()
    board = spec.board
    edges = _knight_edges(board)
    if spec.closed:
        count = _count(graph_set, board.size, edges, lambda: graph_set.cycles(is_hamilton=True))
    else:
        first, last = board.size, board.size + 1
        starts = [spec.start] if spec.start is not None else list(board.squares())
        ends = [spec.end] if spec.end is not None else list(board.squares())
        edges += [(board.index(s), first) for s in starts]
        edges += [(board.index(t), last) for t in ends]
        count = _count(
            graph_set, board.size + 2, edges, lambda: graph_set.paths(first, last, is_hamilton=True)
        )
    return TourCount(spec, count, True, ROUTE, time.perf_counter() - started, counter=COUNTER)


def count_by_zdd(spec: TourSpec, time_limit: float | None = None) -> TourCount:
    """The exact number of tours (closed: undirected cycles; open: directed paths), counted in a
    child killed at ``time_limit``: a count it stops is UNKNOWN with no tours so far (the diagram
    counts only at its end); a count past the memory ceiling raises MemoryLimitReached."""
    started = time.perf_counter()
    try:
        ran = run_in_child(lambda: _count_here(spec), time_limit, grace=0.0, quiet=True)
    except ChildOutOfMemory:
        raise limit_reached("counting tours") from None
    if isinstance(ran, TimedOut):
        why = (
            "the run was cancelled"
            if ran.limit is None
            else f"the time limit of {ran.limit:g} s ran out"
        )
        stopped = f"{why} before the decision diagram was built; it counts only at its end"
        return TourCount(
            spec, 0, False, ROUTE, time.perf_counter() - started, stopped=stopped, counter=COUNTER
        )
    return ran.value


def _graph_set() -> Any:
    """graphillion's GraphSet, imported late: its OpenMP threads must not spin-wait.

    Busy-waiting OpenMP workers starve everything else on a small shared machine (and slow the
    diagram itself there); passive waiting keeps the parallel build without the spinning. The
    setting only takes when it precedes the library's first load, hence the late import.
    """
    os.environ.setdefault("OMP_WAIT_POLICY", "passive")
    from graphillion import GraphSet

    return GraphSet


def _knight_edges(board: Board) -> list[tuple[int, int]]:
    return [
        (board.index(a), board.index(b))
        for a in board.squares()
        for b in board.knight_moves(a)
        if a < b
    ]


def _count(
    graph_set: Any, nodes: int, edges: list[tuple[int, int]], build: Callable[[], Any]
) -> int:
    """Count with ``edges`` as graphillion's (global) universe.

    graphillion's Hamiltonian sets cover the vertices of the universe only, so a square that no
    edge touches would silently drop out: such a board has no tour.
    """
    touched = {node for edge in edges for node in edge}
    if len(touched) < nodes:
        return 0
    graph_set.set_universe(edges)
    return int(build().len())
