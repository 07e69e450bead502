"""The child-process runner: a value comes back, a job past its limit is killed, failures are told."""

from __future__ import annotations

import faulthandler
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from boardsat.core import child as child_module
from boardsat.core.child import ChildFailed, ChildOutOfMemory, Finished, TimedOut, run_in_child
from boardsat.core.deadline import cancel, reset_cancellation
from boardsat.core.errors import BoardsatError
from tests.oracles.hard_models import pigeonhole


def test_a_finished_job_returns_its_value() -> None:
    assert run_in_child(lambda: sum(range(10)), limit=30.0) == Finished(45)


def test_a_job_without_a_limit_runs_to_its_end() -> None:
    def slow() -> str:
        time.sleep(0.3)
        return "done"

    assert run_in_child(slow, limit=None) == Finished("done")


def test_a_cancelled_run_kills_the_child_at_once() -> None:
    """Ctrl-C cancels the run: a job with no limit must not keep the wait going."""
    timer = threading.Timer(0.3, cancel)
    timer.start()
    started = time.perf_counter()
    try:
        assert run_in_child(lambda: time.sleep(60), limit=None) == TimedOut(None)
    finally:
        timer.join()
        reset_cancellation()
    assert time.perf_counter() - started < 30


def test_a_job_past_its_memory_ceiling_is_out_of_memory() -> None:
    """The child holds itself under 300 MiB more than it has, then asks for 2 GiB."""

    def greedy() -> int:
        with open("/proc/self/status") as status:
            kib = next(int(line.split()[1]) for line in status if line.startswith("VmData:"))
        ceiling = kib * 1024 + 300 * 2**20
        resource.setrlimit(resource.RLIMIT_DATA, (ceiling, resource.RLIM_INFINITY))
        return len(bytearray(2 * 2**30))

    with pytest.raises(ChildOutOfMemory):
        run_in_child(greedy, limit=30.0)


