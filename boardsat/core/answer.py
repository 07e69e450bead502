"""What every puzzle package's ``solve`` answers, whatever the puzzle: one protocol for scripts.

A research script that loops over the puzzles reads the same five names on each answer, so it
needs no branch per puzzle. An answer that has a board to show also draws itself
(:class:`~boardsat.core.picture.Drawn`: ``svg()``, ``png()``, and ``_repr_svg_()`` for notebooks).
"""

from __future__ import annotations

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
