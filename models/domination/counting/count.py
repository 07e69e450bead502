"""Counting minimum knight placements: all of them, and up to the board's symmetries.

Once the minimum k is proven, the placements of k knights are listed by one of three counters.
``enumerate`` lists them on a solver (enumeration.py): on a SAT solver one per orbit, under the
lex-leader break, and the count is complete when the solver proves no other exists, a refutation
kept as a DRUP certificate on request; elsewhere every placement, sorted into orbits here.
``colours`` (total only) lists each colour's half on its own and pairs them (colour_count.py);
``zdd`` reads every placement off a decision diagram (zdd.py). The count of all placements is
the sum of the orbits' sizes (for ``colours``, the product of the halves' counts). ``auto``
picks by variant (DEFAULT_COUNTER).

>>> from boardsat.models.domination import Domination
>>> counted = count_minimum_placements(Domination(4, 4, "dominating"))
>>> counted.knights, counted.count, counted.count_up_to_symmetry, counted.complete
(4, 9, 3, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from boardsat.core.answer import Readable, json_seconds
from boardsat.core.deadline import Deadline, NoAnswerInTime, cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.picture import Drawn, Picture
from boardsat.core.results import Status
from boardsat.core.wording import counted
from boardsat.models.board import Board, Square
from boardsat.models.domination.answer import DominationAnswer
from boardsat.models.domination.counting.colour_count import COUNTER as COLOURS
from boardsat.models.domination.counting.colour_count import count_by_colour
from boardsat.models.domination.counting.enumeration import (
    CLAUSAL,
    certify_complete,
    enumerate_placements,
    enumerate_representatives,
    images,
    least,
    orbit_sizes,
    orbits,
)
from boardsat.models.domination.counting.zdd import COUNTER as ZDD
from boardsat.models.domination.counting.zdd import placements_by_zdd
from boardsat.models.domination.draw import contact_sheet
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.routes import backend_kind
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve

ENUMERATE = "enumerate"
AUTO = "auto"
COUNTERS = (ENUMERATE, COLOURS, ZDD)
ON_SOLVER = (ENUMERATE, COLOURS)
"""The counters that list placements on a solver, ``--backend``: the others need none."""
DEFAULT_BACKEND = "cadical195"
DEFAULT_COUNTER = {"independent": ENUMERATE, "dominating": ENUMERATE, "total": COLOURS}
"""The records domination-counting and domination-counting-total measure the counters and
backends against each other."""


@dataclass(frozen=True, repr=False)  # Readable's repr: the summary, not every field
class PlacementCount(Readable, Drawn):
    """The minimum placements of ``instance``: one representative per orbit (its least
    placement by sorted squares) with the orbit's size. ``complete`` when the counter ended by
    proving no other placement exists; ``certificate`` names the checked certificate of that
    last refutation, where one was kept: a DRUP file with its CNF beside it (the ``colours``
    counter keeps one per half listed, the names joined by commas), or the proof directory of a
    count by cubes."""

    instance: Domination
    knights: int
    representatives: tuple[tuple[frozenset[Square], int], ...]
    complete: bool
    seconds: float
    counter: str = ENUMERATE
    backend: str | None = DEFAULT_BACKEND
    certificate: str | None = None
    totals: tuple[int, int] | None = None
    """Both counts, where a counter counts more orbits than it lists (colour_count.py)."""
    interrupted: bool = False  # Ctrl-C, not the time limit, stopped an incomplete count
    drawn: ClassVar[str] = "placement"

    @property
    def certified(self) -> bool:
        """Whether a checked certificate shows the count complete."""
        return self.certificate is not None

    @property
    def count(self) -> int:
        """Every minimum placement: the orbits' sizes added up, or the counter's own total."""
        if self.totals is not None:
            return self.totals[0]
        return sum(size for _, size in self.representatives)

    @property
    def count_up_to_symmetry(self) -> int:
        """The placements that differ by more than a rotation or reflection of the board."""
        if self.totals is not None:
            return self.totals[1]
        return len(self.representatives)

    @property
    def listed(self) -> bool:
        """Whether every orbit is listed by a representative (``--list`` and pictures need it)."""
        return len(self.representatives) == self.count_up_to_symmetry

    @property
    def status(self) -> Status:
        """UNKNOWN while the count is only a lower bound (a limit or Ctrl-C stopped it); else
        whether any placement exists, as for a count of tours."""
        if not self.complete:
            return Status.UNKNOWN
        return Status.SATISFIABLE if self.count else Status.UNSATISFIABLE

    @property
    def proven_optimal(self) -> bool:
        """Always False, as for a count of tours: a count minimises nothing. Its ``knights``
        were proven the least before the count began."""
        return False

    @property
    def lower_bound(self) -> int:
        """The placements counted, each checked by the rules: the whole count once complete."""
        return self.count

    @property
    def drawable(self) -> bool:
        return bool(self.representatives)

    def picture(self) -> Picture:
        """A contact sheet: each representative's board, captioned with its orbit's size."""
        if not self.representatives:
            raise BoardsatError(f"no placement to draw: {self.summary()}")
        return contact_sheet(Board(self.instance.rows, self.instance.cols), self.representatives)

    def summary(self) -> str:
        """One line: the knights, both counts, whether the count is complete, how and how long."""
        instance = self.instance
        how = self.counter if self.backend is None else f"{self.counter} on {self.backend}"
        if self.complete:
            finished = "complete, certified" if self.certificate else "complete"
        else:
            stopped = "the interrupt" if self.interrupted else "the time limit"
            finished = f"INCOMPLETE: {stopped} stopped the count"
        return (
            f"{instance.variant} {instance.rows}x{instance.cols},"
            f" {counted(self.knights, 'knight')}: {counted(self.count, 'minimum placement')},"
            f" {self.count_up_to_symmetry} up to rotation and reflection"
            f" ({finished}; {how}, {self.seconds:.2f} s)"
        )

    def text(self) -> str:
        """The summary, and how many orbits have each size."""
        sizes = Counter(size for _, size in self.representatives)
        orbits = ", ".join(f"{sizes[size]} of {size}" for size in sorted(sizes, reverse=True))
        lines = [self.summary()]
        if orbits:
            lines.append(f"orbits by size: {orbits}")
        if not self.listed:
            lines.append(f"the {self.count_up_to_symmetry} orbits are too many to list one by one")
        if self.certificate:
            lines.append(f"certificate: {self.certificate}, checked")
        return "\n".join(lines)

    def listing(self) -> Iterator[dict[str, Any]]:
        """One row per orbit, as ``--list`` writes it: a representative's squares, the orbit's size."""
        for placement, size in self.representatives:
            yield {"placement": sorted([row, col] for row, col in placement), "orbit": size}

    def to_json(self) -> dict[str, Any]:
        instance = self.instance
        return {
            "rows": instance.rows,
            "cols": instance.cols,
            "variant": instance.variant,
            "status": self.status.value,
            "proven_optimal": self.proven_optimal,
            "lower_bound": self.lower_bound,
            "knights": self.knights,
            "count": self.count,
            "count_up_to_symmetry": self.count_up_to_symmetry,
            "complete": self.complete,
            "counter": self.counter,
            "backend": self.backend,
            "certificate": self.certificate,
            "seconds": json_seconds(self.seconds),
        }


def pick_counter(counter: str, variant: str) -> str:
    """The counter named, ``auto`` read as the variant's default; unknown names refused."""
    if counter == AUTO:
        return DEFAULT_COUNTER[variant]
    if counter not in COUNTERS:
        raise BoardsatError(f"unknown counter {counter!r}; known: {', '.join((AUTO, *COUNTERS))}")
    if counter == COLOURS and variant != "total":
        raise BoardsatError(f"the {COLOURS} counter splits the total variant only, not {variant}")
    return counter


