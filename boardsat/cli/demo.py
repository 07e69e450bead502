"""The seed instances of every puzzle, solved and verified: what `boardsat demo` runs."""

from __future__ import annotations

from collections.abc import Callable

from boardsat.core.seed_check import SeedCheck
from boardsat.models.registry import PUZZLES, puzzle_module


def seed_checks() -> list[Callable[[], SeedCheck]]:
    """Every registered puzzle's ``seed_check``, in the registry's order."""
    return [puzzle_module(puzzle, "seed").seed_check for puzzle in PUZZLES]
