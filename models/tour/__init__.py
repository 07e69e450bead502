"""Knight's tours: find one, list them or count them, every tour checked by the rules.

The modules, one job each: ``model`` (the circuit model and its decoder), ``rules`` (the
validator, sharing no code with the model), ``solve`` (the routes and the request), ``routes``
(which route ``auto`` takes, on which backend), ``answer`` (the answers with their text and
JSON), ``split`` (the quadrant blocks), ``zdd`` (counting by decision diagram), ``draw`` (SVG
and PNG), ``bench`` (the benchmark matrix), ``published`` (the seed's counts) and ``seed`` (the
demo's check).

``build_model`` and ``validate`` are the package's names for ``model.build_tour_model`` and
``rules.validate_tour``, the same names every puzzle package gives its model and its rules.

>>> from boardsat.models.tour import Board, TourRequest, TourSpec, find_tour, solve, validate
>>> corner = TourSpec(Board(5, 5), closed=False, start=(0, 0))
>>> answer = find_tour(corner)
>>> answer.found, validate(5, 5, answer.tour, closed=False, start=(0, 0))
(True, [])
>>> solve(TourRequest(corner, job="count")).count  # the seed article's figure
304
"""

from __future__ import annotations

from boardsat.models.board import Board
from boardsat.models.tour.answer import TourAnswer, TourCount
from boardsat.models.tour.model import TourSpec
from boardsat.models.tour.model import build_tour_model as build_model
from boardsat.models.tour.rules import validate_tour as validate
from boardsat.models.tour.solve import (
    TourRequest,
    count_by_enumeration,
    find_closed_by_quadrants,
    find_tour,
    solve,
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
    "find_closed_by_quadrants",
    "find_tour",
    "solve",
    "validate",
]
