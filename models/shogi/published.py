"""The seed article's example (seed 002) and the figures the tests and the demo check against."""

from __future__ import annotations

SEED_START = "BP1/1S1/P1P"
SEED_GOAL = "1PP/1S1/P1B"
"""A bishop, a silver and three pawns on 3 x 3: the bishop trades its corner with a pawn's."""
SEED_MOVES = 5
"""The fewest moves from the start to the goal."""
SEED_FARTHEST = 9
SEED_FARTHEST_POSITIONS = 1
SEED_REACHABLE = 132
"""The farthest position from the start, how many there are, and all positions reachable."""

DEEP_START = "SRR/+BP+S/1B+P"
DEEP_GOAL = "S1R/RP+S/+BB+P"
"""A deep 3 x 3 puzzle found by a BFS search over eight-piece sets (one empty square): the goal
is the one position farthest from the start."""
DEEP_MOVES = 57
DEEP_REACHABLE = 8232
"""The fewest moves from DEEP_START to DEEP_GOAL, and the positions reachable from the start."""

SIXTY_START = "+P1K/RNS/GBP"
SIXTY_GOAL = "S1P/RNB/K+PG"
SIXTY_MOVES = 60
"""A 3 x 3 puzzle of 60 moves, the BFS oracle's distance (the tests check it): the deepest the
planning benchmarks ask of every route, Fast Downward's included."""
