"""Knight's tours counted by brute force, from the rules alone (no code shared with the builder):
the reference the tests and ``boardsat bench differential`` hold every enumeration to."""

from __future__ import annotations

from functools import cache


@cache
def dfs_count(rows: int, cols: int, closed: bool, start: tuple[int, int] | None = None) -> int:
    """Tours by brute-force depth-first search over bitmasks (closed ones counted undirected)."""
    size = rows * cols
    jumps = [
        [
            (r + dr) * cols + c + dc
            for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        ]
        for r in range(rows)
        for c in range(cols)
    ]
    full = (1 << size) - 1

    def walk(square: int, seen: int, home: int) -> int:
        if seen == full:
            return 1 if not closed or home in jumps[square] else 0
        return sum(walk(nxt, seen | 1 << nxt, home) for nxt in jumps[square] if not seen >> nxt & 1)

    if closed:
        return walk(0, 1, 0) // 2
    starts = [start[0] * cols + start[1]] if start else range(size)
    return sum(walk(s, 1 << s, s) for s in starts)
