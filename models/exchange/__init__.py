"""The knight exchange: knights of several colours trade places by knight moves onto empty squares.

A planning puzzle, and the shape the next ones (Flip-It, the shogi sliding puzzle) copy: an
``instance`` read from board text; the ``rules`` (legal moves, the replay of a plan) that the BFS
oracle walks; the ``model``, a planning task for the solvers and the decoder of its plans,
sharing no move table with the rules; admissible ``bounds``; ``solve`` (the request, the route
and its defaults, the BFS checks); the ``answer`` with its text and JSON; ``draw`` (positions and
moves as text); ``bench`` (the benchmark matrix); ``published`` (the seed's figures); ``seed``
(the demo's check).

>>> from boardsat.models.exchange import ExchangeRequest, replay, seed_instance, solve
>>> seed = seed_instance()
>>> answer = solve(ExchangeRequest(seed, verify=True))
>>> answer.outcome.describe()
'plan of 16 moves (proven optimal)'
>>> replay(seed, answer.moves)[-1] == seed.goal, answer.oracle.agrees
(True, True)
"""

from __future__ import annotations

from boardsat.models.exchange.answer import ExchangeAnswer
from boardsat.models.exchange.instance import Exchange, seed_instance
from boardsat.models.exchange.model import planning_task
from boardsat.models.exchange.rules import replay, successors
from boardsat.models.exchange.solve import ExchangeRequest, shortest_plan, solve

__all__ = [
    "Exchange",
    "ExchangeAnswer",
    "ExchangeRequest",
    "planning_task",
    "replay",
    "seed_instance",
    "shortest_plan",
    "solve",
    "successors",
]
