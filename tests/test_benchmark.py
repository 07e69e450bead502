"""Benchmark plumbing: what a results file records beside its rows."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

from boardsat.benchmark import Measurement, write_results


def test_a_results_file_names_the_solver_releases_that_produced_it(tmp_path: Path) -> None:
    """Solver releases change proof times several-fold, so each file records the versions."""
    row = Measurement("independent 8x8", "boardsat auto cpsat", 0.1, (0.1,), "OPTIMAL 14")
    path = write_results("probe", [row], {"repeats": 1}, tmp_path / "probe.json")
    document = json.loads(path.read_text())
    libraries = document["machine"]["libraries"]
    for name in ("ortools", "python-sat", "PySCIPOpt"):
        assert libraries[name] == metadata.version(name)
    assert document["rows"][0]["instance"] == "independent 8x8"
