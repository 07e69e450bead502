"""`boardsat bench run`, `bench report` and `bench matrices`: sweeps of the benchmark harness
(:mod:`boardsat.harness`), their summary tables, plots and contradictions.

A sweep writes a new record or resumes its own; a committed reference record under
``bench/records/`` changes only through ``--update-record NAME``, which writes the finished
sweep there in one step. Contradictions are printed on stderr and make the exit status 1.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import click
import cloup

from boardsat.cli.common import comma_list, usable_time_limit
from boardsat.cli.exits import CHECK_FAILED, INTERRUPTED
from boardsat.cli.interrupt import ctrl_c_cancels
from boardsat.cli.terminal import session
from boardsat.core.deadline import cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.files import new_file_target
from boardsat.core.memory import parse_memory_size
from boardsat.core.wording import counted
from boardsat.harness.cluster import dask_runner
from boardsat.harness.execute import FAILED
from boardsat.harness.matrix import Limits, Matrix, cross, load_matrix, shipped_matrices
from boardsat.harness.plots import draw_plots, plot_files
from boardsat.harness.puzzles import puzzle_benches
from boardsat.harness.records import Row, RowLog, read_rows, write_csv
from boardsat.harness.report import RouteSummary, recorded_baseline, summary
from boardsat.harness.sweep import run_jobs, sweep
from boardsat.harness.verify import contradictions

RECORDS = Path("bench") / "records"


def _memory(_ctx: click.Context, _param: click.Parameter, value: str | None) -> int | None:
    try:
        return None if value is None else parse_memory_size(value)
    except BoardsatError as error:
        raise click.BadParameter(str(error)) from None


def _pair(text: str | None) -> tuple[str, str] | None:
    if text is None:
        return None
    names = comma_list(text, "--scatter", "route")
    if len(names) != 2:
        raise click.BadParameter("name two routes, A,B", param_hint="--scatter")
    return names[0], names[1]


@cloup.command("run")
@click.argument("matrix", required=False)
@cloup.option_group(
    "Cells",
    click.option(
        "--puzzle", help="Instead of MATRIX: the puzzle whose cells --instances and --routes name."
    ),
    click.option(
        "--instances",
        help="Comma-separated instance names (`boardsat bench matrices` lists the families).",
    ),
    click.option("--routes", help="Comma-separated route names."),
    click.option("--seeds", default="0", show_default=True, help="Comma-separated seeds."),
)
@cloup.option_group(
    "Limits per cell",
    click.option(
        "--time-limit",
        type=float,
        callback=usable_time_limit,
        help="Seconds per cell; the cell's child process is killed just past it [default: the"
        " matrix's, else 60].",
    ),
    click.option(
        "--memory-limit",
        metavar="SIZE",
        callback=_memory,
        help="Memory ceiling per cell, such as 2G.",
    ),
    click.option(
        "--threads", type=click.IntRange(min=1), help="Solver threads per cell [default: 1]."
    ),
)
@cloup.option_group(
    "The record",
    click.option(
        "--out",
        "out",
        type=click.Path(dir_okay=False),
        help="The JSONL record: a new file, or with --resume its own.",
    ),
    click.option(
        "--resume", is_flag=True, help="Continue --out: cells whose rows it holds are skipped."
    ),
    click.option(
        "--update-record",
        metavar="NAME",
        help="Replace the committed record bench/records/NAME.jsonl by this sweep once it finishes.",
    ),
)
@cloup.option_group(
    "Where cells run",
    click.option(
        "--jobs",
        type=click.IntRange(min=1),
        default=1,
        show_default=True,
        help="Cells run at once here, each in its own child process (not with --dask).",
    ),
    click.option(
        "--dask",
        "dask_address",
        metavar="ADDRESS",
        help="Run on the Dask scheduler at tcp://HOST:PORT, or local:N for a LocalCluster of N workers.",
    ),
)
@cloup.option_group(
    "Report",
    click.option(
        "--csv",
        "csv_path",
        type=click.Path(dir_okay=False),
        help="Also write the rows as CSV to this new file.",
    ),
    click.option(
        "--plot",
        "plot_dir",
        type=click.Path(file_okay=False),
        help="Draw cactus, size and scatter plots (PNG and SVG) into this folder.",
    ),
    click.option("--scatter", help="The scatter plot's two routes, A,B [default: the first two]."),
    click.option("--baseline", help="The route ratios are taken against [default: the matrix's]."),
    click.option("--quiet", is_flag=True, help="No progress on stderr."),
)
def run(
    matrix: str | None,
    puzzle: str | None,
    instances: str | None,
    routes: str | None,
    seeds: str,
    time_limit: float | None,
    memory_limit: int | None,
    threads: int | None,
    out: str | None,
    resume: bool,
    update_record: str | None,
    jobs: int,
    dask_address: str | None,
    csv_path: str | None,
    plot_dir: str | None,
    scatter: str | None,
    baseline: str | None,
    quiet: bool,
) -> None:
    """Run a matrix: a shipped one by name, a TOML file, or --puzzle/--instances/--routes.

    Each cell runs in its own child process, killed at its limit; each row is verified by the
    puzzle's rules, appended to the record at once, and compared with the other rows and the
    references. Exit status 1 when any row is contradicted.
    """
    overrides = {"time_limit": time_limit, "memory_limit": memory_limit, "threads": threads}
    chosen = _matrix(matrix, puzzle, instances, routes, seeds, overrides)
    if baseline is not None:  # kept in the rows, so that a report of the record takes it too
        _check_baseline(baseline, [cell.route for cell in chosen.cells], "this matrix")
        chosen = replace(chosen, baseline=baseline)
    if time_limit == 0:
        raise click.BadParameter("must be more than 0 seconds", param_hint="--time-limit")
    target, record = _targets(out, resume, update_record)
    pair = _pair(scatter)
    if plot_dir is not None:
        plot_files(Path(plot_dir))
    if dask_address and jobs > 1:
        raise click.BadParameter("give --jobs or --dask, not both", param_hint="--jobs")
    runner = dask_runner(dask_address) if dask_address else run_jobs(jobs)
    log = RowLog(target, resume)
    with session(quiet) as terminal, ctrl_c_cancels():
        left = len(chosen.cells) - len(log.done & _keys(chosen))
        with terminal.sweep_progress(left) as done:
            result = sweep(
                chosen, log, runner, lambda row: done(_row_line(row), row["status"] in FAILED)
            )
    if cancelled():
        click.echo(
            f"boardsat: interrupted; {len(result.rows)} finished rows are in {target};"
            " --resume continues",
            err=True,
        )
        raise SystemExit(INTERRUPTED)
    _show(result.rows, chosen.baseline, result.contradictions)
    click.echo(
        f"{counted(result.ran, 'cell')} run, {result.skipped} skipped as done; rows in {target}"
    )
    if csv_path is not None:
        write_csv(result.rows, Path(csv_path))
    if plot_dir is not None:
        for path in draw_plots(result.rows, Path(plot_dir), pair):
            click.echo(f"plot written to {path}")
    if result.contradictions:
        raise SystemExit(CHECK_FAILED)
    if record is not None:
        os.replace(target, record)
        click.echo(f"record {record} updated")


def _matrix(
    matrix: str | None,
    puzzle: str | None,
    instances: str | None,
    routes: str | None,
    seeds: str,
    overrides: dict[str, Any],
) -> Matrix:
    given = [
        name
        for name, value in (("--puzzle", puzzle), ("--instances", instances), ("--routes", routes))
        if value
    ]
    if matrix is not None:
        if given:
            raise click.BadParameter(f"give MATRIX or {given[0]}, not both", param_hint=given[0])
        return load_matrix(matrix, overrides)
    if puzzle is None or instances is None or routes is None:
        raise click.UsageError("give a MATRIX, or --puzzle, --instances and --routes")
    try:
        seed_list = [int(seed) for seed in comma_list(seeds, "--seeds", "seed")]
    except ValueError:
        raise click.BadParameter(
            f"expected comma-separated integers, got {seeds!r}", param_hint="--seeds"
        ) from None
    limits = Limits(**{k: v for k, v in overrides.items() if v is not None})
    cells = cross(
        puzzle,
        comma_list(instances, "--instances", "instance"),
        comma_list(routes, "--routes", "route"),
        seed_list,
        limits,
    )
    if len(set(cells)) != len(cells):
        raise click.BadParameter("a cell is named twice", param_hint="--instances")
    return Matrix(puzzle, "", tuple(cells))


def _targets(out: str | None, resume: bool, update_record: str | None) -> tuple[Path, Path | None]:
    """The file the sweep appends to, and the record it replaces at the end (or None)."""
    if update_record is None:
        if out is None:
            raise click.UsageError("name the record: --out FILE.jsonl (or --update-record NAME)")
        if not Path(out).is_file():
            new_file_target(out)  # a name that names no file is refused as given
        return Path(out), None
    if out is not None:
        raise click.BadParameter(
            "--update-record writes bench/records/NAME.jsonl; leave out --out", param_hint="--out"
        )
    if not update_record.replace("-", "").replace("_", "").isalnum():
        raise click.BadParameter(
            f"a record name is letters, digits, - and _, got {update_record!r}",
            param_hint="--update-record",
        )
    if not RECORDS.is_dir():
        raise BoardsatError(f"there is no folder {RECORDS}: run from the repository root")
    return RECORDS / f"{update_record}.jsonl.new", RECORDS / f"{update_record}.jsonl"


def _check_baseline(baseline: str, routes: Sequence[str], where: str) -> None:
    """A baseline must be a route that ran: any other name would leave every ratio blank."""
    if baseline not in routes:
        known = ", ".join(dict.fromkeys(routes))
        raise click.BadParameter(
            f"{baseline!r} is no route of {where}; its routes: {known}", param_hint="--baseline"
        )


def _keys(matrix: Matrix) -> set[str]:
    from boardsat.harness.execute import key_of

    return {key_of(cell) for cell in matrix.cells}


def _row_line(row: Row) -> str:
    value = "" if row["objective"] is None else f" {row['objective']}"
    mark = "" if row["verified"] or row["status"] in FAILED else " NOT VERIFIED"
    return (
        f"{row['puzzle']} {row['instance']} {row['route']} seed {row['seed']}:"
        f" {row['status']}{value}{mark} {row['wall_s']:.2f} s"
    )


@click.command("report")
@click.argument("record", type=click.Path(dir_okay=False, exists=True))
@click.option("--baseline", help="The route ratios are taken against [default: the sweep's own].")
@click.option(
    "--plot", "plot_dir", type=click.Path(file_okay=False), help="Draw the plots into this folder."
)
@click.option("--scatter", help="The scatter plot's two routes, A,B.")
@click.option(
    "--csv",
    "csv_path",
    type=click.Path(dir_okay=False),
    help="Write the rows as CSV to this new file.",
)
def report(
    record: str,
    baseline: str | None,
    plot_dir: str | None,
    scatter: str | None,
    csv_path: str | None,
) -> None:
    """Summarise a sweep's record: the table, the contradictions, and plots with --plot."""
    pair = _pair(scatter)
    if plot_dir is not None:
        plot_files(Path(plot_dir))
    rows = read_rows(Path(record))
    if not rows:
        raise BoardsatError(f"{record} holds no rows")
    if baseline is not None:
        _check_baseline(baseline, [row["route"] for row in rows], record)
    found = contradictions(rows)
    _show(rows, baseline or recorded_baseline(rows), tuple(found))
    if csv_path is not None:
        write_csv(rows, Path(csv_path))
    if plot_dir is not None:
        for path in draw_plots(rows, Path(plot_dir), pair):
            click.echo(f"plot written to {path}")
    if found:
        raise SystemExit(CHECK_FAILED)


