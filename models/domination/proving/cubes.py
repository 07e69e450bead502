"""Knight domination split into cubes: the claim "k knights cannot do it", and the band splitter.

The band splitter cuts the board into bands of rows and makes one cube per profile, the number of
knights in each band. Most profiles are impossible at once: a window of consecutive bands holds
squares whose every coverer lies inside the window (two rows or more from its open edges), so the
window needs at least as many knights as covering those squares alone takes. Each such bound is a
lemma, a small claim of its own that is refuted and certified like a cube; the profiles are then
every count vector that meets all lemmas within the budget, so the cubes cover the claim by
construction, and ``band_profiles`` lets a checker enumerate them again.

The row mirror sends a profile to its reverse and keeps the knights' count, so a band split needs
only one profile of each mirror pair: the least. That is sound beside a lex-leader break only when
the break leaves the row mirror alone and breaks symmetries that keep every band's count (the
column mirror): a placement is mirrored to the least profile first, then to its column-mirror
leader, which keeps the profile. ``MIRROR_BREAKS`` is that break.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Model
from boardsat.core.wording import counted
from boardsat.models.board import Board, Square
from boardsat.models.domination.bounds import cover_model, proven_bound
from boardsat.models.domination.model import (
    block_placement,
    build_refutation,
    check_variant,
    knight_key,
    placed_squares,
)
from boardsat.models.domination.order import DEFAULT_ORDER
from boardsat.models.domination.proving.halves import SPLITTER as COLOUR_SPLITTER
from boardsat.models.domination.proving.halves import (
    colour_split,
    colour_split_arithmetic,
    colour_split_grounds,
    colour_split_problems,
)
from boardsat.models.domination.rules import validate
from boardsat.solving.cube import Cube, Split
from boardsat.solving.lookahead import lookahead_cubes

PUZZLE = "domination"
BANDS = 3  # three bands of rows: the profiles stay few (bench/results/domination_cubes.md)
LEMMA = "domination-window"
MIRROR_BREAKS = ("flip-cols",)  # the lex-leader beside a mirrored band split
PROFILE_KEEPING = frozenset(MIRROR_BREAKS)  # the symmetries that keep every band's count
COUNT = "domination-count"


def _check_kinds(spec: Mapping[str, Any], kinds: Mapping[str, type]) -> None:
    """ValueError naming a field of a claim's spec, read from a proof's files, of the wrong kind
    (bool is no whole number here)."""
    for name, kind in kinds.items():
        value = spec.get(name)
        if name in spec and (
            not isinstance(value, kind) or (kind is int and isinstance(value, bool))
        ):
            raise ValueError(f"{name} {value!r} is not a {kind.__name__}")


@dataclass(frozen=True)
class DominationClaim:
    """No placement of ``at_most`` knights or fewer (with the lex-leader break when
    ``symmetry``: a placement has one exactly when its orbit's leader does), the model's squares
    listed in ``order`` (which changes its formula, not its solutions)."""

    rows: int
    cols: int
    variant: str
    at_most: int
    symmetry: bool = True
    order: str = DEFAULT_ORDER
    breaks: tuple[str, ...] | None = None  # the symmetries the lex-leader breaks (None: all)

    def spec(self) -> dict[str, Any]:
        spec = {
            "puzzle": PUZZLE,
            "rows": self.rows,
            "cols": self.cols,
            "variant": self.variant,
            "at_most": self.at_most,
            "symmetry": self.symmetry,
            "order": self.order,
        }
        return spec if self.breaks is None else spec | {"breaks": list(self.breaks)}

    def broken(self) -> frozenset[str]:
        """The names of the board's symmetries the claim's lex-leader breaks."""
        if not self.symmetry:
            return frozenset()
        every = Board(self.rows, self.cols).symmetries()
        return frozenset(every if self.breaks is None else every.keys() & set(self.breaks))

    def describe(self) -> str:
        return (
            f"no {self.variant} placement of {counted(self.at_most, 'knight')} or fewer"
            f" on the {self.rows}x{self.cols} board"
        )

    def grounds(self) -> str | None:
        if not self.symmetry:
            return None
        if self.breaks is not None:
            return (
                f"its symmetry break keeps the least of a placement and its images under"
                f" {', '.join(self.breaks) or 'no symmetry'}, in {self.order} order; images have"
                " equal knights, so refuting the least refutes all"
            )
        return (
            f"its symmetry break keeps the least placement of each symmetry class, in {self.order}"
            " order; a class's placements have equal knights, so refuting the least refutes all"
        )

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any]) -> DominationClaim:
        breaks = spec.get("breaks")  # absent: every symmetry, as before 0.8
        _check_kinds(spec, {"rows": int, "cols": int, "variant": str, "at_most": int})
        _check_kinds(
            spec, {"symmetry": bool, "order": str} | ({} if breaks is None else {"breaks": list})
        )
        return cls(
            spec["rows"],
            spec["cols"],
            spec["variant"],
            spec["at_most"],
            spec["symmetry"],
            spec.get("order", DEFAULT_ORDER),  # proofs made before 0.3 listed squares by rows
            None if breaks is None else tuple(breaks),
        )

    def best_problems(self, best: Sequence[Sequence[int]]) -> list[str]:
        """What is wrong with ``best`` as the placement of one knight more than the claim allows
        (nothing: the claim, once proven, makes it optimal)."""
        placement = {(int(row), int(col)) for row, col in best}
        problems = validate(self.rows, self.cols, self.variant, placement)
        if len(placement) != self.at_most + 1:
            knights = counted(len(placement), "knight")
            problems.append(f"the best placement has {knights}, not {self.at_most + 1}")
        return problems

    def counterexample_problems(self, placement: Sequence[Sequence[int]]) -> list[str]:
        """What is wrong with ``placement`` as one that refutes the claim (nothing: it keeps the
        rules with no more knights than the claim allows)."""
        squares = {(int(row), int(col)) for row, col in placement}
        problems = validate(self.rows, self.cols, self.variant, squares)
        if len(squares) > self.at_most:
            problems.append(f"it has {counted(len(squares), 'knight')}, more than {self.at_most}")
        return problems

    def placement(self, solution: Sequence[Any]) -> list[list[int]]:
        """The knights a satisfied cube's ``solution`` (its true keys, as JSON) places."""
        return sorted([row, col] for row, col in placed_squares(solution))

    def decisions(self) -> tuple[tuple[str, int, int], ...]:
        """The knights: what a lookahead split fixes (never an encoder's auxiliary)."""
        return band_keys(self, (0, self.rows))

    def split_grounds(self, split: Split) -> str | None:
        """Why a split of this puzzle's own covers every case the claim leaves open."""
        if split.splitter == COLOUR_SPLITTER:
            return colour_split_grounds(self, split)
        if split.splitter == "bands" and split.params.get("mirror"):
            return (
                "mirroring the rows reverses a band profile and keeps the column mirror's"
                " break, so the lesser of each pair of mirrored profiles stands for both"
            )
        return None

    def split_arithmetic(self, split: Split) -> list[str] | None:
        """A colour split's cover as sums a referee redoes (None for a split of another kind)."""
        if split.splitter == COLOUR_SPLITTER:
            return colour_split_arithmetic(self, split)
        return None

    def split_problems(self, split: Split) -> list[str] | None:
        """What is wrong with a band or colour split (None for a split of another kind): its
        cubes must be every profile its lemmas leave; the lemmas are certified as claims of
        their own."""
        if split.splitter == COLOUR_SPLITTER:
            return colour_split_problems(self, split)
        if split.splitter != "bands":
            return None
        bands = [(int(top), int(bottom)) for top, bottom in split.params["bands"]]
        lemmas = [WindowClaim.from_spec(spec) for spec in split.lemmas]
        mirror = bool(split.params.get("mirror", False))
        if mirror and not mirrors(self, bands):
            reason = "needs mirrored bands and a symmetry break that keeps every band's count"
            return [f"the band split keeps one profile of each mirror pair, which {reason}"]
        expected = {cube.ident for cube in band_cubes(self, bands, lemmas, mirror)}
        if expected != {cube.ident for cube in split.cubes}:
            return ["the band split's cubes are not every profile its lemmas leave"]
        return []

    def model(self) -> Model:
        built = build_refutation(
            self.rows,
            self.cols,
            self.variant,
            self.at_most,
            symmetry=self.symmetry,
            order=self.order,
            breaks=self.breaks,
        )
        return built.model


@dataclass(frozen=True)
class CountClaim:
    """No placement of ``knights`` knights or fewer besides the ``blocked`` ones, under the
    lex-leader break: with ``knights`` the proven minimum, its proof makes the blocked
    placements one per orbit of every minimum placement, so a count of them is complete."""

    rows: int
    cols: int
    variant: str
    knights: int
    blocked: tuple[tuple[Square, ...], ...]
    order: str = DEFAULT_ORDER

    def spec(self) -> dict[str, Any]:
        return {
            "puzzle": COUNT,
            "rows": self.rows,
            "cols": self.cols,
            "variant": self.variant,
            "knights": self.knights,
            "order": self.order,
            "blocked": [[list(square) for square in placement] for placement in self.blocked],
        }

    def describe(self) -> str:
        return (
            f"no {self.variant} placement of {counted(self.knights, 'knight')} or fewer on the"
            f" {self.rows}x{self.cols} board besides the"
            f" {counted(len(self.blocked), 'placement')} listed"
        )

    def grounds(self) -> str | None:
        return (
            f"its symmetry break keeps the least placement of each symmetry class, in {self.order}"
            " order, so the listed placements are one of every class of minimum placements"
        )

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any]) -> CountClaim:
        blocked = tuple(
            tuple((int(row), int(col)) for row, col in placement) for placement in spec["blocked"]
        )
        return cls(
            spec["rows"], spec["cols"], spec["variant"], spec["knights"], blocked, spec["order"]
        )

    def best_problems(self, best: Sequence[Sequence[Sequence[int]]]) -> list[str]:
        """What is wrong with the listed placements: each must keep the rules with exactly
        ``knights`` knights."""
        problems = []
        for placement in best:
            squares = {(int(row), int(col)) for row, col in placement}
            problems += validate(self.rows, self.cols, self.variant, squares)
            if len(squares) != self.knights:
                problems.append(f"a listed placement has {counted(len(squares), 'knight')}")
        return problems

    def proves(self, best: Sequence[Any]) -> str:
        """What the proof shows: the listed placements are every orbit."""
        return f"the count of {counted(len(best), 'orbit')} is complete"

    def placement(self, solution: Sequence[Any]) -> list[list[int]]:
        """The knights of a placement the count missed (a satisfied cube's true keys)."""
        return sorted([row, col] for row, col in placed_squares(solution))

    def decisions(self) -> tuple[tuple[str, int, int], ...]:
        """The knights: what a lookahead split fixes."""
        return tuple(knight_key(square) for square in Board(self.rows, self.cols).squares())

    def model(self) -> Model:
        built = build_refutation(
            self.rows, self.cols, self.variant, self.knights, symmetry=True, order=self.order
        )
        for placement in self.blocked:
            block_placement(built.model, frozenset(placement))
        return built.model


