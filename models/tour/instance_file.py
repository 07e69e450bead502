"""A tour instance file, read into the request `boardsat tour` builds with the same options.

``rows`` (and ``cols``, default ``rows``); ``open = true`` for a path (``--open``); ``start`` and
``end`` as squares (``a1`` or ``row,col``); ``job`` is ``find`` (one tour), ``count`` (``--count``)
or ``list`` (``--all``, up to ``limit``). ``[solve]`` takes the command's ``--backend``,
``--time-limit``, ``--encoding``, ``--counter`` and ``--route``.

```toml
kind = "tour"
rows = 5
open = true
start = "a5"
job = "count"

[solve]
counter = "enumerate"
```
"""

from __future__ import annotations

from typing import get_args

from boardsat.core.backends import CPSAT
from boardsat.core.results import Status
from boardsat.encoders.cnf.circuit import CIRCUIT_ENCODINGS
from boardsat.models.board import Board, Square
from boardsat.models.instance_file import FileAnswer, Listeners, Table, backend, time_limit
from boardsat.models.tour.answer import TourAnswer
from boardsat.models.tour.model import TourSpec
from boardsat.models.tour.routes import ROUTES, Job
from boardsat.models.tour.solve import (
    COUNTERS,
    DEFAULT_COUNTER,
    TourRequest,
)
from boardsat.models.tour.solve import solve_request as solve_tour

KEYS = ("rows", "cols", "open", "start", "end", "job", "limit")
SOLVE_KEYS = ("backend", "time_limit", "encoding", "counter", "route")


def request(table: Table, solving: Table) -> TourRequest:
    rows = table.need("rows", int, at_least=1)
    cols = table.get("cols", int, rows, at_least=1)
    with table.checking("cols" if "cols" in table.data else "rows"):
        board = Board(rows, cols)
    with table.checking("end" if "end" in table.data else "open"):
        spec = TourSpec(
            board,
            closed=not table.get("open", bool, False),
            start=_square(table, board, "start"),
            end=_square(table, board, "end"),
        )
    job: Job = table.choose("job", get_args(Job), "find")  # type: ignore[assignment]
    chosen = backend(solving, CPSAT) if "backend" in solving.data else None  # None: the route's
    encoding = solving.get("encoding", str, None)
    if encoding is not None:
        solving.choose("encoding", tuple(CIRCUIT_ENCODINGS), encoding)
        if chosen in (CPSAT, None):
            raise solving.error(
                "encoding",
                "an encoding is for a SAT backend: name one (CP-SAT has a native circuit)",
            )
    counter = solving.choose("counter", COUNTERS, DEFAULT_COUNTER)
    limit = table.get("limit", int, None, at_least=1)
    if limit is not None and job != "list":
        raise table.error("limit", 'only job = "list" takes a limit')
    with solving.checking(None):
        return TourRequest(
            spec,
            job=job,
            backend=chosen,
            circuit=encoding,
            counter=counter if job == "count" else "enumerate",  # as the command sets it
            route=solving.choose("route", tuple(ROUTES), "auto"),
            limit=limit,
            time_limit=time_limit(solving),
        )


def _square(table: Table, board: Board, key: str) -> Square | None:
    text = table.get(key, str, None)
    if text is None:
        return None
    with table.checking(key):
        return board.parse(text)


def solve(request: TourRequest, listeners: Listeners) -> FileAnswer:
    """The command's route and its answer: a tour, or a count (with the tours for ``list``)."""
    answer = solve_tour(request, listeners.tours)
    if isinstance(answer, TourAnswer):
        return FileAnswer(
            answer.status.value,
            len(answer.tour) if answer.found else None,
            "squares",
            answer.seconds,
            tuple(answer.text().splitlines()),
            answer.to_json(),
            settled=answer.status is not Status.UNKNOWN,
            answer=answer,
            limit_reached=answer.limit_reached,
        )
    listed = request.job == "list"
    return FileAnswer(
        "EXACT" if answer.exact else "AT LEAST",
        answer.count,
        "tours",
        answer.seconds,
        tuple(answer.text(listed).splitlines()),
        answer.to_json(listed),
        settled=answer.exact or answer.count == request.limit,
        answer=answer,
        limit_reached=answer.limit_reached,
    )
