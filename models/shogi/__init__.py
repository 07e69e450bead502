"""The shogi sliding puzzle: the first player's pieces move by their shogi moves, one at a time,
never taking and never promoting, from a start arrangement to a goal in the fewest moves.

A planning puzzle in the exchange's shape: an ``instance`` read from SFEN board text, the
``rules`` (each piece's move chart, the legal moves, the replay) that the BFS oracle walks, the
``model`` (a STRIPS planning task with its own move vectors), a matching ``bounds``, ``solve``
(the puzzle as the shared planning route sees it), ``draw`` (SFEN, USI and Japanese move names),
``published`` (the seed's figures) and ``seed`` (the demo's check).

>>> from boardsat.models.shogi import Shogi, solve, validate
>>> instance = Shogi.parse("BP1/1S1/P1P", "1PP/1S1/P1B")
>>> answer = solve(instance, verify=True)
>>> answer.outcome.describe(), answer.oracle.agrees, validate(instance, answer.moves)
('plan of 5 moves (proven optimal)', True, [])
>>> [name for name, _ in answer.plan()][-1].split()[0][-2:], answer.to_json()["goal"]
('1a', '1PP/1S1/P1B')
>>> answer.status.name, answer.proven_optimal, answer.lower_bound
('OPTIMAL', True, 5)

The raw path: the planning task, its horizons searched on a named backend.

>>> from boardsat.models.shogi import build_model, decode, find_plan
>>> outcome = find_plan(build_model(instance), "cadical195", max_horizon=10)
>>> outcome.describe(), validate(instance, decode(instance, outcome.plan))
('plan of 5 moves (proven optimal)', [])
"""

from __future__ import annotations

from boardsat.models.shogi.instance import Shogi, ShogiBoard, parse_sfen, seed_instance, sfen
from boardsat.models.shogi.rules import replay, successors
from boardsat.models.shogi.solve import (
    ShogiAnswer,
    ShogiPuzzle,
    build_model,
    decode,
    shortest_plan,
    solve,
    validate,
)
from boardsat.solving.horizon_search import find_plan

__all__ = [
    "Shogi",
    "ShogiAnswer",
    "ShogiBoard",
    "ShogiPuzzle",
    "build_model",
    "decode",
    "find_plan",
    "parse_sfen",
    "replay",
    "seed_instance",
    "sfen",
    "shortest_plan",
    "solve",
    "successors",
    "validate",
]