@dataclass(frozen=True)
class WindowClaim:
    """Rows ``top`` to ``bottom - 1`` hold more than ``at_most`` knights: their inner squares
    cannot be covered with fewer, and every coverer of those squares stands in those rows."""

    rows: int
    cols: int
    variant: str
    top: int
    bottom: int
    at_most: int

    def spec(self) -> dict[str, Any]:
        return {
            "puzzle": LEMMA,
            "rows": self.rows,
            "cols": self.cols,
            "variant": self.variant,
            "top": self.top,
            "bottom": self.bottom,
            "at_most": self.at_most,
        }

    def describe(self) -> str:
        return (
            f"rows {self.top} to {self.bottom - 1} need more than {counted(self.at_most, 'knight')}"
        )

    def grounds(self) -> str | None:
        return None  # no symmetry break: the window's own cover, as stated

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any]) -> WindowClaim:
        return cls(
            spec["rows"],
            spec["cols"],
            spec["variant"],
            spec["top"],
            spec["bottom"],
            spec["at_most"],
        )

    def model(self) -> Model:
        cover = _window_cover(self)
        if cover is None:
            raise BoardsatError(f"{self.describe()}: a square there has no coverer")
        model, knights = cover
        model.add_at_most(knights, self.at_most)
        return model


def inner_rows(rows: int, top: int, bottom: int) -> range:
    """The rows of the window whose squares only knights inside the window can cover (a knight
    reaches two rows up or down)."""
    first = top if top == 0 else top + 2
    last = bottom if bottom == rows else bottom - 2
    return range(first, max(first, last))


