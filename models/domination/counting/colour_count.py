"""The total variant's minimum placements counted half by half, one colour at a time.

A knight attacks only squares of the other colour (colours.py), so a total placement is a cover
of the light squares by knights on dark squares beside a cover of the dark squares by knights on
light ones, and neither half constrains the other. The minimum is the sum of the halves' minima,
so a minimum placement is any minimum dark half beside any minimum light half: the count is the
product of the halves' counts. Each half is listed on its own, on half the board's variables,
one placement per orbit of the symmetries that keep its colour, and its orbits are expanded here.
When a reflection swaps the colours, the light halves are the dark ones reflected.

The orbits of the pairs under the whole board's symmetries are counted by Burnside's lemma, from
the placements each symmetry fixes, without listing a pair. They are listed too, one least
placement each, while there are at most ``LISTED_AT_MOST``: a dark half's orbit representative
meets one light half per orbit of its own stabiliser. Every half is checked by the rules beside
one half of the other colour, which checks every pair.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from boardsat.core.deadline import Deadline
from boardsat.encoders.cnf.backend import check_proof_path
from boardsat.models.board import Board, Square, Transform
from boardsat.models.domination.colours import COLOURS, colour, colour_swap, halves_to_solve
from boardsat.models.domination.counting.enumeration import (
    CLAUSAL,
    certify_complete,
    enumerate_placements,
    images,
    least,
)
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.proving.halves import half_counts
from boardsat.models.domination.routes import backend_kind
from boardsat.models.domination.rules import validate

COUNTER = "colours"
LISTED_AT_MOST = 100_000
"""The most orbits listed one by one; past it a count holds the numbers alone, since listing
orbits by the hundred thousand outruns the count itself (bench/results/domination_counts.md)."""


@dataclass(frozen=True)
class ColourCount:
    """The minimum placements (``count``) and their orbits (``orbits``); ``representatives``
    lists each orbit with its size, or nothing past ``LISTED_AT_MOST``; whether both halves were
    listed to the end, and the checked certificates of the halves listed (one per half solved)."""

    count: int
    orbits: int
    representatives: list[tuple[frozenset[Square], int]]
    complete: bool
    certificates: tuple[str, ...] = ()


def half_certificate(path: str, half: str) -> str:
    """Where a half's certificate goes: ``count.drup`` becomes ``count-dark.drup``."""
    given = Path(path)
    return str(given.with_name(f"{given.stem}-{half}{given.suffix}"))


def count_by_colour(
    instance: Domination,
    placement: frozenset[Square],
    backend: str,
    deadline: Deadline,
    certificate: str | None = None,
) -> ColourCount:
    """The orbits of the total placements as small as ``placement`` (a proven minimum), listed
    half by half on ``backend``; ``certificate`` keeps each listed half's DRUP proof that it
    missed nothing, at ``half_certificate(certificate, colour)``."""
    board = Board(instance.rows, instance.cols)
    solved = halves_to_solve(board)
    if certificate is not None:
        for half in solved:
            check_proof_path(half_certificate(certificate, half))
    knights_on = half_counts(instance.rows, instance.cols, placement)
    by_orbit = backend_kind(backend) in CLAUSAL
    halves: dict[str, list[frozenset[Square]]] = {}
    kept: list[str] = []
    complete = True
    for half in solved:
        knights = knights_on[half]
        found, exhausted = enumerate_placements(
            instance, knights, backend, symmetry=by_orbit, deadline=deadline, knights_on=half
        )
        halves[half] = [image for orbit in _half_orbits(board, found) for image in orbit]
        complete = complete and exhausted
        if exhausted and by_orbit and certificate is not None:
            path = half_certificate(certificate, half)
            if certify_complete(instance, knights, found, backend, path, deadline, half):
                kept.append(path)
    swap = colour_swap(board)
    if swap is not None:  # one half solved; the other is its reflection
        halves[COLOURS[1 - COLOURS.index(solved[0])]] = [
            frozenset(map(swap, found)) for found in halves[solved[0]]
        ]
    darks, lights = halves["dark"], halves["light"]
    _check_halves(instance, len(placement), darks, lights)
    orbits = _orbit_count(board, darks, lights)
    pairs = _pair_orbits(board, darks, lights) if orbits <= LISTED_AT_MOST else []
    if pairs and len(pairs) != orbits:
        raise AssertionError("the orbits listed differ from the orbits counted")
    certified = tuple(kept) if len(kept) == len(solved) else ()
    return ColourCount(len(darks) * len(lights), orbits, pairs, complete, certified)


