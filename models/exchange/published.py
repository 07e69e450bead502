"""The seed article's instance (seed 000) and the figures the tests and the demo check against."""

from __future__ import annotations

SEED_START = "BBB/.../.../WWW"
SEED_GOAL = "WWW/.../.../BBB"
"""Three black knights on the top row of a board 3 wide and 4 tall, three white ones below."""
SEED_MOVES = 16
"""The fewest moves that swap the two rows."""
SEED_FARTHEST = 22
SEED_FARTHEST_POSITIONS = 3
SEED_REACHABLE = 18480
"""The farthest positions from the start, how many there are, and all reachable placements."""
