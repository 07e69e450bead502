"""How long `boardsat` takes to start on this machine now, for tests that time a whole run: the
machine is shared, so the start-up is measured beside the timings instead of assumed. Measuring
costs a process start itself, so a measurement serves the timings of the next half minute."""

from __future__ import annotations

import subprocess
import sys
import time

FRESH_FOR_S = 30.0
_measured: list[tuple[float, float]] = []  # (when, seconds) of the last measurement


def start_up_s() -> float:
    now = time.monotonic()
    if _measured and now - _measured[-1][0] < FRESH_FOR_S:
        return _measured[-1][1]
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "boardsat", "backends"], capture_output=True, check=True)
    _measured[:] = [(now, time.perf_counter() - started)]
    return _measured[-1][1]
