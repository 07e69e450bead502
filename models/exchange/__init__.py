"""The knight exchange: knights of several colours trade places by knight moves onto empty squares.

A planning puzzle, and the shape the next ones (Flip-It, the shogi sliding puzzle) copy: an
``instance`` read from board text; the ``rules`` (legal moves, the replay of a plan) that the BFS
oracle walks; the ``model``, a planning task for the solvers and the decoder of its plans,
sharing no move table with the rules; admissible ``bounds``; ``solve`` (the puzzle as the shared
planning route sees it, with its defaults); ``draw`` (positions and moves as text); ``bench``
(the benchmark matrix); ``published`` (the seed's figures); ``seed`` (the demo's check). The
answer is the shared :class:`~boardsat.models.planning.answer.PlanAnswer`.

>>> from boardsat.models.exchange import seed_instance, solve, validate
>>> seed = seed_instance()
>>> answer = solve(seed, verify=True)
>>> answer.outcome.describe()
'plan of 16 moves (proven optimal)'
>>> validate(seed, answer.moves), answer.oracle.agrees
([], True)
>>> validate(seed, answer.moves[:-1])
['the moves do not end at the goal']

Every puzzle's answer has the same fields (``boardsat.core.answer.Answer``):

>>> answer.status.name, answer.proven_optimal, answer.lower_bound
('OPTIMAL', True, 16)

A backend named to ``solve`` runs the SAT planner on it alone, from the puzzle's bounds: the
fair way to compare backends.

>>> solve(seed, backend="glucose4").to_json()["backend"]
'glucose4'

The raw path builds the task and searches its horizons on a named backend, from 0 up to
``max_horizon`` (or until ``time_limit``), with none of the puzzle's bounds. Its outcome has
the same fields:

>>> from boardsat.models.exchange import Exchange, build_model, decode, find_plan
>>> corners = Exchange.parse("B../.../..W", "W../.../..B")
>>> outcome = find_plan(build_model(corners), "cadical195", max_horizon=20)
>>> outcome.describe(), validate(corners, decode(corners, outcome.plan))
('plan of 8 moves (proven optimal)', [])
>>> outcome.status.name, outcome.lower_bound
('OPTIMAL', 8)
"""

from __future__ import annotations

from boardsat.models.exchange.instance import Exchange, seed_instance
from boardsat.models.exchange.rules import replay, successors
from boardsat.models.exchange.solve import (
    ExchangeAnswer,
    ExchangePuzzle,
    build_model,
    decode,
    shortest_plan,
    solve,
    validate,
)
from boardsat.solving.horizon_search import find_plan

__all__ = [
    "Exchange",
    "ExchangeAnswer",
    "ExchangePuzzle",
    "build_model",
    "decode",
    "find_plan",
    "replay",
    "seed_instance",
    "shortest_plan",
    "solve",
    "successors",
    "validate",
]
