"""The knight exchange: knights of several colours trade places by chess knight moves onto empty squares.

Seed 000: on a board 3 squares wide and 4 tall, three black knights on the top row and three white
ones on the bottom row swap rows in 16 moves at best; the positions farthest from the start are 22
moves away (3 of them) and all 18480 placements are reachable.

Positions are board text (rows top to bottom separated by ``/``, ``.`` for empty, one letter per
colour) and, inside, ``bytes`` of those characters in row-major order: compact and hashable for the
BFS oracle. The module keeps two independent routes apart, with a move generator each: the
puzzle's own rules (``successors``, ``replay``) and the planning task built for the solvers
(``planning_task``, with its bounds); each answer of the second is replayed by the first.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from ortools.graph.python.linear_sum_assignment import SimpleLinearSumAssignment

from boardsat.deadline import Deadline
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.errors import BoardsatError
from boardsat.horizon_search import Ending, HorizonReport, PlanOutcome, find_plan, settled
from boardsat.models.board import Board
from boardsat.oracle import OutOfTime
from boardsat.planning_task import Action, Fact, PlanningTask, Variable

EMPTY = ord(".")
Position = bytes
Move = tuple[int, int]
"""From-square and to-square, as row-major indices."""

NEVER = 1 << 20
"""A distance standing for "no number of moves reaches a goal square"."""
SEED_START = "BBB/.../.../WWW"
SEED_GOAL = "WWW/.../.../BBB"


# -- instances ----------------------------------------------------------------------------------
def parse_position(text: str) -> tuple[Board, Position]:
    """Board text to a board and a position; BoardsatError names what is wrong."""
    rows = [row.strip() for row in text.strip().split("/")]
    if not rows or not all(rows):
        raise BoardsatError(f"board {text!r} has an empty row (rows are separated by '/')")
    if len({len(row) for row in rows}) != 1:
        raise BoardsatError(f"board {text!r} has rows of different lengths")
    bad = re.search(r"[^.A-Za-z]", "".join(rows))
    if bad:
        raise BoardsatError(
            f"board {text!r} has {bad.group()!r}: use '.' for empty and a letter per colour"
        )
    board = Board(len(rows), len(rows[0]))
    return board, "".join(rows).encode("ascii")


def position_text(board: Board, position: Position) -> str:
    text = position.decode("ascii")
    return "/".join(text[r * board.cols : (r + 1) * board.cols] for r in range(board.rows))


@dataclass(frozen=True)
class Exchange:
    """An instance: a board, a start and a goal with the same knights of each colour."""

    board: Board
    start: Position
    goal: Position

    @classmethod
    def parse(cls, start: str, goal: str) -> Exchange:
        board, first = parse_position(start)
        goal_board, last = parse_position(goal)
        if goal_board != board:
            raise BoardsatError(
                f"start is {board.rows}x{board.cols} but goal is {goal_board.rows}x{goal_board.cols}"
            )
        for colour in sorted((set(first) | set(last)) - {EMPTY}):
            if first.count(colour) != last.count(colour):
                raise BoardsatError(
                    f"start has {first.count(colour)} knights {chr(colour)!r} but goal has "
                    f"{last.count(colour)}"
                )
        return cls(board, first, last)

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(sorted(chr(c) for c in set(self.start) - {EMPTY}))

    def move_name(self, move: Move, position: Position) -> str:
        """``B a4-b2``: colour, from-square and to-square in chess notation."""
        source, target = move
        name = self.board.name
        square = self.board.square
        return f"{chr(position[source])} {name(square(source))}-{name(square(target))}"


def seed_instance() -> Exchange:
    return Exchange.parse(SEED_START, SEED_GOAL)


# -- the puzzle's own rules ---------------------------------------------------------------------
@cache
def _jumps(board: Board) -> tuple[tuple[int, ...], ...]:
    """For each square index, the indices a knight jumps to, by coordinate arithmetic.

    Deliberately not ``Board.knight_moves`` (the builder's table): the oracle and replay must not
    share move logic with the planning task, or a slip in one table would fool both.
    """
    rows, cols = board.rows, board.cols
    return tuple(
        tuple(
            (row + dr) * cols + col + dc
            for dr in (-2, -1, 1, 2)
            for dc in (3 - abs(dr), abs(dr) - 3)
            if 0 <= row + dr < rows and 0 <= col + dc < cols
        )
        for row, col in (divmod(index, cols) for index in range(rows * cols))
    )


def successors(board: Board, position: Position) -> Iterator[tuple[Move, Position]]:
    """Every legal move from ``position`` and the position it leads to."""
    jumps = _jumps(board)
    for source, piece in enumerate(position):
        if piece == EMPTY:
            continue
        for target in jumps[source]:
            if position[target] == EMPTY:
                after = bytearray(position)
                after[source], after[target] = EMPTY, piece
                yield (source, target), bytes(after)


def replay(exchange: Exchange, moves: Sequence[Move]) -> list[Position]:
    """The positions a move list passes, checked move by move; it must end at the goal."""
    board, position = exchange.board, exchange.start
    positions = [position]
    for number, (source, target) in enumerate(moves, 1):
        if not (0 <= source < board.size and 0 <= target < board.size):
            raise BoardsatError(f"move {number}: square off the board")
        if position[source] == EMPTY or position[target] != EMPTY:
            raise BoardsatError(
                f"move {number}: needs a knight on its first square, none on its second"
            )
        step = (
            board.square(target)[0] - board.square(source)[0],
            board.square(target)[1] - board.square(source)[1],
        )
        if sorted(map(abs, step)) != [1, 2]:
            raise BoardsatError(f"move {number}: not a knight move")
        after = bytearray(position)
        after[source], after[target] = EMPTY, position[source]
        position = bytes(after)
        positions.append(position)
    if position != exchange.goal:
        raise BoardsatError("the moves do not end at the goal")
    return positions


# -- the solvers' route: bounds and the planning task -------------------------------------------
@cache
def _targets(board: Board) -> tuple[tuple[int, ...], ...]:
    """For each square index, the indices a knight reaches from it (the board's move table)."""
    return tuple(
        tuple(board.index(target) for target in board.knight_moves(board.square(index)))
        for index in range(board.size)
    )


def knight_distances(board: Board, sources: Sequence[int]) -> list[int | None]:
    """Knight-move distance on the empty board from the nearest of ``sources`` (None: never)."""
    distance: list[int | None] = [None] * board.size
    queue = deque(sources)
    for source in sources:
        distance[source] = 0
    targets = _targets(board)
    while queue:
        here = queue.popleft()
        for there in targets[here]:
            if distance[there] is None:
                distance[there] = distance[here] + 1  # type: ignore[operator]
                queue.append(there)
    return distance


def lower_bound(exchange: Exchange, deadline: Deadline | None = None) -> int | None:
    """Fewest moves if knights never blocked each other (a min-cost matching per colour).

    None when the knights of some colour cannot all reach distinct goal squares of their colour.
    OR-Tools' assignment solver keeps it polynomial: boards full of knights are bounded at once.
    A board-wide BFS per knight adds up on large boards, so ``deadline`` is looked at before each
    one, and OutOfTime raised once it has passed.
    """
    total = 0
    for colour in exchange.colours:
        code = ord(colour)
        starts = [i for i, piece in enumerate(exchange.start) if piece == code]
        goals = [i for i, piece in enumerate(exchange.goal) if piece == code]
        matching = SimpleLinearSumAssignment()
        for knight, square in enumerate(starts):
            if deadline is not None:
                _check_time(deadline)
            distance = knight_distances(exchange.board, [square])
            for goal, target in enumerate(goals):
                step = distance[target]
                if step is not None:
                    matching.add_arc_with_cost(knight, goal, step)
        # a knight or goal square without arcs leaves the solver fewer nodes than knights
        if matching.solve() != matching.OPTIMAL or matching.num_nodes() != len(starts):
            return None
        total += matching.optimal_cost()
    return total + (total % 2 != parity(exchange))


def parity(exchange: Exchange) -> int:
    """The parity every solution's length has: each move changes one knight's square colour."""
    board = exchange.board

    def dark(position: Position, code: int) -> int:
        return sum(
            1 for i, piece in enumerate(position) if piece == code and sum(board.square(i)) % 2 == 0
        )

    return (
        sum(dark(exchange.start, ord(c)) - dark(exchange.goal, ord(c)) for c in exchange.colours)
        % 2
    )


def planning_task(exchange: Exchange) -> PlanningTask:
    """One variable per square (empty or a colour); one action per colour and knight move."""
    board = exchange.board
    colours = exchange.colours
    values = (".", *colours)
    variables = tuple(
        Variable(("square", board.name(square)), values) for square in board.squares()
    )
    actions = []
    for colour in colours:
        for source in range(board.size):
            for target in _targets(board)[source]:
                actions.append(
                    Action(
                        ("move", colour, source, target),
                        pre=((source, colour), (target, ".")),
                        effects=((source, "."), (target, colour)),
                    )
                )
    goal_distance: dict[Fact, int] = {}
    for colour in colours:
        squares = [i for i, piece in enumerate(exchange.goal) if piece == ord(colour)]
        for square, distance in enumerate(knight_distances(board, squares)):
            goal_distance[(square, colour)] = NEVER if distance is None else distance
    return PlanningTask(
        variables=variables,
        initial=tuple(chr(piece) for piece in exchange.start),
        goal={i: frozenset({chr(piece)}) for i, piece in enumerate(exchange.goal)},
        actions=tuple(actions),
        goal_distance=goal_distance,
        potential={fact: d for fact, d in goal_distance.items() if d != NEVER},
    )


def plan_moves(plan: Sequence[Action]) -> list[Move]:
    """The decoded plan as from-to squares (action names are ``("move", colour, from, to)``)."""
    return [(action.name[2], action.name[3]) for action in plan]  # type: ignore[index]


# -- solving and the seed demo ------------------------------------------------------------------
@dataclass(frozen=True)
class Solved:
    """The planner's outcome, and when it found a plan, its moves replayed by the rules."""

    outcome: PlanOutcome
    moves: tuple[Move, ...] | None
    positions: tuple[Position, ...] | None


MAX_HORIZON = 60
"""Where ``solve`` gives up, proven, when it has no time limit either: the seed needs 16 moves."""


def solve(
    exchange: Exchange,
    backend: str = "cadical195",
    *,
    max_horizon: int | None = None,
    time_limit: float | None = None,
    strengthenings: Strengthenings | None = None,
    bounds: bool = True,
    progress: Callable[[HorizonReport], None] | None = None,
) -> Solved:
    """The fewest moves up to ``max_horizon``, proven; ``bounds`` starts at the matching bound,
    skips lengths of the wrong parity, and proves that no plan of any length exists when the
    knights of a colour cannot reach distinct goal squares of it. Without ``max_horizon`` the
    horizons grow until ``time_limit``, or up to ``MAX_HORIZON`` when there is no limit either.

    ``time_limit`` counts from the call, so the bound, the task's grounding and the encoding's
    set-up spend it too. Grounding and set-up cannot be stopped midway: each phase starts only
    while time is left (the answer is UNKNOWN otherwise), and the solver gets what they left.
    """
    deadline = Deadline(time_limit)
    if max_horizon is None and time_limit is None:
        max_horizon = MAX_HORIZON

    def settle(ending: Ending, start: int, horizon: int | None) -> Solved:
        outcome = settled(
            ending,
            backend,
            strengthenings,
            lower_bound=start,
            max_horizon=horizon,
            seconds=deadline.elapsed(),
        )
        return Solved(outcome, None, None)

    start = 0
    refuted: Callable[[int], str | None] | None = None
    try:
        if bounds:
            found = lower_bound(exchange, deadline)
            if found is None:
                return settle(Ending.NO_PLAN, 0, None)
            start, refuted = found, _parity_proof(parity(exchange))
        _check_time(deadline)
        task = planning_task(exchange)
        _check_time(deadline)
    except OutOfTime:
        return settle(Ending.UNKNOWN, start, max_horizon)
    outcome = find_plan(
        task,
        backend,
        lower_bound=start,
        max_horizon=max_horizon,
        time_limit=deadline.remaining(),
        strengthenings=strengthenings,
        refuted=refuted,
        progress=progress,
    )
    if outcome.plan is None:
        return Solved(outcome, None, None)
    moves = tuple(plan_moves(outcome.plan))
    return Solved(outcome, moves, tuple(replay(exchange, moves)))


def _check_time(deadline: Deadline) -> None:
    if deadline.expired():
        raise OutOfTime("the time limit passed before the exchange was solved")


def _parity_proof(required: int) -> Callable[[int], str | None]:
    """Refutes the horizons whose parity differs from every solution's (see :func:`parity`)."""

    def refuted(h: int) -> str | None:
        return "parity" if h % 2 != required else None

    return refuted
