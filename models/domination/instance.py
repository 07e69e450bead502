"""The question a domination answer answers: a board of ``rows`` x ``cols`` and a variant."""

from __future__ import annotations

from dataclasses import dataclass

from boardsat.core.errors import BoardsatError
from boardsat.models.domination.model import check_variant


@dataclass(frozen=True)
class Domination:
    """The fewest knights for one board and variant (``independent``, ``dominating``, ``total``)."""

    rows: int
    cols: int
    variant: str = "independent"

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise BoardsatError(
                f"a board needs at least one row and column, not {self.rows}x{self.cols}"
            )
        check_variant(self.variant)

    @classmethod
    def square(cls, n: int, variant: str = "independent") -> Domination:
        """The n x n board, the one the published sequences count."""
        return cls(n, n, variant)
