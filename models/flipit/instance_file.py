"""A Flip-It instance file, read into the request `boardsat flipit` builds with the same options.

The board is ``board = "star"`` or ``"line:N"`` as ``--board`` names it, or its geometry inline
(``cells`` and ``lines``, as in a board file); ``start`` and ``goal`` are position text, one
character per cell, with the command's defaults (the hole first and every piece black; every
piece white).

```toml
kind = "flipit"
board = "star"
start = ".BBBBBBBWWBB"

[solve]  # the command's options; each may be left out
verify = true
```
"""

from __future__ import annotations

from typing import Any

from boardsat.models.flipit.instance import (
    BLACK,
    BOARD_KEYS,
    HOLE,
    FlipBoard,
    FlipIt,
    board_from_table,
    board_named,
)
from boardsat.models.flipit.solve import ROUTE
from boardsat.models.instance_file import Table
from boardsat.models.planning.instance_file import PLAN_SOLVE_KEYS, plan_request, solve_plan
from boardsat.models.planning.solve import PlanRequest

KEYS = ("board", *BOARD_KEYS, "start", "goal")
SOLVE_KEYS = PLAN_SOLVE_KEYS
solve = solve_plan


def request(table: Table, solving: Table) -> PlanRequest[Any, Any]:
    board = _board(table)
    start = table.get("start", str, HOLE + BLACK * (board.cells - 1))
    goal = table.get("goal", str, None)
    with table.checking("start"):
        FlipIt.parse(board, start)
    with table.checking("goal"):
        instance = FlipIt.parse(board, start, goal)
    return plan_request(ROUTE, instance, solving)


def _board(table: Table) -> FlipBoard:
    inline = [key for key in BOARD_KEYS if key in table.data]
    if "board" in table.data and inline:
        raise table.error(inline[0], "give either board or the geometry (cells and lines)")
    if inline:
        return board_from_table(table, f"{table.source} board")
    name = table.get("board", str, "star")
    if name != "star" and not name.startswith("line:"):
        raise table.error("board", f"unknown board {name!r}: star, line:N, or cells and lines")
    with table.checking("board"):
        return board_named(name)
