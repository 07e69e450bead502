"""Counting minimum knight placements: all of them, and up to the board's symmetries.

Once the minimum k is proven, the placements of k knights are listed by one of two counters.
``enumerate`` on a SAT solver asks for placements on the model with the lex-leader break, which
keeps exactly one placement of every orbit (symmetry.py), and blocks each one found; the squares
follow the order the SAT routes use (routes.ORDER). The placements found are then the orbit
representatives, and the count is complete when the solver proves no other exists. That last
refutation can be kept as a DRUP certificate: the CNF of the break with every representative
blocked, refuted. On CP-SAT or a MIP solver, ``enumerate`` lists every placement, with no break,
and sorts them into orbits here; so does ``zdd``, which reads them off a decision diagram
(zdd.py). Either way the count of all placements is the sum of the orbits' sizes.

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

from boardsat.certificates.drup import check_drup, read_cnf, read_proof
from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.picture import Drawn, Picture
from boardsat.core.results import Status
from boardsat.core.wording import counted
from boardsat.models.board import Board, Square
from boardsat.models.domination.draw import contact_sheet
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.model import (
    block_placement,
    build_refutation,
    knight_key,
    placed_squares,
)
from boardsat.models.domination.routes import ORDER, backend_kind
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve
from boardsat.models.domination.zdd import COUNTER as ZDD
from boardsat.models.domination.zdd import placements_by_zdd
from boardsat.solving.cube import Cube
from boardsat.solving.solve import enumerate_solutions
from boardsat.solving.solve import solve as solve_model

ENUMERATE = "enumerate"
COUNTERS = (ENUMERATE, ZDD)
DEFAULT_BACKEND = "cadical195"
"""The domination-counting record measures the counters and backends against each other."""
CLAUSAL = ("sat", "rc2")
"""The backend kinds that enumerate under the lex-leader break, one placement per orbit, blocking
each on the knights alone. CP-SAT and MIP solvers list every placement instead, sorted into
orbits here: their enumeration would also walk the break's free chain variables."""


@dataclass(frozen=True)
class PlacementCount(Drawn):
    """The minimum placements of ``instance``: one representative per orbit with the orbit's
    size. ``complete`` when the counter ended by proving no other placement exists;
    ``certificate`` names the checked certificate of that last refutation, where one was kept:
    a DRUP file with its CNF beside it, or the proof directory of a count by cubes."""

    instance: Domination
    knights: int
    representatives: tuple[tuple[frozenset[Square], int], ...]
    complete: bool
    seconds: float
    counter: str = ENUMERATE
    backend: str | None = DEFAULT_BACKEND
    certificate: str | None = None
    drawn: ClassVar[str] = "placement"

    @property
    def certified(self) -> bool:
        """Whether a checked certificate shows the count complete."""
        return self.certificate is not None

    @property
    def count(self) -> int:
        """Every minimum placement: the orbits' sizes added up."""
        return sum(size for _, size in self.representatives)

    @property
    def count_up_to_symmetry(self) -> int:
        """The placements that differ by more than a rotation or reflection of the board."""
        return len(self.representatives)

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
            finished = "INCOMPLETE: the time limit stopped the count"
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
            "knights": self.knights,
            "count": self.count,
            "count_up_to_symmetry": self.count_up_to_symmetry,
            "complete": self.complete,
            "counter": self.counter,
            "backend": self.backend,
            "certificate": self.certificate,
            "seconds": round(self.seconds, 3),
        }


def count_minimum_placements(
    instance: Domination,
    *,
    counter: str = ENUMERATE,
    backend: str = DEFAULT_BACKEND,
    time_limit: float | None = None,
    certificate: str | None = None,
) -> PlacementCount:
    """Prove the minimum, then list its placements by ``counter`` (``backend`` is the
    enumeration's solver); each representative is checked by the rules. A time limit that stops
    the count leaves it incomplete. ``certificate`` (a new file; a SAT backend) keeps the DRUP
    proof that the enumeration missed nothing, checked here by boardsat's own checker."""
    if counter not in COUNTERS:
        raise BoardsatError(f"unknown counter {counter!r}; known: {', '.join(COUNTERS)}")
    if certificate is not None and counter != ENUMERATE:
        raise BoardsatError("a certificate comes from the enumerate counter's last refutation")
    deadline = Deadline(time_limit)
    answer = solve(instance, time_limit=time_limit)
    knights = answer.knights
    if not answer.proven_optimal or knights is None:
        raise BoardsatError(f"{answer.summary()}: the minimum must be proven before it is counted")
    board = Board(instance.rows, instance.cols)
    backend_name: str | None = None
    kept = None
    if counter == ZDD:
        found = placements_by_zdd(instance, knights, deadline.remaining())
        representatives, complete = _orbits(board, found or ()), found is not None
    elif backend_kind(backend) in CLAUSAL:
        placements, complete = enumerate_representatives(
            instance, knights, backend, time_limit=deadline.remaining()
        )
        representatives, backend_name = orbit_sizes(instance, placements), backend
        if complete and certificate is not None:
            kept = _certify(instance, knights, placements, backend, certificate, deadline)
    else:
        if certificate is not None:
            raise BoardsatError(f"{backend} keeps no certificate: give a SAT solver")
        placements, complete = _enumerate(instance, knights, backend, False, Cube(), deadline)
        representatives, backend_name = _orbits(board, tuple(placements)), backend
    return tally(
        instance,
        knights,
        representatives,
        complete,
        deadline.elapsed(),
        counter,
        backend_name,
        kept,
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
) -> PlacementCount:
    """The count of ``representatives`` (with their orbits' sizes), each checked by the rules."""
    for placement, _ in representatives:
        problems = validate(instance.rows, instance.cols, instance.variant, placement)
        if problems or len(placement) != knights:
            raise AssertionError(f"the {counter} counter returned an invalid placement: {problems}")
    ordered = tuple(sorted(representatives, key=lambda found: sorted(found[0])))
    return PlacementCount(
        instance, knights, ordered, complete, seconds, counter, backend, certificate
    )


