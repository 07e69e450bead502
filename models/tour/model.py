"""Knight's tours as one circuit constraint: closed tours, and open tours through a closing node.

A closed tour is a Hamiltonian circuit of the knight graph: one node per square, one arc literal
per knight move. An open tour becomes a circuit through one extra *closing* node: the circuit
leaves it for the first square and returns to it from the last, so a fixed first or last square is
simply the only arc out of (or into) that node. Every backend then reads the same circuit: CP-SAT
natively, the SAT solvers through a named CNF circuit encoding.

A closed tour can be walked in two directions; the model allows one of them (see
:func:`_one_direction`), so its solutions are the undirected tours themselves and an enumeration
limit counts tours, not directions.

The validator at the bottom checks a tour with nothing but the rules of the knight's move; it
shares no code with the builder, so a builder bug cannot hide behind it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any

from boardsat.deadline import Deadline
from boardsat.errors import BoardsatError
from boardsat.model import Key, Model
from boardsat.models.board import Board, Square
from boardsat.results import Result, Status
from boardsat.solve import enumerate_solutions, solve

Move = tuple[Square, Square]


@dataclass(frozen=True)
class TourSpec:
    """Which tours are wanted: closed or open, with an optional first and last square.

    A closed tour's ``start`` only says where its listing begins (a circuit has no first square);
    a closed tour has no ``end``.
    """

    board: Board
    closed: bool
    start: Square | None = None
    end: Square | None = None

    def __post_init__(self) -> None:
        if self.board.size < 2:
            raise BoardsatError("a tour needs a board of at least two squares")
        for square in (self.start, self.end):
            if square is not None and not self.board.contains(square):
                raise BoardsatError(f"square {square} is off the board")
        if self.closed and self.end is not None:
            raise BoardsatError("a closed tour returns to its start: give --end only with --open")
        if self.start is not None and self.start == self.end:
            raise BoardsatError("an open tour cannot start and end on the same square")

    def describe(self) -> str:
        kind = "closed" if self.closed else "open"
        ends = []
        if self.start is not None:
            ends.append(f"from {self.board.name(self.start)}")
        if self.end is not None:
            ends.append(f"to {self.board.name(self.end)}")
        return " ".join([f"{kind} tours on {self.board.rows}x{self.board.cols}", *ends])


@dataclass(frozen=True)
class TourModel:
    """The circuit model of one :class:`TourSpec` and the keys a tour is read from.

    Keys: ``("move", a, b)`` for the knight move a -> b; for open tours ``("first", s)`` (closing
    node -> s) and ``("last", t)`` (t -> closing node).
    """

    spec: TourSpec
    model: Model
    moves: tuple[Move, ...]

    def arc_keys(self) -> list[Key]:
        """The keys distinct tours differ on: the directed moves (a path's start is implied)."""
        return [("move", a, b) for a, b in self.moves]

    def decode(self, true_keys: Iterable[Key]) -> list[Square]:
        """The squares in visiting order, read from the true keys of one solution."""
        successor: dict[Square, Square] = {}
        first = self.spec.start
        for key in true_keys:
            if not isinstance(key, tuple):
                continue
            if key[0] == "move":
                successor[key[1]] = key[2]
            elif key[0] == "first":
                first = key[1]
        if first is None:  # an open tour starts where no move arrives; a circuit anywhere
            unreached = set(successor) - set(successor.values())
            first = min(unreached or successor or [(0, 0)])
        tour = [first]
        while len(tour) < self.spec.board.size and tour[-1] in successor:
            tour.append(successor[tour[-1]])
            if tour[-1] == first:
                tour.pop()
                break
        return tour

    def tour_of(self, result: Result) -> list[Square]:
        return self.decode(result.true_keys())


def build_tour_model(spec: TourSpec) -> TourModel:
    """One circuit over the squares (plus the closing node for open tours)."""
    board = spec.board
    model = Model(f"knight-tour-{spec.describe()}")
    moves = tuple((a, b) for a in board.squares() for b in board.knight_moves(a))
    arcs = [(board.index(a), board.index(b), model.var(("move", a, b))) for a, b in moves]
    nodes = board.size
    if not spec.closed:
        closing = board.size
        nodes += 1
        firsts = [spec.start] if spec.start is not None else list(board.squares())
        lasts = [spec.end] if spec.end is not None else list(board.squares())
        arcs += [(closing, board.index(s), model.var(("first", s))) for s in firsts]
        arcs += [(board.index(t), closing, model.var(("last", t))) for t in lasts]
    model.add_circuit(nodes, arcs)
    if spec.closed:
        _one_direction(model, board)
    return TourModel(spec, model, moves)


def _one_direction(model: Model, board: Board) -> None:
    """Keep one direction of each closed tour: at the corner, leave for a smaller square than the
    one arrived from.

    Sound on every backend, since it is a set of clauses on the move literals and leaves the
    circuit alone: a closed tour of three or more squares leaves the corner for one neighbour and
    arrives from another, and exactly one of its two directions leaves for the smaller. The corner
    has at most two knight moves, so this costs at most one clause.
    """
    corner = (0, 0)
    near = sorted(board.knight_moves(corner))
    for smaller, larger in combinations(near, 2):
        model.add_clause(
            [-model.var(("move", corner, larger)), -model.var(("move", smaller, corner))]
        )


# -- solving -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TourAnswer:
    """One search: the status, the tour found (validated), the solver's result, and the wall
    time of the whole call, building the model included (the result's seconds are the solve's)."""

    status: Status
    tour: list[Square]
    result: Result
    seconds: float

    @property
    def found(self) -> bool:
        return bool(self.tour)


def find_tour(
    spec: TourSpec, backend: str = "cpsat", *, time_limit: float | None = None, **options: Any
) -> TourAnswer:
    """Find one tour; a decoded tour that breaks the rules is an error, never an answer.

    ``time_limit`` counts from the call: building the model spends it too and cannot be stopped
    midway, so the solver gets only the time left after it. On a large board the build (and the
    backend's translation of the model, which runs even when no time is left) can outlast a short
    limit.
    """
    deadline = Deadline(time_limit)
    built = build_tour_model(spec)
    result = solve(built.model, backend, time_limit=deadline.remaining(), **options)
    tour = built.tour_of(result) if result.has_solution else []
    if tour:
        _require_valid(spec, tour)
    return TourAnswer(result.status, tour, result, deadline.elapsed())


@dataclass(frozen=True)
class TourCount:
    """A count of tours; ``exact`` is false when more tours exist than the limit let through, or
    when the time limit stopped the search before it knew."""

    count: int
    exact: bool
    route: str
    seconds: float
    tours: tuple[tuple[Square, ...], ...] = ()


def count_by_enumeration(
    spec: TourSpec,
    backend: str = "cpsat",
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    **options: Any,
) -> TourCount:
    """Enumerate the distinct tours (projected on the moves) and count them, each one validated.

    A closed tour is one solution (the model keeps one direction), so a repeated undirected tour
    is an error, never a second tour. With a ``limit``, one tour more is asked for, so that a
    search ending within the limit proves its count exact, and one finding more proves it is not.
    ``time_limit`` and ``seconds`` count from the call, building the model included (see
    :func:`find_tour`).
    """
    deadline = Deadline(time_limit)
    built = build_tour_model(spec)
    found = enumerate_solutions(
        built.model,
        over=built.arc_keys(),
        backend=backend,
        limit=None if limit is None else limit + 1,
        time_limit=deadline.remaining(),
        **options,
    )
    tours: dict[frozenset[Any], tuple[Square, ...]] = {}
    for solution in found.solutions:
        tour = built.decode(solution)
        _require_valid(spec, tour)
        steps = pairwise([*tour, tour[0]] if spec.closed else tour)
        identity = frozenset(frozenset(step) if spec.closed else step for step in steps)
        if identity in tours:
            raise AssertionError(f"the enumeration repeats a tour: {tour}")
        tours[identity] = tuple(tour)
    listed = tuple(tours.values())[:limit]
    return TourCount(
        len(listed),
        found.exhausted and len(listed) == len(tours),
        found.encoding,
        deadline.elapsed(),
        listed,
    )


def _require_valid(spec: TourSpec, tour: Sequence[Square]) -> None:
    problems = validate_tour(
        spec.board.rows,
        spec.board.cols,
        tour,
        closed=spec.closed,
        start=None if spec.closed else spec.start,
        end=spec.end,
    )
    if problems:
        raise AssertionError(f"decoded tour breaks the rules: {problems[0]}")


# -- the independent checker ---------------------------------------------------------------------
def validate_tour(
    rows: int,
    cols: int,
    tour: Sequence[tuple[int, int]],
    *,
    closed: bool,
    start: tuple[int, int] | None = None,
    end: tuple[int, int] | None = None,
) -> list[str]:
    """Everything wrong with ``tour`` as a knight's tour of a rows x cols board (empty: valid).

    Written from the rules alone: every square exactly once, each step a knight's move (one
    coordinate changes by 1, the other by 2), and for a closed tour the last step back home.
    """
    problems = []
    if len(tour) != rows * cols:
        problems.append(f"the tour visits {len(tour)} squares, the board has {rows * cols}")
    for row, col in tour:
        if not (0 <= row < rows and 0 <= col < cols):
            problems.append(f"square ({row}, {col}) is off the board")
    if len(set(tour)) != len(tour):
        problems.append("a square is visited twice")
    steps = list(pairwise(tour))
    if closed and tour:
        steps.append((tour[-1], tour[0]))
    for (r1, c1), (r2, c2) in steps:
        if sorted((abs(r1 - r2), abs(c1 - c2))) != [1, 2]:
            problems.append(f"({r1}, {c1}) -> ({r2}, {c2}) is not a knight's move")
    if start is not None and tour and tour[0] != start:
        problems.append(f"the tour starts on {tour[0]}, not {start}")
    if end is not None and tour and tour[-1] != end:
        problems.append(f"the tour ends on {tour[-1]}, not {end}")
    return problems


# -- output --------------------------------------------------------------------------------------
def numbered_board(board: Board, tour: Sequence[Square]) -> str:
    """The board with each square's visiting number (1 = first), row 0 at the top."""
    order: Mapping[Square, int] = {square: step + 1 for step, square in enumerate(tour)}
    width = len(str(board.size))
    lines = []
    for row in range(board.rows):
        cells = (order.get((row, col)) for col in range(board.cols))
        lines.append(" ".join(f"{'.' if n is None else n:>{width}}" for n in cells))
    return "\n".join(lines)


def tour_names(board: Board, tour: Collection[Square]) -> str:
    return " ".join(board.name(square) for square in tour)


# -- the seed ------------------------------------------------------------------------------------
SEED_COUNTS: dict[tuple[int, int], int] = {(4, 4): 0, (4, 5): 32, (5, 5): 304, (5, 6): 4542}
"""Open tours from a corner square, as the seed article counted them by depth-first search."""