def _window_cover(claim: WindowClaim) -> tuple[Model, list[int]] | None:
    """The cover model of the window's inner squares, whose coverers all stand in the window
    (None when one of them has no coverer)."""
    rows = inner_rows(claim.rows, claim.top, claim.bottom)
    inner = [(row, col) for row in rows for col in range(claim.cols)]
    cover = cover_model(Board(claim.rows, claim.cols), claim.variant, inner)
    return None if cover is None else (cover[0], list(cover[1].values()))


SPLITTERS = ("whole", "bands", "lookahead", COLOUR_SPLITTER)
# what a proof by cubes starts with, by variant: one cube was cheapest on boards 13 to 16, and
# the total variant's halves proved it apart (bench/results/domination_cubes.md)
DEFAULT_SPLITTER = {"independent": "whole", "dominating": "whole", "total": COLOUR_SPLITTER}
LOOKAHEAD_CUBES = 64
WINDOW_LIMIT_S = 20.0  # per lemma window; a bound proven by then still makes a lemma


def split_claim(
    claim: DominationClaim,
    splitter: str,
    cubes: int,
    deadline: Deadline | None = None,
    window_limit: float = WINDOW_LIMIT_S,
    halves: Mapping[str, int] | None = None,
) -> Split:
    """The root split of ``claim``: ``whole`` (the claim as one cube, which the proof splits by
    lookahead only if it outruns its limit), ``bands`` (one cube per profile over BANDS bands of
    rows, a row a band on a board of fewer rows, ``window_limit`` seconds to bound each lemma's
    window), ``lookahead`` (about ``cubes`` cubes on the knights) or ``colours`` (the total
    variant: a lemma per colour's half, from the ``halves`` of the placement found when given,
    else bounded within ``window_limit`` seconds too)."""
    if splitter == "whole":
        return Split("", splitter, (Cube(),))
    if splitter == COLOUR_SPLITTER:
        if claim.variant != "total":
            raise BoardsatError("only the total variant splits by colour")
        return colour_split(claim, deadline, window_limit, halves)
    if splitter == "bands":
        return band_split(claim, min(BANDS, claim.rows), deadline, window_limit)
    if splitter == "lookahead":
        found = lookahead_cubes(claim, Cube(), cubes, over=claim.decisions(), deadline=deadline)
        return Split("", splitter, tuple(found), params={"cubes": cubes})
    raise BoardsatError(f"unknown splitter {splitter!r}; known: {', '.join(SPLITTERS)}")


