"""One wall-clock budget shared by every solver call of a run (bound search, horizons, cuts),
and the process-wide cancellation (Ctrl-C) that ends every deadline at once.

A cube's budget counts its solver's CPU seconds instead (``Deadline.of_thread``): on a loaded
machine a wall-clock limit ends a cube that barely ran, and a ledger would then call it hard.

A cancelled run ends as if its time limit had passed: each solve stops with the best it found
and the status UNKNOWN. Solver calls that block in native code register a ``stopper`` (their
solver's interrupt) for :func:`cancel` to call from whichever thread notices the cancellation.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator

from boardsat.core.errors import BoardsatError

# the longest time limit taken (about 11.6 days): solver timers and millisecond limits overflow
# on larger values (threading.Timer near 1e10 s, infinity everywhere); leave the limit out instead
LONGEST_TIME_LIMIT_S = 1_000_000.0
CHECK_EVERY = 4096  # items a long building loop handles between two looks at its deadline


def time_limit_problem(time_limit: float) -> str | None:
    """Why ``time_limit`` is not a usable number of seconds, or None when it is."""
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
        return f"time limit must be a number of seconds (or None for none), got {time_limit!r}"
    if not 0 <= time_limit <= LONGEST_TIME_LIMIT_S:  # also refuses NaN
        return (
            f"time limit must be from 0 to {LONGEST_TIME_LIMIT_S:.0f} seconds (or left out for"
            f" none), got {time_limit}"
        )
    return None


class OutOfTime(Exception):
    """The deadline passed while a model was still being built or translated: there is no answer
    yet, so the caller answers UNKNOWN instead of building for minutes past the limit."""


class NoAnswerInTime(BoardsatError):
    """A time limit (or Ctrl-C) ended work that has no partial answer to give, such as a count
    whose minimum was not proven yet: one line, with exit status 3 rather than 2 in the CLI."""


class Deadline:
    """A time limit in seconds, or none; counts from construction, on ``clock`` (wall time if none)."""

    def __init__(self, time_limit: float | None, clock: Callable[[], float] | None = None) -> None:
        problem = None if time_limit is None else time_limit_problem(time_limit)
        if problem is not None:
            raise BoardsatError(problem)
        self.time_limit = time_limit
        self.clock = clock or _wall_clock
        self.started = self.clock()

    @classmethod
    def of_thread(cls, time_limit: float | None) -> Deadline:
        """A limit on the CPU seconds of the calling thread, the one that will run the solver;
        any thread may read it (a solver's alarm)."""
        clock_id = time.pthread_getcpuclockid(threading.get_ident())
        return cls(time_limit, lambda: time.clock_gettime(clock_id))

    def elapsed(self) -> float:
        return self.clock() - self.started

    def remaining(self) -> float | None:
        """Seconds left (never negative), or None without a limit; none left once cancelled."""
        if _cancelled.is_set():
            return 0.0
        if self.time_limit is None:
            return None
        return max(0.0, self.time_limit - self.elapsed())

    def expired(self) -> bool:
        left = self.remaining()
        return left is not None and left <= 0.0

    def check(self) -> None:
        """Raise OutOfTime once the limit has passed (or the run was cancelled); long building
        loops call this as they go."""
        if self.expired():
            raise OutOfTime


def _wall_clock() -> float:
    return time.perf_counter()  # the module's clock, looked up at each reading


_cancelled = threading.Event()
_stoppers: list[Callable[[], None]] = []
_stoppers_lock = threading.Lock()
# A child forked from one thread while another holds the lock would find it held for good; a
# sweep's --jobs forks its cells' children from several threads.
os.register_at_fork(
    before=_stoppers_lock.acquire,
    after_in_parent=_stoppers_lock.release,
    after_in_child=_stoppers_lock.release,
)


def end_deadlines() -> None:
    """End every deadline now, without interrupting the solver calls under way.

    The one part of :func:`cancel` a signal handler may do: Python runs handlers in the main
    thread between two bytecodes, perhaps while that thread holds the stoppers' lock, which is
    not reentrant. The handler's owner calls :func:`cancel` from a thread of its own.
    """
    _cancelled.set()


def cancel() -> None:
    """End every deadline now and interrupt the solver calls under way; safe from any thread,
    but not from a signal handler (see :func:`end_deadlines`)."""
    end_deadlines()
    with _stoppers_lock:  # held while stopping: no solver leaves its call (and is used by its
        for stop in list(_stoppers):  # own thread again) while another thread interrupts it
            stop()


def cancelled() -> bool:
    return _cancelled.is_set()


def reset_cancellation() -> None:
    """Forget an earlier cancellation: a new run starts with its full time."""
    _cancelled.clear()


@contextlib.contextmanager
def stopper(stop: Callable[[], None]) -> Iterator[None]:
    """Within: :func:`cancel` calls ``stop`` (at once, if the run is already cancelled)."""
    with _stoppers_lock:
        _stoppers.append(stop)
        if _cancelled.is_set():
            stop()
    try:
        yield
    finally:
        with _stoppers_lock:
            _stoppers.remove(stop)
