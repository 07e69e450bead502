"""Flip-It: two-sided pieces jump along straight lines over other pieces into a hole, turning
over every piece they jump; the aim is to show one side everywhere in the fewest jumps.

A planning puzzle in the exchange's shape: an ``instance`` (the board's cells and lines, start and
goal as text such as ``.BBBBBBBBBBB``), the ``rules`` that the BFS oracle walks and that replay
every plan, the ``model`` (a planning task with conditional effects for the turned pieces),
admissible ``bounds``, ``solve`` (the puzzle as the shared planning route sees it), ``draw``,
``published`` (the seed's figures) and ``seed`` (the demo's check).

>>> from boardsat.models.flipit import FlipIt, line_board, solve, validate
>>> instance = FlipIt.parse(line_board(6), ".BBBBB")
>>> answer = solve(instance, verify=True)
>>> answer.outcome.describe(), answer.oracle.agrees
('plan of 4 moves (proven optimal)', True)
>>> answer.positions[-1], validate(instance, answer.moves)
('WWWWW.', [])
>>> answer.status.name, answer.lower_bound, answer.to_json()["lower_bound"]
('OPTIMAL', 4, 4)

The raw path: the planning task, its horizons searched on a named backend.

>>> from boardsat.models.flipit import build_model, decode, find_plan
>>> outcome = find_plan(build_model(instance), "cadical195", max_horizon=10)
>>> outcome.describe(), validate(instance, decode(instance, outcome.plan))
('plan of 4 moves (proven optimal)', [])
"""

from __future__ import annotations

from boardsat.models.flipit.instance import (
    STAR,
    FlipBoard,
    FlipIt,
    board_named,
    line_board,
    seed_instance,
)
from boardsat.models.flipit.rules import replay, successors
from boardsat.models.flipit.solve import (
    FlipItAnswer,
    FlipItPuzzle,
    build_model,
    decode,
    shortest_plan,
    solve,
    validate,
)
from boardsat.solving.horizon_search import find_plan

__all__ = [
    "STAR",
    "FlipBoard",
    "FlipIt",
    "FlipItAnswer",
    "FlipItPuzzle",
    "board_named",
    "build_model",
    "decode",
    "find_plan",
    "line_board",
    "replay",
    "seed_instance",
    "shortest_plan",
    "solve",
    "successors",
    "validate",
]
