"""The seed instances of every puzzle, solved and verified: what `boardsat demo` runs."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

from boardsat.seed_check import SeedCheck


def seed_checks() -> list[Callable[[], SeedCheck]]:
    """Every puzzle package's ``seed_check``, found by looking, so a new puzzle registers itself."""
    import boardsat.models as package

    found = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda info: info.name):
        if info.ispkg:
            puzzle = importlib.import_module(f"{package.__name__}.{info.name}.seed")
            found.append(puzzle.seed_check)
    return found
