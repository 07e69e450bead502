"""A sweep: the matrix's cells not yet in the record, run here one after another or several at
once (``run_jobs``), or as tasks on a Dask cluster, each row appended as it arrives, then every
row checked against the others."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass

from boardsat.core.cells import Cell
from boardsat.harness.execute import Cancelled, key_of, run_cell
from boardsat.harness.matrix import Matrix
from boardsat.harness.records import Row, RowLog
from boardsat.harness.verify import contradictions

Runner = Callable[[Sequence[Cell]], Iterator[Row]]
"""Runs cells and yields their rows as each finishes, in any order."""
OnRow = Callable[[Row], None]


@dataclass(frozen=True)
class SweepResult:
    """The matrix's rows (earlier ones of a resumed record first), how many ran now, and the
    contradictions among them."""

    rows: tuple[Row, ...]
    ran: int
    skipped: int
    contradictions: tuple[str, ...]


def run_here(cells: Sequence[Cell]) -> Iterator[Row]:
    """Each cell in its own child process, one at a time; stops quietly when cancelled."""
    for cell in cells:
        try:
            yield run_cell(cell)
        except Cancelled:
            return


def run_jobs(jobs: int) -> Runner:
    """``jobs`` cells at once, each still in its own child process, waited on by one thread
    each; rows come as cells finish. Stops quietly when cancelled: Ctrl-C kills every child."""
    if jobs <= 1:
        return run_here

    def run(cells: Sequence[Cell]) -> Iterator[Row]:
        with ThreadPoolExecutor(jobs) as pool:
            futures = [pool.submit(run_cell, cell) for cell in cells]
            try:
                for future in as_completed(futures):
                    try:
                        yield future.result()
                    except Cancelled:
                        return
            finally:
                for future in futures:
                    future.cancel()

    return run


def sweep(
    matrix: Matrix, log: RowLog, runner: Runner = run_here, on_row: OnRow | None = None
) -> SweepResult:
    """Run the cells of ``matrix`` that ``log`` has no row for, appending each row at once."""
    keys = {key_of(cell): cell for cell in matrix.cells}
    done = log.done
    todo = [cell for key, cell in keys.items() if key not in done]
    earlier = [row for row in log.earlier if row["key"] in keys]
    fresh: list[Row] = []
    try:
        for row in runner(todo):
            if matrix.baseline is not None:  # so that a report of the record alone has it too
                row["baseline"] = matrix.baseline
            log.append(row)
            fresh.append(row)
            if on_row is not None:
                on_row(row)
    finally:
        log.close()
    rows = (*earlier, *fresh)
    return SweepResult(rows, len(fresh), len(matrix.cells) - len(todo), tuple(contradictions(rows)))
