"""Solving Flip-It on the route every planning puzzle shares (``planning.solve``).

:class:`FlipItPuzzle` names Flip-It's rules, model, bounds and drawing for that route. The
defaults: CaDiCaL with every strengthening; on Flip-It the strengthenings' differences stayed
within the noise (bench/results/flipit.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from boardsat.core.deadline import Deadline
from boardsat.core.planning_task import PlanningTask
from boardsat.models.flipit import bounds, draw, model, rules
from boardsat.models.flipit.instance import BLACK, HOLE, WHITE, FlipIt, Move, Position
from boardsat.models.planning.answer import PlanAnswer
from boardsat.models.planning.puzzle import Bounds, RulesAndModel, SearchGuide, StatedPuzzle
from boardsat.models.planning.solve import DEFAULT_BACKEND, PlanRoute

DEFAULT_STRENGTHEN = "all"
"""The strengthenings the route adds, as ``Strengthenings.parse`` reads them: the mirror break
too, faster over the Flip-It rows of bench/records/planning-symmetry.jsonl."""
MAX_HORIZON = 100
"""Where a search gives up, proven, when it has no time limit either: the star needs 21 at most."""

FlipItAnswer = PlanAnswer[Position, Move]


@dataclass(frozen=True)
class FlipItPuzzle(StatedPuzzle[FlipIt, Position, Move]):
    """Flip-It as the shared planning route sees it: each job is its own module's."""

    instance: FlipIt
    flips: str = "conditional"  # the task's form (model.FLIPS)
    parts = RulesAndModel(rules.successors, rules.replay, model.planning_task, model.plan_moves)

    def planning_task(self) -> PlanningTask:
        return model.planning_task(self.instance, self.flips)

    def bounds(self, deadline: Deadline) -> Bounds | None:
        lower = bounds.lower_bound(self.instance)
        return None if lower is None else Bounds(lower, bounds.refuted(self.instance))

    def search_guide(self) -> SearchGuide[Position]:
        name = (
            "the label bound"
            if bounds.label_fills(self.instance) is not None
            else "the counting bound"
        )
        return SearchGuide(bounds.estimator(self.instance), _packed, name)

    def farthest_sources(self) -> list[Position]:
        """The goal positions: every jump can be undone, so the farthest from them are the
        hardest starts (as the seed article measures)."""
        if self.instance.goal is not None:
            return [self.instance.goal]
        cells, holes = self.instance.board.cells, self.instance.start.count(HOLE)
        return [
            "".join(HOLE if cell in chosen else WHITE for cell in range(cells))
            for chosen in map(set, combinations(range(cells), holes))
        ]

    def position_text(self, position: Position) -> str:
        return position

    def picture(self, position: Position) -> list[str]:
        return draw.picture(self.instance.board, position)

    def drawing(self) -> draw.FlipItDrawing:
        return draw.FlipItDrawing(self.instance.board)

    def goal_text(self) -> str:
        return "every piece white" if self.instance.goal is None else self.instance.goal

    def move_name(self, move: Move, before: Position) -> str:
        return draw.move_name(move, before)


_DIGITS = str.maketrans({HOLE: "0", BLACK: "1", WHITE: "2"})


def _packed(position: Position) -> int:
    """The position as one integer, a base-3 digit per cell."""
    return int(position.translate(_DIGITS), 3)


ROUTE = PlanRoute(
    FlipItPuzzle, DEFAULT_BACKEND, DEFAULT_STRENGTHEN, MAX_HORIZON, name="flipit", kind=FlipIt
)
request = ROUTE.request
solve = ROUTE.solve
shortest_plan = ROUTE.shortest_plan
build_model = ROUTE.build_model
decode = ROUTE.decode
validate = ROUTE.validate
