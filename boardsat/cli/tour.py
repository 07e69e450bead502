"""`boardsat tour`: find, list or count knight's tours; `boardsat bench tour`: routes compared.

Squares are read in chess notation (a1 = bottom-left) or as 0-based ``row,col``. The command
checks its options, parses them into a :class:`~boardsat.models.tour.solve.TourRequest`, hands
that to the puzzle's ``solve`` and renders the answer (its JSON lists squares as ``[row, col]``,
row 0 at the top).
"""

from __future__ import annotations

from typing import Any

import click

from boardsat.backends import CPSAT
from boardsat.benchmark import ratio_table, results_file
from boardsat.cli.common import (
    PictureFiles,
    backend_option,
    comma_list,
    emit_json,
    end_at_limit,
    export_option,
    json_option,
    picture_options,
    progress,
    refuse_beside_export,
    report_export,
    show_answer,
    solving_command,
    time_limit_option,
    usable_time_limit,
)
from boardsat.cli.terminal import current
from boardsat.deadline import LONGEST_TIME_LIMIT_S
from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS
from boardsat.encoders.export import EXPORT_CIRCUIT_ENCODING, export_model
from boardsat.errors import BoardsatError
from boardsat.models.board import Board, Square
from boardsat.models.tour import bench as tour_bench
from boardsat.models.tour.answer import TourAnswer
from boardsat.models.tour.model import TourSpec, build_tour_model
from boardsat.models.tour.routes import ROUTES
from boardsat.models.tour.solve import COUNTERS, DEFAULT_COUNTER, TourRequest, solve
from boardsat.models.tour.split import MIN_BLOCK

SOLVING_OPTIONS = (
    "count_tours",
    "list_all",
    "limit",
    "counter",
    "backend",
    "route",
    "time_limit",
    "svg",
    "png",
)


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
    default=DEFAULT_COUNTER,
    show_default=True,
    help="How --count counts: a decision diagram (graphillion), or enumeration on --backend.",
)
@backend_option(default=None, unset="the route's, from boardsat.models.tour.routes")
@click.option(
    "--encoding",
    help=f"CNF circuit encoding for a SAT backend: {', '.join(CIRCUIT_ENCODINGS)}.",
)
@click.option(
    "--route",
    type=click.Choice(list(ROUTES)),
    default="auto",
    show_default=True,
    help="; ".join(f"{name}: {summary}" for name, summary in ROUTES.items())
    + ". AUTO and BLOCK_SIDE are in boardsat.models.tour.routes.",
)
@time_limit_option
@picture_options()
@export_option
@json_option
@solving_command
def command(**given: Any) -> None:
    """Knight's tours on a ROWS x COLS board (square when COLS is left out).

    --export writes the circuit model (move_R1_C1_R2_C2 per knight move) as CNF for other SAT
    solvers instead, by the complete circuit encoding --encoding names (default
    vertex-elimination).

    --count honours --time-limit and --memory-limit with either counter: a count they stop ends
    UNKNOWN (the enumeration says how many tours it had found) with exit status 3.
    """
    spec = _spec(given)
    as_json: bool = given["as_json"]
    if given["export_path"] is not None:
        refuse_beside_export(SOLVING_OPTIONS)
        circuit = given["encoding"] or EXPORT_CIRCUIT_ENCODING
        exported = export_model(build_tour_model(spec).model, given["export_path"], circuit=circuit)
        report_export(exported, as_json)
        return
    request = _request(spec, given)
    pictures = PictureFiles.asked(
        {"svg": given["svg"], "png": given["png"]},
        None if request.job == "find" else "draws a single tour: leave out --count/--all",
    )
    answer = solve(request, current().tours_found)
    if not isinstance(answer, TourAnswer):
        listed = request.job == "list"
        if as_json:
            emit_json(answer.to_json(listed))
        else:
            current().answer("\n".join(answer.lines(listed)))
        end_at_limit(answer.limit_reached)
        return
    show_answer(answer.to_json(), answer.lines(), as_json, pictures, answer)
    end_at_limit(answer.limit_reached)


def _spec(given: dict[str, Any]) -> TourSpec:
    rows: int = given["rows"]
    board = Board(rows, given["cols"] if given["cols"] is not None else rows)
    return TourSpec(
        board,
        closed=not given["open_tour"],
        start=_square(board, given["start"], "--start"),
        end=_square(board, given["end"], "--end"),
    )


