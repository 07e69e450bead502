"""Published optimal knight counts on n x n boards, as an oracle for tests and the benchmark.

Values from the OEIS, each list starting at n = 1 (``None``: no placement exists):

- ``independent``: A342576, independent domination number of the n x n knight graph;
- ``dominating``: A006075, domination number of the n x n knight graph (knight cover);
- ``total``: A261752 (offset 4), total domination number; boards of side 1..3 have a square
  no knight attacks (every square on 1 x 1 and 2 x 2, the centre on 3 x 3), so none exists.
  A261752 runs on to n = 32, past the other two (n = 21), and the colour split proves some of
  those larger boards here, so the whole published run is kept.
"""

from __future__ import annotations

PUBLISHED: dict[str, tuple[int | None, ...]] = {
    "independent": (
        1, 4, 4, 4, 5, 8, 13, 14, 14, 16, 22, 24, 29, 33, 36, 40, 47, 52, 58, 63, 68,
    ),
    "dominating": (
        1, 4, 4, 4, 5, 8, 10, 12, 14, 16, 21, 24, 28, 32, 36, 40, 46, 52, 57, 62, 68,
    ),
    "total": (
        None, None, None, 6, 7, 8, 10, 14, 18, 22, 25, 28, 32, 36, 43, 48, 54, 58, 66, 70, 78,
        84, 91, 98, 107, 112, 123, 128, 139, 146, 156, 164,
    ),
}  # fmt: skip
SOURCES = {"independent": "A342576", "dominating": "A006075", "total": "A261752"}
PUBLISHED_BEYOND: dict[str, dict[int, int]] = {"total": {34: 182, 36: 202, 38: 224}}
"""Published values past the runs above, by n: A261752's comment gives total 34, 36 and 38
(Gurobi runs, 2021); 33, 35 and 37 are unpublished (boardsat's certified values are in
bench/results/open_terms.md)."""


def published_minimum(n: int, variant: str) -> int | None:
    """The published optimum on the n x n board; KeyError beyond the published range."""
    values = PUBLISHED[variant]
    if not 1 <= n <= len(values):
        raise KeyError(f"no published {variant} value for n = {n}")
    return values[n - 1]


def published_term(n: int, variant: str) -> int | None:
    """The published optimum on the n x n board, past the runs too (total 34, 36 and 38); None
    where none is published (total 33, 35 and 37), or where no placement exists."""
    try:
        return published_minimum(n, variant)
    except KeyError:
        return PUBLISHED_BEYOND.get(variant, {}).get(n)


PUBLISHED_ORBITS_DOMINATING: tuple[int, ...] = (
    1, 1, 2, 3, 8, 23, 3, 1, 1, 2, 100, 1, 20, 1, 63, 1, 29, 2551,
)  # fmt: skip
"""A006076, from n = 1: how many minimum dominating placements differ by more than a rotation or
reflection of the board (Morgenstern's enumeration gave n = 13 to 18)."""

PUBLISHED_PLACEMENTS_DOMINATING: tuple[int, ...] = (
    1, 1, 8, 9, 47, 127, 10, 2, 2, 4, 800, 2, 152, 4, 504, 2, 212, 19562,
)  # fmt: skip
"""A103315, from n = 1: how many minimum dominating placements there are, all counted (the
orbits of A006076 with their sizes added up; Morgenstern's enumeration)."""
