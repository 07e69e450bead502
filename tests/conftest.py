"""Fixtures shared across the suite."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardsat.cli import main

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
