"""Fixtures shared across the suite, and the suite's bytecode cache."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import pytest

from boardsat.cli import main

# Some machines set PYTHONDONTWRITEBYTECODE (this project's does): then every xdist worker
# rewrites every test module again, and every `boardsat` process a test starts compiles boardsat
# from source. The suite keeps bytecode in __pycache__ (ignored by git; measured in
# bench/results/startup.md). Set here, before the workers and those processes start.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

CliRun = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> CliRun:
    """Run `boardsat ARGS...` in-process; returns (exit status, stdout, stderr)."""

    def run(*args: str) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as done:
            main([*args])
            raise SystemExit(0)
        captured = capsys.readouterr()
        return int(done.value.code or 0), captured.out, captured.err

    return run
