"""A plain Python BFS of the Flip-It and shogi seeds: the yardstick for `boardsat flipit` and
`boardsat shogi` as whole processes (bench/results/startup.md).

It imports nothing of boardsat, so its time is Python's start plus the search alone; the moves
are written out again here for that reason. It prints the fewest moves, which
tests/cli/test_startup.py checks against the published figures.

    python bench/bfs_baseline.py flipit
    python bench/bfs_baseline.py shogi
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterator

STAR_LINES = (
    (0, 2, 5, 7),
    (0, 3, 6, 10),
    (7, 8, 9, 10),
    (1, 2, 3, 4),
    (1, 5, 8, 11),
    (4, 6, 9, 11),
)
TURNED = str.maketrans("BW", "WB")


def flipit_moves(position: str) -> Iterator[str]:
    """A piece jumps along a line over one or more pieces into a hole, turning each one over."""
    for line in STAR_LINES:
        for cells in (line, line[::-1]):
            for hole_at, hole in enumerate(cells):
                if position[hole] != ".":
                    continue
                for source_at in range(hole_at - 1, -1, -1):
                    if position[cells[source_at]] == ".":
                        break
                    if source_at < hole_at - 1:
                        after = list(position)
                        after[hole], after[cells[source_at]] = position[cells[source_at]], "."
                        for cell in cells[source_at + 1 : hole_at]:
                            after[cell] = position[cell].translate(TURNED)
                        yield "".join(after)


STEPS = {"S": ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 1)), "P": ((-1, 0),)}
SLIDES = {"B": ((-1, -1), (-1, 1), (1, -1), (1, 1))}
SIDE = 3


def shogi_moves(position: str) -> Iterator[str]:
    """The seed's pieces on 3 x 3: a silver and pawns step, the bishop slides; nothing takes."""
    for square, piece in enumerate(position):
        row, col = divmod(square, SIDE)
        for (dr, dc), slides in [(step, False) for step in STEPS.get(piece, ())] + [
            (slide, True) for slide in SLIDES.get(piece, ())
        ]:
            r, c = row + dr, col + dc
            while 0 <= r < SIDE and 0 <= c < SIDE and position[r * SIDE + c] == ".":
                after = list(position)
                after[square], after[r * SIDE + c] = ".", piece
                yield "".join(after)
                if not slides:
                    break
                r, c = r + dr, c + dc


def fewest_moves(
    start: str, is_goal: Callable[[str], bool], moves: Callable[[str], Iterator[str]]
) -> int:
    """Breadth first from ``start`` to the first goal position."""
    depth = {start: 0}
    queue = deque([start])
    while queue:
        position = queue.popleft()
        if is_goal(position):
            return depth[position]
        for after in moves(position):
            if after not in depth:
                depth[after] = depth[position] + 1
                queue.append(after)
    raise SystemExit("no goal is reachable")


def main(puzzle: str) -> int:
    if puzzle == "flipit":  # the star, hole at the top, every piece black; goal: none black
        return fewest_moves(".BBBBBBBBBBB", lambda position: "B" not in position, flipit_moves)
    if puzzle == "shogi":  # BP1/1S1/P1P to 1PP/1S1/P1B, row by row
        return fewest_moves("BP..S.P.P", lambda position: position == ".PP.S.P.B", shogi_moves)
    raise SystemExit(f"usage: {sys.argv[0]} flipit|shogi")


if __name__ == "__main__":
    print(main(sys.argv[1] if len(sys.argv) > 1 else ""))
