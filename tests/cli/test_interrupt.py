"""Ctrl-C during a solve: the best answer found so far, status UNKNOWN, exit status 130, no
traceback, and no solver process left behind. Each test starts `boardsat` in a process group of
its own, interrupts it mid-solve and checks what it printed."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import pytest

from boardsat.core.backends import is_available
from boardsat.core.deadline import Deadline, cancel, cancelled, reset_cancellation, stopper
from boardsat.core.results import Status
from boardsat.models.board import Board
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination
from boardsat.models.exchange import Exchange
from boardsat.models.exchange import bounds as exchange_bounds
from boardsat.models.tour.model import TourSpec
from boardsat.models.tour.rules import validate_tour
from boardsat.models.tour.solve import count_by_enumeration
from tests.cli.start_up import start_up_s

pytestmark = pytest.mark.slow  # each run waits seconds into a solve before its Ctrl-C

NEEDS_GUROBI = pytest.mark.skipif(not is_available("gurobi"), reason="needs the gurobi extra")
SOLVING_AFTER_START_UP_S = 1.0  # past the model build, well before an answer
# the wait before Ctrl-C grows with the start-up, so the signal lands in the solve, not the imports


def interrupted(*args: str) -> tuple[int, str, str]:
    """Run `boardsat ARGS`, send it SIGINT mid-solve; (exit status, stdout, stderr), once every
    process of its group (a race's racers included) has ended."""
    process = subprocess.Popen(
        [sys.executable, "-m", "boardsat", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group: the racers it starts stay in it
    )
    time.sleep(SOLVING_AFTER_START_UP_S + 2 * start_up_s())
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert _group_ends(process.pid), "a process of the interrupted run outlived it"
    return process.returncode, out, err


def _group_ends(group: int, within_s: float = 5.0) -> bool:
    stop = time.monotonic() + within_s
    while time.monotonic() < stop:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    os.killpg(group, signal.SIGKILL)
    return False


def _checked_exit(code: int, err: str) -> None:
    assert code == 130
    assert "Traceback" not in err
    assert err.rstrip().endswith(
        "boardsat: interrupted, status UNKNOWN: the output above is all it found"
    )


def test_a_race_prints_its_best_placement_and_leaves_no_racer() -> None:
    code, out, err = interrupted("domination", "30", "--variant", "dominating", "--json")
    _checked_exit(code, err)
    answer: dict[str, Any] = json.loads(out)
    assert answer["status"] == "UNKNOWN" and answer["proven_optimal"] is False
    if answer["knights"] is not None:  # the racers found a placement before Ctrl-C
        placement = [tuple(square) for square in answer["placement"]]
        assert len(placement) == answer["knights"] >= answer["lower_bound"]
        assert validate(30, 30, "dominating", placement) == []


def test_cpsat_alone_stops_with_its_incumbent_on_the_board() -> None:
    code, out, err = interrupted("domination", "22", "--route", "single", "--json")
    _checked_exit(code, err)
    answer = json.loads(out)
    assert answer["status"] == "UNKNOWN"
    placement = [tuple(square) for square in answer["placement"]]
    assert placement and validate(22, 22, "independent", placement) == []


def test_highs_in_its_child_stops_too() -> None:
    """pywraplp cannot interrupt HiGHS, so it solves in a child that Ctrl-C ends."""
    args = ("domination", "20", "--variant", "dominating", "--backend", "highs")
    code, out, err = interrupted(*args, "--route", "single", "--json")
    _checked_exit(code, err)
    assert json.loads(out)["status"] == "UNKNOWN"


@pytest.mark.gurobi
@NEEDS_GUROBI
def test_gurobi_gives_ctrl_c_back_and_keeps_stdout_for_the_answer() -> None:
    """Gurobi takes SIGINT while it optimises, and would print a line on stdout; given back,
    Ctrl-C cancels as for the other backends and the JSON is the only output."""
    args = ("domination", "21", "--variant", "dominating", "--backend", "gurobi")
    code, out, err = interrupted(*args, "--json")
    _checked_exit(code, err)
    answer = json.loads(out)
    assert answer["status"] == "UNKNOWN"
    placement = [tuple(square) for square in answer["placement"]]
    assert placement and validate(21, 21, "dominating", placement) == []


DEEP_EXCHANGE = (
    *("exchange", "--start", "BBBBB/...../...../...../WWWWW"),
    *("--goal", "WWWWW/...../...../...../BBBBB"),
)
"""22 moves, from horizon 0 without bounds or strengthenings: minutes on each backend."""


@pytest.mark.parametrize("backend", ["cpsat", "cadical195"])  # python-sat's others: the same path
def test_a_planner_ends_unknown_with_the_horizons_it_refuted(backend: str) -> None:
    code, out, err = interrupted(
        *DEEP_EXCHANGE, "--strengthen", "none", "--no-bounds", "--backend", backend, "--json"
    )
    _checked_exit(code, err)
    answer = json.loads(out)
    assert answer["ending"] == "unknown" and answer["plan"] == []
    statuses = [horizon["status"] for horizon in answer["horizons"]]
    assert set(statuses[:-1]) <= {"UNSATISFIABLE"}  # every horizon before the interrupted one


def test_a_planner_in_text_says_unknown() -> None:
    code, out, err = interrupted(*DEEP_EXCHANGE, "--strengthen", "none", "--no-bounds")
    _checked_exit(code, err)
    assert out.startswith("UNKNOWN")


SEVENTH_GUEST = (
    *("--start", "BBBBW/BBBWW/BB.WW/BBWWW/BWWWW"),
    *("--goal", "WWWWB/WWWBB/WW.BB/WWBBB/WBBBB"),
)
"""exchange:seventh-guest, 36 moves: the auto route runs for minutes, with no time limit."""


def seventh_guest_bound() -> int:
    """The fewest moves the exchange's own bound allows: proven before any search."""
    bound = exchange_bounds.lower_bound(Exchange.parse(SEVENTH_GUEST[1], SEVENTH_GUEST[3]))
    assert bound is not None
    return bound


def test_a_planner_stopped_by_the_user_says_so_and_gives_its_proven_bound() -> None:
    """No limit was set, so no line may blame one; the lengths refuted before Ctrl-C (at least
    the bound's, which the auto route's first glance proves) stay in the answer."""
    code, out, err = interrupted("exchange", *SEVENTH_GUEST, "--json")
    _checked_exit(code, err)
    answer = json.loads(out)
    assert answer["status"] == "UNKNOWN" and answer["interrupted"] is True
    assert "time limit" not in answer["summary"] and "time limit" not in answer["encoding"]
    assert answer["lower_bound"] >= seventh_guest_bound()
    refuted = f"no plan of at most {answer['lower_bound'] - 1} moves, proven so far"
    assert answer["summary"] == f"UNKNOWN, stopped by the user ({refuted})"


def test_a_planner_and_its_oracle_stopped_by_the_user_say_so_in_text() -> None:
    code, out, err = interrupted("exchange", *SEVENTH_GUEST, "--verify")
    _checked_exit(code, err)
    first, *rest = out.splitlines()
    assert re.fullmatch(r"UNKNOWN, stopped by the user \(no plan of at most (\d+) moves.*", first)
    assert int(first.split("at most ")[1].split()[0]) >= seventh_guest_bound() - 1
    assert rest == ["BFS oracle: stopped by the user (answer not compared)"]


def test_the_farthest_positions_stopped_by_the_user_say_so() -> None:
    code, out, err = interrupted("flipit", "--board", "line:64", "--farthest")
    _checked_exit(code, err)
    assert "time limit" not in out
    assert out.rstrip().endswith(": the BFS was stopped by the user")


def test_counting_by_enumeration_gives_the_tours_so_far() -> None:
    # open 6x6 tours: millions, so that no backend counts them all before the signal
    args = ("tour", "6", "--open", "--count", "--counter", "enumerate", "--json")
    code, out, err = interrupted(*args)
    _checked_exit(code, err)
    answer = json.loads(out)
    assert answer["status"] == "UNKNOWN" and answer["exact"] is False
    assert answer["count"] > 0
    assert validate_tour(6, 6, [tuple(square) for square in answer["tour"]], closed=False) == []


PRESS_WHILE_CANCELLING = """
import os, signal
from boardsat.cli.interrupt import ctrl_c_cancels
from boardsat.core.deadline import cancel, cancelled, stopper

pressed = []
def press_once():
    if not pressed:
        pressed.append(True)
        os.kill(os.getpid(), signal.SIGINT)
with ctrl_c_cancels(), stopper(press_once):
    cancel()  # the signal arrives while this thread holds the stoppers' lock
    sum(range(1000))  # bytecodes for the handler to run between
print(cancelled())
"""


def test_ctrl_c_while_the_main_thread_holds_the_stoppers_lock_ends_the_run() -> None:
    """Python runs a signal handler in the main thread between two bytecodes, perhaps inside
    cancel() or stopper(), whose lock is not reentrant: a handler taking it would wait forever."""
    ended = subprocess.run(
        [sys.executable, "-c", PRESS_WHILE_CANCELLING], capture_output=True, text=True, timeout=30
    )
    assert ended.returncode == 0, ended.stderr
    assert ended.stdout.strip() == "True"


@pytest.mark.parametrize(
    ("size", "variant", "options"),
    [
        (22, "independent", {"route": "single"}),
        pytest.param(
            21, "dominating", {"backend": "gurobi"}, marks=[pytest.mark.gurobi, NEEDS_GUROBI]
        ),
    ],
)
def test_cancel_stops_a_solve_that_has_no_time_limit(
    size: int, variant: str, options: dict[str, str]
) -> None:
    """The cancellation in-process: a timer thread cancels a minimisation without a limit (CP-SAT
    alone, Gurobi through its stopper), which ends at once with its best placement, UNKNOWN, as
    at a time limit."""
    timer = threading.Timer(2.0, cancel)
    timer.start()
    try:
        answer = solve_domination(size, size, variant, **options)
    finally:
        timer.cancel()
        was_cancelled = cancelled()
        reset_cancellation()
    assert was_cancelled and answer.result.status is Status.UNKNOWN
    assert answer.seconds < 30  # unstopped, it takes minutes
    if answer.result.has_solution:
        assert validate(size, size, variant, answer.placement) == []


def test_cancel_ends_every_deadline_and_calls_the_stoppers() -> None:
    stopped: list[str] = []
    try:
        with stopper(lambda: stopped.append("solver")):
            assert not Deadline(None).expired()
            cancel()
            assert stopped == ["solver"]
            assert Deadline(None).remaining() == 0.0 and Deadline(100).expired()
        with stopper(lambda: stopped.append("late")):  # a solve that starts after the cancel
            assert stopped == ["solver", "late"]
    finally:
        reset_cancellation()
    assert not Deadline(None).expired()


def test_an_interrupted_answer_names_the_interrupt_not_the_time_limit() -> None:
    """Ctrl-C before any answer: the summaries say so, and claim no time limit ran out."""
    cancel()
    try:
        count = count_by_enumeration(TourSpec(Board(6, 6), closed=False), "cpsat")
        placed = solve_domination(8, 8, "independent", route="single")
    finally:
        reset_cancellation()
    assert count.stopped is not None and count.stopped.startswith("interrupted")
    assert not placed.result.has_solution
    assert "before the interrupt" in placed.summary() and "in time" not in placed.summary()
    limited = solve_domination(8, 8, "independent", route="single", time_limit=0)
    assert "no placement found in time" in limited.summary()
