"""How long `boardsat` takes to start on this machine now, for tests that time a whole run: the
machine is shared, so the start-up is measured beside each timing instead of assumed."""

from __future__ import annotations

import subprocess
import sys
import time


def start_up_s() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "boardsat", "backends"], capture_output=True, check=True)
    return time.perf_counter() - started
