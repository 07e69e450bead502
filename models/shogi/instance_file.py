"""A shogi instance file: ``start`` and ``goal`` in SFEN board text, read into the request
`boardsat shogi --start ... --goal ...` builds; ``[solve]`` takes the command's options
(``PLAN_SOLVE_KEYS``).

```toml
kind = "shogi"
start = "BP1/1S1/P1P"
goal = "1PP/1S1/P1B"

[solve]  # each may be left out
strengthen = "no_undo"
```
"""

from __future__ import annotations

from typing import Any

from boardsat.models.instance_file import Table
from boardsat.models.planning.instance_file import PLAN_SOLVE_KEYS, solve_plan, start_goal_request
from boardsat.models.planning.solve import PlanRequest
from boardsat.models.shogi.instance import Shogi, parse_sfen
from boardsat.models.shogi.solve import ROUTE

KEYS = ("start", "goal")
SOLVE_KEYS = PLAN_SOLVE_KEYS
solve = solve_plan


def request(table: Table, solving: Table) -> PlanRequest[Any, Any]:
    return start_goal_request(
        table, solving, ROUTE, lambda start: parse_sfen(start, "start"), Shogi.parse
    )
