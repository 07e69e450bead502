"""The shogi sliding puzzle as a planning task for the solvers, and its plans read back as moves.

One variable per square (empty or a piece kind); one action per kind, square and reachable
square, a slide requiring the squares it passes to be empty. The moves are vectors here, apart
from the charts the rules read (:mod:`boardsat.models.shogi.rules`). Each fact carries the
piece's distance to the nearest goal square of its kind on an empty board: admissible, since a
move on the board is a move on the empty board, so the horizon encoding prunes and bounds by it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from boardsat.core.planning_task import Action, Fact, PlanningTask, Variable
from boardsat.models.shogi.instance import EMPTY, Move, Shogi, ShogiBoard

NEVER = 1 << 20
"""A distance standing for "no number of moves reaches a goal square"."""

_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
_DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))
_GOLD = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0))
# per piece: the single steps (a knight's jump among them) and the sliding directions; up is -1
_MOVES: dict[str, tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]] = {
    "K": (_ORTHOGONAL + _DIAGONAL, ()),
    "R": ((), _ORTHOGONAL),
    "B": ((), _DIAGONAL),
    "G": (_GOLD, ()),
    "S": (((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 1)), ()),
    "N": (((-2, -1), (-2, 1)), ()),
    "L": ((), ((-1, 0),)),
    "P": (((-1, 0),), ()),
    "+R": (_DIAGONAL, _ORTHOGONAL),
    "+B": (_ORTHOGONAL, _DIAGONAL),
    "+S": (_GOLD, ()),
    "+N": (_GOLD, ()),
    "+L": (_GOLD, ()),
    "+P": (_GOLD, ()),
}


def moves_on_empty_board(
    board: ShogiBoard, piece: str, square: int
) -> list[tuple[int, tuple[int, ...]]]:
    """Each square ``piece`` reaches from ``square`` in one move, with the squares it passes."""
    steps, slides = _MOVES[piece]
    row, col = divmod(square, board.cols)
    found: list[tuple[int, tuple[int, ...]]] = []
    for dr, dc in steps:
        r, c = row + dr, col + dc
        if 0 <= r < board.rows and 0 <= c < board.cols:
            found.append((r * board.cols + c, ()))
    for dr, dc in slides:
        passed: list[int] = []
        r, c = row + dr, col + dc
        while 0 <= r < board.rows and 0 <= c < board.cols:
            found.append((r * board.cols + c, tuple(passed)))
            passed.append(r * board.cols + c)
            r, c = r + dr, c + dc
    return found


def mirror_image(board: ShogiBoard) -> tuple[int, ...]:
    """Each square's mirror image, left for right: every piece moves the same both ways."""
    return tuple(
        row * board.cols + board.cols - 1 - col
        for row in range(board.rows)
        for col in range(board.cols)
    )


def distances_to(board: ShogiBoard, piece: str, goals: Sequence[int]) -> list[int]:
    """Fewest moves of ``piece`` on the empty board from each square to one of ``goals``."""
    size = board.rows * board.cols
    sources: list[list[int]] = [[] for _ in range(size)]  # who reaches each square in one move
    for square in range(size):
        for target, _ in moves_on_empty_board(board, piece, square):
            sources[target].append(square)
    distance = [NEVER] * size
    queue = deque(goals)
    for goal in goals:
        distance[goal] = 0
    while queue:
        here = queue.popleft()
        for there in sources[here]:
            if distance[there] == NEVER:
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance


def planning_task(instance: Shogi) -> PlanningTask:
    """One variable per square; actions ``("move", piece, from, to)``."""
    board = instance.board
    size = board.rows * board.cols
    kinds = sorted(set(instance.start) - {EMPTY})
    values = (EMPTY, *kinds)
    variables = tuple(Variable(("square", square), values) for square in range(size))
    actions = []
    for piece in kinds:
        for source in range(size):
            for target, passed in moves_on_empty_board(board, piece, source):
                actions.append(
                    Action(
                        ("move", piece, source, target),
                        pre=((source, piece), (target, EMPTY), *((p, EMPTY) for p in passed)),
                        effects=((source, EMPTY), (target, piece)),
                    )
                )
    goal_distance: dict[Fact, int] = {}
    for piece in kinds:
        goals = [square for square, code in enumerate(instance.goal) if code == piece]
        for square, distance in enumerate(distances_to(board, piece, goals)):
            goal_distance[(square, piece)] = distance
    return PlanningTask(
        variables=variables,
        initial=instance.start,
        goal={square: frozenset({code}) for square, code in enumerate(instance.goal)},
        actions=tuple(actions),
        goal_distance=goal_distance,
        potential={fact: d for fact, d in goal_distance.items() if d != NEVER},
        symmetries=(mirror_image(board),),
    )


def plan_moves(plan: Sequence[Action]) -> list[Move]:
    """The decoded plan as from-to squares (action names are ``("move", piece, from, to)``)."""
    return [(action.name[2], action.name[3]) for action in plan]  # type: ignore[index]
