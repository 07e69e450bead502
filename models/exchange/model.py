"""The knight exchange as a planning task for the solvers, and its plans read back as moves.

One variable per square (empty or a colour), one action per colour and knight move. Each goal
fact carries its knight-move distance to the nearest goal square of its colour, on the empty
board: admissible, so the horizon encoding may prune with it and use it as a potential. The move
table here is the board's (``Board.knight_moves``); the rules that replay every plan keep their
own (:mod:`boardsat.models.exchange.rules`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache

from boardsat.core.planning_task import Action, Fact, PlanningTask, Variable
from boardsat.models.board import Board
from boardsat.models.exchange.instance import Exchange, Move

NEVER = 1 << 20
"""A distance standing for "no number of moves reaches a goal square"."""


@cache
def _targets(board: Board) -> tuple[tuple[int, ...], ...]:
    """For each square index, the indices a knight reaches from it (the board's move table)."""
    return tuple(
        tuple(board.index(target) for target in board.knight_moves(board.square(index)))
        for index in range(board.size)
    )


def knight_distances(board: Board, sources: Sequence[int]) -> list[int | None]:
    """Knight-move distance on the empty board from the nearest of ``sources`` (None: never)."""
    distance: list[int | None] = [None] * board.size
    queue = deque(sources)
    for source in sources:
        distance[source] = 0
    targets = _targets(board)
    while queue:
        here = queue.popleft()
        for there in targets[here]:
            if distance[there] is None:
                distance[there] = distance[here] + 1  # type: ignore[operator]
                queue.append(there)
    return distance


def planning_task(exchange: Exchange) -> PlanningTask:
    """One variable per square (empty or a colour); one action per colour and knight move."""
    board = exchange.board
    colours = exchange.colours
    values = (".", *colours)
    variables = tuple(
        Variable(("square", board.name(square)), values) for square in board.squares()
    )
    actions = []
    for colour in colours:
        for source in range(board.size):
            for target in _targets(board)[source]:
                actions.append(
                    Action(
                        ("move", colour, source, target),
                        pre=((source, colour), (target, ".")),
                        effects=((source, "."), (target, colour)),
                    )
                )
    goal_distance: dict[Fact, int] = {}
    for colour in colours:
        squares = [i for i, piece in enumerate(exchange.goal) if piece == ord(colour)]
        for square, distance in enumerate(knight_distances(board, squares)):
            goal_distance[(square, colour)] = NEVER if distance is None else distance
    return PlanningTask(
        variables=variables,
        initial=tuple(chr(piece) for piece in exchange.start),
        goal={i: frozenset({chr(piece)}) for i, piece in enumerate(exchange.goal)},
        actions=tuple(actions),
        goal_distance=goal_distance,
        potential={fact: d for fact, d in goal_distance.items() if d != NEVER},
        symmetries=board.reflections(),
    )


def plan_moves(plan: Sequence[Action]) -> list[Move]:
    """The decoded plan as from-to squares (action names are ``("move", colour, from, to)``)."""
    return [(action.name[2], action.name[3]) for action in plan]  # type: ignore[index]
