"""Ctrl-C outside the plain solves: a proof by cubes cut short before it begins, a model built
after the cancel, and SCIP, which catches Ctrl-C itself. Each ends in one line and exit status
130 (or keeps ignoring Ctrl-C where its process does), with nothing but the answer on stdout."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardsat.cli.exits import INTERRUPTED, LIMIT_REACHED
from boardsat.core.deadline import Deadline, cancel, reset_cancellation
from tests.cli.test_interrupt import interrupted
from tests.conftest import CliRun


@pytest.fixture
def no_cancellation_left() -> Iterator[None]:
    """These tests cancel in-process, as Ctrl-C does; the next test starts uncancelled."""
    yield
    reset_cancellation()


def test_ctrl_c_during_the_search_for_a_placement_begins_no_proof(
    run_cli: CliRun,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    no_cancellation_left: None,
) -> None:
    """The search ends UNKNOWN with what it found; the proof is not begun on it, and the one
    line says the user stopped it (no traceback from building the claim's model after it)."""
    from boardsat.models.domination.solve import solve_request
    from boardsat.proof import minimum

    def pressed_during(request: Any) -> Any:
        found = solve_request(request)
        cancel()  # what the first Ctrl-C does
        return found

    monkeypatch.setattr(minimum, "solve_request", pressed_during)
    proof = tmp_path / "D"
    code, out, err = run_cli("domination", "8", "--cubes", "bands", "--proof-dir", str(proof))
    assert code == INTERRUPTED and out == "" and "Traceback" not in err
    assert err.startswith("boardsat: interrupted, before an answer was found")
    assert "no proof was begun" in err and len(err.strip().splitlines()) == 1
    assert "--time-limit" not in err and not proof.exists()


def _a_model_built_after(cancelled: bool) -> Any:
    def prove(*_args: Any, **_options: Any) -> Any:
        if cancelled:
            cancel()
        Deadline(None if cancelled else 0).check()  # a builder's look at its deadline
        raise AssertionError("the deadline had passed")

    return prove


@pytest.mark.parametrize(
    ("cancelled", "code", "said"),
    [
        (True, INTERRUPTED, "boardsat: interrupted, before an answer was found\n"),
        (False, LIMIT_REACHED, "boardsat: error: the time limit ran out before an answer\n"),
    ],
)
def test_a_build_stopped_by_its_deadline_ends_in_one_line(
    run_cli: CliRun,
    monkeypatch: pytest.MonkeyPatch,
    no_cancellation_left: None,
    cancelled: bool,
    code: int,
    said: str,
) -> None:
    """OutOfTime, raised by a model built past its deadline, never reaches the user as a
    traceback: after Ctrl-C it is the interrupt, otherwise the limit."""
    from boardsat.cli import domination

    monkeypatch.setattr(domination, "prove_minimum", _a_model_built_after(cancelled))
    assert run_cli("domination", "8", "--cubes")[::2] == (code, said)


@pytest.mark.slow
def test_scip_caught_ctrl_c_leaves_stdout_to_the_json() -> None:
    """SCIP holds the interpreter while it solves and catches Ctrl-C itself, saying so with
    printf; the answer's JSON must still be all of stdout."""
    args = ("domination", "20", "--variant", "dominating", "--backend", "scip", "--route", "single")
    code, out, err = interrupted(*args, "--json")
    assert code == INTERRUPTED and "Traceback" not in err
    assert json.loads(out)["status"] == "UNKNOWN"


IGNORING_CTRL_C = """
import os, signal, subprocess, sys
sys.path.insert(0, {root!r})
from tests.oracles.hard_models import tseitin
from boardsat.solving.solve import solve

signal.signal(signal.SIGINT, signal.SIG_IGN)  # as every child of boardsat's does
subprocess.Popen(["sh", "-c", f"sleep 1; kill -INT {{os.getpid()}}"])
result = solve(tseitin(100, escape=True), "scip", time_limit=3)
print(result.status.value)
"""


@pytest.mark.slow
def test_scip_in_a_process_that_ignores_ctrl_c_keeps_ignoring_it() -> None:
    """A racer or a cube's child ignores SIGINT, its parent stops it: SCIP must not catch the
    terminal's Ctrl-C there, stop early and print on the stdout it shares with boardsat."""
    root = str(Path(__file__).parents[2])
    ran = subprocess.run(
        [sys.executable, "-c", IGNORING_CTRL_C.format(root=root)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == "UNKNOWN\n"  # ran on to its time limit, and printed nothing else
