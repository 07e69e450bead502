"""A total claim split by square colour: one lemma per half, and the colour profiles they leave.

A knight attacks only squares of the other colour, so in a total placement the knights on dark
squares attack every light square and those on light squares every dark one (colours.py). A
lemma says that one half needs more than so many knights: a claim of its own, on half the board's
variables, refuted and certified like a cube. The cubes are every count of dark and light knights
that meets both lemmas within the claim's budget; when the halves' minima add up to more than the
budget, none is left and the two lemmas prove the claim alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from boardsat.core.backends import CPSAT
from boardsat.core.deadline import Deadline
from boardsat.core.model import Model
from boardsat.core.wording import counted
from boardsat.models.board import Board
from boardsat.models.domination.bounds import proven_bound
from boardsat.models.domination.colours import (
    COLOUR_RULE,
    COLOURS,
    colour,
    colour_swap,
    colour_swap_rule,
    halves_to_solve,
    knight_squares,
)
from boardsat.models.domination.model import KNIGHT, build_model, build_refutation, knight_key
from boardsat.models.domination.order import DEFAULT_ORDER
from boardsat.models.domination.routes import CORE_PROVER
from boardsat.models.domination.symmetry import CHAIN
from boardsat.solving.cube import Cube, Split

if TYPE_CHECKING:  # the claim's module imports this one
    from boardsat.models.domination.proving.cubes import DominationClaim

HALF = "domination-half"
SPLITTER = "colours"
MIRROR = "mirror"  # a split param: one half's lemma proven, the other's its mirror image


@dataclass(frozen=True)
class HalfClaim:
    """The knights on ``colour`` squares need more than ``at_most`` to attack every square of
    the other colour (with the lex-leader over the symmetries that keep the colour)."""

    rows: int
    cols: int
    colour: str
    at_most: int
    order: str = DEFAULT_ORDER
    # its certificates' cardinality encoding: on 24, 26 and 28's lemmas CaDiCaL refuted the
    # sequential counter 1.5 to 3 times faster than the totalizer (bench/half_lemma_encodings.py)
    cardinality: ClassVar[str] = "seqcounter"

    def spec(self) -> dict[str, Any]:
        return {
            "puzzle": HALF,
            "rows": self.rows,
            "cols": self.cols,
            "colour": self.colour,
            "at_most": self.at_most,
            "order": self.order,
        }

    def describe(self) -> str:
        return (
            f"the knights on {self.colour} squares of the {self.rows}x{self.cols} board need more"
            f" than {counted(self.at_most, 'knight')} to attack every square of the other colour"
        )

    def grounds(self) -> str | None:
        return (
            "its symmetry break keeps the least of each class under the symmetries that keep"
            f" the colour, in {self.order} order; a class's placements have equal knights"
        )

    def decisions(self) -> tuple[tuple[str, int, int], ...]:
        """The colour's knights, row-major: what a lookahead split of the lemma fixes (the same
        keys, in the same order, as the whole claim's decisions that the lemma's model has)."""
        board = Board(self.rows, self.cols)
        return tuple(knight_key(square) for square in knight_squares(board, self.colour))

    def formula_fields(self, cardinality: str) -> dict[str, Any]:
        """The lemma in plain fields, for a referee who holds only its exported formula: enough
        to rebuild its coverage clauses and find them there, and to see what else it holds."""
        board = Board(self.rows, self.cols)
        model = self.model()
        keys = [
            (number, key) for number, key in enumerate(model.keys(), 1) if isinstance(key, tuple)
        ]
        squares = {
            str(number): [key[1], key[2]]
            for number, key in keys
            if key[0] == KNIGHT and colour(board, (key[1], key[2])) == self.colour
        }
        chains = [number for number, key in keys if key[0] == CHAIN]
        broken = dict.fromkeys(key[1] for _, key in keys if key[0] == CHAIN)
        knights = f"variables 1 to {len(squares)}"
        return {
            **self.spec(),
            "says": self.describe(),
            "colours": COLOUR_RULE,
            "coverage": f"one clause per {other_colour(self.colour)} square: the OR of the"
            " variables of the knights that attack it",
            "counter": {
                "encoding": cardinality,
                "says": f"at most {self.at_most} of {knights} are true",
                "variables": f"{model.num_vars + 1} to the DIMACS header's count",
            },
            "symmetry_break": {
                "symmetries": {name: board.symmetry_rule(name) for name in broken},
                "order": f"{knights} in number order: the {self.colour} squares in {self.order}"
                " order",
                "chain_variables": f"{chains[0]} to {chains[-1]}" if chains else "none",
            },
            "variables": squares,
        }

    def formula_parts(self, cardinality: str) -> tuple[str, ...]:
        """What a lemma's formula holds beside its coverage clauses, and why each part is sound:
        a sentence or two each, for the export's README."""
        counter = (
            "Each register (i, j) stands for 'at least j of the first i knights'"
            if cardinality == "seqcounter"
            else "Each auxiliary stands for a count of some knights, as the encoding defines it"
        )
        return (
            "Coverage: one clause per square of the other colour, the OR of the knights that"
            " attack it. A knight attacks only the other colour, so these say what the lemma"
            " needs: the colour's knights attack every such square.",
            f"Counter: python-sat's {cardinality} encoding says at most at_most knights stand."
            f" {counter}; set so, every clause of it holds when at most at_most knights stand."
            " So it removes only larger placements.",
            "Lex-leader: for each symmetry listed, the knights' variables, read in number order"
            " as 0s and 1s, are no greater than their image under it. A chain variable may hold"
            " only while the two agree so far.",
            "Each listed symmetry keeps the colour and the knight moves, so a placement's images"
            " have as many knights and attack as much. The least image of each class passes every"
            " comparison, so refuting these placements refutes all.",
        )

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any]) -> HalfClaim:
        return cls(spec["rows"], spec["cols"], spec["colour"], spec["at_most"], spec["order"])

    def model(self) -> Model:
        built = build_refutation(
            self.rows, self.cols, "total", self.at_most, order=self.order, knights_on=self.colour
        )
        return built.model