def orbit_sizes(
    instance: Domination, placements: Sequence[frozenset[Square]]
) -> list[tuple[frozenset[Square], int]]:
    """Each representative with the size of its orbit."""
    board = Board(instance.rows, instance.cols)
    return [(placement, _orbit_size(board, placement)) for placement in placements]


def enumerate_representatives(
    instance: Domination,
    knights: int,
    backend: str = DEFAULT_BACKEND,
    cube: Cube | None = None,
    time_limit: float | None = None,
) -> tuple[list[frozenset[Square]], bool]:
    """One placement of ``knights`` knights per orbit (within ``cube``), on a SAT ``backend``;
    True when the solver proved there is no other."""
    return _enumerate(instance, knights, backend, True, cube or Cube(), Deadline(time_limit))


def _enumerate(
    instance: Domination,
    knights: int,
    backend: str,
    symmetry: bool,
    cube: Cube,
    deadline: Deadline,
) -> tuple[list[frozenset[Square]], bool]:
    """Every placement in ``cube``, or with ``symmetry`` one per orbit, blocked as found; True
    when the solver proved there is no other."""
    built = build_refutation(
        instance.rows,
        instance.cols,
        instance.variant,
        knights,
        symmetry=symmetry,
        order=ORDER[backend_kind(backend)],
    )
    cube.apply(built.model)
    keys = [knight_key(square) for square in built.board.squares()]
    found = enumerate_solutions(built.model, keys, backend=backend, time_limit=deadline.remaining())
    return [placed_squares(solution) for solution in found.solutions], found.exhausted


def _certify(
    instance: Domination,
    knights: int,
    placements: list[frozenset[Square]],
    backend: str,
    path: str,
    deadline: Deadline,
) -> str | None:
    """Refute the break with every representative blocked, keeping the DRUP proof at ``path``,
    and check it; None when the time limit ran out first."""
    order = ORDER[backend_kind(backend)]
    built = build_refutation(instance.rows, instance.cols, instance.variant, knights, order=order)
    for placement in placements:
        block_placement(built.model, placement)
    result = solve_model(built.model, backend, time_limit=deadline.remaining(), proof=path)
    if result.status is Status.UNKNOWN:
        return None
    if result.status is not Status.UNSATISFIABLE:
        raise AssertionError("the enumeration missed a placement its certificate found")
    check = check_drup(read_cnf(path + ".cnf").clauses, read_proof(path))
    if not check.valid:
        raise AssertionError(f"the count's certificate failed its check: {check.reason}")
    return path


def _images(board: Board, placement: frozenset[Square]) -> set[frozenset[Square]]:
    """Every placement the board's symmetries make of ``placement``, itself included."""
    images = {placement}
    for transform in board.symmetries().values():
        images.add(frozenset(transform(square) for square in placement))
    return images


def _orbit_size(board: Board, placement: frozenset[Square]) -> int:
    """How many distinct placements the board's symmetries make of ``placement``."""
    return len(_images(board, placement))


def _orbits(
    board: Board, placements: tuple[frozenset[Square], ...]
) -> list[tuple[frozenset[Square], int]]:
    """Every placement sorted into its orbit: the orbit's least placement (by sorted squares)
    stands for it. The placements of a finished count must fill their orbits."""
    orbits: dict[frozenset[Square], int] = {}
    for placement in placements:
        images = _images(board, placement)
        orbits[min(images, key=sorted)] = len(images)
    if len(placements) != sum(orbits.values()):
        raise AssertionError("the placements listed do not fill their orbits")
    return list(orbits.items())
