"""Lex-leader symmetry breaking for knight placements under the board's symmetry group.

Knight moves look the same after any rotation or reflection that maps the board onto itself, so
every placement has up to 8 (square board) or 4 (rectangle) images with the same cost and the
same feasibility. Requiring the placement to be lexicographically no larger than each image keeps
exactly the orbit minima, so the optimum survives while the solver is spared refuting each image.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from boardsat.core.deadline import CHECK_EVERY, Deadline
from boardsat.core.model import Key, Model
from boardsat.models.board import Board, Square

CHAIN = "lex"  # the key of a chain variable: (CHAIN, symmetry, position)


def add_lex_leader(
    model: Model,
    board: Board,
    keys: Mapping[Square, Key],
    deadline: Deadline | None = None,
    only: Collection[str] | None = None,
) -> None:
    """For each symmetry g that maps the squares of ``keys`` onto themselves (of those named in
    ``only``, when given): the vector of their variables, in the order ``keys`` lists them,
    <=lex its g-image.

    Any fixed order of the squares keeps exactly one placement per orbit (its least), so the
    break is sound along whichever order the model lists its squares in (order.py).

    ``keys`` may hold a subset of the board, one colour in a split total problem, where only the
    symmetries that keep the colour apply. The chain variable of a position is only forced true
    when the prefix is equal (never forced false): that suffices for soundness. ``deadline`` is
    checked as it goes (OutOfTime once it has passed): on a large board this takes seconds.
    """
    squares = list(keys)
    for name, transform in board.symmetries().items():
        if only is not None and name not in only:
            continue
        if any(transform(square) not in keys for square in squares):
            continue
        equal_so_far: int | None = None  # None: the empty prefix, always equal
        compared: set[frozenset[Square]] = set()
        for position, square in enumerate(squares):
            if deadline is not None and position % CHECK_EVERY == 0:
                deadline.check()
            image = transform(square)
            pair = frozenset((square, image))
            if image == square or pair in compared:
                continue  # equal whenever the prefix is
            compared.add(pair)
            mine = model.lit(keys[square])
            theirs = model.lit(keys[image])
            guard = [] if equal_so_far is None else [-equal_so_far]
            model.add_clause([*guard, -mine, theirs])
            chained = model.var((CHAIN, name, position))
            model.add_clause([*guard, -mine, chained])
            model.add_clause([*guard, theirs, chained])
            equal_so_far = chained
