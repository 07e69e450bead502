"""The rules of knight domination, checked from scratch on a decoded placement.

Written apart from the model builder on purpose: it shares no board geometry with it (a knight
attacks a square exactly when the row and column distances multiply to 2), so a mistake in the
builder's move table cannot hide in the check. Each knight marks the squares it attacks, so the
check costs the knights, not squares times knights: it runs on every answer, however large.
"""

from __future__ import annotations

from collections.abc import Iterable

# every (row, col) step whose distances multiply to 2: the rule itself, not the builder's table
_ATTACKS = tuple(
    (down, across)
    for down in range(-2, 3)
    for across in range(-2, 3)
    if abs(down) * abs(across) == 2
)


def validate(rows: int, cols: int, variant: str, squares: Iterable[tuple[int, int]]) -> list[str]:
    """Every rule the placement breaks, as readable lines; an empty list means it is valid."""
    knights = set(squares)
    problems = [
        f"knight at {row},{col} is off the {rows}x{cols} board"
        for row, col in sorted(knights)
        if not (0 <= row < rows and 0 <= col < cols)
    ]
    attacked = {(row + down, col + across) for row, col in knights for down, across in _ATTACKS}
    board = {(row, col) for row in range(rows) for col in range(cols)}
    unattacked = board - attacked if variant == "total" else board - attacked - knights
    clashes = knights & attacked & board if variant == "independent" else set()
    for row, col in sorted(unattacked | clashes):
        if (row, col) in clashes:
            problems.append(f"knight at {row},{col} is attacked by {_attacker(row, col, knights)}")
        else:
            problems.append(f"square {row},{col} is not attacked by any knight")
    if variant not in ("independent", "dominating", "total"):
        problems.append(f"unknown variant {variant!r}")
    return problems


def _attacker(row: int, col: int, knights: set[tuple[int, int]]) -> tuple[int, int]:
    """The least knight that attacks ``row, col``."""
    return min(
        (row + down, col + across)
        for down, across in _ATTACKS
        if (row + down, col + across) in knights
    )
