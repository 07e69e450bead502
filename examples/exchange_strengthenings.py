"""Which admissible strengthenings make the SAT planner fast on the knight exchange seed?

Each row proves the optimum of the 3x4 seed with one setting and prints the seconds spent on
every horizon; the BFS oracle's time on the same instance is the yardstick.
"""

from __future__ import annotations

import time

from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.exchange import seed_instance, shortest_plan, successors
from boardsat.reference.oracle import shortest_path

exchange = seed_instance()
started = time.perf_counter()
path = shortest_path(
    lambda p: successors(exchange.board, p), exchange.start, lambda p: p == exchange.goal
)
oracle = time.perf_counter() - started
print(f"BFS oracle: {len(path or [])} moves in {oracle:.3f} s")
print(f"{'strengthenings':<16} {'answer':<34} {'seconds':>8} {'x BFS':>6}  per horizon")
for setting in ["none", "canonical_order", "potential", "all"]:
    chosen = Strengthenings.parse(setting)
    answer = shortest_plan(exchange, "cadical195", route="sat", strengthenings=chosen)
    seconds = answer.outcome.seconds
    horizons = " ".join(f"{r.horizon}:{r.seconds:.2f}" for r in answer.outcome.horizons)
    print(
        f"{setting:<16} {answer.outcome.describe():<34} {seconds:>8.3f} "
        f"{seconds / oracle:>6.1f}  {horizons}"
    )
