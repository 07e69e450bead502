"""How long `boardsat` takes to start on this machine now, for tests that time a whole run: the
machine is shared, so the start-up is measured beside each timing instead of assumed.

The start-up includes loading CP-SAT, which most commands load within their time limit: an import
cannot be interrupted, and it takes a second on an idle machine (OR-Tools loads pandas) and over
two on a loaded one, where it alone outran a one-second limit's allowance."""

from __future__ import annotations

import subprocess
import sys
import time

STARTING = "import ortools.sat.python.cp_model; from boardsat.cli import main; main(['backends'])"


def start_up_s() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", STARTING], capture_output=True, check=True)
    return time.perf_counter() - started
