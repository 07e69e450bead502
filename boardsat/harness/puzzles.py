"""The puzzles' benchmark matrix modules, found by discovery like their seed checks."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import boardsat.models
from boardsat.cells import PuzzleBench
from boardsat.errors import BoardsatError


@cache
def puzzle_benches() -> dict[str, PuzzleBench]:
    """Each puzzle package whose ``bench`` module states a matrix (``BENCH``), by name."""
    found = {}
    for info in pkgutil.iter_modules(boardsat.models.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"boardsat.models.{info.name}.bench")
        bench = getattr(module, "BENCH", None)
        if isinstance(bench, PuzzleBench):
            found[bench.puzzle] = bench
    return dict(sorted(found.items()))


def puzzle_bench(name: str) -> PuzzleBench:
    """The matrix module of puzzle ``name``, refused in one line if there is none."""
    benches = puzzle_benches()
    if name not in benches:
        raise BoardsatError(f"no benchmark matrix for puzzle {name!r}; known: {', '.join(benches)}")
    return benches[name]