def count_minimum_placements(
    instance: Domination,
    *,
    counter: str = AUTO,
    backend: str = DEFAULT_BACKEND,
    time_limit: float | None = None,
    certificate: str | None = None,
) -> PlacementCount:
    """Prove the minimum, then list its placements by ``counter`` (``backend`` is the
    enumeration's solver); each representative is checked by the rules. A time limit that stops
    the count leaves it incomplete. ``certificate`` (a new file; a SAT backend) keeps the DRUP
    proof that the enumeration missed nothing, checked here by boardsat's own checker; the
    ``colours`` counter keeps one per half listed, named by colour_count.half_certificate."""
    counter = pick_counter(counter, instance.variant)
    if certificate is not None:
        if counter not in ON_SOLVER:
            raise BoardsatError("a certificate comes from a solver's last refutation")
        if backend_kind(backend) not in CLAUSAL:
            raise BoardsatError(f"{backend} keeps no certificate: give a SAT solver")
    deadline = Deadline(time_limit)
    answer = solve(instance, time_limit=time_limit)
    knights = proven_minimum(answer)
    board = Board(instance.rows, instance.cols)
    backend_name: str | None = backend
    kept = None
    totals = None
    if counter == ZDD:
        found = placements_by_zdd(instance, knights, deadline.remaining())
        representatives, complete = orbits(board, found or ()), found is not None
        backend_name = None
    elif counter == COLOURS:
        halves = count_by_colour(instance, answer.placement, backend, deadline, certificate)
        representatives, complete = halves.representatives, halves.complete
        kept = ", ".join(halves.certificates) or None
        totals = (halves.count, halves.orbits)
    elif backend_kind(backend) in CLAUSAL:
        placements, complete = enumerate_representatives(
            instance, knights, backend, time_limit=deadline.remaining()
        )
        representatives = orbit_sizes(instance, placements)
        if complete and certificate is not None:
            kept = certify_complete(instance, knights, placements, backend, certificate, deadline)
    else:
        placements, complete = enumerate_placements(
            instance, knights, backend, symmetry=False, deadline=deadline
        )
        representatives = orbits(board, placements)
    return tally(
        instance,
        knights,
        representatives,
        complete,
        deadline.elapsed(),
        counter,
        backend_name,
        kept,
        totals,
    )