def _check_halves(
    instance: Domination,
    knights: int,
    darks: Sequence[frozenset[Square]],
    lights: Sequence[frozenset[Square]],
) -> None:
    """Each half beside one half of the other colour, checked by the rules and held to
    ``knights`` in all: the halves never meet, so this checks every pair."""
    for half, other in ((darks, lights[:1]), (lights, darks[:1])):
        for placement in half:
            for beside in other:
                both = placement | beside
                problems = validate(instance.rows, instance.cols, instance.variant, both)
                if problems or len(both) != knights:
                    raise AssertionError(f"the colours counter listed an invalid half: {problems}")


def _orbit_count(
    board: Board, darks: Sequence[frozenset[Square]], lights: Sequence[frozenset[Square]]
) -> int:
    """The orbits of the pairs by Burnside's lemma: the mean over the symmetries (identity
    included) of the pairs each one fixes. A symmetry that keeps the colours fixes a pair when
    it fixes both halves; one that swaps them fixes (dark, its image) when twice applied it
    fixes the dark half, since it maps the dark halves onto the light ones."""
    symmetries = board.symmetries().values()
    fixed = len(darks) * len(lights)  # the identity
    for transform in symmetries:
        if _keeps_colours(board, transform):
            fixed += _fixed(transform, darks) * _fixed(transform, lights)
        else:
            fixed += _fixed(_twice(transform), darks)
    group = len(symmetries) + 1
    if fixed % group:
        raise AssertionError("Burnside's count of the orbits is not whole")
    return fixed // group


def _fixed(transform: Transform, placements: Sequence[frozenset[Square]]) -> int:
    """How many of ``placements`` ``transform`` maps onto themselves."""
    return sum(1 for placement in placements if frozenset(map(transform, placement)) == placement)


def _keeps_colours(board: Board, transform: Transform) -> bool:
    """Whether ``transform`` keeps every square's colour (a symmetry that does not swaps them)."""
    return all(
        colour(board, transform(square)) == colour(board, square) for square in board.squares()
    )


def _keeping(board: Board) -> list[Transform]:
    """The board's symmetries that keep the colours."""
    return [t for t in board.symmetries().values() if _keeps_colours(board, t)]


def _twice(transform: Transform) -> Transform:
    """``transform`` applied twice."""
    return lambda square: transform(transform(square))


def _half_orbits(board: Board, found: Sequence[frozenset[Square]]) -> list[set[frozenset[Square]]]:
    """The distinct orbits of the half placements ``found`` under the symmetries that keep the
    colours."""
    keeping = _keeping(board)
    orbits: dict[frozenset[Square], set[frozenset[Square]]] = {}
    for placement in found:
        orbit = images(placement, keeping)
        orbits.setdefault(least(orbit), orbit)
    return list(orbits.values())


def _pair_orbits(
    board: Board, darks: Sequence[frozenset[Square]], lights: Sequence[frozenset[Square]]
) -> list[tuple[frozenset[Square], int]]:
    """The orbits of every dark half beside every light half, each stood for by its least
    placement, with its size; the sizes add up to the number of pairs."""
    keeping = _keeping(board)
    symmetries = board.symmetries().values()
    found: dict[frozenset[Square], int] = {}
    for dark in [least(orbit) for orbit in _half_orbits(board, darks)]:
        stabiliser = [transform for transform in keeping if frozenset(map(transform, dark)) == dark]
        met: set[frozenset[Square]] = set()
        for light in lights:
            light = least(images(light, stabiliser))
            if light in met:
                continue
            met.add(light)
            orbit = images(dark | light, symmetries)
            found[least(orbit)] = len(orbit)
    if sum(found.values()) != len(darks) * len(lights):
        raise AssertionError("the halves' pairs do not fill their orbits")
    return list(found.items())
