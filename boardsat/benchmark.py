"""Benchmark plumbing: repeated timings, medians, ratios against a baseline run in the same process.

Machines here are small and noisy, so every figure is a median of repeats and every comparison is
a ratio to a baseline measured in the same run; results go to a JSON file kept in the repository.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Any

from boardsat.errors import BoardsatError
from boardsat.files import new_file_target, write_new_file

RESULTS_DIR = Path("bench") / "results"
# The solver libraries whose versions a result depends on, by their distribution names.
SOLVER_DISTRIBUTIONS = ("ortools", "python-sat", "PySCIPOpt", "graphillion")


@dataclass(frozen=True)
class Measurement:
    """The median of several timed runs of one route on one instance, and the median run's outcome.

    ``run_outcomes`` keeps every run's outcome in run order: runs that differ by seed can differ
    in outcome too, one proven and one stopped at the limit.
    """

    instance: str
    route: str
    median_seconds: float
    runs: tuple[float, ...]
    run_outcomes: tuple[str, ...]
    outcome: str
    extra: dict[str, Any] = field(default_factory=dict)


def measure(
    instance: str, route: str, run: Callable[[], tuple[str, dict[str, Any]]], repeats: int = 3
) -> Measurement:
    """Time ``run`` ``repeats`` times; it returns a short outcome text and extra figures.

    The row's outcome and extra figures are the median run's (with an even count, the slower of
    the two middle runs), so that they describe the run its median time stands for.
    """
    timed: list[tuple[float, str, dict[str, Any]]] = []
    for _ in range(repeats):
        started = time.perf_counter()
        outcome, extra = run()
        timed.append((time.perf_counter() - started, outcome, extra))
    times = tuple(seconds for seconds, _, _ in timed)
    _, outcome, extra = sorted(timed, key=lambda one: one[0])[len(timed) // 2]
    outcomes = tuple(text for _, text, _ in timed)
    return Measurement(instance, route, statistics.median(times), times, outcomes, outcome, extra)


def ratio_table(rows: Sequence[Measurement], baseline_route: str) -> str:
    """Rows with each route's median and its ratio to the baseline route on the same instance."""
    baseline = {row.instance: row.median_seconds for row in rows if row.route == baseline_route}
    lines = [f"{'instance':<24} {'route':<40} {'median s':>10} {'x baseline':>11}  outcome"]
    for row in rows:
        base = baseline.get(row.instance)
        ratio = f"{row.median_seconds / base:.2f}" if base else "-"
        lines.append(
            f"{row.instance:<24} {row.route:<40} {row.median_seconds:>10.3f} {ratio:>11}  {row.outcome}"
        )
    return "\n".join(lines)


@dataclass(frozen=True)
class ResultsFile:
    """Where a benchmark writes, decided before it measures (``results_file``), so that a bad
    path never costs a run's measurements."""

    name: str
    path: Path
    user_named: bool  # a new file the user named, created exclusively; else the record

    def write(self, rows: Sequence[Measurement], settings: dict[str, Any]) -> Path:
        """Write the run's rows, the machine it ran on and the solver libraries' versions: a
        figure means little without the solver release that produced it."""
        document = {
            "benchmark": self.name,
            "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "machine": {
                "python": platform.python_version(),
                "cpus": _cpus(),
                "platform": platform.platform(),
                "libraries": solver_versions(),
            },
            "settings": settings,
            "rows": [asdict(row) for row in rows],
        }
        text = json.dumps(document, indent=2) + "\n"
        if self.user_named:
            write_new_file(self.path, text)
            return self.path
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(text)
        except OSError as error:
            raise BoardsatError(f"cannot write {self.path}: {error.strerror or error}") from None
        return self.path


def results_file(name: str, output: str | Path | None) -> ResultsFile:
    """The benchmark's record ``bench/results/<name>.json``, which a re-run replaces, or
    ``output``, which must be a new file in an existing, writable folder."""
    if output is None:
        return ResultsFile(name, RESULTS_DIR / f"{name}.json", user_named=False)
    new_file_target(output)
    return ResultsFile(name, Path(output), user_named=True)


def solver_versions() -> dict[str, str]:
    """The installed version of each solver library, by distribution name; one missing from a
    broken install is left out rather than costing the run's measurements at write time."""
    versions = {}
    for name in SOLVER_DISTRIBUTIONS:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return versions


def _cpus() -> int:
    return os.cpu_count() or 1
