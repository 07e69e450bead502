"""The question a domination answer answers: a board of ``rows`` x ``cols`` and a variant."""

from __future__ import annotations

from dataclasses import dataclass

from boardsat.core.keywords import check_fields
from boardsat.models.board import Board
from boardsat.models.domination.model import check_variant


@dataclass(frozen=True)
class Domination:
    """The fewest knights for one board and variant (``independent``, ``dominating``, ``total``)."""

    rows: int
    cols: int
    variant: str = "independent"

    def __post_init__(self) -> None:
        check_fields(self)  # named as Domination's own, before Board's checks
        Board(self.rows, self.cols)  # refuses a size no board has, in its own words
        check_variant(self.variant)
