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

__all__ = [
    "Exchange",
    "ExchangeAnswer",
    "ExchangePuzzle",
    "build_model",
    "decode",
    "replay",
    "seed_instance",
    "shortest_plan",
    "solve",
    "successors",
    "validate",
]
