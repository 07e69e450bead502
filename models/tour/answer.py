"""What a tour search answers, with its text and its JSON fields.

Squares are listed as ``[row, col]`` in JSON, row 0 at the top; the text names them in chess
notation (a1 = bottom-left) and numbers the board in visiting order.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardsat.core.answer import Readable, json_seconds
from boardsat.core.errors import BoardsatError
from boardsat.core.picture import Drawn, Picture
from boardsat.core.results import Result, Status
from boardsat.core.wording import counted
from boardsat.models.board import Board, Square
from boardsat.models.tour.draw import tour_picture
from boardsat.models.tour.model import TourSpec


@dataclass(frozen=True, repr=False)  # Readable's repr: the summary, not every field
class TourAnswer(Readable, Drawn):
    """One search for a tour: its status, the tour (validated; empty when none was found), the
    route that searched (``whole`` or ``quadrants``) and the encoding its backend solved, and the
    wall seconds of the whole call, building the model included.

    ``solves`` holds the solver's results: one for the whole board, or one per block in tour
    order for the quadrant split (the last one the block that failed, when one did); none when
    the time limit ran out while the model was built.
    """

    spec: TourSpec
    status: Status
    tour: list[Square]
    backend: str
    route: str
    encoding: str
    seconds: float
    solves: tuple[Result, ...]

    @property
    def limit_reached(self) -> bool:
        """A limit (time or memory) ended the search before any tour was found."""
        return not self.found and self.status is Status.UNKNOWN

    @property
    def found(self) -> bool:
        return bool(self.tour)

    @property
    def proven_optimal(self) -> bool:
        """Always False: one tour is found, not minimised (the answer protocol's field)."""
        return False

    @property
    def lower_bound(self) -> int | None:
        """Always None: one tour measures nothing (the answer protocol's field)."""
        return None

    drawn = "tour"

    @property
    def drawable(self) -> bool:
        return self.found

    def picture(self) -> Picture:
        """The tour drawn on its board (:mod:`boardsat.models.tour.draw`)."""
        if not self.tour:
            raise BoardsatError(f"no tour to draw: {self.status.value}")
        return tour_picture(self.spec.board, self.tour, self.spec.closed)

    def to_json(self) -> dict[str, Any]:
        return spec_fields(self.spec) | {
            "status": self.status.value,
            "proven_optimal": self.proven_optimal,
            "lower_bound": self.lower_bound,
            "found": self.found,
            "tour": [list(square) for square in self.tour],
            "backend": self.backend,
            "route": self.route,
            "encoding": self.encoding,
            "seconds": json_seconds(self.seconds),
        }

    def summary(self) -> str:
        """One line: the tours asked for, the status, how long, and the route and encoding."""
        return (
            f"{self.spec.describe()}: {self.status.value} "
            f"({self.seconds:.2f} s, {self.route} route on {self.backend}: {self.encoding})"
        )

    def text(self) -> str:
        """The summary, then the numbered board and the squares' names when a tour was found."""
        if not self.tour:
            return self.summary()
        board = self.spec.board
        return "\n".join(
            [self.summary(), numbered_board(board, self.tour), tour_names(board, self.tour)]
        )


@dataclass(frozen=True, repr=False)  # Readable's repr: the summary, not every field
class TourCount(Readable):
    """A count of tours, and the tours listed on the way (enumeration only; a decision diagram
    lists none); ``exact`` is false when more tours exist than the limit let through, or when
    the time limit stopped the search before it knew.

    ``stopped`` says, where a limit stopped the count before it finished, how far it got in the
    counter's own words (the status is then UNKNOWN): an enumeration's tours so far, or a decision
    diagram's having none, since it counts only at its end.
    """

    spec: TourSpec
    count: int
    exact: bool
    route: str
    seconds: float
    tours: tuple[tuple[Square, ...], ...] = ()
    stopped: str | None = None
    counter: str = "enumerate"  # which counter counted (``--counter``); ``route`` says how

    @property
    def limit_reached(self) -> bool:
        """A limit stopped the count before it finished: the count is only a lower bound."""
        return self.stopped is not None

    @property
    def status(self) -> Status:
        """UNKNOWN while the count is only a lower bound (a limit, the time or Ctrl-C stopped
        it); else whether any tour exists."""
        if not self.exact:
            return Status.UNKNOWN
        return Status.SATISFIABLE if self.count else Status.UNSATISFIABLE

    @property
    def proven_optimal(self) -> bool:
        """Always False: a count minimises nothing (the answer protocol's field)."""
        return False

    @property
    def lower_bound(self) -> int:
        """The tours counted, each found and checked: the whole count once it is ``exact``."""
        return self.count

    def to_json(self, listed: bool = False) -> dict[str, Any]:
        """The count's fields; ``listed`` adds every tour listed, not only the first."""
        document = spec_fields(self.spec) | {
            "status": self.status.value,
            "proven_optimal": self.proven_optimal,
            "lower_bound": self.lower_bound,
            "found": self.count > 0,
            "count": self.count,
            "exact": self.exact,
            "stopped": self.stopped,
            "route": self.counter,
            "encoding": self.route,
            "seconds": json_seconds(self.seconds),
            "tour": [list(square) for square in self.tours[0]] if self.tours else [],
        }
        if listed:
            document["tours"] = [[list(square) for square in tour] for tour in self.tours]
        return document

    def summary(self) -> str:
        """One line: the tours asked for, how many there are (at least), how and how long."""
        bound = "" if self.exact else "at least "
        found = f"{bound}{counted(self.count, 'tour')}"
        if self.stopped is not None:
            found = f"UNKNOWN, the count did not finish: {self.stopped}"
        return f"{self.spec.describe()}: {found} ({self.route}, {self.seconds:.2f} s)"

    def text(self, listed: bool = False) -> str:
        """The tours by name, numbered (when ``listed``), then the summary."""
        board = self.spec.board
        shown = [f"{n}: {tour_names(board, tour)}" for n, tour in enumerate(self.tours, 1)]
        return "\n".join([*(shown if listed else []), self.summary()])


def spec_fields(spec: TourSpec) -> dict[str, Any]:
    """The JSON fields every tour answer starts with: the board and the tours asked for."""
    return {
        "rows": spec.board.rows,
        "cols": spec.board.cols,
        "closed": spec.closed,
        "start": None if spec.start is None else list(spec.start),
        "end": None if spec.end is None else list(spec.end),
    }


def numbered_board(board: Board, tour: Sequence[Square]) -> str:
    """The board with each square's visiting number (1 = first), row 0 at the top."""
    order: Mapping[Square, int] = {square: step + 1 for step, square in enumerate(tour)}
    width = len(str(board.size))
    lines = []
    for row in range(board.rows):
        cells = (order.get((row, col)) for col in range(board.cols))
        lines.append(" ".join(f"{'.' if n is None else n:>{width}}" for n in cells))
    return "\n".join(lines)


def tour_names(board: Board, tour: Collection[Square]) -> str:
    return " ".join(board.name(square) for square in tour)
