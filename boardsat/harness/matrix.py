"""A matrix: the cells a sweep runs, named on the command line or in a TOML file, each instance
and route read by its puzzle's matrix module before anything runs.

A TOML matrix holds the shared settings and one ``[[sweep]]`` table per cross product::

    description = "closed tours as boards grow"
    time_limit = 60
    memory_limit = "4G"
    seeds = [0]
    baseline = "cpsat"

    [[sweep]]
    puzzle = "tour"
    instances = ["closed:8", "closed:12"]
    routes = ["cpsat", "cadical195/lazy"]

A sweep table may set its own ``seeds`` and ``time_limit``. A pair whose route cannot run the
instance is refused, naming both: a matrix runs exactly the cells it names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

from boardsat.core.cells import Cell
from boardsat.core.deadline import time_limit_problem
from boardsat.core.errors import BoardsatError
from boardsat.core.memory import parse_memory_size
from boardsat.harness.puzzles import puzzle_bench
from boardsat.models.instance_file import Table, read_toml, read_toml_file

MATRIX_KEYS = ("description", "time_limit", "memory_limit", "seeds", "threads", "baseline", "sweep")
SWEEP_KEYS = ("puzzle", "instances", "routes", "seeds", "time_limit")
DEFAULT_TIME_LIMIT = 60.0


@dataclass(frozen=True)
class Limits:
    """The limits every cell of a matrix runs under, unless its sweep table sets its own time."""

    time_limit: float = DEFAULT_TIME_LIMIT
    memory_limit: int | None = None
    threads: int = 1


@dataclass(frozen=True)
class Matrix:
    """The cells of one sweep, in order, and the route ratios are taken against."""

    name: str
    description: str
    cells: tuple[Cell, ...]
    baseline: str | None = None


def cross(
    puzzle: str,
    instances: Sequence[str],
    routes: Sequence[str],
    seeds: Sequence[int],
    limits: Limits,
) -> list[Cell]:
    """Every instance with every route and seed, each pair checked by the puzzle's module."""
    bench = puzzle_bench(puzzle)
    specs = [bench.instance(name) for name in instances]
    chosen = [bench.route(name) for name in routes]
    for spec in specs:
        for route in chosen:
            why = bench.applies(spec, route)
            if why is not None:
                raise BoardsatError(f"{puzzle}: route {route.name} on {spec.name}: {why}")
    return [
        Cell(
            puzzle,
            spec.name,
            route.name,
            seed,
            limits.time_limit,
            limits.memory_limit,
            limits.threads,
        )
        for spec in specs
        for route in chosen
        for seed in seeds
    ]


def shipped_matrices() -> dict[str, str]:
    """The matrices shipped with boardsat, by name, with their descriptions."""
    folder = resources.files("boardsat.harness") / "matrices"
    found = {}
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".toml"):
            name = entry.name.removesuffix(".toml")
            found[name] = str(
                read_toml(name, entry.read_text(encoding="utf-8")).get("description", "")
            )
    return found


def load_matrix(given: str, overrides: dict[str, Any]) -> Matrix:
    """The matrix in file ``given``, or the shipped one of that name; ``overrides`` (time_limit,
    memory_limit in bytes, threads) replace the file's settings."""
    path = Path(given)
    if given.endswith(".toml") or _names_file(path):
        return read_matrix(path.stem, read_toml_file(path), str(path), overrides)
    entry = resources.files("boardsat.harness") / "matrices" / f"{given}.toml"
    if not _names_file(entry):
        known = ", ".join(shipped_matrices())
        raise BoardsatError(f"no matrix file or shipped matrix named {given!r}; shipped: {known}")
    data = read_toml(given, entry.read_text(encoding="utf-8"))
    return read_matrix(given, data, given, overrides)


def _names_file(path: Any) -> bool:
    """Whether ``path`` is a file; a name the system refuses (too long, say) names none."""
    try:
        return bool(path.is_file())
    except OSError:
        return False


def read_matrix(name: str, data: dict[str, Any], source: str, overrides: dict[str, Any]) -> Matrix:
    """A matrix from its TOML table; each mistake is one line, ``SOURCE: key: what``."""
    table = Table(source, data)
    table.refuse_unknown(MATRIX_KEYS, "matrices")
    memory = table.get("memory_limit", str, None)
    with table.checking("memory_limit"):
        memory_limit = None if memory is None else parse_memory_size(memory)
    limits = Limits(
        _time_limit(table, DEFAULT_TIME_LIMIT),
        memory_limit,
        table.get("threads", int, 1, at_least=1),
    )
    limits = replace(limits, **{k: v for k, v in overrides.items() if v is not None})
    seeds = _ints(table, "seeds", [0])
    sweeps = table.data.get("sweep")
    if not isinstance(sweeps, list) or not sweeps or not all(isinstance(s, dict) for s in sweeps):
        raise table.error("sweep", "one or more [[sweep]] tables are needed")
    cells: list[Cell] = []
    for number, entry in enumerate(sweeps, 1):
        sweep = Table(source, entry, f"sweep {number}.")
        sweep.refuse_unknown(SWEEP_KEYS, "sweep tables")
        own = limits
        if "time_limit" in sweep.data and overrides.get("time_limit") is None:
            own = replace(limits, time_limit=_time_limit(sweep, limits.time_limit))
        with sweep.checking(None):
            cells += cross(
                sweep.need("puzzle", str),
                _strings(sweep, "instances"),
                _strings(sweep, "routes"),
                _ints(sweep, "seeds", seeds),
                own,
            )
    description = table.get("description", str, "")
    return Matrix(name, description, _distinct(cells, source), table.get("baseline", str, None))


def _distinct(cells: list[Cell], source: str) -> tuple[Cell, ...]:
    if len(set(cells)) != len(cells):
        twice = next(cell for cell in cells if cells.count(cell) > 1)
        raise BoardsatError(
            f"{source}: the cell {twice.puzzle} {twice.instance} {twice.route} seed {twice.seed}"
            " is named twice"
        )
    return tuple(cells)


def _time_limit(table: Table, default: float) -> float:
    limit = table.get("time_limit", float, default)
    problem = time_limit_problem(limit)
    if problem is not None or limit == 0:
        raise table.error("time_limit", problem or "must be more than 0 seconds")
    return limit


def _strings(table: Table, key: str) -> list[str]:
    value = table.data.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise table.error(key, "a non-empty list of names is needed")
    return value


def _ints(table: Table, key: str, default: list[int]) -> list[int]:
    value = table.data.get(key, default)
    if not isinstance(value, list) or not value or not all(type(v) is int for v in value):
        raise table.error(key, "a non-empty list of integers is needed")
    return value
