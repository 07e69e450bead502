"""Work that cannot run away: counts and builds stop at --time-limit and --memory-limit, each with
one clear ending and exit status 3.

These run `boardsat` as a user does, in a process of its own, so that a ceiling holds that
process and not the test runner. The bounds on time are generous: the machine is shared.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardsat.cli.exits import LIMIT_REACHED
from tests.conftest import CliRun

START_UP_S = 15.0  # Python, the solvers' imports and a forked child on a busy machine


def boardsat(*args: str, within: float) -> tuple[int, str, str, float]:
    """Exit status, stdout, stderr and wall seconds of `boardsat ARGS...`."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "boardsat", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=within,
    )
    return done.returncode, done.stdout, done.stderr, time.perf_counter() - started


@pytest.mark.slow
def test_the_decision_diagram_count_stops_at_the_time_limit() -> None:
    """8x8 has about 1.3 * 10^13 closed tours: the diagram grows for minutes without a count."""
    code, out, err, seconds = boardsat("tour", "8", "--count", "--time-limit", "2", within=120)
    assert code == LIMIT_REACHED and err == ""
    assert out.count("\n") == 1
    assert out.startswith("closed tours on 8x8: UNKNOWN, the count did not finish")
    assert "time limit of 2 s" in out
    assert seconds < 2 + START_UP_S


@pytest.mark.slow
def test_the_enumeration_stops_at_the_time_limit_and_says_how_far_it_got() -> None:
    args = ("tour", "8", "--count", "--counter", "enumerate", "--time-limit", "2", "--json")
    code, out, _, seconds = boardsat(*args, within=120)
    document = json.loads(out)
    assert code == LIMIT_REACHED and seconds < 2 + START_UP_S
    assert document["status"] == "UNKNOWN" and not document["exact"]
    assert document["stopped"].endswith(f"after {document['count']} tours")


@pytest.mark.slow  # a count grows to the ceiling
def test_a_count_past_the_memory_ceiling_stops_with_one_line() -> None:
    code, out, err, _ = boardsat("tour", "8", "--count", "--memory-limit", "300M", within=300)
    assert code == LIMIT_REACHED and out == ""
    assert err == (
        "boardsat: error: memory limit 300 MiB reached while counting tours;"
        " --memory-limit sets it\n"
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("tour", "60", "--route", "whole", "--backend", "cpsat"),  # solved in this process
        ("domination", "40", "--route", "single"),
    ],
)
def test_cpsat_past_the_memory_ceiling_stops_with_one_line(args: tuple[str, ...]) -> None:
    """CP-SAT itself would end the process with its own words (std::bad_alloc) at a refused
    allocation; watched instead, it stops and the run ends in the usual line."""
    code, out, err, _ = boardsat(*args, "--memory-limit", "300M", "--time-limit", "60", within=120)
    assert code == 3 and not out
    assert err == (
        "boardsat: error: memory limit 300 MiB reached while solving with CP-SAT;"
        " --memory-limit sets it\n"
    )


@pytest.mark.parametrize("size", ["lots", "4X", "-1G", "10M"])
def test_a_bad_memory_limit_is_refused_in_one_line(run_cli: CliRun, size: str) -> None:
    code, out, err = run_cli("tour", "6", "--count", "--memory-limit", size)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("boardsat: error: Invalid value for")
    assert "--memory-limit" in err


@pytest.mark.parametrize("command", ["domination", "tour", "exchange", "flipit", "shogi"])
def test_every_solving_command_takes_a_memory_limit(run_cli: CliRun, command: str) -> None:
    code, out, _ = run_cli(command, "--help")
    assert code == 0 and "--memory-limit" in out and "exit status 3" in " ".join(out.split())


@pytest.mark.slow
def test_a_large_domination_board_stops_building_at_the_time_limit() -> None:
    """500x500 spent 17 s building and translating under a 5 s limit before builds checked it."""
    args = ("domination", "500", "--time-limit", "2", "--json")
    code, out, err, _ = boardsat(*args, within=120)
    document = json.loads(out)
    assert code == LIMIT_REACHED and err == ""
    assert document["status"] == "UNKNOWN" and document["placement"] == []
    assert document["seconds"] < 2 + 5  # from the call: building included, start-up not


@pytest.mark.parametrize("cubes", [(), ("--cubes", "lookahead")])
def test_a_count_whose_minimum_the_limit_left_unproven_ends_with_status_3(
    run_cli: CliRun, cubes: tuple[str, ...], tmp_path: Path
) -> None:
    """The limit ended it, not the input: exit status 3, and one line that names the limit on
    stdout, as every limit reports (it once was an error on stderr)."""
    proof_dir = ("--proof-dir", str(tmp_path / "count")) if cubes else ()
    code, out, err = run_cli("domination", "8", "--count", *cubes, *proof_dir, "--time-limit", "0")
    assert code == LIMIT_REACHED and err == "" and len(out.strip().splitlines()) == 1
    assert out.endswith(
        "the time limit came before the minimum was proven, so no placement was counted\n"
    )
