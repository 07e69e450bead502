"""The puzzles, named once. Every loop over the puzzles (the demo's seed checks, the benchmark
matrices, the instance files, the suite) reads this list, so a folder is a puzzle only once it is
written here, and a helper package such as ``planning`` is never mistaken for one."""

from __future__ import annotations

import importlib
from types import ModuleType

PUZZLES = ("domination", "exchange", "flipit", "shogi", "tour")
"""The puzzle packages under ``boardsat.models``, in the order the demo and listings show them."""

PLANNING_PUZZLES = ("exchange", "flipit", "shogi")
"""The puzzles solved as shortest plans, on the shared routes of ``boardsat.models.planning``."""


def puzzle_module(puzzle: str, part: str | None = None) -> ModuleType:
    """The package of ``puzzle``, or its module ``part`` (``seed``, ``bench``, ``instance_file``):
    imported on demand, because each pulls in its solvers."""
    name = f"boardsat.models.{puzzle}" + (f".{part}" if part else "")
    return importlib.import_module(name)
