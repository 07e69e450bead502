"""Listing the placements of k knights on a solver, sorting them into orbits, and proving the
list complete.

On a SAT solver the model carries the lex-leader break, which keeps exactly one placement of
every orbit (symmetry.py), and each placement found is blocked; the squares follow the order the
SAT routes use (routes.ORDER). The placements found are then the orbit representatives, and the
list is complete when the solver proves no other exists. That last refutation can be kept as a
DRUP certificate: the CNF of the break with every representative blocked, refuted. On CP-SAT or
a MIP solver the enumeration lists every placement, with no break: it would also walk the break's
free chain variables. ``knights_on`` lists one colour's half of a total placement (colours.py),
where only the symmetries that keep the colour apply.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from boardsat.certificates.drup import check_drup, read_cnf, read_proof
from boardsat.core.deadline import Deadline
from boardsat.core.results import Status
from boardsat.models.board import Board, Square, Transform
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.model import (
    block_placement,
    build_refutation,
    knight_key,
    placed_squares,
)
from boardsat.models.domination.routes import ORDER, backend_kind
from boardsat.solving.cube import Cube
from boardsat.solving.solve import enumerate_solutions
from boardsat.solving.solve import solve as solve_model

CLAUSAL = ("sat", "rc2")
"""The backend kinds that enumerate under the lex-leader break, one placement per orbit."""


def enumerate_representatives(
    instance: Domination,
    knights: int,
    backend: str,
    cube: Cube | None = None,
    time_limit: float | None = None,
) -> tuple[list[frozenset[Square]], bool]:
    """One placement of ``knights`` knights per orbit (within ``cube``), on a SAT ``backend``;
    True when the solver proved there is no other."""
    return enumerate_placements(
        instance, knights, backend, symmetry=True, cube=cube, deadline=Deadline(time_limit)
    )


def enumerate_placements(
    instance: Domination,
    knights: int,
    backend: str,
    *,
    symmetry: bool,
    deadline: Deadline,
    cube: Cube | None = None,
    knights_on: str | None = None,
) -> tuple[list[frozenset[Square]], bool]:
    """Every placement of ``knights`` knights in ``cube`` (on ``knights_on`` squares, when
    given), or with ``symmetry`` one per orbit, blocked as found; True when the solver proved
    there is no other."""
    built = build_refutation(
        instance.rows,
        instance.cols,
        instance.variant,
        knights,
        symmetry=symmetry,
        order=ORDER[backend_kind(backend)],
        knights_on=knights_on,
    )
    (cube or Cube()).apply(built.model)
    keys = [knight_key(square) for square in built.board.squares()]
    keys = [key for key in keys if key in built.model]
    found = enumerate_solutions(built.model, keys, backend=backend, time_limit=deadline.remaining())
    return [placed_squares(solution) for solution in found.solutions], found.exhausted


def certify_complete(
    instance: Domination,
    knights: int,
    placements: Sequence[frozenset[Square]],
    backend: str,
    path: str,
    deadline: Deadline,
    knights_on: str | None = None,
) -> str | None:
    """Refute the break with every representative blocked, keeping the DRUP proof at ``path``,
    and check it; None when the time limit ran out first."""
    order = ORDER[backend_kind(backend)]
    built = build_refutation(
        instance.rows, instance.cols, instance.variant, knights, order=order, knights_on=knights_on
    )
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


def images(
    placement: frozenset[Square], transforms: Collection[Transform]
) -> set[frozenset[Square]]:
    """Every placement ``transforms`` make of ``placement``, itself included."""
    return {placement} | {frozenset(map(transform, placement)) for transform in transforms}


def least(placements: Collection[frozenset[Square]]) -> frozenset[Square]:
    """The placement that stands for ``placements``: the least by sorted squares."""
    return min(placements, key=sorted)


def orbit_sizes(
    instance: Domination, placements: Sequence[frozenset[Square]]
) -> list[tuple[frozenset[Square], int]]:
    """Each representative with the size of its orbit."""
    symmetries = Board(instance.rows, instance.cols).symmetries().values()
    return [(placement, len(images(placement, symmetries))) for placement in placements]


def orbits(
    board: Board, placements: Sequence[frozenset[Square]]
) -> list[tuple[frozenset[Square], int]]:
    """Every placement sorted into its orbit, each orbit stood for by its least placement. The
    placements of a finished count must fill their orbits."""
    symmetries = board.symmetries().values()
    found: dict[frozenset[Square], int] = {}
    for placement in placements:
        orbit = images(placement, symmetries)
        found[least(orbit)] = len(orbit)
    if len(placements) != sum(found.values()):
        raise AssertionError("the placements listed do not fill their orbits")
    return list(found.items())