def colour_split(
    claim: DominationClaim,
    deadline: Deadline | None,
    limit: float,
    halves: Mapping[str, int] | None = None,
) -> Split:
    """The split of a total ``claim`` by colour: a lemma per half, then the profiles left.

    With ``halves``, the knights per colour of the placement one knight above the claim, each
    lemma says its half needs that many: if that placement is optimal, its halves are the
    halves' minima, so both lemmas hold and no profile is left; if a lemma fails, its half's
    placement beside the other half of that placement is a better one. Without, each lemma takes
    the bound CP-SAT proves within ``limit`` seconds. On a board whose colours a reflection
    swaps, one half's lemma is proven and the mirror gives the other's (``mirrored``).
    """
    board = Board(claim.rows, claim.cols)
    deadline = deadline or Deadline(None)
    if colour_swap(board) is not None:
        side = halves_to_solve(board)[0]
        need = min(halves.values()) if halves else _half_minimum(claim, side, deadline, limit)
        lemmas = [HalfClaim(claim.rows, claim.cols, side, need - 1, claim.order)]
        lemmas = lemmas if need > 0 else []
        cubes = colour_cubes(claim, mirrored(lemmas))
        params = {MIRROR: True} if lemmas else {}
        return Split("", SPLITTER, cubes, tuple(lemma.spec() for lemma in lemmas), params)
    least: dict[str, int] = dict(halves or {})
    for side in COLOURS:
        if side not in least:
            least[side] = _half_minimum(claim, side, deadline, limit)
    lemmas = [
        HalfClaim(claim.rows, claim.cols, side, need - 1, claim.order)
        for side, need in least.items()
        if need > 0
    ]
    return Split("", SPLITTER, colour_cubes(claim, lemmas), tuple(lemma.spec() for lemma in lemmas))


def mirrored(lemmas: Sequence[HalfClaim]) -> list[HalfClaim]:
    """The lemmas with each one's mirror image: the same bound on the other colour's half. It
    holds where a reflection swaps the colours and keeps knight moves (``mirror_problems``):
    the image of a half that beats the bound would beat the lemma's own."""
    return [*lemmas, *(replace(lemma, colour=other_colour(lemma.colour)) for lemma in lemmas)]


