"""The answer to a domination request: the placement, its proof state, its text, picture and JSON."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from boardsat.core.answer import Readable, json_seconds
from boardsat.core.errors import BoardsatError
from boardsat.core.picture import Drawn, Picture
from boardsat.core.results import Result, Status
from boardsat.core.wording import counted
from boardsat.models.board import Board, Square
from boardsat.models.domination.draw import placement_picture
from boardsat.models.domination.order import DEFAULT_ORDER
from boardsat.models.domination.routes import PORTFOLIO_WORKER
from boardsat.solving.race import RaceEvent


@dataclass(frozen=True, repr=False)  # Readable's repr: the summary, not every field
class DominationAnswer(Readable, Drawn):
    """The best placement found, whether it is proven optimal, and the proven lower bound.

    A split total board (``halves``) keeps its halves' race events, each counting its own half's
    knights, with the racer's name prefixed by the half's colour and the time from the run's start.
    """

    board: Board
    variant: str
    placement: frozenset[Square]
    result: Result
    routes: tuple[str, ...]  # the routes that ran, each once (auto resolves to one of the
    # others; the halves of a split board may take two)
    seconds: float  # wall time of the whole run: building (tile bounds are solved) and solving
    events: tuple[RaceEvent, ...] = ()
    finisher: str | None = None  # the racer that closed the gap (race route)
    halves: tuple[str, ...] = ()  # the colours solved apart when a total problem was split
    order: str | None = None  # the square order the model was built in (None: nothing built)
    interrupted: bool = False  # Ctrl-C, not the time limit, ended the run

    @property
    def route(self) -> str:
        """The routes as one name, as the JSON has always carried them."""
        return " + ".join(self.routes)

    @property
    def encoding(self) -> str:
        """The backend's encoding, and the square order its literals follow."""
        if self.order is None:
            return self.result.encoding
        return f"{self.result.encoding} over squares in {self.order} order"

    @property
    def knights(self) -> int | None:
        return len(self.placement) if self.result.has_solution else None

    @property
    def limit_reached(self) -> bool:
        """A limit (time or memory) ended the run before any placement was found."""
        return not self.result.has_solution and self.result.status is Status.UNKNOWN

    @property
    def status(self) -> Status:
        """UNKNOWN when a limit or Ctrl-C ended the run, even with a placement in hand."""
        return self.result.status

    @property
    def proven_optimal(self) -> bool:
        return self.result.proven_optimal

    @property
    def lower_bound(self) -> int | None:
        return self.result.lower_bound

    def to_json(self) -> dict[str, Any]:
        return {
            "rows": self.board.rows,
            "cols": self.board.cols,
            "variant": self.variant,
            "status": self.status.value,
            "knights": self.knights,
            "proven_optimal": self.proven_optimal,
            "lower_bound": self.lower_bound,
            "placement": [list(square) for square in sorted(self.placement)],
            "backend": self.result.backend,
            "encoding": self.encoding,
            "order": self.order,
            "seconds": json_seconds(self.seconds),
            "proof": self.result.proof,
            "route": self.route,
            "split": list(self.halves) or None,
            "events": [_event_json(event) for event in self.events],
        }

    drawn = "placement"

    @property
    def drawable(self) -> bool:
        return self.result.has_solution

    def picture(self) -> Picture:
        """The placement drawn: the knights, and each empty square's count of attackers."""
        if not self.result.has_solution:
            raise BoardsatError(f"no placement to draw: {self.summary()}")
        return placement_picture(self.board, self.placement)

    def text(self) -> str:
        """The board as the seed prints it, its legend, then the summary line."""
        if not self.result.has_solution:
            return self.summary()
        return f"{render(self.board, self.placement)}\n{LEGEND}\n{self.summary()}"

    def summary(self) -> str:
        """One line: the count, whether it is proven, the bound, how and how long."""
        if not self.result.has_solution:
            if self.result.status is Status.UNSATISFIABLE:
                return f"no {self.variant} placement exists on {self.board.rows}x{self.board.cols}"
            bound = "" if self.lower_bound is None else f"; proven lower bound {self.lower_bound}"
            when = "before the interrupt" if self.interrupted else "in time"
            return f"no placement found {when}{bound}; UNKNOWN, {self.seconds:.2f} s"
        proven = "proven optimal" if self.proven_optimal else "not proven optimal"
        how = " and ".join(self._route_words(route) for route in self.routes)
        if len(self.routes) > 1:  # auto picks by size, and the halves may differ by a square
            how = f"halves by {how}"
        if len(self.halves) == 1:
            how += f"; split by square colour, {self.halves[0]} knights solved and mirrored"
        elif self.halves:
            how += (
                "; split by square colour, " + " and ".join(self.halves) + " knights solved apart"
            )
        knights = counted(len(self.placement), "knight")
        return (
            f"{knights} ({self.variant}), {proven}, lower bound {self.lower_bound}; "
            f"{how}, {self.seconds:.2f} s"
        )

    def _route_words(self, route: str) -> str:
        ordered = ""  # the seeds' row order goes without saying
        if self.order not in (None, DEFAULT_ORDER):
            ordered = f" (squares in {self.order} order)"
        if route == "race":
            closed = f", closed by the {self.finisher}" if self.finisher else ""
            return f"race on {self.result.backend}{ordered}{closed}"
        if route == "core":
            return f"core-guided prover alone on {self.result.backend}{ordered}"
        if route == "descent":
            return f"SAT-UNSAT descent on {self.result.backend} [{self.encoding}]"
        if route == "portfolio":
            worker = PORTFOLIO_WORKER[self.variant]
            return f"CP-SAT portfolio: {worker} worker beside local search and LNS"
        return f"{self.result.backend} [{self.encoding}]"


LEGEND = "(K: a knight; a digit: how many knights attack that empty square)"


def render(board: Board, placement: Iterable[Square]) -> str:
    """The board as the seed prints it: ``K`` for a knight, elsewhere how many knights attack it."""
    knights = set(placement)
    lines = []
    for row in range(board.rows):
        cells = []
        for col in range(board.cols):
            if (row, col) in knights:
                cells.append("K")
            else:
                count = sum(1 for other in board.knight_moves((row, col)) if other in knights)
                cells.append(str(count))
        lines.append(" ".join(cells))
    return "\n".join(lines)


def _event_json(event: RaceEvent) -> dict[str, Any]:
    return {
        "seconds": json_seconds(event.seconds),
        "racer": event.racer,
        "knights": event.objective,
        "lower_bound": event.bound,
    }
