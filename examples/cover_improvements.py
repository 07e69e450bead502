"""When the placement search's better covers come, half by half: the data behind its patience.

    python examples/cover_improvements.py 28 31 32 33 34 --out rows.jsonl

Each colour's half is searched for as long as a search with no limit may stall at most
(``stall_seconds``), and every better cover is written down with its second. The row's
``ratio`` is the largest quotient of one better cover's second by the one before it: a search
that stops after PATIENCE times the seconds its best took would have missed a ratio above that.
"""

from __future__ import annotations

import argparse
import json
import time
from itertools import pairwise
from pathlib import Path

from boardsat.core.results import Improvement
from boardsat.models.board import Board
from boardsat.models.domination.colours import COLOURS, knight_squares
from boardsat.models.domination.searching.half_search import search_half, stall_seconds
from boardsat.models.domination.searching.local_search import PATIENCE


def improvements(n: int, colour: str, seed: int) -> dict[str, object]:
    board = Board(n, n)
    squares = len(knight_squares(board, colour))
    seconds = stall_seconds(squares)
    started = time.perf_counter()
    found: list[tuple[int, float]] = []

    def heard(better: Improvement) -> None:
        found.append((int(better.objective or 0), round(time.perf_counter() - started, 3)))

    half = search_half(board, colour, seconds, seed=seed, on_improvement=heard)
    later = [after / before for (_, before), (_, after) in pairwise(found) if before > 0]
    return {
        "n": n,
        "colour": colour,
        "squares": squares,
        "seconds": seconds,
        "best": len(half.placement),
        "improvements": found,
        "ratio": round(max(later, default=1.0), 1),
        "patience": PATIENCE,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="+", type=int, help="sides, such as 31 33")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="a JSON line per half, appended")
    args = parser.parse_args()
    for n in args.boards:
        for colour in COLOURS:
            row = json.dumps(improvements(n, colour, args.seed))
            print(row, flush=True)
            if args.out is not None:
                with args.out.open("a", encoding="utf-8") as out:
                    out.write(row + "\n")


if __name__ == "__main__":
    main()
