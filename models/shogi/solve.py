"""Solving the shogi sliding puzzle on the route every planning puzzle shares (``planning.solve``).

:class:`ShogiPuzzle` names the puzzle's rules, model, bounds and drawing for that route. The
defaults: CaDiCaL with ``no_undo`` alone, which proved the deepest puzzles several times faster
than every strengthening together (bench/results/shogi.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from boardsat.core.deadline import Deadline
from boardsat.models.planning.answer import PlanAnswer
from boardsat.models.planning.puzzle import Bounds, RulesAndModel, SearchGuide, StatedPuzzle
from boardsat.models.planning.solve import DEFAULT_BACKEND, PlanRoute
from boardsat.models.shogi import bounds, draw, model, rules
from boardsat.models.shogi.instance import Move, Position, Shogi, sfen

DEFAULT_STRENGTHEN = "no_undo"
"""The strengthenings the route adds, as ``Strengthenings.parse`` reads them."""
MAX_HORIZON = 100
"""Where a search gives up, proven, when it has no time limit either."""

ShogiAnswer = PlanAnswer[Position, Move]


@dataclass(frozen=True)
class ShogiPuzzle(StatedPuzzle[Shogi, Position, Move]):
    """The puzzle as the shared planning route sees it: each job is its own module's."""

    instance: Shogi
    parts = RulesAndModel(rules.successors, rules.replay, model.planning_task, model.plan_moves)

    def bounds(self, deadline: Deadline) -> Bounds | None:
        lower = bounds.lower_bound(self.instance)
        return None if lower is None else Bounds(lower)

    def search_guide(self) -> SearchGuide[Position]:
        codes = {piece: code for code, piece in enumerate(sorted(set(self.instance.start)))}
        return SearchGuide(
            bounds.estimator(self.instance),
            lambda position: bytes(codes[piece] for piece in position),
            "a matching of pieces to goal squares",
        )

    def farthest_sources(self) -> list[Position]:
        return [self.instance.start]

    def position_text(self, position: Position) -> str:
        return sfen(self.instance.board, position)

    def picture(self, position: Position) -> list[str]:
        return draw.picture(self.instance.board, position)

    def drawing(self) -> draw.ShogiDrawing:
        board = self.instance.board
        return draw.ShogiDrawing(board.rows, board.cols)

    def goal_text(self) -> str:
        return self.position_text(self.instance.goal)

    def move_name(self, move: Move, before: Position) -> str:
        return draw.move_name(self.instance.board, move, before)


ROUTE = PlanRoute(
    ShogiPuzzle, DEFAULT_BACKEND, DEFAULT_STRENGTHEN, MAX_HORIZON, name="shogi", kind=Shogi
)
request = ROUTE.request
solve = ROUTE.solve
shortest_plan = ROUTE.shortest_plan
build_model = ROUTE.build_model
decode = ROUTE.decode
validate = ROUTE.validate
