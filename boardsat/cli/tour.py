"""`boardsat tour`: find, list or count knight's tours.

Squares are read in chess notation (a1 = bottom-left) or as 0-based ``row,col``. The command
checks its options, parses them into a :class:`~boardsat.models.tour.solve.TourRequest`, hands
that to the puzzle's ``solve`` and renders the answer (its JSON lists squares as ``[row, col]``,
row 0 at the top).
"""

from __future__ import annotations

import click
import cloup

from boardsat.cli.common import (
    PictureFiles,
    backend_option,
    emit_json,
    end_at_limit,
    export_option,
    json_option,
    picture_options,
    refuse_beside_export,
    refuse_given,
    report_export,
    show_answer,
    solving_command,
    time_limit_option,
)
from boardsat.cli.terminal import current
from boardsat.core.backends import CPSAT
from boardsat.core.errors import BoardsatError
from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS
from boardsat.encoders.export import EXPORT_CIRCUIT_ENCODING, export_model
from boardsat.models.board import Board, Square
from boardsat.models.tour.answer import TourAnswer
from boardsat.models.tour.model import TourSpec, build_tour_model
from boardsat.models.tour.routes import ROUTES
from boardsat.models.tour.solve import COUNTERS, DEFAULT_COUNTER, TourRequest, solve_request

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


@cloup.command("tour")
@click.argument("rows", type=click.IntRange(min=1))
@click.argument("cols", type=click.IntRange(min=1), required=False)
@cloup.option_group(
    "The tour",
    click.option("--open", "open_tour", is_flag=True, help="A path, not a closed circuit."),
    click.option(
        "--start", help="First square (a1 or row,col); for a closed tour, where to list from."
    ),
    click.option("--end", help="Last square of an open tour."),
)
@cloup.option_group(
    "Counting and listing",
    click.option("--count", "count_tours", is_flag=True, help="Count the tours."),
    click.option("--all", "list_all", is_flag=True, help="List the tours (up to --limit)."),
    click.option("--limit", type=click.IntRange(min=1), help="Stop --all after this many tours."),
    click.option(
        "--counter",
        type=click.Choice(COUNTERS),
        default=DEFAULT_COUNTER,
        show_default=True,
        help="How --count counts: a decision diagram (graphillion), or enumeration on --backend.",
    ),
)
@cloup.option_group(
    "Routes and backends",
    backend_option(default=None, unset="the route's, from boardsat.models.tour.routes"),
    click.option(
        "--encoding",
        help=f"CNF circuit encoding for a SAT backend: {', '.join(CIRCUIT_ENCODINGS)}.",
    ),
    click.option(
        "--route",
        type=click.Choice(list(ROUTES)),
        default="auto",
        show_default=True,
        help="; ".join(f"{name}: {summary}" for name, summary in ROUTES.items())
        + ". AUTO and BLOCK_SIDE are in boardsat.models.tour.routes.",
    ),
    time_limit_option,
)
@cloup.option_group("Output", picture_options(), export_option, json_option)
@solving_command
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
    backend: str | None,
    encoding: str | None,
    route: str,
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

    --count honours --time-limit and --memory-limit with either counter: a count they stop ends
    UNKNOWN (the enumeration says how many tours it had found) with exit status 3.
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
        exported = export_model(build_tour_model(spec).model, export_path, circuit=circuit)
        report_export(exported, as_json)
        return
    _check_encoding(backend, encoding)
    if not count_tours:
        refuse_given(["counter"], "picks how --count counts: add --count")
    elif counter == "zdd":
        refuse_given(
            ["backend", "encoding"],
            "belongs to --counter enumerate: the zdd counter (the default) runs no solver",
        )
    if count_tours and list_all:
        raise click.BadParameter("give either --count or --all", param_hint="--count")
    if limit is not None and not list_all:
        raise click.BadParameter("only --all takes a limit", param_hint="--limit")
    request = TourRequest(
        spec,
        job="count" if count_tours else "list" if list_all else "find",
        backend=backend,
        circuit=encoding,
        counter=counter if count_tours else "enumerate",
        route=route,
        limit=limit,
        time_limit=time_limit,
    )
    pictures = PictureFiles.asked(
        {"svg": svg, "png": png},
        None if request.job == "find" else "draws a single tour: leave out --count/--all",
    )
    answer = solve_request(request, current().tours_found)
    if not isinstance(answer, TourAnswer):
        listed = request.job == "list"
        if as_json:
            emit_json(answer.to_json(listed))
        else:
            current().answer(answer.text(listed))
        end_at_limit(answer.limit_reached)
        return
    show_answer(answer.to_json(), [answer.text()], as_json, pictures, answer)
    end_at_limit(answer.limit_reached)


def _check_encoding(backend: str | None, encoding: str | None) -> None:
    """A CNF circuit encoding needs a SAT backend (named, or the route's), and a name the
    encoders know."""
    if encoding is not None and backend == CPSAT:
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


def _square(board: Board, text: str | None, option: str) -> Square | None:
    if text is None:
        return None
    try:
        return board.parse(text)
    except BoardsatError as error:
        raise click.BadParameter(str(error), param_hint=option) from None
