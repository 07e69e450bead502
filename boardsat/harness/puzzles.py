"""The puzzles' benchmark matrix modules, one per puzzle of the registry."""

from __future__ import annotations

from functools import cache

from boardsat.core.cells import PuzzleBench
from boardsat.core.errors import BoardsatError
from boardsat.models.registry import PUZZLES, puzzle_module


@cache
def puzzle_benches() -> dict[str, PuzzleBench]:
    """Each puzzle package whose ``bench`` module states a matrix (``BENCH``), by name."""
    found = {}
    for puzzle in PUZZLES:
        bench = getattr(puzzle_module(puzzle, "bench"), "BENCH", None)
        if isinstance(bench, PuzzleBench):
            found[bench.puzzle] = bench
    return dict(sorted(found.items()))


def puzzle_bench(name: str) -> PuzzleBench:
    """The matrix module of puzzle ``name``, refused in one line if there is none."""
    benches = puzzle_benches()
    if name not in benches:
        raise BoardsatError(f"no benchmark matrix for puzzle {name!r}; known: {', '.join(benches)}")
    return benches[name]