def test_an_abort_is_out_of_memory_and_a_quiet_childs_last_words_are_not_shown(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """C++ aborts on an uncaught std::bad_alloc, after writing to the stderr file descriptor."""

    def abort() -> None:
        faulthandler.disable()  # pytest's would report the abort on a stderr of its own
        os.write(2, b"terminate called after throwing an instance of 'std::bad_alloc'\n")
        os.abort()

    with pytest.raises(ChildOutOfMemory, match="exit code -6"):
        run_in_child(abort, limit=30.0, quiet=True)
    assert capfd.readouterr().err == ""


@pytest.mark.slow  # runs out a time limit
def test_a_job_past_its_limit_is_killed_with_the_processes_it_started(tmp_path: Path) -> None:
    pid_file = tmp_path / "grandchild"

    def sleeper() -> None:
        if os.fork() == 0:  # a grandchild, as a race starts racers
            pid_file.write_text(str(os.getpid()))
            time.sleep(60)
        time.sleep(60)

    ran = run_in_child(sleeper, limit=0.5, grace=0.1)
    assert isinstance(ran, TimedOut) and ran.limit == 0.5
    grandchild = int(pid_file.read_text())
    for _ in range(100):  # killed at once; reaped by init a moment later
        try:
            os.kill(grandchild, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    pytest.fail("the grandchild outlived the job's limit")


@pytest.mark.slow  # runs out a time limit
def test_the_wall_limit_counts_from_the_call_not_from_the_childs_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Starting the fork server first (a command's first child) imports what the caller has;
    under load that took half a second, which `tour 8 --count --time-limit 1` overran by. Where
    the kill is the limit (no grace), a start made one second slow here leaves no extra second."""
    starts = child_module.Child.__init__

    def slow_start(self: child_module.Child, *args: Any, **kwargs: Any) -> None:
        time.sleep(1.0)
        starts(self, *args, **kwargs)

    monkeypatch.setattr(child_module.Child, "__init__", slow_start)
    started = time.perf_counter()
    ran = run_in_child(lambda: time.sleep(60), limit=1.2, grace=0.0)
    assert isinstance(ran, TimedOut)
    assert time.perf_counter() - started < 2.0


@pytest.mark.slow  # runs out a time limit
def test_on_the_cpu_clock_a_job_is_killed_by_its_cpu_seconds_not_the_wall_s() -> None:
    """A cube's solver stops itself by its CPU seconds; a busy machine's wall clock must not
    kill it first. A job that waits uses no CPU: the wall clock kills it, the CPU clock lets it
    end. A job that computes is killed once its CPU seconds pass the limit, and says how many.
    One that hangs is killed all the same, at HUNG_AFTER times its allowance in wall seconds."""

    def waits() -> str:
        time.sleep(0.5)
        return "done"

    def computes() -> None:
        while True:
            pass

    on_wall = run_in_child(waits, limit=0.1, grace=0.1)
    assert isinstance(on_wall, TimedOut) and on_wall.limit == 0.1
    assert run_in_child(waits, limit=0.5, grace=0.5, cpu_clock=True) == Finished("done")
    computed = run_in_child(computes, limit=0.2, grace=0.1, cpu_clock=True)
    assert isinstance(computed, TimedOut) and computed.cpu is not None and computed.cpu >= 0.2
    started = time.perf_counter()
    hung = run_in_child(lambda: time.sleep(60), limit=0.1, grace=0.1, cpu_clock=True)
    assert isinstance(hung, TimedOut) and time.perf_counter() - started < 30


def test_a_refusal_comes_back_as_the_callers_one_line_error() -> None:
    def refuse() -> None:
        raise BoardsatError("no such board")

    with pytest.raises(BoardsatError, match=r"^no such board$"):
        run_in_child(refuse, limit=30.0)


def test_an_exception_comes_back_with_its_traceback() -> None:
    def fail() -> None:
        raise KeyError("lost")

    with pytest.raises(ChildFailed, match="KeyError: 'lost'"):
        run_in_child(fail, limit=30.0)


def test_a_child_that_dies_without_a_word_is_a_failure_naming_its_exit_code() -> None:
    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    with pytest.raises(ChildFailed, match="exit code -9"):
        run_in_child(die, limit=30.0)


@pytest.mark.slow  # runs out a time limit
def test_a_timed_job_may_race_and_its_racers_die_with_it() -> None:
    """A benchmark times a race in a child: the racers are the child's children."""

    def race_two() -> int:
        from boardsat.solving.race import Racer, Stage, race

        built = pigeonhole(4, escape=True)  # five pigeons, four holes: one stays out
        racers = [Racer(name, (Stage(built, "cpsat"),)) for name in ("a", "b")]
        outcome = race(racers, time_limit=30)
        assert outcome.result.objective is not None
        return outcome.result.objective

    outcome = run_in_child(race_two, limit=60.0)
    assert outcome == Finished(1)  # one pigeon must stay out


CALLER = """
import os, sys, time
from boardsat.core.child import run_in_child

def job():
    with open(sys.argv[1], "w") as out:
        out.write(str(os.getpid()))
    time.sleep(120)

run_in_child(job, None)
"""


def test_a_child_ends_when_its_caller_is_killed(tmp_path: Path) -> None:
    """The fork server outlives a killed caller while the child holds its pipe, so the child
    watches the caller itself: a Ctrl-C'd Dask worker left its solver running before."""
    pid_file = tmp_path / "child.pid"
    caller = subprocess.Popen([sys.executable, "-c", CALLER, str(pid_file)])
    try:
        for _ in range(600):
            if pid_file.exists() and pid_file.read_text():
                break
            time.sleep(0.05)
        child = int(pid_file.read_text())
    finally:
        caller.kill()
        caller.wait()
    for _ in range(100):
        if not _running(child):
            break
        time.sleep(0.05)
    else:
        os.kill(child, signal.SIGKILL)
        pytest.fail("the child outlived its killed caller by 5 s")


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting for its parent (the fork server) to reap it."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"
