"""Knight's tours: find one, list them or count them, every tour checked by the rules.

The modules, one job each: ``model`` (the circuit model and its decoder), ``rules`` (the
validator, sharing no code with the model), ``solve`` (the routes and the request), ``routes``
(which route ``auto`` takes, on which backend), ``answer`` (the answers with their text and
JSON), ``split`` (the quadrant blocks), ``zdd`` (counting by decision diagram), ``draw`` (SVG
and PNG), ``bench`` (the benchmark matrix), ``published`` (the seed's counts) and ``seed`` (the
demo's check).

The package's verbs take the instance, a :class:`TourSpec`, as every puzzle package's do:

>>> from boardsat.models.tour import Board, TourSpec, solve, validate
>>> corner = TourSpec(Board(5, 5), closed=False, start=(0, 0))
>>> answer = solve(corner)
>>> answer.found, validate(corner, answer.tour), answer.status.name
(True, [], 'SATISFIABLE')
>>> solve(corner, job="count").count  # the seed article's figure
304

The raw path: the circuit model on one backend, decoded and checked by the rules.

>>> import boardsat
>>> from boardsat.models.tour import build_model, decode
>>> six = TourSpec(Board(6, 6), closed=True)
>>> result = boardsat.solve(build_model(six).model, "cpsat")
>>> result.status.name, validate(six, decode(six, result))
('SATISFIABLE', [])
"""

from __future__ import annotations

from boardsat.models.board import Board
from boardsat.models.tour.answer import TourAnswer, TourCount
from boardsat.models.tour.model import TourSpec
from boardsat.models.tour.seed import seed_instance
from boardsat.models.tour.solve import (
    TourRequest,
    build_model,
    count_by_enumeration,
    decode,
    find_closed_by_quadrants,
    find_tour,
    solve,
    solve_request,
    validate,
)
from boardsat.models.tour.zdd import count_by_zdd

__all__ = [
    "Board",
    "TourAnswer",
    "TourCount",
    "TourRequest",
    "TourSpec",
    "build_model",
    "count_by_enumeration",
    "count_by_zdd",
    "decode",
    "find_closed_by_quadrants",
    "find_tour",
    "seed_instance",
    "solve",
    "solve_request",
    "validate",
]
