"""Which admissible strengthenings make the SAT planner fast on the knight exchange seed?

Each row proves the optimum of the 3x4 seed (16 moves) with one setting and prints the seconds
spent on every horizon; the BFS oracle's time on the same instance is the yardstick.
"""

from __future__ import annotations

import time

from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.exchange.model import seed_instance, solve, successors
from boardsat.oracle import shortest_path

exchange = seed_instance()
started = time.perf_counter()
path = shortest_path(
    lambda p: successors(exchange.board, p), exchange.start, lambda p: p == exchange.goal
)
oracle = time.perf_counter() - started
assert path is not None
print(f"BFS oracle: {len(path)} moves in {oracle:.3f} s")
print(f"{'strengthenings':<48} {'moves':>5} {'seconds':>8} {'x BFS':>6}  per horizon")
for setting in ["none", "canonical_order", "potential", "all"]:
    started = time.perf_counter()
    solved = solve(exchange, "cadical195", strengthenings=Strengthenings.parse(setting))
    seconds = time.perf_counter() - started
    assert solved.moves is not None and len(solved.moves) == len(path)
    horizons = " ".join(f"{r.horizon}:{r.seconds:.2f}" for r in solved.outcome.horizons)
    print(
        f"{setting:<48} {len(solved.moves):>5} {seconds:>8.3f} {seconds / oracle:>6.1f}  {horizons}"
    )