def other_colour(side: str) -> str:
    return COLOURS[1 - COLOURS.index(side)]


def mirror_problems(board: Board) -> list[str]:
    """Why a half's lemma cannot stand for the other's on ``board`` (nothing when it can): the
    reflection ``colour_swap`` names must send every square to one of the other colour, and
    the knight moves from each square to the knight moves from its image. Checked square by
    square, not taken from the reflection's name."""
    swap = colour_swap(board)
    size = f"{board.rows}x{board.cols}"
    if swap is None:
        return [
            f"no reflection of the {size} board swaps its colours, so no half mirrors the other"
        ]
    squares = list(board.squares())
    images = [swap(square) for square in squares]
    if sorted(images) != squares or any(
        colour(board, image) == colour(board, square)
        for square, image in zip(squares, images, strict=True)
    ):
        return [f"the {size} board's reflection does not swap the colours square for square"]
    if any(
        sorted(swap(target) for target in board.knight_moves(square))
        != sorted(board.knight_moves(swap(square)))
        for square in squares
    ):
        return [f"the {size} board's reflection does not keep the knight moves"]
    return []


def balanced(rows: int, cols: int, placement: Sequence[Sequence[int]]) -> list[list[int]]:
    """On a board whose colours a reflection swaps, the smaller colour's half of ``placement``
    beside its mirror image: a total placement no larger (the image attacks every square of the
    other colour, as the half does). Elsewhere the placement as it is."""
    board = Board(rows, cols)
    swap = colour_swap(board)
    squares = [(int(row), int(col)) for row, col in placement]
    if swap is None:
        return sorted([row, col] for row, col in squares)
    counts = half_counts(rows, cols, squares)
    if counts["dark"] == counts["light"]:
        return sorted([row, col] for row, col in squares)
    side = min(COLOURS, key=lambda name: counts[name])
    half = [square for square in squares if colour(board, square) == side]
    return sorted([row, col] for row, col in {*half, *(swap(square) for square in half)})


def half_counts(rows: int, cols: int, placement: Iterable[Sequence[int]]) -> dict[str, int]:
    """The knights of ``placement`` on each colour."""
    board = Board(rows, cols)
    on = [colour(board, (row, col)) for row, col in placement]
    return {side: on.count(side) for side in COLOURS}


def beside_other_half(
    rows: int, cols: int, half: Sequence[Sequence[int]], placement: Sequence[Sequence[int]]
) -> list[list[int]]:
    """The knights of ``half`` (one colour's, from a lemma that failed) beside those of
    ``placement`` on the other colour: a total placement when both are covers."""
    board = Board(rows, cols)
    sides = {colour(board, (row, col)) for row, col in half}
    other = [square for square in placement if colour(board, (square[0], square[1])) not in sides]
    return sorted([int(row), int(col)] for row, col in [*half, *other])


def colour_cubes(claim: DominationClaim, lemmas: Sequence[HalfClaim]) -> tuple[Cube, ...]:
    """One cube per count of dark and light knights within the budget that gives each lemma's
    colour more than its ``at_most``."""
    board = Board(claim.rows, claim.cols)
    need = dict.fromkeys(COLOURS, 0)
    for lemma in lemmas:
        need[lemma.colour] = max(need[lemma.colour], lemma.at_most + 1)
    dark, light = (
        tuple(knight_key(square) for square in knight_squares(board, side)) for side in COLOURS
    )
    return tuple(
        Cube(counts=((dark, on_dark), (light, on_light)))
        for on_dark in range(need["dark"], min(claim.at_most, len(dark)) + 1)
        for on_light in range(need["light"], min(claim.at_most - on_dark, len(light)) + 1)
    )


