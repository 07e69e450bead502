"""The rules of knight domination, checked from scratch on a decoded placement.

Written apart from the model builder on purpose: it shares no board geometry with it (a knight
attacks a square exactly when the row and column distances multiply to 2), so a mistake in the
builder's move table cannot hide in the check.
"""

from __future__ import annotations

from collections.abc import Iterable


def validate(rows: int, cols: int, variant: str, squares: Iterable[tuple[int, int]]) -> list[str]:
    """Every rule the placement breaks, as readable lines; an empty list means it is valid."""
    knights = set(squares)
    problems = [
        f"knight at {row},{col} is off the {rows}x{cols} board"
        for row, col in sorted(knights)
        if not (0 <= row < rows and 0 <= col < cols)
    ]
    for row in range(rows):
        for col in range(cols):
            attackers = [k for k in knights if abs(k[0] - row) * abs(k[1] - col) == 2]
            occupied = (row, col) in knights
            if variant == "independent" and occupied and attackers:
                problems.append(f"knight at {row},{col} is attacked by {attackers[0]}")
            needs_attack = variant == "total" or not occupied
            if needs_attack and not attackers:
                problems.append(f"square {row},{col} is not attacked by any knight")
    if variant not in ("independent", "dominating", "total"):
        problems.append(f"unknown variant {variant!r}")
    return problems