def band_split(
    claim: DominationClaim,
    count: int,
    deadline: Deadline | None = None,
    window_limit: float = WINDOW_LIMIT_S,
) -> Split:
    """The board cut into ``count`` bands of rows, as even as they come; a lemma on every window
    of consecutive bands short of the whole board, from the bound CP-SAT proves on it within
    ``window_limit`` seconds (a window not bounded by then, or by ``deadline``, gives no lemma,
    which only leaves more cubes)."""
    check_variant(claim.variant)
    if not 1 <= count <= claim.rows:
        raise BoardsatError(f"the board's {claim.rows} rows cannot make {count} bands")
    deadline = deadline or Deadline(None)
    bands = band_rows(claim.rows, count)
    lemmas = []
    for first in range(len(bands)):
        for last in range(first, len(bands)):
            top, bottom = bands[first][0], bands[last][1]
            if (top, bottom) == (0, claim.rows):
                continue  # the whole board: the claim itself
            least = _window_minimum(claim, top, bottom, deadline, window_limit)
            if least:
                window = WindowClaim(claim.rows, claim.cols, claim.variant, top, bottom, least - 1)
                lemmas.append(window)
    mirror = mirrors(claim, bands)
    return Split(
        "",
        "bands",
        band_cubes(claim, bands, lemmas, mirror),
        tuple(lemma.spec() for lemma in lemmas),
        {"bands": [list(band) for band in bands], "mirror": mirror},
    )


