"""The placement search: the fewest knights found within a time, proven or not.

A proof by cubes refutes one knight fewer than the placement it starts from, so the placement
decides how far a proof can reach: one knight above the optimum makes a lemma fail and costs a
second round. On the total variant the search works on one colour's half (colours.py), half the
variables of the whole board, with no symmetry break: a break helps a proof of the bound but
hides placements from a search.

The methods are rows of SEARCH_METHODS, measured against each other by the half-search matrix
(bench/results/open_terms.md); SEARCH_METHOD is the one the record chose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardsat.core.backends import CPSAT
from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key, Model
from boardsat.core.results import OnImprovement, Result, Status
from boardsat.models.board import Board, Square
from boardsat.models.domination.colours import COLOURS, knight_squares
from boardsat.models.domination.model import build_model, knight_key, placed_squares
from boardsat.solving.solve import solve


@dataclass(frozen=True)
class Method:
    """One way to search: CP-SAT's ``parameters`` on ``workers`` threads, started (for
    ``start_share`` of the time) on the placements that the board's ``symmetry`` maps onto
    themselves, a problem of half the variables."""

    summary: str
    parameters: Mapping[str, Any]
    symmetry: str | None = None
    start_share: float = 0.0
    workers: int = 2


SEARCH_METHODS: dict[str, Method] = {
    "lns": Method("CP-SAT's portfolio: large-neighbourhood search beside its own search", {}),
    "symmetric": Method(
        "the portfolio, started from the best placement a half turn keeps",
        {},
        symmetry="rot180",
        start_share=0.25,
    ),
    "local-search": Method("CP-SAT's violation local search alone", {"use_ls_only": True}),
}
SEARCH_METHOD = "lns"
SECONDS_PER_SQUARE = 0.25
"""The search's time where no limit is set, per square its knights may stand on: twice what the
chosen method took to reach the published optima of total 32 and 34 (the half-search record)."""
LEAST_SECONDS = 1.0  # where CP-SAT settles a small board at once, and a half with no square


def unlimited_search_seconds(squares: int) -> float:
    """How long a search with no time limit runs on ``squares`` squares (it ends unproven
    unless CP-SAT proves it first)."""
    return max(LEAST_SECONDS, SECONDS_PER_SQUARE * squares)


def check_method(method: str) -> str:
    if method not in SEARCH_METHODS:
        known = ", ".join(SEARCH_METHODS)
        raise BoardsatError(f"unknown search method {method!r}; known: {known}")
    return method


def search_model(
    model: Model,
    board: Board,
    time_limit: float | None,
    *,
    method: str = SEARCH_METHOD,
    seed: int = 1,
    hint: Mapping[Key, bool] | None = None,
    target: int | None = None,
    on_improvement: OnImprovement | None = None,
) -> Result:
    """The best solution of ``model`` (a minimisation over the knights of ``board``) that the
    method finds within ``time_limit``; ``target`` ends the search at that objective.

    The result is OPTIMAL only where CP-SAT proved it; a search stopped by its time is UNKNOWN
    with the best solution found.
    """
    chosen = SEARCH_METHODS[check_method(method)]
    deadline = Deadline(time_limit)
    options: dict[str, Any] = {
        "workers": chosen.workers,
        "parameters": {**chosen.parameters, "random_seed": seed},
    }
    if target is not None:
        options["stop_at"] = target
    if on_improvement is not None:
        options["on_improvement"] = on_improvement
    ties = symmetric_ties(model, board, chosen.symmetry) if chosen.symmetry and not hint else []
    if ties:
        start = model.copy()
        for mine, theirs in ties:
            start.add_clause([-mine, theirs])
            start.add_clause([mine, -theirs])
        left = deadline.remaining()
        share = None if left is None else left * chosen.start_share
        found = solve(start, CPSAT, time_limit=share, **options)
        if target is not None and found.objective is not None and found.objective <= target:
            return found
        hint = found.assignment or hint
    if hint:
        options["hint"] = hint
    return solve(model, CPSAT, time_limit=deadline.remaining(), **options)


def symmetric_ties(model: Model, board: Board, symmetry: str) -> list[tuple[int, int]]:
    """The pairs of knight literals that ``symmetry`` swaps, each pair once; none where the board
    has no such symmetry or it moves a knight of the model to a square the model has none on."""
    transform = board.symmetries().get(symmetry)
    squares = placed_squares(model.keys())
    if transform is None or any(transform(square) not in squares for square in squares):
        return []
    return [
        (model.lit(knight_key(square)), model.lit(knight_key(transform(square))))
        for square in sorted(squares)
        if square < transform(square)
    ]


@dataclass(frozen=True)
class HalfPlacement:
    """The best placement of one colour's knights found: every square of the other colour
    attacked. ``proven`` when CP-SAT also proved it the half's fewest."""

    colour: str
    placement: frozenset[Square]
    proven: bool
    seconds: float
    infeasible: bool = False  # no placement of this colour attacks every square of the other

    @property
    def knights(self) -> int:
        return len(self.placement)


def search_half(
    board: Board,
    colour: str,
    time_limit: float | None,
    *,
    method: str = SEARCH_METHOD,
    seed: int = 1,
    hint: Sequence[Square] = (),
    target: int | None = None,
    on_improvement: OnImprovement | None = None,
) -> HalfPlacement:
    """The fewest ``colour`` knights found within ``time_limit`` seconds that attack every square
    of the other colour (none found: an empty placement); ``hint`` starts from a placement."""
    if colour not in COLOURS:
        raise BoardsatError(f"unknown colour {colour!r}; known: {', '.join(COLOURS)}")
    deadline = Deadline(time_limit)
    built = build_model(
        board.rows, board.cols, "total", symmetry=False, knights_on=colour, deadline=deadline
    )
    start = set(hint)
    hinted = {knight_key(s): s in start for s in knight_squares(board, colour)} if hint else None
    result = search_model(
        built.model,
        board,
        deadline.remaining(),
        method=method,
        seed=seed,
        hint=hinted,
        target=target,
        on_improvement=on_improvement,
    )
    found = placed_squares(result.true_keys())
    proven = result.proven_optimal
    if hint and (not found or len(found) > len(start)):
        found, proven = frozenset(start), False
    infeasible = result.status is Status.UNSATISFIABLE
    return HalfPlacement(colour, found, proven, deadline.elapsed(), infeasible)
