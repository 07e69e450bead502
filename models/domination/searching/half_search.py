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
from dataclasses import dataclass, replace
from typing import Any

from boardsat.core.backends import CPSAT
from boardsat.core.deadline import Deadline, OutOfTime
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Clause, Key, Model
from boardsat.core.results import EncodingSize, Improvement, OnImprovement, Result, Status
from boardsat.models.board import Board, Square
from boardsat.models.domination.colours import COLOURS, knight_squares
from boardsat.models.domination.model import build_model, knight_key, placed_squares
from boardsat.models.domination.searching.local_search import weighted_cover
from boardsat.solving.solve import solve


@dataclass(frozen=True)
class Method:
    """One way to search: a start (the weighted cover search, or CP-SAT on the placements a
    ``symmetry`` of the board keeps) for ``start_share`` of the time, then CP-SAT with
    ``parameters`` on ``workers`` threads from the start's placement (None: no CP-SAT)."""

    summary: str
    parameters: Mapping[str, Any] | None
    start: str | None = None  # COVER, or a name of Board.symmetries()
    start_share: float = 0.0
    workers: int = 2


COVER = "cover"
SEARCH_METHODS: dict[str, Method] = {
    "weighted-cover": Method(
        "a weighted local search over the knights (local_search.py), one core", None, COVER, 1.0
    ),
    "cover-then-lns": Method(
        "the weighted local search for half the time, then CP-SAT's portfolio from its cover",
        {},
        COVER,
        0.5,
    ),
    "lns": Method("CP-SAT's portfolio: large-neighbourhood search beside its own search", {}),
    "symmetric": Method(
        "the portfolio, started from the best placement a half turn keeps", {}, "rot180", 0.25
    ),
    "violation-ls": Method("CP-SAT's violation local search alone", {"use_ls_only": True}),
}
SEARCH_METHOD = "weighted-cover"
"""The total variant's method, chosen by the half-search record (bench/results/open_terms.md);
a model that is not a cover (the independent variant) is searched by FALLBACK_METHOD."""
FALLBACK_METHOD = "lns"
SECONDS_PER_SQUARE = 0.25
"""The search's time where no limit is set, per square its knights may stand on: twice what
CP-SAT's portfolio took to reach the published optima of total 32 and 34 (the half-search
record); the cover search ends sooner, once it stalls."""
LEAST_SECONDS = 1.0  # where CP-SAT settles a small board at once, and a half with no square
STALL_SECONDS_PER_SQUARE = 0.06
"""With no time limit, the cover search ends when so long passes without a smaller cover, per
square its knights may stand on (30 s on a half of 32x32): each better cover of total 31 to 34
came within 12 s of the one before (the record)."""


def unlimited_search_seconds(squares: int) -> float:
    """How long a search with no time limit runs on ``squares`` squares (it ends unproven
    unless CP-SAT proves it first)."""
    return max(LEAST_SECONDS, SECONDS_PER_SQUARE * squares)


def stall_seconds(squares: int) -> float:
    """How long a search with no time limit goes on without a better cover."""
    return max(LEAST_SECONDS, STALL_SECONDS_PER_SQUARE * squares)


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
    stall: float | None = None,
    on_improvement: OnImprovement | None = None,
) -> Result:
    """The best solution of ``model`` (a minimisation over the knights of ``board``) that the
    method finds within ``time_limit``; ``target`` ends the search at that objective, ``stall``
    ends the cover search after so many seconds without a better cover. A model that is not a
    cover is searched by FALLBACK_METHOD where the method needs one.

    The result is OPTIMAL only where CP-SAT proved it; a search stopped by its time is UNKNOWN
    with the best solution found.
    """
    chosen = SEARCH_METHODS[check_method(method)]
    cover = as_cover(model) if chosen.start == COVER else None
    if chosen.start == COVER and cover is None:
        chosen = SEARCH_METHODS[FALLBACK_METHOD]
    deadline = Deadline(time_limit)
    left = deadline.remaining()
    share = None if left is None else left * chosen.start_share
    found: Result | None = None
    if cover is not None:
        found = _cover_search(model, cover, share, seed, hint, target, stall, on_improvement)
    elif chosen.start is not None and not hint:
        found = _symmetric_start(model, board, chosen, share, seed, target, on_improvement)
    if found is not None:
        reached = target is not None and found.objective is not None and found.objective <= target
        if chosen.parameters is None or reached or found.status is Status.OPTIMAL:
            return replace(found, seconds=deadline.elapsed())
        hint = found.assignment or hint
    assert chosen.parameters is not None
    options = _cpsat_options(chosen, seed, target, on_improvement)
    if hint:
        options["hint"] = hint
    result = solve(model, CPSAT, time_limit=deadline.remaining(), **options)
    if found is not None and _worse(result, found):  # CP-SAT lost the start's cover in time
        return replace(found, seconds=deadline.elapsed())
    return result


