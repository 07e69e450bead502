"""Knight domination: the fewest knights that attack (or occupy) every square of a board.

The names a research script needs; the routes and race line-ups are tables in routes.py and
race.py, and the figures behind them are in bench/results/domination.md.

>>> from boardsat.models.domination import solve, validate
>>> answer = solve(5, 5, "independent")
>>> answer.knights, answer.proven_optimal
(5, True)
>>> validate(5, 5, "independent", answer.placement)
[]
"""

from boardsat.models.domination.answer import DominationAnswer
from boardsat.models.domination.model import VARIANTS, build_model
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination as solve

__all__ = ["VARIANTS", "DominationAnswer", "build_model", "published_minimum", "solve", "validate"]
