"""Lower bounds on the number of knights that a builder can hand the backends as proven.

A bound search from below (linear-up) starts at the model's lower bound and never checks the
values under it, so a bound here must hold for every placement, with no exception.
"""

from __future__ import annotations

from typing import Any

from boardsat.core.deadline import Deadline
from boardsat.core.model import Model
from boardsat.core.results import Status
from boardsat.models.board import Board, Square
from boardsat.models.domination.colours import knight_squares


def counting_lower_bound(board: Board, variant: str, knights_on: str | None = None) -> int:
    """Fewest knights whose reach could add up to the whole board.

    A knight covers at most its own square (except in ``total``) plus the squares it attacks, and
    an independent dominating set is also a dominating set; so k knights can only suffice when the
    k largest reaches sum to at least the number of squares. With ``knights_on``, one half of the
    split total problem: knights on that colour, squares of the other colour to attack. An
    infeasible board gets the number of squares, which no placement beats.
    """
    own = 0 if variant == "total" else 1
    placed = knight_squares(board, knights_on)
    targets = board.size - len(placed) if knights_on is not None else board.size
    reaches = sorted((len(board.knight_moves(s)) + own for s in placed), reverse=True)
    covered = count = 0
    for reach in reaches:
        if covered >= targets:
            break
        covered += reach
        count += 1
    return count if covered >= targets else board.size


def window_bounds(
    board: Board, variant: str, size: int, deadline: Deadline
) -> list[tuple[list[Square], int]]:
    """For each size x size tile of the board: the squares that can cover it, and how many of them
    any placement must use (0-bound tiles, and tiles not solved before the deadline, are left out).

    Only knights on a tile's squares or attacking them can cover the tile, and every rule the
    full problem imposes on those knights holds on the tile's own sub-problem, so the fewest
    knights that cover the tile alone is a valid lower bound on the knights among its coverers.
    Solving these small sub-problems exactly hands the solver local counting it cannot see in the
    linear relaxation of one clause per square.
    """
    found = []
    for top in range(0, board.rows, size):
        for left in range(0, board.cols, size):
            tile = [
                (row, col)
                for row in range(top, min(top + size, board.rows))
                for col in range(left, min(left + size, board.cols))
            ]
            coverers, least = _tile_minimum(board, variant, tile, deadline)
            if least > 0:
                found.append((coverers, least))
    return found


def _tile_minimum(
    board: Board, variant: str, tile: list[Square], deadline: Deadline
) -> tuple[list[Square], int]:
    from boardsat.solving.solve import solve

    cover = cover_model(board, variant, tile)
    if cover is None:
        return [], 0  # the whole board is infeasible; the builder's clause says so
    model, knights = cover
    model.minimize(list(knights.values()))
    result = solve(model, "cadical195", optimisation="linear-up", time_limit=deadline.remaining())
    if not result.proven_optimal or result.objective is None:
        return list(knights), 0
    return list(knights), result.objective


def proven_bound(
    model: Model, deadline: Deadline, limit: float, backend: str = "cpsat", **options: Any
) -> int:
    """The lower bound ``backend`` proves on ``model``'s minimum within ``limit`` seconds (and
    ``deadline``): its optimum when settled, 0 when it proves none or finds no solution (the
    caller's own model then says so)."""
    from boardsat.solving.solve import solve

    left = deadline.remaining()
    seconds = limit if left is None else min(left, limit)
    result = solve(model, backend, time_limit=seconds, **options)
    if result.status is Status.UNSATISFIABLE:
        return 0
    return result.lower_bound or 0


def cover_model(
    board: Board, variant: str, tile: list[Square]
) -> tuple[Model, dict[Square, int]] | None:
    """The squares of ``tile`` covered by the knights that can reach them (each square of the
    tile itself too, except in ``total``), with the variant's independence among those knights;
    the knights' literals by square. None when a square of the tile has no coverer.

    Every rule the full problem imposes on these knights holds here, so the fewest that cover
    the tile alone is a lower bound on the knights among its coverers in any placement.
    """
    own = variant != "total"
    coverers = sorted(
        {s for square in tile for s in board.knight_moves(square)} | (set(tile) if own else set())
    )
    model = Model("cover")
    lit = {square: model.var(square) for square in coverers}
    for square in tile:
        attackers = [lit[s] for s in board.knight_moves(square)]
        covering = [lit[square], *attackers] if own else attackers
        if not covering:
            return None
        model.add_clause(covering)
    if variant == "independent":
        for square in coverers:
            for other in board.knight_moves(square):
                if other in lit and other > square:
                    model.add_clause([-lit[square], -lit[other]])
    return model, lit
