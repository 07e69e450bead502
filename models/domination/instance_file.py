"""A domination instance file, read into the request `boardsat domination` builds with the same
options: ``rows`` (and ``cols``, default ``rows``) and ``variant``; ``[solve]`` takes the
command's ``--backend``, ``--time-limit``, ``--route``, ``--seed``, ``--symmetry``, ``--order``,
``--tiles`` and ``--split``. The options of one backend (``--proof``, ``--optimisation``, ``--workers``) stay on
the command line.

```toml
kind = "domination"
rows = 8
variant = "independent"

[solve]
route = "auto"
```

A file may also hold a placement found elsewhere, in an ``[answer]`` table: ``knights``, the
squares in chess notation, and ``found_by``, how it was found. ``boardsat solve FILE --check``
holds it to the rules without solving anything; ``boardsat domination --save FILE`` writes one.
"""

from __future__ import annotations

import json

from boardsat.core.backends import CPSAT, MAX_SEED
from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.core.wording import counted
from boardsat.models.board import Board
from boardsat.models.domination.answer import DominationAnswer
from boardsat.models.domination.model import VARIANTS
from boardsat.models.domination.order import DEFAULT_ORDER, ORDERS
from boardsat.models.domination.published import SOURCES, published_term
from boardsat.models.domination.routes import ROUTES
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import DominationRequest, solve_request
from boardsat.models.instance_file import (
    CheckedAnswer,
    FileAnswer,
    Listeners,
    Table,
    backend,
    time_limit,
)

KEYS = ("rows", "cols", "variant")
ANSWER_KEYS = ("knights", "found_by")
SOLVE_KEYS = ("backend", "time_limit", "route", "seed", "symmetry", "order", "tiles", "split")


def request(table: Table, solving: Table) -> DominationRequest:
    rows = table.need("rows", int, at_least=1)
    cols = table.get("cols", int, rows, at_least=1)
    with table.checking("cols" if "cols" in table.data else "rows"):
        Board(rows, cols)
    seed = solving.get("seed", int, 1, at_least=0)
    if seed > MAX_SEED:
        raise solving.error("seed", f"must be at most {MAX_SEED}, not {seed}")
    with solving.checking(None):
        return DominationRequest(
            rows,
            cols,
            table.choose("variant", VARIANTS, "independent"),
            solving.choose("route", tuple(ROUTES), "auto"),
            backend(solving, CPSAT),
            time_limit(solving),
            solving.get("symmetry", bool, None),
            solving.get("tiles", int, 0, at_least=0),
            seed,
            solving.get("split", bool, None),
            order=_order(solving),
        )


def _order(solving: Table) -> str | None:
    """The file's square order; None, when it names none, lets the route choose."""
    if "order" not in solving.data:
        return None
    return solving.choose("order", tuple(ORDERS), DEFAULT_ORDER)


def solve(request: DominationRequest, listeners: Listeners) -> FileAnswer:
    """The command's route and its answer: the board with its summary line, or its JSON."""
    answer: DominationAnswer = solve_request(request, listeners.race)
    status = answer.result.status
    return FileAnswer(
        status.value,
        answer.knights,
        "knights",
        answer.seconds,
        tuple(answer.text().splitlines()),
        answer.to_json(),
        settled=status is not Status.UNKNOWN,
        answer=answer,
        limit_reached=answer.limit_reached,
    )


def check_answer(request: DominationRequest, answer: Table) -> CheckedAnswer:
    """The ``[answer]`` placement held to the variant's rules, beside the published value."""
    rows, cols, variant = request.rows, request.cols, request.variant
    names = answer.data.get("knights")
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise answer.error("knights", 'a list of squares in chess notation ("a1") is needed')
    board = Board(rows, cols)
    with answer.checking("knights"):
        squares = [board.parse(name) for name in names]
    twice = sorted({board.name(s) for s in squares if squares.count(s) > 1})
    problems = [f"{name} is listed twice" for name in twice]
    problems += validate(rows, cols, variant, set(squares))
    found_by = answer.get("found_by", str, "")
    published = _published(rows, cols, variant)
    said = f"{variant} {rows}x{cols}, {counted(len(set(squares)), 'knight')}"
    if published is not None:
        said += f" (published: {published}, OEIS {SOURCES[variant]})"
    document = {
        "rows": rows,
        "cols": cols,
        "variant": variant,
        "knights": len(set(squares)),
        "published": published,
        "found_by": found_by,
        "valid": not problems,
        "problems": problems,
    }
    return CheckedAnswer(said, tuple(problems), document, frozenset(squares))


def answer_file(answer: DominationAnswer, found_by: str) -> str:
    """An instance file holding ``answer``'s board and placement, which ``check_answer`` reads
    back; the squares in chess notation, a row of the board a line."""
    board = answer.board
    if not answer.placement:
        raise BoardsatError("there is no placement to save")
    by_row: dict[int, list[str]] = {}
    for square in sorted(answer.placement):
        by_row.setdefault(square[0], []).append(json.dumps(board.name(square)))
    listed = "".join(f"    {', '.join(names)},\n" for names in by_row.values())
    return (
        'kind = "domination"\n'
        f'description = "{answer.variant} domination of {board.rows}x{board.cols}:'
        f' {counted(len(answer.placement), "knight")}"\n'
        f"rows = {board.rows}\ncols = {board.cols}\n"
        f"variant = {json.dumps(answer.variant)}\n\n"
        "[answer]\n"
        f"found_by = {json.dumps(found_by)}\n"
        f"knights = [\n{listed}]\n"
    )


def _published(rows: int, cols: int, variant: str) -> int | None:
    """The published minimum of a square board (OEIS, SOURCES), where one is known."""
    return published_term(rows, variant) if rows == cols else None
