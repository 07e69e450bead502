"""Which admissible strengthenings make the SAT planner fast on the knight exchange seed?

    python examples/exchange_strengthenings.py                            # the 3x4 seed
    python examples/exchange_strengthenings.py B.B/.../W.W W.W/.../B.B    # any exchange

Each row proves the optimum of the exchange with one setting and prints the seconds spent on
every horizon; the BFS oracle's time on the same instance is the yardstick.
"""

from __future__ import annotations

import argparse
import sys
import time

from boardsat.core.errors import BoardsatError
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.exchange import Exchange, seed_instance, shortest_plan, successors
from boardsat.reference.oracle import shortest_path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("start", nargs="?", help="the start, rows joined by '/' (default: seed)")
    parser.add_argument("goal", nargs="?", help="the goal, in the same form")
    args = parser.parse_args()
    if (args.start is None) != (args.goal is None):
        sys.exit("exchange_strengthenings.py: give both a start and a goal, or neither")
    try:
        exchange = seed_instance() if args.start is None else Exchange.parse(args.start, args.goal)
    except BoardsatError as error:
        sys.exit(f"exchange_strengthenings.py: {error}")
    started = time.perf_counter()
    path = shortest_path(
        lambda p: successors(exchange.board, p), exchange.start, lambda p: p == exchange.goal
    )
    oracle = time.perf_counter() - started
    found = "no plan" if path is None else f"{len(path)} moves"
    print(f"BFS oracle: {found} in {oracle:.3f} s")
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


if __name__ == "__main__":
    main()
