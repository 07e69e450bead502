"""Counting minimum knight placements: all of them, and up to the board's symmetries.

Once the minimum k is proven, the placements of k knights are enumerated on the model with the
lex-leader break, which keeps exactly one placement of every orbit (symmetry.py). So the
placements enumerated are the orbit representatives, their number is the count up to symmetry,
and the count of all placements is the sum of the representatives' orbit sizes. An enumeration
that ends exhausted is complete: the solver's last answer was that no other representative exists.

>>> from boardsat.models.domination import Domination
>>> counted = count_minimum_placements(Domination(4, 4, "dominating"))
>>> counted.knights, counted.count, counted.count_up_to_symmetry, counted.complete
(4, 9, 3, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.models.board import Board, Square
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.model import build_refutation, knight_key, placed_squares
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve
from boardsat.models.domination.symmetry import board_symmetries
from boardsat.solving.solve import enumerate_solutions


@dataclass(frozen=True)
class PlacementCount:
    """The minimum placements of ``instance``: one representative per orbit with the orbit's
    size, ``complete`` when the enumeration ended by proving no other representative exists."""

    instance: Domination
    knights: int
    representatives: tuple[tuple[frozenset[Square], int], ...]
    complete: bool
    seconds: float

    @property
    def count(self) -> int:
        """Every minimum placement: the orbits' sizes added up."""
        return sum(size for _, size in self.representatives)

    @property
    def count_up_to_symmetry(self) -> int:
        """The placements that differ by more than a rotation or reflection of the board."""
        return len(self.representatives)

    def to_json(self) -> dict[str, Any]:
        instance = self.instance
        return {
            "rows": instance.rows,
            "cols": instance.cols,
            "variant": instance.variant,
            "knights": self.knights,
            "count": self.count,
            "count_up_to_symmetry": self.count_up_to_symmetry,
            "complete": self.complete,
            "representatives": [
                {"placement": sorted([row, col] for row, col in placement), "orbit": size}
                for placement, size in self.representatives
            ],
            "seconds": round(self.seconds, 3),
        }


def count_minimum_placements(
    instance: Domination,
    *,
    backend: str = "cadical195",
    time_limit: float | None = None,
) -> PlacementCount:
    """Prove the minimum, then enumerate one placement per orbit on ``backend``; each placement
    is checked by the rules. A time limit that stops the enumeration leaves it incomplete.

    The default is a SAT solver: it blocks each placement on the knights alone, where CP-SAT's
    enumeration also walks the lex-leader's free chain variables and falls far behind."""
    deadline = Deadline(time_limit)
    answer = solve(instance, time_limit=time_limit)
    knights = answer.knights
    if not answer.proven_optimal or knights is None:
        raise BoardsatError(f"{answer.summary()}: the minimum must be proven before it is counted")
    built = build_refutation(instance.rows, instance.cols, instance.variant, knights, symmetry=True)
    board = built.board
    keys = [knight_key(square) for square in board.squares()]
    found = enumerate_solutions(built.model, keys, backend=backend, time_limit=deadline.remaining())
    representatives = []
    for solution in found.solutions:
        placement = placed_squares(solution)
        problems = validate(instance.rows, instance.cols, instance.variant, placement)
        if problems or len(placement) != knights:
            raise AssertionError(f"the enumeration returned an invalid placement: {problems}")
        representatives.append((placement, _orbit_size(board, placement)))
    return PlacementCount(
        instance,
        knights,
        tuple(sorted(representatives, key=lambda found: sorted(found[0]))),
        found.exhausted,
        deadline.elapsed(),
    )


def _orbit_size(board: Board, placement: frozenset[Square]) -> int:
    """How many distinct placements the board's symmetries make of ``placement``."""
    images = {placement}
    for transform in board_symmetries(board).values():
        images.add(frozenset(transform(square) for square in placement))
    return len(images)
