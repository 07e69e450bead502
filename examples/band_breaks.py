"""Measure the symmetry breaks of a band split: the same cubes refuted four ways.

    python examples/band_breaks.py 14 independent          # 2 processes
    python examples/band_breaks.py 15 independent --processes 16 --out rows.jsonl

The claim is "one knight fewer than published"; its three bands and lemmas are split once. Then
every cube is refuted on CaDiCaL (no certificate kept), under each way of breaking symmetry:

- ``whole``: the lex-leader over every symmetry of the board, every profile a cube;
- ``none``: no break, every profile a cube;
- ``mirror``: no break, one profile of each row-mirrored pair;
- ``mirror+cols``: the lex-leader over the column mirror, one profile of each mirrored pair
  (what ``domination --cubes bands`` runs).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from boardsat.models.domination import published_minimum
from boardsat.models.domination.proving.cubes import MIRROR_BREAKS, DominationClaim, band_split
from boardsat.solving.conquer import conquer
from boardsat.solving.cube import Cube

BREAKS: dict[str, tuple[bool, tuple[str, ...] | None, bool]] = {
    # name: (lex-leader on, the symmetries it breaks (None: all), mirrored profiles)
    "whole": (True, None, False),
    "mirror+cols": (True, MIRROR_BREAKS, True),
    "mirror": (False, None, True),
    "none": (False, None, False),
}
CUBE_LIMIT_S = 600.0


def refute(claim: DominationClaim, cube: Cube) -> tuple[str, float]:
    verdict = conquer(claim, cube, "cadical195", CUBE_LIMIT_S)
    return verdict.status.value, verdict.cpu


def measure(n: int, variant: str, processes: int) -> Iterator[dict[str, Any]]:
    """The split's row, then one row per break as it ends: the cubes, their statuses, summed and
    largest CPU, and the wall."""
    at_most = (published_minimum(n, variant) or 0) - 1
    started = time.perf_counter()
    split = band_split(DominationClaim(n, n, variant, at_most), 3)
    yield {"n": n, "variant": variant, "split_s": round(time.perf_counter() - started, 1)}
    for name, (symmetry, breaks, mirrored) in BREAKS.items():
        claim = DominationClaim(n, n, variant, at_most, symmetry, breaks=breaks)
        cubes = [
            cube for cube in split.cubes if not mirrored or _profile(cube) <= _profile(cube)[::-1]
        ]
        started = time.perf_counter()
        with ProcessPoolExecutor(processes) as pool:
            verdicts = list(pool.map(refute, [claim] * len(cubes), cubes))
        cpu = [seconds for _, seconds in verdicts]
        yield {
            "n": n,
            "variant": variant,
            "break": name,
            "cubes": len(cubes),
            "statuses": sorted({status for status, _ in verdicts}),
            "cpu_s": round(sum(cpu), 1),
            "largest_s": round(max(cpu, default=0.0), 1),
            "wall_s": round(time.perf_counter() - started, 1),
        }


def _profile(cube: Cube) -> tuple[int, ...]:
    return tuple(count for _, count in cube.counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int)
    parser.add_argument("variant", choices=("independent", "dominating", "total"))
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--out", type=Path, help="a JSON line per row, appended")
    args = parser.parse_args()
    for row in measure(args.n, args.variant, args.processes):
        print(json.dumps(row), flush=True)
        if args.out is not None:
            with args.out.open("a") as out:
                out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
