"""Ctrl-C during a solve: the first press cancels it, so that it ends with the best answer found
so far (status UNKNOWN) and exit status 130; a second press interrupts at once.

The first press ends every deadline (boardsat.core.deadline.cancel), which each solve honours as its
time limit. Python runs its signal handlers only between bytecodes, and a solver blocked in
native code may run for minutes before it returns to them, so the signal's arrival is also
watched on a wakeup file descriptor by a thread of its own, which cancels at once: cancelling
interrupts the solver calls under way (their registered stoppers). The handler itself only ends
the deadlines: it runs in the main thread, which may hold the stoppers' lock at that moment.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from types import FrameType

from boardsat.core.deadline import cancel, end_deadlines, reset_cancellation


@contextlib.contextmanager
def ctrl_c_cancels() -> Iterator[None]:
    """Within: Ctrl-C cancels the run instead of raising KeyboardInterrupt (the first time)."""
    reset_cancellation()
    if threading.current_thread() is not threading.main_thread():  # signals reach only it
        yield
        return
    presses = 0

    def pressed(_signum: int, _frame: FrameType | None) -> None:
        nonlocal presses
        presses += 1
        end_deadlines()  # the watcher interrupts the solvers: a handler must take no lock
        if presses > 1:
            raise KeyboardInterrupt

    read, write = os.pipe()
    os.set_blocking(write, False)
    previous_handler = signal.signal(signal.SIGINT, pressed)
    previous_fd = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    watcher = threading.Thread(target=_watch, args=(read,), daemon=True, name="ctrl-c watcher")
    watcher.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous_fd)
        signal.signal(signal.SIGINT, previous_handler)
        os.close(write)  # the watcher reads the end of the pipe and returns
        watcher.join()
        os.close(read)


def _watch(read: int) -> None:
    """Cancel as soon as SIGINT arrives; each byte of the wakeup pipe is a signal's number."""
    while chunk := os.read(read, 64):
        if int(signal.SIGINT) in chunk:
            cancel()