def _worse(result: Result, start: Result) -> bool:
    if result.proven_optimal or start.objective is None:
        return False
    return result.objective is None or result.objective > start.objective


def as_cover(model: Model) -> tuple[list[int], list[list[int]]] | None:
    """``model`` as a cover, where it is one: every constraint a clause of the objective's
    literals, all positive, and every term of weight 1. Then its knights' literals, and for
    each the clauses (elements) it lies in; else None."""
    objective = model.objective
    if objective is None or any(weight != 1 for weight, _ in objective.terms):
        return None
    literals = [lit for _, lit in objective.terms]
    place = {lit: index for index, lit in enumerate(literals)}
    members: list[list[int]] = [[] for _ in literals]
    for element, constraint in enumerate(model.constraints):
        if not isinstance(constraint, Clause) or any(lit not in place for lit in constraint.lits):
            return None
        for lit in constraint.lits:
            members[place[lit]].append(element)
    return literals, members


def _cover_search(
    model: Model,
    cover: tuple[list[int], list[list[int]]],
    time_limit: float | None,
    seed: int,
    hint: Mapping[Key, bool] | None,
    target: int | None,
    stall: float | None,
    on_improvement: OnImprovement | None,
) -> Result:
    """The weighted cover search on ``model`` as a result in the model's keys (UNKNOWN: found,
    not proven)."""
    literals, members = cover
    keys = [model.key(lit) for lit in literals]
    start = [index for index, key in enumerate(keys) if hint and hint.get(key)]
    heard = None
    if on_improvement is not None:
        report = on_improvement
        heard = lambda size: report(Improvement(objective=size))  # noqa: E731
    lower = model.objective.lower_bound if model.objective else 0
    found = weighted_cover(
        members,
        len(model.constraints),
        time_limit,
        seed=seed,
        start=start,
        target=max(target or 0, lower),
        stall=stall,
        on_cover=heard,
    )
    assignment = {key: index in found.sets for index, key in enumerate(keys)}
    status = Status.OPTIMAL if len(found.sets) <= lower else Status.UNKNOWN
    return Result(
        status,
        COVER,
        "weighted local search",
        EncodingSize(len(literals), len(model.constraints)),
        0.0,
        assignment,
        len(found.sets),
        lower,
    )


def _symmetric_start(
    model: Model,
    board: Board,
    method: Method,
    time_limit: float | None,
    seed: int,
    target: int | None,
    on_improvement: OnImprovement | None,
) -> Result | None:
    """CP-SAT on the placements that ``method.start``, a symmetry of the board, keeps; None
    where the board has no such symmetry on these knights."""
    assert method.start is not None
    ties = symmetric_ties(model, board, method.start)
    if not ties:
        return None
    start = model.copy()
    for mine, theirs in ties:
        start.add_clause([-mine, theirs])
        start.add_clause([mine, -theirs])
    options = _cpsat_options(method, seed, target, on_improvement)
    found = solve(start, CPSAT, time_limit=time_limit, **options)
    # the fewest of the placements the symmetry keeps, not of all: a start, never a proof
    settled = found.status in (Status.OPTIMAL, Status.UNSATISFIABLE)
    return replace(found, status=Status.UNKNOWN) if settled else found


def _cpsat_options(
    method: Method, seed: int, target: int | None, on_improvement: OnImprovement | None
) -> dict[str, Any]:
    options: dict[str, Any] = {
        "workers": method.workers,
        "parameters": {**(method.parameters or {}), "random_seed": seed},
    }
    if target is not None:
        options["stop_at"] = target
    if on_improvement is not None:
        options["on_improvement"] = on_improvement
    return options


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
    stall: float | None = None,
    on_improvement: OnImprovement | None = None,
) -> HalfPlacement:
    """The fewest ``colour`` knights found within ``time_limit`` seconds that attack every square
    of the other colour (none found: an empty placement); ``hint`` starts from a placement."""
    if colour not in COLOURS:
        raise BoardsatError(f"unknown colour {colour!r}; known: {', '.join(COLOURS)}")
    deadline = Deadline(time_limit)
    start = set(hint)
    try:
        built = build_model(
            board.rows, board.cols, "total", symmetry=False, knights_on=colour, deadline=deadline
        )
    except OutOfTime:  # the time ran out while the model was built: the hint is all there is
        return HalfPlacement(colour, frozenset(start), False, deadline.elapsed())
    hinted: dict[Key, bool] | None = None
    if hint:
        hinted = {knight_key(s): s in start for s in knight_squares(board, colour)}
    result = search_model(
        built.model,
        board,
        deadline.remaining(),
        method=method,
        seed=seed,
        hint=hinted,
        target=target,
        stall=stall,
        on_improvement=on_improvement,
    )
    found = placed_squares(result.true_keys())
    proven = result.proven_optimal
    if hint and (not found or len(found) > len(start)):
        found, proven = frozenset(start), False
    infeasible = result.status is Status.UNSATISFIABLE
    return HalfPlacement(colour, found, proven, deadline.elapsed(), infeasible)
