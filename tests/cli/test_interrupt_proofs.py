"""Ctrl-C outside the plain solves: a proof by cubes cut short before it begins, a model built
after the cancel, SCIP, which catches Ctrl-C itself, and a long differential run. Each ends at
once in one line and exit status 130 (or keeps ignoring Ctrl-C where its process does), with
nothing but the answer, or the summary so far, on stdout."""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from boardsat.cli.exits import INTERRUPTED, LIMIT_REACHED
from boardsat.core.deadline import Deadline, cancel, reset_cancellation
from boardsat.core.errors import BoardsatError
from boardsat.differential import run_cases
from boardsat.differential.run import CHUNK
from boardsat.models.domination.proving.cubes import MIRROR_BREAKS, DominationClaim, split_claim
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination
from boardsat.proof.directory import ProofDirectory
from boardsat.proof.run import open_proof
from tests.cli.start_up import start_up_s
from tests.cli.test_interrupt import interrupted
from tests.cli.test_json_schemas import schema
from tests.conftest import CliRun


@pytest.fixture
def no_cancellation_left() -> Iterator[None]:
    """These tests cancel in-process, as Ctrl-C does; the next test starts uncancelled."""
    yield
    reset_cancellation()


@pytest.mark.parametrize("found_one", [True, False])
def test_ctrl_c_during_the_search_for_a_placement_begins_no_proof(
    run_cli: CliRun,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    no_cancellation_left: None,
    found_one: bool,
) -> None:
    """The search ends UNKNOWN with what it found, printed as a solve prints its best (it once
    said "interrupted, before an answer was found (46 knights ...)" and printed none), or with
    nothing; the proof is not begun on it, and no line advises more time."""
    from boardsat.models.domination.solve import solve_request
    from boardsat.proof import minimum

    def pressed_during(request: Any) -> Any:
        if not found_one:
            cancel()  # what the first Ctrl-C does, before the search found a placement
        found = solve_request(request)
        cancel()
        return found

    monkeypatch.setattr(minimum, "solve_request", pressed_during)
    proof = tmp_path / "D"
    code, out, err = run_cli("domination", "8", "--cubes", "bands", "--proof-dir", str(proof))
    assert code == INTERRUPTED and "Traceback" not in err
    assert "--time-limit" not in out + err and not proof.exists()
    if found_one:
        assert err == "boardsat: interrupted, status UNKNOWN: the output above is all it found\n"
        assert out.endswith(
            "; the search for a placement to prove was interrupted; no proof was begun\n"
        )
        assert _board_knights(out) == int(out.splitlines()[-1].split()[0])
    else:
        assert out == "" and err.startswith("boardsat: interrupted, before an answer was found")
        assert "no proof was begun" in err and len(err.strip().splitlines()) == 1
        assert "before the interrupt" in err


def _board_knights(out: str) -> int:
    """The knights on the board the output draws."""
    return sum(line.split().count("K") for line in out.splitlines()[:8])


@pytest.mark.parametrize("variant", ["independent", "total"])
def test_ctrl_c_during_the_search_prints_the_placement_s_json(
    run_cli: CliRun,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    no_cancellation_left: None,
    variant: str,
) -> None:
    """The total variant's half search too: its best placement, valid by the rules, UNKNOWN."""
    from boardsat.proof import minimum

    searched = {"independent": minimum.solve_request, "total": minimum.search_total}[variant]
    name = {"independent": "solve_request", "total": "search_total"}[variant]

    def pressed_during(*args: Any, **options: Any) -> Any:
        found = searched(*args, **options)
        cancel()
        return found

    monkeypatch.setattr(minimum, name, pressed_during)
    proof = tmp_path / "D"
    args = ("domination", "8", "--variant", variant, "--cubes", "--proof-dir", str(proof))
    code, out, err = run_cli(*args, "--time-limit", "5", "--json")
    assert code == INTERRUPTED and not proof.exists() and "Traceback" not in err
    answer = json.loads(out)
    assert answer["status"] in ("UNKNOWN", "OPTIMAL")  # the search may have proven it first
    assert answer["knights"] == len(answer["placement"])
    Draft202012Validator(schema("domination")).validate(answer)
    assert validate(8, 8, variant, [tuple(square) for square in answer["placement"]]) == []


