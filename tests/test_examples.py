"""Every script in examples/ runs to completion: they are documentation that must not rot."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from boardsat.models.domination import published_minimum

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))
SLOW = {
    "exchange_strengthenings.py",
    "farthest_exchange.py",
    "prove_by_cubes.py",
}  # over 5 s: SAT refutes plan lengths


def test_there_are_examples_and_the_slow_ones_exist() -> None:
    assert EXAMPLES and {path.name for path in EXAMPLES} >= SLOW


@pytest.mark.parametrize(
    "script",
    [
        pytest.param(path, id=path.name, marks=[pytest.mark.slow] if path.name in SLOW else [])
        for path in EXAMPLES
    ],
)
def test_example_runs(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), "an example prints what it found"


def test_cube_scaling_measures_certified_proofs_and_plots_them(tmp_path: Path) -> None:
    script = Path(__file__).parent.parent / "examples" / "cube_scaling.py"
    rows_file, stem = tmp_path / "rows.jsonl", tmp_path / "scaling"
    script_call = [sys.executable, str(script)]
    measured = [*script_call, "dominating:6", "--workers", "2,1", "--out", str(rows_file)]
    for arguments in (measured, [*script_call, "--plot", str(rows_file), str(stem)]):
        done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in rows_file.read_text().splitlines()]
    knights = {row["knights"] for row in rows if "knights" in row}
    assert knights == {published_minimum(6, "dominating")}  # the split's placement and CP-SAT's
    assert sorted(row["workers"] for row in rows if row["method"] == "cubes") == [1, 2]
    assert all(row["proven"] for row in rows if row["method"] in ("cubes", "cpsat"))
    (check,) = [row for row in rows if row["method"] == "check"]
    assert check["certified"] and check["workers"] == 2
    assert stem.with_suffix(".png").stat().st_size > 0 and stem.with_suffix(".svg").exists()


def test_certificate_formats_checks_both_certificates_of_every_cube(tmp_path: Path) -> None:
    script = Path(__file__).parent.parent / "examples" / "certificate_formats.py"
    rows_file = tmp_path / "rows.jsonl"
    arguments = [
        sys.executable,
        str(script),
        "dominating:6",
        "--cubes",
        "4",
        "--out",
        str(rows_file),
    ]
    done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    *cubes, total = [json.loads(line) for line in rows_file.read_text().splitlines()]
    assert total["knights"] == published_minimum(6, "dominating")
    assert total["cubes"] == len(cubes) >= 2 and total["all_valid"]
    assert all(cube[kind]["valid"] for cube in cubes for kind in ("drup", "lrat"))
    for kind in ("drup", "lrat"):
        assert total[kind]["size_mb"] == pytest.approx(
            sum(c[kind]["size_mb"] for c in cubes), abs=0.01
        )
