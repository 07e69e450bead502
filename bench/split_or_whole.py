"""One colour's half lemma refuted whole and as lookahead cubes, one after the other on one core,
in the same run: whether splitting pays for CPU, the question behind `--whole-lemma-limit`.

Each line gives a run's verdict and its CPU seconds (this process's, since CaDiCaL runs in it).
bench/results/open_terms.md keeps the figures ("Whole lemma or cubes").

    python bench/split_or_whole.py N COLOUR AT_MOST [CUBES]
"""

from __future__ import annotations

import resource
import sys
from collections.abc import Callable
from functools import partial
from typing import TypeVar, cast

from boardsat.models.domination.proving.halves import HalfClaim
from boardsat.models.domination.routes import ORDER, backend_kind
from boardsat.solving.conquer import conquer
from boardsat.solving.cube import Cube
from boardsat.solving.lookahead import lookahead_cubes

ROUTE = "cadical195"  # the route a proof's lemmas take
T = TypeVar("T")


def cpu_seconds() -> float:
    """This process's CPU seconds: CaDiCaL solves in it, so its wall time would count the load."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def timed(work: Callable[[], T]) -> tuple[T, float]:
    """What ``work`` returns, and the CPU seconds it took."""
    started = cpu_seconds()
    value = work()
    return value, cpu_seconds() - started


def squares(cube: Cube) -> str:
    """The cube's knights as squares, ``-`` before a square it leaves empty."""
    return " ".join(
        f"{'' if value else '-'}{cast(tuple[object, ...], key)[1:]}" for key, value in cube.fixed
    )


def main(n: int, colour: str, at_most: int, cubes: int = 8) -> None:
    claim = HalfClaim(n, n, colour, at_most, ORDER[backend_kind(ROUTE)])
    print(claim.describe())
    split, seconds = timed(lambda: lookahead_cubes(claim, Cube(), cubes, over=claim.decisions()))
    print(f"split into {len(split)} cubes: {seconds:.1f} CPU-s")
    total = 0.0
    for cube in split:
        verdict, seconds = timed(partial(conquer, claim, cube, ROUTE, None))
        total += seconds
        print(f"cube {squares(cube)}: {verdict.status.name} {seconds:.1f} CPU-s")
    print(f"cubes in all: {total:.1f} CPU-s")
    verdict, seconds = timed(lambda: conquer(claim, Cube(), ROUTE, None))
    print(f"whole: {verdict.status.name} {seconds:.1f} CPU-s")


if __name__ == "__main__":
    side, half, refuted, *count = sys.argv[1:]
    main(int(side), half, int(refuted), *(int(value) for value in count))
