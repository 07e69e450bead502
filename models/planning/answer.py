"""What a planning puzzle answers, with its text, its pictures and its JSON fields.

The planner's outcome comes first (its ending, its plan replayed by the rules, each horizon);
the BFS checks asked for beside it follow: the oracle's distance and whether it agrees, and the
farthest positions. A check the time limit stopped says so and compares nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Generic

from boardsat.core.answer import Readable, json_seconds
from boardsat.core.errors import BoardsatError
from boardsat.core.picture import Drawings, Drawn, Picture
from boardsat.core.results import Status
from boardsat.core.wording import counted
from boardsat.models.planning import draw as plan_draw
from boardsat.models.planning.puzzle import M, P, PlanningPuzzle
from boardsat.solving.horizon_search import Ending, PlanOutcome

STOPPED = "stopped by the user"  # Ctrl-C, and no limit, ended a BFS check
UNFINISHED = "did not finish within the time limit"


@dataclass(frozen=True)
class OracleCheck:
    """The BFS oracle's fewest moves (None: unreachable) and whether the planner's answer agrees;
    both None when the oracle did not finish in time."""

    finished: bool
    moves: int | None
    agrees: bool | None
    interrupted: bool = False  # Ctrl-C, not the time limit, stopped it

    def to_json(self) -> dict[str, Any]:
        return {
            "oracle_finished": self.finished,
            "oracle_moves": self.moves,
            "oracle_agrees": self.agrees,
        }

    def line(self) -> str:
        if not self.finished:
            stopped = STOPPED if self.interrupted else UNFINISHED
            return f"BFS oracle: {stopped} (answer not compared)"
        shown = "unreachable" if self.moves is None else counted(self.moves, "move")
        return f"BFS oracle: {shown} ({'agrees' if self.agrees else 'DISAGREES'})"


@dataclass(frozen=True)
class Farthest:
    """The positions farthest from ``source`` by BFS, their distance and the number reachable;
    all None when the BFS did not finish in time."""

    source: str  # what the distances are measured from, in words
    distance: int | None
    positions: tuple[str, ...] | None
    reachable: int | None
    interrupted: bool = False  # Ctrl-C, not the time limit, stopped it

    def to_json(self) -> dict[str, Any]:
        return {
            "farthest_distance": self.distance,
            "farthest_positions": None if self.positions is None else list(self.positions),
            "reachable_states": self.reachable,
        }

    def lines(self) -> list[str]:
        if self.positions is None:
            stopped = f"was {STOPPED}" if self.interrupted else UNFINISHED
            return [f"farthest from {self.source}: the BFS {stopped}"]
        return [
            f"farthest from {self.source}: {self.distance} moves, {counted(len(self.positions), 'position')}",
            *(f"  {text}" for text in self.positions),
            f"reachable positions: {self.reachable}",
        ]


def _indented(picture: list[str]) -> list[str]:
    return [f"       {row}" for row in picture]


@dataclass(frozen=True, repr=False)  # Readable's repr: the summary, not every field
class PlanAnswer(Readable, Drawn, Generic[P, M]):
    """The planner's outcome and, when it found a plan, its moves with the positions the rules
    replayed them through; then the BFS checks, when asked for."""

    puzzle: PlanningPuzzle[P, M]
    outcome: PlanOutcome
    moves: tuple[M, ...] | None
    positions: tuple[P, ...] | None
    oracle: OracleCheck | None = None
    farthest: Farthest | None = None
    raced: tuple[str, ...] = ()  # the routes the auto route raced, the winner among them
    checked_by: float | None = None  # when the BFS checks ended, from the call's start

    @property
    def limit_reached(self) -> bool:
        """A limit (time, memory or the largest horizon) ended the search with no answer."""
        return self.outcome.ending is Ending.UNKNOWN

    @property
    def status(self) -> Status:
        """The ending in every backend's vocabulary: OPTIMAL for a plan (each shorter length was
        refuted), UNSATISFIABLE for no plan, UNKNOWN when a limit or Ctrl-C stopped the search."""
        return self.outcome.ending.status

    @property
    def proven_optimal(self) -> bool:
        return self.outcome.proven_optimal

    @property
    def lower_bound(self) -> int | None:
        """The fewest moves a plan may have, proven: the plan's length once found, one past the
        longest plans refuted otherwise; None when no plan of any length exists."""
        return self.outcome.lower_bound

    @property
    def seconds(self) -> float:
        """The whole call's wall time: the planner's, its bounds included, and the BFS checks'
        after it when they ran."""
        return self.outcome.seconds if self.checked_by is None else self.checked_by

    @property
    def interrupted(self) -> bool:
        """Ctrl-C stopped the planner or a BFS check before it finished."""
        checks = (self.oracle, self.farthest)
        return self.outcome.interrupted or any(c is not None and c.interrupted for c in checks)

    @property
    def disagrees(self) -> bool:
        """The oracle finished and contradicts the planner."""
        return self.oracle is not None and self.oracle.agrees is False

    def plan(self) -> list[tuple[str, P]]:
        """Each move as the puzzle writes it, and the position after it."""
        if self.moves is None or self.positions is None:
            return []
        return [
            (self.puzzle.move_name(move, before), after)
            for move, (before, after) in zip(self.moves, pairwise(self.positions), strict=True)
        ]

    drawn = "plan"

    @property
    def drawable(self) -> bool:
        return self.moves is not None

    def drawings(self) -> Drawings | None:
        """The strip as SVG and PNG, and the plan played as an animated SVG."""
        drawings = super().drawings()
        return None if drawings is None else {**drawings, "animate": self.animation}

    def picture(self) -> Picture:
        """The plan as a strip of numbered boards: the start, then the board after each move."""
        return plan_draw.strip(self.puzzle.drawing(), *self._drawn())

    def animation(self) -> str:
        """The plan played on one board, a move a second, looping: SVG text, no script."""
        return plan_draw.animation(self.puzzle.drawing(), *self._drawn())

    def _drawn(self) -> tuple[tuple[P, ...], tuple[M, ...], list[str]]:
        if self.moves is None or self.positions is None:
            raise BoardsatError(f"no plan to draw: {self.outcome.describe()}")
        return self.positions, self.moves, [name for name, _ in self.plan()]

    def to_json(self) -> dict[str, Any]:
        """The outcome's fields (``PlanOutcome.to_json``) between the puzzle's start and goal and
        its checks; the plan by the puzzle's names, the seconds the whole call's."""
        puzzle, shared = self.puzzle, self.outcome.to_json()
        document: dict[str, Any] = {
            "start": puzzle.position_text(puzzle.start),
            "goal": puzzle.goal_text(),
            "route": shared.pop("route"),
            "raced": list(self.raced),
            **shared,
        }
        document |= {
            "interrupted": self.interrupted,
            "plan": [name for name, _ in self.plan()],
            "seconds": json_seconds(self.seconds),
        }
        if self.oracle is not None:
            document |= self.oracle.to_json()
        if self.farthest is not None:
            document |= self.farthest.to_json()
        return document

    def _route_text(self) -> str:
        """Which route answered, with what, and what it raced against."""
        outcome = self.outcome
        text = f"the {outcome.route} route ({outcome.encoding})"
        others = [name for name in self.raced if name != outcome.route]
        return f"{text}, ahead of the {', '.join(others)} route" if others else text

    def summary(self) -> str:
        """One line: the outcome, the route that answered, how long, and a disagreement of the
        BFS oracle, if it had one."""
        outcome = self.outcome
        on = "" if outcome.backend == outcome.route else f" on {outcome.backend}"
        line = f"{outcome.describe()}; the {outcome.route} route{on}, {self.seconds:.2f} s"
        return f"{line}; the BFS oracle DISAGREES" if self.disagrees else line

    def text(self) -> str:
        """The outcome, each move with the position after it, then the checks. A position drawn
        on several lines is drawn below its move, the start first. Asked for the farthest
        positions, the plan is one line of moves: the positions are what was asked for."""
        return "\n".join(self._lines())

    def _lines(self) -> list[str]:
        lines = [self.outcome.describe()]
        answered = self.outcome.ending is not Ending.UNKNOWN
        if answered and (self.raced or self.outcome.route != "sat"):
            lines.append(f"  by {self._route_text()}")
        plan = self.plan()
        if self.farthest is not None:
            if plan:
                lines.append(f"  moves: {', '.join(name for name, _ in plan)}")
            if self.oracle is not None:
                lines.append(self.oracle.line())
            return [*lines, *self.farthest.lines()]
        if plan and len(self.puzzle.picture(self.puzzle.start)) > 1:
            lines += ["  start", *_indented(self.puzzle.picture(self.puzzle.start))]
        for number, (name, after) in enumerate(plan, 1):
            drawn = self.puzzle.picture(after)
            if len(drawn) == 1:
                lines.append(f"{number:>3}. {name:<10} {drawn[0]}")
            else:
                lines += [f"{number:>3}. {name}", *_indented(drawn)]
        if self.oracle is not None:
            lines.append(self.oracle.line())
        return lines
