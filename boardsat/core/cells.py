"""What a puzzle gives the benchmark harness: its instances and routes by name, and how one cell
runs and is checked.

The values live in the core so that each puzzle's ``bench.py`` can state them without importing
the harness above it. A cell names everything that decides its row, by stable text, so that a
row's key (:mod:`boardsat.harness.records`) is the same on every machine and in every run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Sense = Literal["find", "min", "count"]
"""What an instance asks: one answer (a tour), the fewest (moves), or how many (tours)."""


@dataclass(frozen=True)
class Cell:
    """One run of a sweep: a route of a puzzle on one instance with one seed, under its limits
    (``memory_limit`` in bytes, None: none; ``threads`` for the solver)."""

    puzzle: str
    instance: str
    route: str
    seed: int = 0
    time_limit: float = 60.0
    memory_limit: int | None = None
    threads: int = 1


@dataclass(frozen=True)
class RouteSpec:
    """A route by name: the backend, the encoding or strengthening it uses, its other options."""

    name: str
    backend: str
    encoding: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class InstanceSpec:
    """An instance by name: what it asks, its size (squares or cells, for plots), and the value
    an oracle or a publication gives for it, where one does."""

    name: str
    sense: Sense
    size: int
    reference: int | None = None
    reference_source: str | None = None


@dataclass(frozen=True)
class RowOutcome:
    """What one cell's run answered, after the puzzle's rules checked it.

    ``objective`` is the moves of a plan or the tours counted; ``exact`` says the answer settles
    the question (a plan proven shortest, a finished count, a tour found or proven absent);
    ``bound`` is a proven lower bound on the moves; ``problems`` is what the rules found wrong
    with the answer (empty: verified).
    """

    status: str
    objective: int | None = None
    exact: bool = False
    bound: int | None = None
    problems: tuple[str, ...] = ()
    encoding_size: Mapping[str, int] = field(default_factory=dict)
    horizon_seconds: Mapping[str, float] = field(default_factory=dict)
    detail: str = ""


@dataclass(frozen=True)
class PuzzleBench:
    """A puzzle's benchmark matrix module, as one value: ``instance`` and ``route`` read names
    (refusing unknown ones with BoardsatError), ``applies`` says why a route cannot run an
    instance (None: it can), ``run`` solves a cell and checks the answer by the puzzle's rules.
    ``families`` and ``routes`` describe the names for help texts."""

    puzzle: str
    families: Mapping[str, str]
    routes: Sequence[str]
    instance: Callable[[str], InstanceSpec]
    route: Callable[[str], RouteSpec]
    applies: Callable[[InstanceSpec, RouteSpec], str | None]
    run: Callable[[Cell], RowOutcome]
