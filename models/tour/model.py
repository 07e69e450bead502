"""Knight's tours as one circuit constraint: closed tours, and open tours through a closing node.

A closed tour is a Hamiltonian circuit of the knight graph: one node per square, one arc literal
per knight move. An open tour becomes a circuit through one extra *closing* node: the circuit
leaves it for the first square and returns to it from the last, so a fixed first or last square is
simply the only arc out of (or into) that node. Every backend then reads the same circuit: CP-SAT
natively, the SAT solvers through a named CNF circuit encoding.

A closed tour can be walked in two directions; the model allows one of them (see
:func:`_one_direction`), so its solutions are the undirected tours themselves and an enumeration
limit counts tours, not directions.

The decoded tour is checked by :mod:`rules`, written from the knight's move alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.keywords import check_fields, refuse_type
from boardsat.core.model import Key, Model
from boardsat.core.results import Result
from boardsat.models.board import Board, Square, is_square

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
        for name in ("start", "end"):  # before check_fields, which would ask a tuple
            square = getattr(self, name)
            if square is not None and not is_square(square):
                refuse_type("TourSpec", name, square, "a square (row, col)")
        check_fields(self)
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
        return tour_from_keys(self.spec, true_keys)

    def tour_of(self, result: Result) -> list[Square]:
        return self.decode(result.true_keys())


def tour_from_keys(spec: TourSpec, true_keys: Iterable[Key]) -> list[Square]:
    """The squares in visiting order, read from the true keys of one solution of ``spec``'s
    model: its moves are keyed by their squares, so no built model is needed."""
    successor: dict[Square, Square] = {}
    first = spec.start
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
    while len(tour) < spec.board.size and tour[-1] in successor:
        tour.append(successor[tour[-1]])
        if tour[-1] == first:
            tour.pop()
            break
    return tour


def build_tour_model(spec: TourSpec, deadline: Deadline | None = None) -> TourModel:
    """One circuit over the squares (plus the closing node for open tours); ``deadline`` is
    checked once a row and as the circuit's arcs go in (OutOfTime once it has passed): a
    300x300 board takes seconds."""
    board = spec.board
    model = Model(f"knight-tour-{spec.describe()}")
    moves: list[Move] = []
    arcs: list[tuple[int, int, int]] = []
    for a in board.squares():
        if deadline is not None and a[1] == 0:
            deadline.check()
        for b in board.knight_moves(a):
            moves.append((a, b))
            arcs.append((board.index(a), board.index(b), model.var(("move", a, b))))
    nodes = board.size
    if not spec.closed:
        closing = board.size
        nodes += 1
        firsts = [spec.start] if spec.start is not None else list(board.squares())
        lasts = [spec.end] if spec.end is not None else list(board.squares())
        arcs += [(closing, board.index(s), model.var(("first", s))) for s in firsts]
        arcs += [(board.index(t), closing, model.var(("last", t))) for t in lasts]
    model.add_circuit(nodes, arcs, deadline)
    if spec.closed:
        _one_direction(model, board)
    return TourModel(spec, model, tuple(moves))


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
