"""The rules check: the same verdicts as the definition, square by square, at a cost that grows
with the knights, not with squares times knights (it runs on every answer, however large)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.models.domination.model import VARIANTS
from boardsat.models.domination.rules import validate


def _attacks(knight: tuple[int, int], square: tuple[int, int]) -> bool:
    return abs(knight[0] - square[0]) * abs(knight[1] - square[1]) == 2


def _broken(rows: int, cols: int, variant: str, knights: set[tuple[int, int]]) -> bool:
    """Whether the placement breaks a rule, by the definition: every square against every knight."""
    if any(not (0 <= row < rows and 0 <= col < cols) for row, col in knights):
        return True
    for square in ((row, col) for row in range(rows) for col in range(cols)):
        attacked = any(_attacks(knight, square) for knight in knights)
        occupied = square in knights
        if variant == "independent" and occupied and attacked:
            return True
        if (variant == "total" or not occupied) and not attacked:
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 6),
    st.integers(1, 6),
    st.sampled_from(VARIANTS),
    st.sets(st.tuples(st.integers(-1, 6), st.integers(-1, 6)), max_size=14),
)
def test_the_rules_agree_with_the_definition(
    rows: int, cols: int, variant: str, knights: set[tuple[int, int]]
) -> None:
    assert bool(validate(rows, cols, variant, knights)) == _broken(rows, cols, variant, knights)


class _Watched(tuple[int, int]):
    """A square that counts how often the check reads its row and column."""

    reads = 0

    def __getitem__(self, index: Any) -> Any:
        _Watched.reads += 1
        return super().__getitem__(index)

    def __iter__(self) -> Iterator[int]:
        _Watched.reads += 1
        return super().__iter__()


def test_the_check_reads_each_knight_a_few_times_not_once_per_square() -> None:
    """Each knight marks the squares it attacks: 900 squares and 300 knights cost a few reads
    per knight, where testing every knight against every square read each one 900 times."""
    side = 30
    knights = [_Watched((row, col)) for row in range(side) for col in range(side) if row % 3 == 0]
    _Watched.reads = 0
    validate(side, side, "dominating", knights)
    assert _Watched.reads <= 4 * len(knights), _Watched.reads


def test_a_broken_rule_names_the_square_and_the_knight() -> None:
    problems = validate(3, 3, "independent", [(0, 0), (1, 2), (3, 0)])
    assert problems[:3] == [
        "knight at 3,0 is off the 3x3 board",
        "knight at 0,0 is attacked by (1, 2)",
        "square 0,1 is not attacked by any knight",
    ]
