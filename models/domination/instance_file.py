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
"""

from __future__ import annotations

from boardsat.core.backends import CPSAT, MAX_SEED
from boardsat.core.results import Status
from boardsat.models.board import Board
from boardsat.models.domination.answer import DominationAnswer
from boardsat.models.domination.model import VARIANTS
from boardsat.models.domination.order import DEFAULT_ORDER, ORDERS
from boardsat.models.domination.routes import ROUTES
from boardsat.models.domination.solve import DominationRequest, solve_request
from boardsat.models.instance_file import FileAnswer, Listeners, Table, backend, time_limit

KEYS = ("rows", "cols", "variant")
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