def _request(spec: TourSpec, given: dict[str, Any]) -> TourRequest:
    """The options as one request, each combination the request cannot take refused by name."""
    count_tours, list_all = given["count_tours"], given["list_all"]
    backend, encoding = given["backend"], given["encoding"]
    if encoding is not None and backend in (CPSAT, None):
        raise click.BadParameter(
            "picks a CNF encoding for a SAT backend: name one with --backend "
            "(CP-SAT has a native circuit)",
            param_hint="--encoding",
        )
    if encoding is not None and encoding not in CIRCUIT_ENCODINGS:
        raise click.BadParameter(
            f"unknown circuit encoding {encoding!r}; known: {', '.join(CIRCUIT_ENCODINGS)}",
            param_hint="--encoding",
        )
    if count_tours and list_all:
        raise click.BadParameter("give either --count or --all", param_hint="--count")
    if given["limit"] is not None and not list_all:
        raise click.BadParameter("only --all takes a limit", param_hint="--limit")
    counter = given["counter"] if count_tours else "enumerate"
    return TourRequest(
        spec,
        job="count" if count_tours else "list" if list_all else "find",
        backend=backend,
        circuit=encoding,
        counter=counter,
        route=given["route"],
        limit=given["limit"],
        time_limit=given["time_limit"],
    )


def _square(board: Board, text: str | None, option: str) -> Square | None:
    if text is None:
        return None
    try:
        return board.parse(text)
    except BoardsatError as error:
        raise click.BadParameter(str(error), param_hint=option) from None


@click.command("tour")
@click.option(
    "--sizes",
    help="Closed n x n tours to find, comma-separated (default "
    f"{','.join(map(str, tour_bench.CLOSED_SIDES))}; with --choice "
    f"{','.join(map(str, tour_bench.CHOICE_SIDES))}).",
)
@click.option(
    "--routes",
    default=",".join(tour_bench.CLOSED_ROUTES),
    show_default=True,
    help="cpsat, cadical195/<circuit encoding>, 'quadrants <route>'; comma-separated.",
)
@click.option(
    "--choice",
    is_flag=True,
    help="Measure what the tour defaults are chosen from instead: the whole board against "
    "the quadrant split with each --block-sides, on CP-SAT and CaDiCaL + lazy cuts "
    "(default record bench/results/tour_routes.json).",
)
@click.option(
    "--block-sides",
    default=",".join(map(str, tour_bench.BLOCK_SIDES)),
    show_default=True,
    help="With --choice: the smallest block sides to split with, comma-separated.",
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
def bench(
    sizes: str | None,
    routes: str,
    choice: bool,
    block_sides: str,
    time_limit: float,
    repeats: int,
    output: str | None,
) -> None:
    """Closed n x n tours per route, counting speed (ZDD vs enumeration), CNF encoding sizes;
    or, with --choice, the measurements behind the tour defaults."""
    default_sides = tour_bench.CHOICE_SIDES if choice else tour_bench.CLOSED_SIDES
    sides = _board_sides(sizes or ",".join(map(str, default_sides)), "--sizes", 3)
    if choice:
        blocks = _board_sides(block_sides, "--block-sides", MIN_BLOCK)
        target = results_file("tour_routes", output)
        progress("whole board against quadrant blocks ...")
        measured = tour_bench.route_choice(sides, blocks, time_limit, repeats)
        click.echo(ratio_table(measured, tour_bench.CHOICE_BASELINE))
        settings = {"sizes": sides, "block_sides": blocks, "time_limit_s": time_limit}
        click.echo(f"results written to {target.write(measured, settings | {'repeats': repeats})}")
        return
    chosen = comma_list(routes, "--routes", "route")
    unknown = tour_bench.unknown_routes(chosen)
    if unknown:
        raise click.BadParameter(f"unknown route {unknown[0]!r}", param_hint="--routes")
    target = results_file("tour", output)
    progress("closed tours ...")
    found = tour_bench.closed_tours(sides, chosen, time_limit, repeats)
    click.echo(ratio_table(found, tour_bench.CLOSED_BASELINE))
    progress("counting ...")
    counted = tour_bench.counting(repeats, time_limit)
    click.echo(ratio_table(counted, tour_bench.COUNTING_BASELINE))
    progress("encoding sizes ...")
    table = tour_bench.encoding_sizes(tour_bench.ENCODING_SIDES)
    click.echo(f"{'board':<8} {'encoding':<20} {'arcs':>8} {'variables':>10} {'clauses':>10}")
    for row in table:
        click.echo(
            f"{row['board']:<8} {row['encoding']:<20} {row['arcs']:>8} {row['variables']:>10} {row['clauses']:>10}"
        )
    settings = tour_bench.settings(sides, chosen, time_limit, repeats, table)
    click.echo(f"results written to {target.write([*found, *counted], settings)}")


def _board_sides(text: str, option: str, least: int) -> list[int]:
    """A list of sides, each checked before anything is measured."""
    try:
        sides = [int(part) for part in comma_list(text, option, "side")]
    except ValueError:
        raise click.BadParameter(
            f"expected comma-separated integers, got {text!r}", param_hint=option
        ) from None
    if min(sides) < least:
        raise click.BadParameter(f"sides must be at least {least}", param_hint=option)
    for side in sides:
        Board(side, side)  # a board too large is one error line
    return sides
