"""One cell, run in its own child process under its time and memory limits, as one row.

The child (:func:`boardsat.core.child.run_in_child`) is killed ``GRACE_S`` past the cell's time limit,
with everything it started; the solver is told the limit too, so a well-behaved route ends
UNKNOWN with its bound before the kill. The child holds the memory ceiling
(:func:`boardsat.core.memory.memory_ceiling`) and measures its own CPU seconds and peak memory.
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from dataclasses import asdict
from datetime import datetime, timezone
from typing import Any

from boardsat.core.cells import Cell, RowOutcome
from boardsat.core.child import ChildFailed, ChildOutOfMemory, TimedOut, run_in_child
from boardsat.core.deadline import cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.memory import MemoryLimitReached, memory_ceiling
from boardsat.harness.puzzles import puzzle_bench
from boardsat.harness.records import Row, cell_key, machine, versions

GRACE_S = 1.0
KIB = 1024
MIB = 2**20
FAILED = ("TIMEOUT", "MEMOUT", "ERROR")
"""Statuses of a cell that gave no answer of its own: killed at a limit, or failed."""


class Cancelled(Exception):
    """The sweep was cancelled (Ctrl-C) while this cell ran: it has no row."""


def key_of(cell: Cell) -> str:
    """The row key of ``cell`` (:func:`boardsat.harness.records.cell_key`)."""
    route = puzzle_bench(cell.puzzle).route(cell.route)
    return cell_key(cell, dict(route.options))


def run_cell(cell: Cell) -> Row:
    """The row of ``cell``: its outcome, or TIMEOUT, MEMOUT or ERROR; raises Cancelled when the
    sweep was cancelled meanwhile. This is also the task a Dask worker runs."""
    started = time.perf_counter()
    failure = ""
    try:
        run = puzzle_bench(cell.puzzle).run  # found here: the child runs what this process would
        ran = run_in_child(lambda: _measured(run, cell), cell.time_limit, grace=GRACE_S, quiet=True)
    except ChildOutOfMemory as error:
        ran, failure = None, f"MEMOUT: {_last_line(error)}"
    except (ChildFailed, BoardsatError) as error:
        ran, failure = None, f"ERROR: {_last_line(error)}"
    wall = time.perf_counter() - started
    if cancelled():
        raise Cancelled
    if isinstance(ran, TimedOut):
        return _row(cell, RowOutcome("TIMEOUT", detail=f"killed at {cell.time_limit:g} s"), wall)
    if ran is None:
        status, _, why = failure.partition(": ")
        return _row(cell, RowOutcome(status, detail=why), wall)
    outcome, cpu, peak = ran.value
    return _row(cell, outcome, wall, cpu, peak)


def failed_row(cell: Cell, why: str, wall: float = 0.0) -> Row:
    """The row of a cell whose worker died or whose task failed outside the cell's child."""
    return _row(cell, RowOutcome("ERROR", detail=why), wall)


def _measured(run: Callable[[Cell], RowOutcome], cell: Cell) -> tuple[RowOutcome, float, float]:
    """In the child: the puzzle's run under the memory ceiling, its CPU seconds (children
    included) and the peak resident memory in MiB."""
    if cell.memory_limit is None:
        outcome = run(cell)
    else:
        try:
            with memory_ceiling(cell.memory_limit):
                outcome = run(cell)
        except MemoryLimitReached as error:
            outcome = RowOutcome("MEMOUT", detail=str(error))
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    cpu = own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
    peak = max(own.ru_maxrss, children.ru_maxrss) * KIB / MIB
    return outcome, cpu, peak


def _row(
    cell: Cell,
    outcome: RowOutcome,
    wall: float,
    cpu: float | None = None,
    peak: float | None = None,
) -> Row:
    bench = puzzle_bench(cell.puzzle)
    spec, route = bench.instance(cell.instance), bench.route(cell.route)
    fields: dict[str, Any] = asdict(outcome)
    problems = fields.pop("problems")
    return {
        "key": cell_key(cell, dict(route.options)),
        **asdict(cell),
        "backend": route.backend,
        "encoding": route.encoding,
        "options": dict(route.options),
        "sense": spec.sense,
        "size": spec.size,
        "reference": spec.reference,
        "reference_source": spec.reference_source,
        **fields,
        "verified": outcome.status not in FAILED and not problems,
        "problems": list(problems),
        "wall_s": round(wall, 4),
        "cpu_s": None if cpu is None else round(cpu, 4),
        "peak_mib": None if peak is None else round(peak, 1),
        "versions": versions(),
        "machine": machine(),
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


def _last_line(error: Exception) -> str:
    lines = str(error).strip().splitlines()
    return lines[-1] if lines else type(error).__name__
