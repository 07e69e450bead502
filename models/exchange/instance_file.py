"""An exchange instance file: ``start`` and ``goal`` in the exchange's board text, read into the
request `boardsat exchange --start ... --goal ...` builds; ``[solve]`` takes the command's
options (``PLAN_SOLVE_KEYS``).

```toml
kind = "exchange"
start = "BBB/.../.../WWW"
goal = "WWW/.../.../BBB"

[solve]  # each may be left out
backend = "cadical195"
time_limit = 60
```
"""

from __future__ import annotations

from typing import Any

from boardsat.models.exchange.instance import Exchange, parse_position
from boardsat.models.exchange.solve import ROUTE
from boardsat.models.instance_file import Table
from boardsat.models.planning.instance_file import PLAN_SOLVE_KEYS, solve_plan, start_goal_request
from boardsat.models.planning.solve import PlanRequest

KEYS = ("start", "goal")
SOLVE_KEYS = PLAN_SOLVE_KEYS
solve = solve_plan


def request(table: Table, solving: Table) -> PlanRequest[Any, Any]:
    return start_goal_request(table, solving, ROUTE, parse_position, Exchange.parse)
