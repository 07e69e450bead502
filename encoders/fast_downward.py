"""Fast Downward on a planning task: the peer a planning user would run instead of boardsat.

The task goes out as the same grounded PDDL that ``--export`` writes (``encoders/pddl.py``), and
the planner is the one the ``up-fast-downward`` wheel ships (Linux x86-64), run as its own
driver script in a subprocess with its own time limit. Only optimal searches are offered: A*
with a blind, an h^max or an LM-cut estimate. LM-cut takes no conditional effects (Flip-It's
flips), and the planner refuses such a task itself. The plan comes back as the task's actions,
for the puzzle to decode and replay like any other route's.
"""

from __future__ import annotations

import contextlib
import importlib.resources
import importlib.util
import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory

from boardsat.core.errors import BoardsatError
from boardsat.core.planning_task import Action, PlanningTask
from boardsat.core.results import Status
from boardsat.encoders.pddl import pddl

SEARCHES = {
    "blind": "astar(blind())",
    "hmax": "astar(hmax())",
    "lmcut": "astar(lmcut())",
}
"""The optimal configurations by name: A* on each admissible estimate."""
NO_CONDITIONAL_EFFECTS = ("lmcut",)
"""The configurations the planner refuses on a task with conditional effects."""
EXTRA = "fast-downward"
# the driver's exit codes (its documented "returncodes"): found, proven unsolvable, out of time
FOUND = 0
UNSOLVABLE = (10, 11)
OUT_OF_TIME = (21, 23, 24)  # the translator's, the search's, both
OUT_OF_MEMORY = (20, 22)
UNSUPPORTED = 34
STOP_EARLY_S = 1  # the planner's own limit, this much before ours: it says UNKNOWN itself


@dataclass(frozen=True)
class PlannerRun:
    """What the planner answered: OPTIMAL with its plan, UNSATISFIABLE (no plan of any length),
    or UNKNOWN (its time or memory ran out); its states expanded and its search's seconds when
    it said them."""

    status: Status
    plan: tuple[Action, ...] | None
    expanded: int | None
    search_seconds: float | None
    detail: str


def available() -> bool:
    """Whether the wheel is installed here."""
    return importlib.util.find_spec("up_fast_downward") is not None


def plan_with_fast_downward(
    task: PlanningTask, name: str, search: str, time_limit: float
) -> PlannerRun:
    """Fast Downward's ``search`` (a key of :data:`SEARCHES`) on ``task``, stopped by its own
    driver at ``time_limit`` seconds (the translator's time included)."""
    if search not in SEARCHES:
        raise BoardsatError(
            f"unknown Fast Downward search {search!r}; known: {', '.join(SEARCHES)}"
        )
    if not available():
        raise BoardsatError(f"Fast Downward is not installed: pip install 'boardsat[{EXTRA}]'")
    exported = pddl(task, name)
    driver = importlib.resources.files("up_fast_downward").joinpath("downward/fast-downward.py")
    with (
        TemporaryDirectory(prefix="boardsat-fd-") as folder,
        importlib.resources.as_file(driver) as script,
    ):
        work = Path(folder)
        (work / "domain.pddl").write_text(exported.domain)
        (work / "problem.pddl").write_text(exported.problem)
        try:
            run = _drive(str(script), work, search, time_limit)
        except subprocess.TimeoutExpired:  # its own limit counts CPU seconds, not the wall's
            return PlannerRun(Status.UNKNOWN, None, None, None, "out of time")
        said = run.stdout + run.stderr
        plan_file = work / "plan"
        names = plan_file.read_text().splitlines() if plan_file.exists() else []
    found = _last_number(r"Expanded (\d+) state", said)
    expanded = None if found is None else int(found)
    seconds = _last_number(r"Search time: ([0-9.]+)s", said)
    if run.returncode == FOUND:
        plan = tuple(
            exported.actions[line.strip("() ").lower()] for line in names if line[:1] != ";"
        )
        return PlannerRun(Status.OPTIMAL, plan, expanded, seconds, f"{len(plan)} moves")
    if run.returncode in UNSOLVABLE:
        return PlannerRun(Status.UNSATISFIABLE, None, expanded, seconds, "proven unsolvable")
    if run.returncode in OUT_OF_TIME or run.returncode in OUT_OF_MEMORY:
        why = "time" if run.returncode in OUT_OF_TIME else "memory"
        return PlannerRun(Status.UNKNOWN, None, expanded, seconds, f"out of {why}")
    if run.returncode == UNSUPPORTED:
        raise BoardsatError(
            f"Fast Downward's {search} does not take this task (conditional effects?)"
        )
    last = said.strip().splitlines()[-1:] or ["no output"]
    raise BoardsatError(f"Fast Downward failed (exit code {run.returncode}): {last[0]}")


def _drive(
    script: str, work: Path, search: str, time_limit: float
) -> subprocess.CompletedProcess[str]:
    """The planner's driver on the two files in ``work``, under its own limit and ours: the
    driver's counts CPU seconds, so past the wall's the driver and its search are killed."""
    command = [
        sys.executable,
        script,
        "--overall-time-limit",
        f"{max(1, int(time_limit) - STOP_EARLY_S)}s",
        "--plan-file",
        "plan",
        "domain.pddl",
        "problem.pddl",
        "--search",
        SEARCHES[search],
    ]
    with subprocess.Popen(
        command, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,  # its own group: the search it starts dies with it
    ) as process:  # fmt: skip
        try:
            out, err = process.communicate(timeout=max(1.0, time_limit - STOP_EARLY_S / 2))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            raise
    return subprocess.CompletedProcess(command, process.returncode, out, err)


def _last_number(pattern: str, text: str) -> float | None:
    found = re.findall(pattern, text)
    return float(found[-1]) if found else None
