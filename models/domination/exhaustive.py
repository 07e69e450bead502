"""An exhaustive search for minimum knight placements, independent of the model and its builder:
the reference the tests and ``boardsat bench differential`` hold every backend's optimum to.

Iterative deepening: the first square still needing cover must be covered by one of the few
squares that reach it, so branching on those is complete. Attacks are decided by the row and
column distances multiplying to 2; nothing is shared with boardsat's board geometry.
"""

from __future__ import annotations


def minimum_knights(rows: int, cols: int, variant: str) -> int | None:
    """The fewest knights for the variant's rules, or None when no placement exists."""
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    attacks = {s: {t for t in squares if abs(s[0] - t[0]) * abs(s[1] - t[1]) == 2} for s in squares}
    own = variant != "total"
    coverers = {s: ({s} if own else set()) | attacks[s] for s in squares}
    if any(not coverers[s] for s in squares):
        return None
    reach = max(len(coverers[s]) for s in squares)

    def uncovered(placed: frozenset[tuple[int, int]]) -> list[tuple[int, int]]:
        return [s for s in squares if not (coverers[s] & placed)]

    seen: set[frozenset[tuple[int, int]]] = set()

    def search(placed: frozenset[tuple[int, int]], budget: int) -> bool:
        if placed in seen:
            return False
        seen.add(placed)
        left = uncovered(placed)
        if not left:
            return True
        if budget == 0 or len(left) > budget * reach:
            return False
        for square in sorted(coverers[left[0]]):
            if square in placed:
                continue
            if variant == "independent" and (attacks[square] & placed):
                continue
            if search(placed | {square}, budget - 1):
                return True
        return False

    for size in range(len(squares) + 1):
        seen.clear()
        if search(frozenset(), size):
            return size
    return None
