"""Start-up of `boardsat` as whole processes, beside the yardsticks issue 54 sets: `import click`
for `--version` and `--help`, and bench/bfs_baseline.py for the Flip-It and shogi seeds.

The commands run in turns, so a load that comes and goes on a shared machine falls on all of
them alike. Each line gives the median wall time and the median CPU time (user and system) of
the process; the CPU time moves less with the load. bench/results/startup.md keeps the figures.

    python bench/startup.py [RUNS]
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

BASELINE = str(Path(__file__).with_name("bfs_baseline.py"))
PYTHON = sys.executable
BOARDSAT = [PYTHON, "-m", "boardsat"]
ENVIRONMENT = {
    name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"
}
"""As an installed boardsat runs: with its bytecode cached."""
COMMANDS = {
    "python -c 'import click'": [PYTHON, "-c", "import click"],
    "boardsat --version": [*BOARDSAT, "--version"],
    "boardsat --help": [*BOARDSAT, "--help"],
    "bfs_baseline.py flipit": [PYTHON, BASELINE, "flipit"],
    "boardsat flipit": [*BOARDSAT, "flipit"],
    "bfs_baseline.py shogi": [PYTHON, BASELINE, "shogi"],
    "boardsat shogi": [*BOARDSAT, "shogi"],
}


def timed(command: list[str]) -> tuple[float, float]:
    """One run's wall and CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, env=ENVIRONMENT, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main(runs: int) -> None:
    for command in COMMANDS.values():  # once unmeasured: the bytecode cache is written
        timed(command)
    walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpus: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(runs):
        for name, command in COMMANDS.items():
            wall, cpu = timed(command)
            walls[name].append(wall)
            cpus[name].append(cpu)
    print(f"{runs} runs each, in turns; load average {os.getloadavg()[0]:.1f}")
    print("| command | median wall (s) | median CPU (s) |")
    print("|---|---|---|")
    for name in COMMANDS:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        print(f"| `{name}` | {wall:.3f} | {cpu:.3f} |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 21)
