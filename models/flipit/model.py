"""Flip-It as a planning task for the solvers, and its plans read back as moves.

Two variables per cell: whether it is a hole, and the colour showing (a hole shows white, so
that "every piece white" is one fact per cell and each position has one state). One action per
jump, its jumper's colour, and a line: the jumper's cell becomes a white hole, the hole takes its
colour, and each cell jumped over turns by a conditional effect on its colour. The jumps are
enumerated here from the lines, apart from the rules' own walk
(:mod:`boardsat.models.flipit.rules`) that replays every plan.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from boardsat.models.flipit.instance import BLACK, HOLE, WHITE, FlipBoard, FlipIt, Move
from boardsat.planning_task import Action, ConditionalEffect, Fact, PlanningTask, Variable

_OTHER = {BLACK: WHITE, WHITE: BLACK}


def jumps(board: FlipBoard) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Every (jumper's cell, hole's cell, cells jumped over) the lines allow, in both directions."""
    for line in board.lines:
        for cells in (line, line[::-1]):
            for i, source in enumerate(cells):
                for j in range(i + 2, len(cells)):
                    yield source, cells[j], cells[i + 1 : j]


def planning_task(instance: FlipIt) -> PlanningTask:
    """Variables ``hole[c]`` (indices 0..n-1) and ``colour[c]`` (n..2n-1); one action per jump and
    jumper colour, named ``("jump", colour, from, to)``."""
    n = instance.board.cells

    def hole(cell: int) -> int:
        return cell

    def colour(cell: int) -> int:
        return n + cell

    variables = tuple(Variable(("hole", c), (True, False)) for c in range(n)) + tuple(
        Variable(("colour", c), (BLACK, WHITE)) for c in range(n)
    )
    actions = []
    for source, target, over in jumps(instance.board):
        flips = tuple(
            ConditionalEffect(((colour(c), shown),), colour(c), _OTHER[shown])
            for c in over
            for shown in (BLACK, WHITE)
        )
        for jumper in (BLACK, WHITE):
            pre = (
                (hole(source), False),
                (colour(source), jumper),
                (hole(target), True),
                *((hole(c), False) for c in over),
            )
            effects: tuple[Fact, ...] = (
                (hole(source), True),
                (hole(target), False),
                (colour(source), WHITE),
                (colour(target), jumper),
            )
            actions.append(Action(("jump", jumper, source, target), pre, effects, flips))
    return PlanningTask(
        variables=variables,
        initial=_state(instance.start),
        goal=_goal(instance),
        actions=tuple(actions),
    )


def _state(position: str) -> tuple[bool | str, ...]:
    holes = tuple(cell == HOLE for cell in position)
    return holes + tuple(WHITE if cell == HOLE else cell for cell in position)


def _goal(instance: FlipIt) -> dict[int, frozenset[bool | str]]:
    n = instance.board.cells
    if instance.goal is None:
        return {n + c: frozenset({WHITE}) for c in range(n)}
    return {var: frozenset({value}) for var, value in enumerate(_state(instance.goal))}


def plan_moves(plan: Sequence[Action]) -> list[Move]:
    """The decoded plan as (jumper's cell, hole's cell) pairs."""
    return [(action.name[2], action.name[3]) for action in plan]  # type: ignore[index]