def mirrors(claim: DominationClaim, bands: Sequence[tuple[int, int]]) -> bool:
    """Whether a split into ``bands`` may keep one profile of each row-mirror pair: the bands
    are each other's mirror images, and the claim's break keeps every band's count."""
    flipped = [(claim.rows - bottom, claim.rows - top) for top, bottom in reversed(bands)]
    return flipped == list(bands) and claim.broken() <= PROFILE_KEEPING


def band_rows(rows: int, count: int) -> tuple[tuple[int, int], ...]:
    """``rows`` rows cut into ``count`` bands (first row, row after the last), as even as they come."""
    cuts = [round(band * rows / count) for band in range(count + 1)]
    return tuple(itertools.pairwise(cuts))


def band_cubes(
    claim: DominationClaim,
    bands: Sequence[tuple[int, int]],
    lemmas: Sequence[WindowClaim],
    mirror: bool = False,
) -> tuple[Cube, ...]:
    """One cube per profile (``band_profiles``): exactly that many knights in each band; with
    ``mirror``, only profiles no greater than their reverse."""
    keys = [band_keys(claim, band) for band in bands]
    return tuple(
        Cube(counts=tuple(zip(keys, profile, strict=True)))
        for profile in band_profiles(claim, bands, lemmas)
        if not mirror or profile <= profile[::-1]
    )


def band_keys(claim: DominationClaim, band: tuple[int, int]) -> tuple[tuple[str, int, int], ...]:
    return tuple(knight_key((row, col)) for row in range(*band) for col in range(claim.cols))


def band_profiles(
    claim: DominationClaim, bands: Sequence[tuple[int, int]], lemmas: Sequence[WindowClaim]
) -> Iterator[tuple[int, ...]]:
    """Every knight count per band that stays within the claim's budget and gives each lemma's
    window more than its ``at_most``."""
    index = {band[0]: i for i, band in enumerate(bands)}
    ends = {band[1]: i for i, band in enumerate(bands)}
    least: dict[int, list[tuple[int, int]]] = {}  # last band -> (first band, knights needed)
    for lemma in lemmas:
        least.setdefault(ends[lemma.bottom], []).append((index[lemma.top], lemma.at_most + 1))
    rest = _least_from(len(bands), least)
    sizes = [(bottom - top) * claim.cols for top, bottom in bands]

    def extend(profile: list[int], used: int) -> Iterator[tuple[int, ...]]:
        band = len(profile)
        if band == len(bands):
            yield tuple(profile)
            return
        for count in range(min(sizes[band], claim.at_most - used) + 1):
            if used + count + rest[band + 1] > claim.at_most:
                break
            profile.append(count)
            if all(sum(profile[first:]) >= need for first, need in least.get(band, [])):
                yield from extend(profile, used + count)
            profile.pop()

    yield from extend([], 0)


def _least_from(bands: int, least: dict[int, list[tuple[int, int]]]) -> list[int]:
    """For each band, a lower bound on the knights in it and the bands below it: the best chain
    of disjoint lemma windows."""
    starting: dict[int, list[tuple[int, int]]] = {}
    for last, windows in least.items():
        for first, need in windows:
            starting.setdefault(first, []).append((last, need))
    rest = [0] * (bands + 1)
    for band in reversed(range(bands)):
        rest[band] = max(
            [rest[band + 1]] + [need + rest[last + 1] for last, need in starting.get(band, [])]
        )
    return rest


def _window_minimum(
    claim: DominationClaim, top: int, bottom: int, deadline: Deadline, limit: float
) -> int:
    """A proven lower bound on the knights in rows top..bottom-1 that cover the window's inner
    squares: the optimum when CP-SAT settles it within ``limit`` seconds, else the bound it
    proved (0 when there are no inner squares)."""
    if not inner_rows(claim.rows, top, bottom):
        return 0
    cover = _window_cover(WindowClaim(claim.rows, claim.cols, claim.variant, top, bottom, 0))
    if cover is None:
        return 0  # no cover at all: the claim's own model says so
    model, knights = cover
    model.minimize(knights)
    return proven_bound(model, deadline, limit, workers=2)
