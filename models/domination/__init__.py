"""Knight domination: the fewest knights that attack (or occupy) every square of a board.

The names a research script needs; the routes and race line-ups are tables in routes.py and
race.py, and the figures behind them are in bench/results/domination.md.

>>> from boardsat.models.domination import Domination, solve, validate
>>> board = Domination(5, 5, "independent")
>>> answer = solve(board)
>>> answer.knights, answer.proven_optimal, answer.status.name, answer.lower_bound
(5, True, 'OPTIMAL', 5)
>>> validate(board, answer.placement)
[]

The raw path compares backends on one model; the model carries its symmetry break and bound:

>>> import boardsat
>>> from boardsat.models.domination import build_model, decode
>>> built = build_model(board)
>>> result = boardsat.solve(built.model, "cadical195")
>>> result.status.name, len(decode(board, result)), validate(board, decode(board, result))
('OPTIMAL', 5, [])
"""

from boardsat.models.domination.answer import DominationAnswer
from boardsat.models.domination.counting.count import PlacementCount, count_minimum_placements
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.model import VARIANTS
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.seed import seed_instance
from boardsat.models.domination.solve import build_model, decode, solve, validate

__all__ = [
    "VARIANTS",
    "Domination",
    "DominationAnswer",
    "PlacementCount",
    "build_model",
    "count_minimum_placements",
    "decode",
    "published_minimum",
    "seed_instance",
    "solve",
    "validate",
]
