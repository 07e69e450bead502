"""Race the placement search's methods on one colour's half: how long each takes to reach a
half of the published total optimum, on the same machine, one after another.

    python examples/half_search.py 32 34 --limit 600 --out rows.jsonl

A total placement is two halves that never meet (models/domination/colours.py); on a board of
even side a reflection swaps the colours, so the published optimum is twice one half's, the
target here. Each method searches that half until it holds a placement of the target's size or
its limit ends; the row gives the wall and CPU seconds to the target (CPU counts every thread),
the best found, and each method's ratio to the chosen method, SEARCH_METHOD, from the same run.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from pathlib import Path
from typing import Any

from boardsat.core.results import Improvement
from boardsat.models.board import Board
from boardsat.models.domination.colours import halves_to_solve
from boardsat.models.domination.published import published_term
from boardsat.models.domination.searching.half_search import (
    SEARCH_METHOD,
    SEARCH_METHODS,
    search_half,
)


def published_total(n: int) -> int:
    value = published_term(n, "total")
    if value is None:
        raise SystemExit(f"half_search.py: no published total term for n = {n}")
    return value


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def race_method(n: int, method: str, limit: float, seed: int) -> dict[str, Any]:
    """One method on the half the colour split solves, to the half of the published total."""
    board = Board(n, n)
    (side,) = halves_to_solve(board)
    target = published_total(n) // 2
    started, cpu = time.perf_counter(), cpu_seconds()
    reached: dict[str, float] = {}

    def heard(news: Improvement) -> None:
        if news.objective is not None and news.objective <= target and not reached:
            reached.update(wall=time.perf_counter() - started, cpu=cpu_seconds() - cpu)

    half = search_half(
        board, side, limit, method=method, seed=seed, target=target, on_improvement=heard
    )
    return {
        "n": n,
        "colour": side,
        "method": method,
        "seed": seed,
        "target": target,
        "best": half.knights,
        "reached": bool(reached),
        "wall_s": round(reached.get("wall", time.perf_counter() - started), 3),
        "cpu_s": round(reached.get("cpu", cpu_seconds() - cpu), 3),
        "limit_s": limit,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("boards", nargs="+", type=int, help="even sides, such as 32 34")
    parser.add_argument("--limit", type=float, default=600.0, help="seconds per method")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--methods", default=",".join(SEARCH_METHODS))
    parser.add_argument("--out", type=Path, help="a JSON line per run, appended")
    args = parser.parse_args()
    for n in args.boards:
        if n % 2:
            parser.error(f"{n} is odd: its halves' targets are not published, only their sum")
        rows = [race_method(n, m, args.limit, args.seed) for m in args.methods.split(",")]
        chosen = next((row for row in rows if row["method"] == SEARCH_METHOD), None)
        for row in rows:
            if chosen is not None and row["reached"] and chosen["reached"] and chosen["wall_s"]:
                row["ratio_to_chosen"] = round(row["wall_s"] / chosen["wall_s"], 2)
            reached = "reached" if row["reached"] else "not reached"
            ratio = f", {row['ratio_to_chosen']}x" if "ratio_to_chosen" in row else ""
            print(
                f"total {n}, {row['colour']} half: {row['method']:<13} {reached} {row['target']}"
                f" (best {row['best']}) in {row['wall_s']} s wall, {row['cpu_s']} s CPU{ratio}",
                flush=True,
            )
            if args.out is not None:
                with args.out.open("a") as out:
                    out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