@click.command("matrices")
def matrices() -> None:
    """List the shipped matrices, and each puzzle's instance families and routes."""
    for name, description in shipped_matrices().items():
        click.echo(f"{name:<16} {description}")
    for puzzle, bench in puzzle_benches().items():
        click.echo(f"\n{puzzle}: instances")
        for family, description in bench.families.items():
            click.echo(f"  {family:<20} {description}")
        click.echo(f"{puzzle}: routes: {', '.join(bench.routes)}")


def _show(rows: Sequence[Row], baseline: str | None, found: Sequence[str]) -> None:
    click.echo(_table(summary(rows, baseline), baseline))
    for line in found:
        click.echo(f"boardsat: CONTRADICTION: {line}", err=True)
    if found:
        click.echo(
            f"boardsat: {len(found)} contradictions; the rows are kept for inspection", err=True
        )


def _table(summaries: Sequence[RouteSummary], baseline: str | None) -> str:
    ratio_head = f"x {baseline}" if baseline else "x baseline"
    width = max([34, *(len(one.route) for one in summaries)])
    lines = [
        f"{'puzzle':<11} {'route':<{width}} {'solved':>9} {'PAR-2 s':>9} {'median s':>9} {ratio_head:>14}"
    ]
    for one in summaries:
        ratio = "-" if one.ratio is None else f"{one.ratio:.2f}"
        lines.append(
            f"{one.puzzle:<11} {one.route:<{width}} {f'{one.solved}/{one.cells}':>9}"
            f" {one.par2:>9.3f} {one.median:>9.3f} {ratio:>14}"
        )
    return "\n".join(lines)


COMMANDS = (run, report, matrices)
