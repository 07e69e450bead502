"""Flip-It as a planning task for the solvers, and its plans read back as moves.

Two forms (``FLIPS``). ``conditional``, the route's: two variables per cell, whether it is a hole
and the colour showing (a hole shows white, so that "every piece white" is one fact per cell and
each position has one state); one action per jump and jumper colour: the jumper's cell becomes a
white hole, the hole takes its colour, and each cell jumped over turns by a conditional effect.
``grounded``: one variable per cell, and one plain action per jump and colour of every cell it
involves, 2^k of them for k cells jumped over, so only for short lines. The SAT solvers prove the
star faster on the first (bench/results/flipit.md). The jumps are enumerated here
from the lines, apart from the rules' own walk (:mod:`boardsat.models.flipit.rules`) that
replays every plan.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from boardsat.core.planning_task import Action, ConditionalEffect, Fact, PlanningTask, Variable
from boardsat.models.flipit.instance import BLACK, HOLE, WHITE, FlipBoard, FlipIt, Move

_OTHER = {BLACK: WHITE, WHITE: BLACK}
FLIPS = ("conditional", "grounded")


def jumps(board: FlipBoard) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Every (jumper's cell, hole's cell, cells jumped over) the lines allow, in both directions."""
    for line in board.lines:
        for cells in (line, line[::-1]):
            for i, source in enumerate(cells):
                for j in range(i + 2, len(cells)):
                    yield source, cells[j], cells[i + 1 : j]


def reflections(board: FlipBoard) -> tuple[tuple[int, ...], ...]:
    """The board's mirror images: cell permutations, each its own inverse and not the identity,
    that send every line onto a line, read either way. Two lines share at most one cell, so two
    cells' images fix a line's image; a line left open is tried against every line of its
    length."""
    directed = [*board.lines, *(line[::-1] for line in board.lines)]
    found: list[tuple[int, ...]] = []

    def settle(image: dict[int, int]) -> None:
        for line in board.lines:
            known = [c for c in line if c in image]
            if len(known) == len(line):
                continue
            for target in directed:
                if len(target) == len(line) and all(
                    image[c] == target[line.index(c)] for c in known
                ):
                    settle({**image, **dict(zip(line, target, strict=True))})
            return
        whole = tuple(image.get(c, c) for c in range(board.cells))
        lines_kept = all(tuple(whole[c] for c in line) in directed for line in board.lines)
        involution = all(whole[d] == c for c, d in enumerate(whole))  # so a permutation too
        if lines_kept and involution and whole != tuple(range(board.cells)) and whole not in found:
            found.append(whole)

    settle({})
    return tuple(found)


def planning_task(instance: FlipIt, flips: str = "conditional") -> PlanningTask:
    """The task in the form ``flips`` names; its actions are named ``("jump", colour, from, to,
    ...)``."""
    if flips == "grounded":
        return _grounded_task(instance)
    n = instance.board.cells

    def hole(cell: int) -> int:
        return cell

    def colour(cell: int) -> int:
        return n + cell

    variables = tuple(Variable(("hole", c), (True, False)) for c in range(n)) + tuple(
        Variable(("colour", c), (BLACK, WHITE)) for c in range(n)
    )
    turned = {  # each cell's two turns, made once: a long line's jumps share them
        c: tuple(
            ConditionalEffect(((colour(c), shown),), colour(c), _OTHER[shown])
            for shown in (BLACK, WHITE)
        )
        for c in range(n)
    }
    actions = []
    for source, target, over in jumps(instance.board):
        turns = tuple(effect for c in over for effect in turned[c])
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
            actions.append(Action(("jump", jumper, source, target), pre, effects, turns))
    mirrors = reflections(instance.board)
    return PlanningTask(
        variables=variables,
        initial=_state(instance.start),
        goal=_goal(instance),
        actions=tuple(actions),
        symmetries=tuple((*mirror, *(n + c for c in mirror)) for mirror in mirrors),
    )


def _grounded_task(instance: FlipIt) -> PlanningTask:
    """Variable ``c`` holds cell ``c``'s content; one action per jump and colours of its cells."""
    values = (HOLE, BLACK, WHITE)
    variables = tuple(Variable(("cell", c), values) for c in range(instance.board.cells))
    actions = []
    for source, target, over in jumps(instance.board):
        for jumper in (BLACK, WHITE):
            for shown in product((BLACK, WHITE), repeat=len(over)):
                pre = ((source, jumper), (target, HOLE), *zip(over, shown, strict=True))
                turned = ((c, _OTHER[was]) for c, was in zip(over, shown, strict=True))
                effects = ((source, HOLE), (target, jumper), *turned)
                actions.append(Action(("jump", jumper, source, target, shown), pre, effects))
    if instance.goal is None:
        goal = {c: frozenset({HOLE, WHITE}) for c in range(instance.board.cells)}
    else:
        goal = {c: frozenset({cell}) for c, cell in enumerate(instance.goal)}
    mirrors = reflections(instance.board)
    return PlanningTask(variables, tuple(instance.start), goal, tuple(actions), symmetries=mirrors)


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