def test_ctrl_c_during_the_root_split_prints_the_placement_it_keeps(
    run_cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_cancellation_left: None
) -> None:
    """The placement is kept in the proof directory, which the same command resumes."""
    from boardsat.proof import minimum

    splitting = minimum._root_split

    def pressed_during(*args: Any) -> Any:
        cancel()
        return splitting(*args)

    monkeypatch.setattr(minimum, "_root_split", pressed_during)
    proof = tmp_path / "D"
    code, out, err = run_cli("domination", "6", "--cubes", "bands", "--proof-dir", str(proof))
    assert code == INTERRUPTED
    assert err == "boardsat: interrupted, status UNKNOWN: the output above is all it found\n"
    assert out.endswith(f"{proof} is not split into cubes yet; the same command resumes it\n")
    assert _board_knights(out) == len(ProofDirectory.open(proof).manifest()["best"])


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


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_a_cancelled_differential_run_stops_after_the_batch_it_was_in(
    workers: int, no_cancellation_left: None
) -> None:
    """Cancelled once the first batch is in, the run sums up that batch alone and ends, its
    workers (which ignore Ctrl-C themselves) stopped mid-batch."""
    summary = run_cases(3, 10_000, workers=workers, on_outcomes=lambda _batch: cancel())
    assert summary.cases + summary.refused == CHUNK and summary.disagreements == ()


@pytest.mark.slow
def test_ctrl_c_on_a_long_differential_run_prints_the_summary_so_far() -> None:
    """Ctrl-C reaches every process of the terminal's group, not the workers, which lead groups
    of their own: the run stops at once and prints the summary of the cases checked, none cut
    short (python-sat caught the Ctrl-C in workers that merely ignored it, and their cases after
    it came back unknown: disagreements)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "boardsat", "bench", "differential", "--cases", "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(2.0 + 3 * start_up_s())  # past the start of the pool's workers
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=30)  # it ran on for 37 s, then said no more
    finally:
        with contextlib.suppress(ProcessLookupError):  # the group ended with its leader
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == INTERRUPTED and "Traceback" not in err
    assert re.fullmatch(
        r"boardsat: interrupted after (\d+) of 100000 cases: the summary above is of those\n", err
    )
    assert re.search(r"^\d+ cases checked \(seed 0\), 0 disagreements", out, re.MULTILINE)


def test_a_count_stopped_by_ctrl_c_says_the_user_stopped_it(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch, no_cancellation_left: None
) -> None:
    """Ctrl-C during the listing: the count so far, INCOMPLETE because of the interrupt, not
    of a time limit that was never set."""
    enumeration = importlib.import_module("boardsat.models.domination.counting.enumeration")
    listing = enumeration.enumerate_solutions

    def pressed_during(*args: Any, **options: Any) -> Any:
        cancel()  # what the first Ctrl-C does, once the model to list is built
        return listing(*args, **options)

    monkeypatch.setattr(enumeration, "enumerate_solutions", pressed_during)
    code, out, err = run_cli("domination", "8", "--count")
    assert code == INTERRUPTED and "INCOMPLETE: the interrupt stopped the count" in out
    assert "time limit" not in out and err.startswith("boardsat: interrupted")


def test_a_split_made_while_cancelling_is_not_kept_and_the_command_resumes(
    run_cli: CliRun, tmp_path: Path, no_cancellation_left: None
) -> None:
    """Ctrl-C during a band split cuts its lemmas' solves short: kept, that weaker split left
    thousands of cubes on 16x16, which took a minute to write and read back after the Ctrl-C."""
    placement = solve_domination(5, 5, "independent").placement
    best = sorted([row, col] for row, col in placement)
    claim = DominationClaim(5, 5, "independent", len(best) - 1, breaks=MIRROR_BREAKS)
    path = str(tmp_path / "p")

    def split_while_cancelling() -> Any:
        cancel()
        return split_claim(claim, "bands", 8)

    with pytest.raises(BoardsatError, match="not split into cubes yet; the same command resumes"):
        open_proof(path, claim, best, split_while_cancelling)
    assert not ProofDirectory.open(path).splits()
    reset_cancellation()
    code, out, err = run_cli("domination", "5", "--cubes", "bands", "--proof-dir", path)
    assert code == 0 and out.startswith("5 knights: optimal, proven by cubes"), err
    assert run_cli("proof", "check", path)[0] == 0
