"""Tour counts published elsewhere, which the tests, the benchmark and the demo check against."""

from __future__ import annotations

SEED_COUNTS: dict[tuple[int, int], int] = {(4, 4): 0, (4, 5): 32, (5, 5): 304, (5, 6): 4542}
"""Open tours from a corner square, as the seed article counted them by depth-first search."""

CORNER_OPEN_6X6 = 524486
"""Open tours from a corner of 6x6 as the ZDD counts them (the seed's author never reached it)."""
