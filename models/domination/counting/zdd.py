"""Every minimum placement from a zero-suppressed decision diagram (graphillion), not a solver.

graphillion builds the family of dominating sets of the knight graph (and of independent sets)
as one diagram; the total variant's family is the sets that hit every square's attackers. The
sets of exactly k knights are then read off the diagram. This route shares nothing with the
CNF and CP-SAT models, so it cross-checks their counts on the boards it reaches.

The diagram grows with the board's width and its C++ cannot be interrupted, so the count runs
in a child, killed at the time limit and held under the memory ceiling (as the tours' ZDD count
does, and for the same reason: graphillion's OpenMP threads must not live in the caller).
"""

from __future__ import annotations

from typing import Any

from boardsat.core.child import ChildOutOfMemory, TimedOut, run_in_child
from boardsat.core.memory import limit_reached
from boardsat.models.board import Board, Square
from boardsat.models.domination.instance import Domination

COUNTER = "zdd"


def placements_by_zdd(
    instance: Domination, knights: int, time_limit: float | None = None
) -> tuple[frozenset[Square], ...] | None:
    """Every placement of ``knights`` knights that keeps the variant's rules; None when the time
    limit stopped the diagram (it has nothing to give before its end)."""
    try:
        ran = run_in_child(lambda: _placements_here(instance, knights), time_limit, 0.0, quiet=True)
    except ChildOutOfMemory:
        raise limit_reached("counting placements by decision diagram") from None
    return None if isinstance(ran, TimedOut) else ran.value


def _placements_here(instance: Domination, knights: int) -> tuple[frozenset[Square], ...]:
    """The diagram built in this process; squares are numbered from 1, as graphillion wants."""
    from graphillion import GraphSet, VertexSetSet

    board = Board(instance.rows, instance.cols)
    squares = list(board.squares())
    number = {square: index + 1 for index, square in enumerate(squares)}
    # graphillion needs an edge universe at least as large as the vertex universe first
    GraphSet.set_universe([(index, index + 1) for index in range(1, len(squares) + 1)])
    VertexSetSet.set_universe(list(number.values()))
    family = _family(instance.variant, board, number, VertexSetSet)
    return tuple(
        frozenset(squares[int(vertex) - 1] for vertex in placement)
        for placement in family.len(knights)
    )


def _family(variant: str, board: Board, number: dict[Square, int], sets: Any) -> Any:
    """The diagram of every placement that keeps the variant's rules, of any size."""
    if variant == "total":
        attackers = [[number[other] for other in board.knight_moves(square)] for square in number]
        return sets(attackers).blocking()
    edges = [
        (number[square], number[other])
        for square in number
        for other in board.knight_moves(square)
        if number[square] < number[other]
    ]
    dominating = sets.dominating_sets(edges)
    return dominating & sets.independent_sets(edges) if variant == "independent" else dominating
