"""Sweep records: one JSON row per cell, appended and flushed as each finishes, so that Ctrl-C
keeps every finished row and a rerun skips them (``--resume``).

A row's key is hashed from what decides it (puzzle, instance, route and its options, seed,
limits, threads, boardsat's version), so a row made under other limits or by another release
is run again rather than taken as done.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import platform
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from typing import IO, Any

from boardsat.core.cells import Cell
from boardsat.core.errors import BoardsatError
from boardsat.core.files import new_file_target

Row = dict[str, Any]
SOLVER_DISTRIBUTIONS = ("ortools", "python-sat", "PySCIPOpt", "gurobipy", "graphillion")
"""The solver libraries whose versions a row depends on, by their distribution names."""
CSV_FIELDS = (
    "puzzle",
    "instance",
    "route",
    "backend",
    "encoding",
    "seed",
    "status",
    "objective",
    "bound",
    "exact",
    "verified",
    "wall_s",
    "cpu_s",
    "peak_mib",
    "time_limit",
    "key",
)


def boardsat_version() -> str:
    try:
        return metadata.version("boardsat")
    except metadata.PackageNotFoundError:
        return "unknown"


def cell_key(cell: Cell, options: dict[str, Any]) -> str:
    """The stable key of ``cell`` with its route's ``options``: equal on every machine."""
    decided = {
        "puzzle": cell.puzzle,
        "instance": cell.instance,
        "route": cell.route,
        "options": options,
        "seed": cell.seed,
        "time_limit": cell.time_limit,
        "memory_limit": cell.memory_limit,
        "threads": cell.threads,
        "boardsat": boardsat_version(),
    }
    text = json.dumps(decided, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def versions() -> dict[str, str]:
    """boardsat's version and each solver library's, by distribution name."""
    return {"boardsat": boardsat_version(), **solver_versions()}


def solver_versions() -> dict[str, str]:
    """The installed version of each solver library, by distribution name; one missing from a
    broken install is left out rather than costing the sweep's rows."""
    found = {}
    for name in SOLVER_DISTRIBUTIONS:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return found


def machine() -> dict[str, Any]:
    """The machine a row ran on: a figure means little without it."""
    return {
        "host": platform.node(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpus": os.cpu_count() or 1,
    }


def read_rows(path: Path) -> list[Row]:
    """Every row of a record; a last row cut short by a kill mid-write (no newline after it) is
    left out, anything else that is not a row is refused in one line that says where."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BoardsatError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise BoardsatError(f"{path}: not valid JSON (not UTF-8 text)") from None
    lines = text.splitlines()
    rows: list[Row] = []
    for number, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            if rows and number == len(lines) and not text.endswith("\n"):
                continue
            raise BoardsatError(
                f"{path}:{number}: not valid JSON ({error.msg} at column {error.colno})"
            ) from None
        if not isinstance(row, dict) or "key" not in row:
            raise BoardsatError(f"{path}:{number}: not a sweep row (no key)")
        wrong = _wrong_field(row)
        if wrong is not None:
            raise BoardsatError(f"{path}:{number}: not a sweep row ({wrong})")
        rows.append(row)
    return rows


_NUMBER = (int, float)
_OPTIONAL_NUMBER = (int, float, type(None))
ROW_FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "key": (str,),
    "puzzle": (str,),
    "instance": (str,),
    "route": (str,),
    "seed": (int,),
    "status": (str,),
    "sense": (str,),
    "size": _NUMBER,
    "objective": _OPTIONAL_NUMBER,
    "bound": _OPTIONAL_NUMBER,
    "reference": _OPTIONAL_NUMBER,
    "exact": (bool,),
    "verified": (bool,),
    "problems": (list,),
    "wall_s": _NUMBER,
    "time_limit": _NUMBER,
}
"""The fields a report reads, with the JSON types a sweep writes them as."""


def _wrong_field(row: Row) -> str | None:
    """The first field a report reads that ``row`` lacks or holds with the wrong type."""
    for name, types in ROW_FIELD_TYPES.items():
        if name not in row:
            return f"no {name}"
        value = row[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            return f"{name} is {json.dumps(value)[:40]}"
    return None


class RowLog:
    """The record a sweep appends to: a new file, or (``resume``) its own earlier one."""

    def __init__(self, path: Path, resume: bool) -> None:
        self.path = path
        self.earlier: list[Row] = []
        if path.exists() and resume:
            self.earlier = read_rows(path)  # first: a file that is no record is refused whole
            data = path.read_bytes()
            if not data.endswith(b"\n"):  # a row cut short by a kill: dropped, its cell rerun
                with path.open("r+b") as handle:
                    handle.truncate(data.rfind(b"\n") + 1)
        elif path.exists():
            raise BoardsatError(f"{path} exists already; --resume continues it, or name a new file")
        else:
            new_file_target(path)
        self._handle: IO[str] | None = None

    @property
    def done(self) -> set[str]:
        return {row["key"] for row in self.earlier}

    def append(self, row: Row) -> None:
        """Add ``row`` and push it to the disk before the next cell starts."""
        if self._handle is None:
            self._handle = self.path.open("a", encoding="utf-8")
        self._handle.write(json.dumps(row, sort_keys=True) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def write_csv(rows: Iterable[Row], path: Path) -> None:
    """The rows' main columns as CSV, in a new file."""
    new_file_target(path)
    with path.open("x", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, CSV_FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
