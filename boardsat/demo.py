"""The seed instances of every registered puzzle, solved and verified: what `boardsat demo` runs."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class DemoOutcome:
    """One seed instance's answer, already checked by the puzzle's own rules."""

    title: str
    answer: str
    verified: bool
    seconds: float


def demos() -> list[Callable[[], DemoOutcome]]:
    """Every puzzle module's ``seed_demo``, found by looking, so a new puzzle registers itself."""
    import boardsat.models as package

    found = []
    for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda info: info.name):
        loaded = importlib.import_module(f"{package.__name__}.{module.name}")
        if hasattr(loaded, "seed_demo"):
            found.append(loaded.seed_demo)
    return found
