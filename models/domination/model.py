"""Knight domination on m x n boards as a minimisation on the solver-neutral model.

One Boolean per square, keyed ``("knight", row, col)``. Three variants (seed 003 poses the first):

- ``independent``: every empty square is attacked and no knight attacks another;
- ``dominating``: every square is occupied or attacked;
- ``total``: every square, occupied or not, is attacked.

On top of the textbook model the builder can add a lex-leader symmetry break over the board's
symmetry group and a lower bound that it can justify, because the hard part of these instances
is proving that one knight fewer is impossible, not finding a placement.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from boardsat.core.deadline import CHECK_EVERY, Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Model
from boardsat.core.results import Result
from boardsat.models.board import Board, Square
from boardsat.models.domination.bounds import counting_lower_bound, window_bounds
from boardsat.models.domination.colours import COLOURS, colour, knight_squares
from boardsat.models.domination.order import DEFAULT_ORDER, square_order
from boardsat.models.domination.symmetry import add_lex_leader

VARIANTS = ("independent", "dominating", "total")
KNIGHT = "knight"  # the key of a square's knight variable: (KNIGHT, row, col)


def check_variant(variant: str) -> str:
    if variant not in VARIANTS:
        raise BoardsatError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    return variant


def knight_key(square: Square) -> tuple[str, int, int]:
    return (KNIGHT, square[0], square[1])


@dataclass(frozen=True)
class DominationModel:
    """A built model and the board and variant it states, which a caller checking or reporting
    an answer needs beside it."""

    board: Board
    variant: str
    model: Model


def build_model(
    rows: int,
    cols: int,
    variant: str = "independent",
    *,
    symmetry: bool = True,
    lower_bound: bool = True,
    tiles: int = 0,
    knights_on: str | None = None,
    order: str = DEFAULT_ORDER,
    deadline: Deadline | None = None,
) -> DominationModel:
    """The minimisation for one board and variant.

    ``symmetry`` adds lex-leader constraints that keep one placement of every symmetry orbit;
    ``lower_bound`` hands the backends the counting bound (valid, see domination_bounds);
    ``tiles`` > 0 adds, per tile of that side, "at least LB knights among its coverers" (LB
    solved for, within ``deadline``: a tile not solved in time adds nothing);
    ``order`` lists the squares (order.py): the knights' variables, the objective and the
    lex-leader break follow it;
    ``knights_on`` ("dark" or "light", total variant only) builds one half of the split problem
    (colours.py): knights on that colour only, each square of the other colour attacked.
    Building checks ``deadline`` as it goes and raises OutOfTime once it has passed.
    """
    built, knights = _placements(rows, cols, variant, symmetry, tiles, knights_on, order, deadline)
    bound = counting_lower_bound(built.board, variant, knights_on) if lower_bound else 0
    built.model.minimize(knights, lower_bound=bound)
    return built


def build_refutation(
    rows: int,
    cols: int,
    variant: str,
    at_most: int,
    *,
    symmetry: bool = True,
    order: str = DEFAULT_ORDER,
    breaks: Collection[str] | None = None,
    knights_on: str | None = None,
) -> DominationModel:
    """The placements of at most ``at_most`` knights, as a satisfaction model: a proof that it
    has no solution proves that ``at_most + 1`` knights are needed. With ``symmetry``, the
    lex-leader breaks the board's symmetries named in ``breaks`` (None: all of them);
    ``knights_on`` builds one half of the split total problem, as in ``build_model``."""
    built, knights = _placements(rows, cols, variant, symmetry, 0, knights_on, order, None, breaks)
    built.model.add_at_most(knights, at_most)
    return built


def _placements(
    rows: int,
    cols: int,
    variant: str,
    symmetry: bool,
    tiles: int,
    knights_on: str | None,
    order: str,
    deadline: Deadline | None,
    breaks: Collection[str] | None = None,
) -> tuple[DominationModel, list[int]]:
    """Every rule of the variant on the board, and the knights' literals, without an objective."""
    board = Board(rows, cols)
    check_variant(variant)
    if knights_on is not None:
        if variant != "total":
            raise BoardsatError("only the total variant splits by square colour")
        if knights_on not in COLOURS:
            raise BoardsatError(f"unknown colour {knights_on!r}; known: {', '.join(COLOURS)}")
        if tiles:
            raise BoardsatError("tile bounds count knights of both colours: they need no split")
    deadline = deadline or Deadline(None)
    ordered = square_order(board, order)
    allowed = set(knight_squares(board, knights_on))
    placed = [square for square in ordered if square in allowed]
    model = Model(f"knight-{variant}-{rows}x{cols}" + (f"-{knights_on}" if knights_on else ""))
    knights = [model.var(knight_key(square)) for square in placed]
    for position, square in enumerate(ordered):
        if position % CHECK_EVERY == 0:
            deadline.check()  # a 500x500 board takes seconds to build
        if knights_on is not None and colour(board, square) == knights_on:
            continue  # the other half attacks this square
        attackers = [model.lit(knight_key(other)) for other in board.knight_moves(square)]
        if variant == "total":
            _add_cover(model, square, attackers)
            continue
        here = model.lit(knight_key(square))
        model.add_clause([here, *attackers])
        if variant == "independent":
            for other in attackers:
                if other > here:  # each attacking pair once
                    model.add_clause([-here, -other])
    if tiles:
        for coverers, least in window_bounds(board, variant, tiles, deadline):
            model.add_at_least([model.lit(knight_key(square)) for square in coverers], least)
    if symmetry:  # ``placed`` is in the chosen order, and so is the dict: the break follows it
        keys = {square: knight_key(square) for square in placed}
        add_lex_leader(model, board, keys, deadline, breaks)
    deadline.check()
    return DominationModel(board, variant, model), knights


def _add_cover(model: Model, square: Square, attackers: list[int]) -> None:
    """Some knight attacks ``square``; a square no knight can reach makes the board infeasible."""
    if attackers:
        model.add_clause(attackers)
    else:
        here = model.var(knight_key(square))  # no knight in a half: a variable only to refute
        model.add_clause([here])
        model.add_clause([-here])


def decode(built: DominationModel, result: Result) -> frozenset[Square]:
    """The squares holding a knight in ``result`` (empty when it holds no solution)."""
    return placed_squares(result.true_keys())


def placed_squares(keys: Iterable[Any]) -> frozenset[Square]:
    """The squares whose knight key is among ``keys`` (tuples, or lists as read back from JSON)."""
    return frozenset(
        (int(key[1]), int(key[2]))
        for key in keys
        if isinstance(key, tuple | list) and len(key) == 3 and key[0] == KNIGHT
    )


def block_placement(model: Model, placement: frozenset[Square]) -> None:
    """Forbid ``placement`` by a clause on its own knights: not all of them again. In a model
    of at most ``len(placement)`` knights that forbids exactly this placement, since any other
    must leave out one of its knights; the clause is as long as the placement, not the board."""
    model.add_clause([-model.lit(knight_key(square)) for square in placement])
