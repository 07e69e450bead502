"""Lower bounds on the number of knights that a builder can hand the backends as proven.

A bound search from below (linear-up) starts at the model's lower bound and never checks the
values under it, so a bound here must hold for every placement, with no exception.
"""

from __future__ import annotations

from boardsat.models.board import Board


def counting_lower_bound(board: Board, variant: str) -> int:
    """Fewest knights whose reach could add up to the whole board.

    A knight covers at most its own square (except in ``total``) plus the squares it attacks, and
    an independent dominating set is also a dominating set; so k knights can only suffice when the
    k largest reaches sum to at least the number of squares. An infeasible board gets the number
    of squares, which no placement beats.
    """
    own = 0 if variant == "total" else 1
    reaches = sorted((len(board.knight_moves(s)) + own for s in board.squares()), reverse=True)
    covered = 0
    for count, reach in enumerate(reaches, start=1):
        covered += reach
        if covered >= board.size:
            return count
    return board.size
