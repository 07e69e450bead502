"""`boardsat tour`: find, list or count knight's tours; `boardsat bench tour`: routes compared.

Squares are read in chess notation (a1 = bottom-left) or as 0-based ``row,col``; JSON lists
squares as ``[row, col]``, row 0 at the top.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from boardsat.backends import CPSAT
from boardsat.cli.common import (
    backend_option,
    comma_list,
    emit_json,
    export_option,
    json_option,
    progress,
    refuse_beside_export,
    report_export,
    time_limit_option,
    usable_time_limit,
)
from boardsat.deadline import LONGEST_TIME_LIMIT_S
from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS, DEFAULT_CIRCUIT_ENCODING
from boardsat.encoders.export import EXPORT_CIRCUIT_ENCODING, export_model
from boardsat.errors import BoardsatError
from boardsat.files import new_file_target, write_new_file
from boardsat.models.board import Board, Square
from boardsat.models.tour.bench import CLOSED_ROUTES
from boardsat.models.tour.model import (
    TourCount,
    TourSpec,
    build_tour_model,
    count_by_enumeration,
    find_tour,
    numbered_board,
    tour_names,
)
from boardsat.models.tour.png import require_pillow, tour_png
from boardsat.models.tour.split import find_closed_by_quadrants
from boardsat.models.tour.svg import tour_svg

COUNTERS = ("zdd", "enumerate")
SOLVING_OPTIONS = (
    "count_tours",
    "list_all",
    "limit",
    "counter",
    "backend",
    "quadrants",
    "time_limit",
    "svg",
    "png",
)
DRAWINGS: dict[str, Callable[[Board, Sequence[Square], bool], str | bytes]] = {
    "svg": tour_svg,
    "png": tour_png,
}
"""The drawing forms by the option that asks for them."""


@click.command("tour")
@click.argument("rows", type=click.IntRange(min=1))
@click.argument("cols", type=click.IntRange(min=1), required=False)
@click.option("--open", "open_tour", is_flag=True, help="A path, not a closed circuit.")
@click.option(
    "--start", help="First square (a1 or row,col); for a closed tour, where to list from."
)
@click.option("--end", help="Last square of an open tour.")
@click.option("--count", "count_tours", is_flag=True, help="Count the tours.")
@click.option("--all", "list_all", is_flag=True, help="List the tours (up to --limit).")
@click.option("--limit", type=click.IntRange(min=1), help="Stop --all after this many tours.")
@click.option(
    "--counter",
    type=click.Choice(COUNTERS),
    default="zdd",
    show_default=True,
    help="How --count counts: a decision diagram (graphillion), or enumeration on --backend.",
)
@backend_option()
@click.option(
    "--encoding",
    help=f"CNF circuit encoding for a SAT backend: {', '.join(CIRCUIT_ENCODINGS)}.",
)
@click.option(
    "--quadrants",
    is_flag=True,
    help="Closed tour joined from four quadrant tours "
    "(large boards with both sides even; fast, still checked).",
)
@time_limit_option
@click.option("--svg", type=click.Path(dir_okay=False), help="Draw the tour into a new SVG file.")
@click.option(
    "--png",
    type=click.Path(dir_okay=False),
    help="Draw the tour into a new PNG file (needs Pillow: boardsat[png]).",
)
@export_option
@json_option
def command(
    rows: int,
    cols: int | None,
    open_tour: bool,
    start: str | None,
    end: str | None,
    count_tours: bool,
    list_all: bool,
    limit: int | None,
    counter: str,
    backend: str,
    encoding: str | None,
    quadrants: bool,
    time_limit: float | None,
    svg: str | None,
    png: str | None,
    export_path: str | None,
    as_json: bool,
) -> None:
    """Knight's tours on a ROWS x COLS board (square when COLS is left out).

    --export writes the circuit model (move_R1_C1_R2_C2 per knight move) as CNF for other SAT
    solvers instead, by the complete circuit encoding --encoding names (default
    vertex-elimination).
    """
    board = Board(rows, cols if cols is not None else rows)
    spec = TourSpec(
        board,
        closed=not open_tour,
        start=_square(board, start, "--start"),
        end=_square(board, end, "--end"),
    )
    if export_path is not None:
        refuse_beside_export(SOLVING_OPTIONS)
        circuit = encoding or EXPORT_CIRCUIT_ENCODING
        report_export(
            export_model(build_tour_model(spec).model, export_path, circuit=circuit), as_json
        )
        return
    options = _backend_options(backend, encoding)
    if count_tours and list_all:
        raise click.BadParameter("give either --count or --all", param_hint="--count")
    if limit is not None and not list_all:
        raise click.BadParameter("only --all takes a limit", param_hint="--limit")
    drawings = {form: path for form, path in (("svg", svg), ("png", png)) if path is not None}
    if drawings and (count_tours or list_all):
        raise click.BadParameter(
            "draws a single tour: leave out --count/--all",
            param_hint="/".join(f"--{form}" for form in drawings),
        )
    if quadrants and (open_tour or start is not None or count_tours or list_all):
        raise click.BadParameter(
            "finds one closed tour: leave out --open/--start/--count/--all",
            param_hint="--quadrants",
        )
    _check_drawings(drawings)
    if png is not None:
        require_pillow()
    document: dict[str, Any] = {
        "rows": board.rows,
        "cols": board.cols,
        "closed": spec.closed,
        "start": None if spec.start is None else list(spec.start),
        "end": None if spec.end is None else list(spec.end),
    }
    if count_tours or list_all:
        counted = _count(
            spec, counter if count_tours else "enumerate", backend, options, limit, time_limit
        )
        _report_count(spec, counted, list_all, document, as_json)
        return
    if quadrants:
        split = find_closed_by_quadrants(
            board.rows, board.cols, backend, time_limit=time_limit, **options
        )
        status, tour = split.status, split.tour
        route = f"quadrants of {_encoding_of(backend, options)}"
        seconds = sum(block_seconds for _, block_seconds in split.blocks)
    else:
        answer = find_tour(spec, backend, time_limit=time_limit, **options)
        status, tour = answer.status, answer.tour
        route, seconds = answer.result.encoding, answer.seconds
    document |= {
        "status": status.value,
        "found": bool(tour),
        "tour": [list(square) for square in tour],
        "backend": backend,
        "encoding": route,
        "seconds": seconds,
    }
    failures: list[str] = []
    for form, path in drawings.items() if tour else ():
        try:
            write_new_file(path, DRAWINGS[form](board, tour, spec.closed))
            document[form] = path
        except BoardsatError as error:  # a name taken or a disk full since the check
            failures.append(str(error))
    if as_json:
        emit_json(document)
    else:
        click.echo(f"{spec.describe()}: {status.value} ({seconds:.2f} s, {route})")
        if tour:
            click.echo(numbered_board(board, tour))
            click.echo(tour_names(board, tour))
        elif drawings:
            click.echo(f"no tour, so no {' or '.join(sorted(drawings))} written")
    if failures:  # the tour is out above, so a late failure does not lose the solve
        raise BoardsatError(f"{'; '.join(failures)} (the tour is printed all the same)")


def _check_drawings(drawings: dict[str, str]) -> None:
    """Refuse, before solving, a drawing file that cannot be created or one file named twice."""
    named: dict[Path, str] = {}
    for form, path in drawings.items():
        target = new_file_target(path)
        if target in named:
            raise click.BadParameter(
                f"names the same file as --{named[target]}", param_hint=f"--{form}"
            )
        named[target] = form


def _encoding_of(backend: str, options: dict[str, Any]) -> str:
    return (
        backend
        if backend == CPSAT
        else f"{backend}/{options.get('circuit', DEFAULT_CIRCUIT_ENCODING)}"
    )


def _square(board: Board, text: str | None, option: str) -> Square | None:
    if text is None:
        return None
    try:
        return board.parse(text)
    except BoardsatError as error:
        raise click.BadParameter(str(error), param_hint=option) from None


def _backend_options(backend: str, encoding: str | None) -> dict[str, Any]:
    if encoding is None:
        return {}
    if backend == CPSAT:
        raise click.BadParameter(
            "CP-SAT has a native circuit; --encoding picks a CNF encoding for a SAT backend",
            param_hint="--encoding",
        )
    if encoding not in CIRCUIT_ENCODINGS:
        raise click.BadParameter(
            f"unknown circuit encoding {encoding!r}; known: {', '.join(CIRCUIT_ENCODINGS)}",
            param_hint="--encoding",
        )
    return {"circuit": encoding}


def _count(
    spec: TourSpec,
    counter: str,
    backend: str,
    options: dict[str, Any],
    limit: int | None,
    time_limit: float | None,
) -> TourCount:
    if counter == "zdd":
        if time_limit is not None:
            raise click.BadParameter(
                "the decision-diagram counter runs to the end; use --counter enumerate",
                param_hint="--time-limit",
            )
        from boardsat.models.tour.zdd import count_by_zdd

        return count_by_zdd(spec)
    return count_by_enumeration(spec, backend, limit=limit, time_limit=time_limit, **options)


def _report_count(
    spec: TourSpec, counted: TourCount, list_all: bool, document: dict[str, Any], as_json: bool
) -> None:
    document |= {
        "found": counted.count > 0,
        "count": counted.count,
        "exact": counted.exact,
        "route": counted.route,
        "seconds": counted.seconds,
    }
    document["tour"] = [list(square) for square in counted.tours[0]] if counted.tours else []
    if list_all:
        document["tours"] = [[list(square) for square in tour] for tour in counted.tours]
    if as_json:
        emit_json(document)
        return
    board = spec.board
    if list_all:
        for number, tour in enumerate(counted.tours, 1):
            click.echo(f"{number}: {tour_names(board, tour)}")
    bound = "" if counted.exact else "at least "
    click.echo(
        f"{spec.describe()}: {bound}{counted.count} tours ({counted.route}, {counted.seconds:.2f} s)"
    )


@click.command("tour")
@click.option(
    "--sizes",
    default="8,12,16,20,30,40,60,80,100",
    show_default=True,
    help="Closed n x n tours to find, comma-separated.",
)
@click.option(
    "--routes",
    default=",".join(CLOSED_ROUTES),
    show_default=True,
    help="cpsat, cadical195/<circuit encoding>, 'quadrants <route>'; comma-separated.",
)
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0.1, max=LONGEST_TIME_LIMIT_S),
    callback=usable_time_limit,
    default=60.0,
    show_default=True,
    help="Seconds per solve; a route stops at its first board without an answer in time.",
)
@click.option("--repeats", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--output",
    type=click.Path(dir_okay=False),
    help="Results file (default bench/results/tour.json).",
)
def bench(sizes: str, routes: str, time_limit: float, repeats: int, output: str | None) -> None:
    """Closed n x n tours per route, counting speed (ZDD vs enumeration), CNF encoding sizes."""
    from boardsat.benchmark import ratio_table, results_file
    from boardsat.models.tour import bench as tour_bench

    boards = _board_sides(sizes)
    chosen = comma_list(routes, "--routes", "route")
    unknown = [route for route in chosen if route not in CLOSED_ROUTES]
    if unknown:
        raise click.BadParameter(f"unknown route {unknown[0]!r}", param_hint="--routes")
    target = results_file("tour", output)
    progress("closed tours ...")
    found = tour_bench.closed_tours(boards, chosen, time_limit, repeats)
    click.echo(ratio_table(found, "cpsat"))
    progress("counting ...")
    counted = tour_bench.counting(repeats, time_limit)
    click.echo(ratio_table(counted, "enumerate cpsat"))
    progress("encoding sizes ...")
    table = tour_bench.encoding_sizes([6, 8, 12, 16, 20, 30])
    click.echo(f"{'board':<8} {'encoding':<20} {'arcs':>8} {'variables':>10} {'clauses':>10}")
    for row in table:
        click.echo(
            f"{row['board']:<8} {row['encoding']:<20} {row['arcs']:>8} {row['variables']:>10} {row['clauses']:>10}"
        )
    settings = {
        "sizes": boards,
        "routes": chosen,
        "time_limit_s": time_limit,
        "repeats": repeats,
        "encoding_sizes": table,
    }
    click.echo(f"results written to {target.write([*found, *counted], settings)}")


def _board_sides(text: str) -> list[int]:
    """The ``--sizes`` list, each side checked before anything is measured."""
    try:
        sides = [int(part) for part in comma_list(text, "--sizes", "board side")]
    except ValueError:
        raise click.BadParameter(
            f"expected comma-separated integers, got {text!r}", param_hint="--sizes"
        ) from None
    if min(sides) < 3:
        raise click.BadParameter("board sides must be at least 3", param_hint="--sizes")
    for side in sides:
        Board(side, side)  # a board too large is one error line
    return sides
