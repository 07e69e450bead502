"""When the placement search's better covers come, half by half: the data behind its patience.

    python examples/cover_improvements.py 28 31 32 33 34 --out rows.jsonl
    python examples/cover_improvements.py 33 --colour light --seeds 1-8 --seconds 60

Each colour's half is searched for as long as a search with no limit may stall at most
(``stall_seconds``), or for ``--seconds``, and every better cover is written down with its
second. The row's ``ratio`` is the largest quotient of one better cover's second by the one
before it: a search that stops after PATIENCE times the seconds its best took would have missed
a ratio above that.
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


def improvements(n: int, colour: str, seed: int, seconds: float | None) -> dict[str, object]:
    board = Board(n, n)
    squares = len(knight_squares(board, colour))
    seconds = seconds or stall_seconds(squares)
    started = time.perf_counter()
    found: list[tuple[int, float]] = []

    def heard(better: Improvement) -> None:
        found.append((int(better.objective or 0), round(time.perf_counter() - started, 3)))

    half = search_half(board, colour, seconds, seed=seed, on_improvement=heard)
    later = [after / before for (_, before), (_, after) in pairwise(found) if before > 0]
    return {
        "n": n,
        "colour": colour,
        "seed": seed,
        "squares": squares,
        "seconds": seconds,
        "best": len(half.placement),
        "improvements": found,
        "ratio": round(max(later, default=1.0), 1),
        "patience": PATIENCE,
    }


def seed_range(text: str) -> range:
    """Seeds such as ``3`` or ``1-8``."""
    first, _, last = text.partition("-")
    try:
        return range(int(first), int(last or first) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seeds are N or N-M, got {text!r}") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="+", type=int, help="sides, such as 31 33")
    parser.add_argument("--colour", choices=COLOURS, help="one half only (default: both)")
    parser.add_argument("--seeds", type=seed_range, default=range(1, 2), help="such as 1-8")
    parser.add_argument("--seconds", type=float, help="search each half this long")
    parser.add_argument("--out", type=Path, help="a JSON line per half, appended")
    args = parser.parse_args()
    runs = [
        (n, colour, seed)
        for n in args.boards
        for colour in ([args.colour] if args.colour else COLOURS)
        for seed in args.seeds
    ]
    for n, colour, seed in runs:
        row = json.dumps(improvements(n, colour, seed, args.seconds))
        print(row, flush=True)
        if args.out is not None:
            with args.out.open("a", encoding="utf-8") as out:
                out.write(row + "\n")


if __name__ == "__main__":
    main()
