"""What every puzzle package's ``solve`` answers, whatever the puzzle: one protocol for scripts.

A research script that loops over the puzzles reads the same five names on each answer, so it
needs no branch per puzzle. Every answer reads as text (:class:`Readable`), and one that has a
board to show also draws itself (:class:`~boardsat.core.picture.Drawn`: ``svg()``, ``png()``,
and ``_repr_svg_()`` for notebooks).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol, runtime_checkable

from boardsat.core.results import Status

SECONDS_DIGITS = 3
"""The JSON of every answer gives its seconds to the millisecond: finer is noise between runs."""


@runtime_checkable
class Answer(Protocol):
    """The fields every puzzle's answer shares.

    ``status`` is the one vocabulary of every backend: OPTIMAL once the best is proven, UNKNOWN
    when a limit or Ctrl-C stopped the run. ``proven_optimal`` says the answer's measure (knights,
    moves) is proven the least; it is False for a question with no measure, such as one tour.
    ``lower_bound`` is the least value of that measure proven so far (a count's tours found, for a
    count), or None where nothing is measured or no solution exists. ``seconds`` is the wall time
    of the whole call, building included; ``to_json()`` holds to the command's JSON Schema.
    """

    @property
    def status(self) -> Status: ...

    @property
    def proven_optimal(self) -> bool: ...

    @property
    def lower_bound(self) -> int | None: ...

    @property
    def seconds(self) -> float: ...

    def to_json(self) -> dict[str, Any]: ...


def json_seconds(seconds: float) -> float:
    """Seconds as every command's ``--json`` gives them."""
    return round(seconds, SECONDS_DIGITS)


class Readable(ABC):
    """An answer as text: ``summary()``, its one line, is what ``str()`` gives and a repr names;
    ``text()`` is all its command prints, which IPython shows where there is no picture.

    IPython takes the first class along the MRO with its own ``_repr_pretty_`` or ``__repr__``,
    so an answer's dataclass is declared with ``repr=False``: a generated repr would win, and a
    notebook would show every field (1,706 characters for one domination answer).
    """

    @abstractmethod
    def summary(self) -> str:
        """One line: the answer, whether it is proven, how and how long."""

    @abstractmethod
    def text(self) -> str:
        """The answer as its command prints it (a board, a plan, a listing)."""

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.summary()}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's text form: the whole text, as the command prints it."""
        printer.text(self.text())
