"""Solving the knight exchange on the route every planning puzzle shares (``planning.solve``).

:class:`ExchangePuzzle` names the exchange's rules, model, bounds and drawing for that route; the
defaults below are the route's tuning: CaDiCaL with every strengthening, among the fastest on the
seed (bench/results/exchange.json) and proving optima far beyond the BFS oracle's reach
(bench/results/exchange_beyond_bfs.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from boardsat.core.deadline import Deadline
from boardsat.models.exchange import bounds, draw, model, rules
from boardsat.models.exchange.instance import Exchange, Move, Position
from boardsat.models.planning.answer import PlanAnswer
from boardsat.models.planning.puzzle import Bounds, RulesAndModel, SearchGuide, StatedPuzzle
from boardsat.models.planning.solve import DEFAULT_BACKEND, PlanRoute

DEFAULT_STRENGTHEN = "no_undo,canonical_order,reachability,goal_distance,potential"
"""The strengthenings the route adds, as ``Strengthenings.parse`` reads them: all but the mirror
break, slower on the exchanges of the record bench/records/planning-symmetry.jsonl."""
MAX_HORIZON = 60
"""Where a search gives up, proven, when it has no time limit either: the seed needs 16 moves."""

ExchangeAnswer = PlanAnswer[Position, Move]


@dataclass(frozen=True)
class ExchangePuzzle(StatedPuzzle[Exchange, Position, Move]):
    """The exchange as the shared planning route sees it: each job is its own module's."""

    instance: Exchange
    parts = RulesAndModel(rules.successors, rules.replay, model.planning_task, model.plan_moves)

    def bounds(self, deadline: Deadline) -> Bounds | None:
        lower = bounds.lower_bound(self.instance, deadline)
        if lower is None:
            return None
        required = bounds.parity(self.instance)
        return Bounds(lower, lambda h: "parity" if h % 2 != required else None)

    def search_guide(self) -> SearchGuide[Position]:
        return SearchGuide(
            bounds.estimator(self.instance),
            bytes,
            "a matching of knights to goal squares, raised to the parity",
        )

    def farthest_sources(self) -> list[Position]:
        return [self.instance.start]

    def position_text(self, position: Position) -> str:
        return draw.position_text(self.instance.board, position)

    def picture(self, position: Position) -> list[str]:
        return [self.position_text(position)]

    def drawing(self) -> draw.ExchangeDrawing:
        board = self.instance.board
        return draw.ExchangeDrawing(board.rows, board.cols, self.instance.colours)

    def goal_text(self) -> str:
        return self.position_text(self.instance.goal)

    def move_name(self, move: Move, before: Position) -> str:
        return draw.move_name(self.instance.board, move, before)


ROUTE = PlanRoute(
    ExchangePuzzle, DEFAULT_BACKEND, DEFAULT_STRENGTHEN, MAX_HORIZON, name="exchange", kind=Exchange
)
request = ROUTE.request
solve = ROUTE.solve
shortest_plan = ROUTE.shortest_plan
build_model = ROUTE.build_model
decode = ROUTE.decode
validate = ROUTE.validate