def proven_minimum(answer: DominationAnswer) -> int:
    """The minimum a count counts, once ``answer`` proves it; NoAnswerInTime when a limit or
    Ctrl-C stopped the proof, so that the count ends as at a limit, not as bad input."""
    if answer.proven_optimal and answer.knights is not None:
        return answer.knights
    if answer.result.status is Status.UNSATISFIABLE:
        raise BoardsatError(f"{answer.summary()}: there is no minimum to count")
    stopped = "the interrupt" if answer.interrupted else "the time limit"
    raise NoAnswerInTime(
        f"{answer.summary()}: {stopped} came before the minimum was proven, so"
        " no placement was counted"
    )


def tally(
    instance: Domination,
    knights: int,
    representatives: Sequence[tuple[frozenset[Square], int]],
    complete: bool,
    seconds: float,
    counter: str,
    backend: str | None,
    certificate: str | None,
    totals: tuple[int, int] | None = None,
) -> PlacementCount:
    """The count of ``representatives`` (with their orbits' sizes; ``totals`` gives both counts
    where a counter lists fewer orbits than it counts), each checked by the rules and replaced
    by its orbit's least placement, so that every counter lists the same ones."""
    symmetries = Board(instance.rows, instance.cols).symmetries().values()
    for placement, _ in representatives:
        problems = validate(instance.rows, instance.cols, instance.variant, placement)
        if problems or len(placement) != knights:
            raise AssertionError(f"the {counter} counter returned an invalid placement: {problems}")
    ordered = tuple(
        sorted(
            ((least(images(placement, symmetries)), size) for placement, size in representatives),
            key=lambda found: sorted(found[0]),
        )
    )
    return PlacementCount(
        instance,
        knights,
        ordered,
        complete,
        seconds,
        counter,
        backend,
        certificate,
        totals,
        interrupted=not complete and cancelled(),
    )
