"""Every script in examples/ runs to completion: they are documentation that must not rot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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