def colour_split_problems(claim: DominationClaim, split: Split) -> list[str]:
    """What is wrong with a colour split of ``claim``: it must be of a total claim, its lemmas
    halves of the same board (with their mirror images when the split says so, on a board whose
    reflection is checked to swap the colours), and its cubes every profile they leave."""
    if claim.variant != "total":
        return ["only the total variant splits by colour"]
    lemmas = [HalfClaim.from_spec(spec) for spec in split.lemmas]
    if any(spec.get("puzzle") != HALF for spec in split.lemmas) or any(
        (lemma.rows, lemma.cols) != (claim.rows, claim.cols) or lemma.colour not in COLOURS
        for lemma in lemmas
    ):
        return ["a lemma of the colour split is not a half of this board"]
    if split.params.get(MIRROR):
        problems = mirror_problems(Board(claim.rows, claim.cols))
        if len(lemmas) != 1:
            problems.append("a mirrored colour split rests on the lemma of one half")
        if problems:
            return problems
        lemmas = mirrored(lemmas)
    if {cube.ident for cube in colour_cubes(claim, lemmas)} != {c.ident for c in split.cubes}:
        return ["the colour split's cubes are not every profile its lemmas leave"]
    return []


def colour_split_grounds(claim: DominationClaim, split: Split) -> str:
    """Why the colour split's lemmas and cubes cover every placement, the mirror's reason
    included when the split takes one half's lemma for the other's."""
    said = (
        "a knight attacks only the other colour, so each colour's knights alone attack"
        " every square of the other, and the halves' lemmas bound every placement"
    )
    if not split.params.get(MIRROR):
        return said
    return (
        f"{said}; on the {claim.rows}x{claim.cols} board a reflection sends every square to one"
        " of the other colour and knight moves to knight moves (checked square by square), so"
        " one half's lemma holds of the other half too"
    )


def colour_split_arithmetic(claim: DominationClaim, split: Split) -> list[str]:
    """The colour split's cover as sums a referee redoes by hand: each half lemma's bound, the
    mirror's where one half's lemma stands for the other's, the claim's budget, and the colour
    profiles left (each a cube of the proof)."""
    board = Board(claim.rows, claim.cols)
    lemmas = [HalfClaim.from_spec(spec) for spec in split.lemmas]
    lines = [
        f"lemma: the {lemma.colour} half needs more than {counted(lemma.at_most, 'knight')},"
        f" so at least {lemma.at_most + 1}"
        for lemma in lemmas
    ]
    if split.params.get(MIRROR):
        lines += [
            f"mirror: the reflection {colour_swap_rule(board)} of the {claim.rows}x{claim.cols}"
            " board sends every square to one of the other colour and knight moves to knight"
            f" moves, so the {other_colour(lemma.colour)} half needs at least {lemma.at_most + 1}"
            " too (proof check verifies the reflection square by square)"
            for lemma in lemmas
        ]
        lemmas = mirrored(lemmas)
    need = dict.fromkeys(COLOURS, 0)
    for lemma in lemmas:
        need[lemma.colour] = max(need[lemma.colour], lemma.at_most + 1)
    least = need["dark"] + need["light"]
    lines.append(
        f"budget: the claim allows at most {claim.at_most}; the halves need at least"
        f" {need['dark']} dark + {need['light']} light = {least}"
    )
    if not split.cubes:
        return [*lines, f"{least} > {claim.at_most}: no profile is left, the lemmas alone prove it"]
    profiles = ", ".join(f"({cube.counts[0][1]}, {cube.counts[1][1]})" for cube in split.cubes)
    return [*lines, f"profiles left (dark, light): {profiles}; each is a cube of the proof"]


def _half_minimum(claim: DominationClaim, side: str, deadline: Deadline, limit: float) -> int:
    """A proven lower bound on the knights on ``side`` squares that attack the other colour: the
    optimum CP-SAT's core-guided search proves within ``limit`` seconds, or its bound (0 when
    it proved none). Core search closed the halves where default workers left a gap
    (bench/results/domination_cubes.md, "Total by colour")."""
    built = build_model(claim.rows, claim.cols, "total", knights_on=side, order=claim.order)
    core = CORE_PROVER[CPSAT]
    return proven_bound(built.model, deadline, limit, core.backend or CPSAT, **core.options)
