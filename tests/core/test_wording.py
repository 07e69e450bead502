"""Counts and sizes as a person reads them."""

from __future__ import annotations

import pytest

from boardsat.core.wording import counted, data_size


@pytest.mark.parametrize(
    ("count", "expected"), [(0, "0 knights"), (1, "1 knight"), (2, "2 knights")]
)
def test_a_count_takes_the_plural_unless_one(count: int, expected: str) -> None:
    assert counted(count, "knight") == expected


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        (1, "1 byte"),
        (999, "999 bytes"),
        (1_000, "1.0 kB"),
        (215_349, "215.3 kB"),
        (180_692_453, "180.7 MB"),
        (6_239_600_000, "6,239.6 MB"),
    ],
)
def test_a_size_is_given_in_the_largest_decimal_unit_it_reaches(size: int, expected: str) -> None:
    assert data_size(size) == expected
