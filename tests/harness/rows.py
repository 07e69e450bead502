"""Hand-made sweep rows for the report and verification tests."""

from __future__ import annotations

from typing import Any


def row(instance: str, route: str, **fields: Any) -> dict[str, Any]:
    """A solved shogi row of 1 s under a 10 s limit, with ``fields`` replaced."""
    base: dict[str, Any] = {
        "key": f"{instance}-{route}-{fields.get('seed', 0)}",
        "puzzle": "shogi",
        "instance": instance,
        "route": route,
        "seed": 0,
        "sense": "min",
        "size": 9,
        "status": "OPTIMAL",
        "objective": 5,
        "exact": True,
        "bound": 5,
        "verified": True,
        "problems": [],
        "reference": None,
        "reference_source": None,
        "wall_s": 1.0,
        "time_limit": 10.0,
    }
    return base | fields
