"""The seed article's star (seed 004) and the figures the tests and the demo check against."""

from __future__ import annotations

STAR_LINES = (
    (0, 2, 5, 7),
    (0, 3, 6, 10),
    (7, 8, 9, 10),
    (1, 2, 3, 4),
    (1, 5, 8, 11),
    (4, 6, 9, 11),
)
"""The six lines of the star, cells numbered as the article numbers them, 0 at the top."""
SEED_START = ".BBBBBBBBBBB"
"""The hole at the top, every piece black."""
SEED_MOVES = 18
"""The fewest moves from the seed start to all white."""
STAR_FARTHEST = 21
STAR_FARTHEST_POSITIONS = 24
STAR_POSITIONS = 12 * 2**11
"""Over every position of the star: the farthest from all white, how many, and how many there
are (each of them solvable)."""
