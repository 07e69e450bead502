"""Random start and goal pairs of the planning puzzles held to the BFS oracle; every plan replayed.

The goal is a random walk from the start by the puzzle's own moves, so it is reachable; the
horizon cap is the walk's length, or, in some cases, one less than the BFS distance, so that the
planner must refute every horizon it is allowed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from boardsat.core.wording import counted
from boardsat.differential.routes import Route
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models import exchange, flipit, shogi
from boardsat.models.board import Board
from boardsat.models.exchange.solve import ROUTE as EXCHANGE
from boardsat.models.flipit.instance import BLACK, HOLE, WHITE, FlipIt, line_board
from boardsat.models.flipit.solve import ROUTE as FLIPIT
from boardsat.models.planning.solve import PlanRoute
from boardsat.models.shogi.instance import EMPTY, Shogi, ShogiBoard
from boardsat.models.shogi.solve import ROUTE as SHOGI
from boardsat.reference.oracle import shortest_path

P = TypeVar("P")
MAX_WALK = 12


def _walk(rng: random.Random, start: P, successors: Callable[[P], Iterable[tuple[Any, P]]]) -> P:
    """Where up to MAX_WALK random legal moves lead from ``start``, never back to a position the
    walk has passed (so the goal tends to lie several moves away)."""
    seen, position = {start}, start
    for _ in range(rng.randint(1, MAX_WALK)):
        children = [child for _, child in successors(position) if child not in seen]
        if not children:
            break
        position = rng.choice(children)
        seen.add(position)
    return position


def _exchange(rng: random.Random) -> exchange.Exchange:
    board = Board(*rng.choice(((2, 3), (3, 3), (3, 4), (4, 3), (2, 4))))
    cells = ["."] * board.size
    for square in rng.sample(range(board.size), rng.randint(2, 4)):
        cells[square] = rng.choice("ab")
    start = "".join(cells).encode("ascii")
    goal = _walk(rng, start, lambda position: exchange.successors(board, position))
    return exchange.Exchange(board, start, goal)


def _flipit(rng: random.Random) -> FlipIt:
    board = line_board(rng.randint(3, 7))
    holes = set(rng.sample(range(board.cells), rng.randint(1, max(1, board.cells // 3))))
    start = "".join(
        HOLE if cell in holes else rng.choice((BLACK, WHITE)) for cell in range(board.cells)
    )
    if rng.random() < 0.5:
        return FlipIt(board, start)  # every piece white, the holes anywhere: perhaps no plan
    return FlipIt(board, start, _walk(rng, start, lambda p: flipit.successors(board, p)))


def _shogi(rng: random.Random) -> Shogi:
    board = ShogiBoard(*rng.choice(((3, 3), (2, 3), (3, 2))))
    cells = [EMPTY] * (board.rows * board.cols)
    for square in rng.sample(range(len(cells)), rng.randint(1, len(cells) - 2)):
        cells[square] = rng.choice(("K", "R", "B", "G", "S", "N", "L", "P", "+B", "+R"))
    start = tuple(cells)
    return Shogi(board, start, _walk(rng, start, lambda p: shogi.successors(board, p)))


PUZZLES: dict[str, tuple[Callable[[random.Random], Any], PlanRoute[Any, Any, Any]]] = {
    "exchange": (_exchange, EXCHANGE),
    "flipit": (_flipit, FLIPIT),
    "shogi": (_shogi, SHOGI),
}


def plan_checker(kind: str) -> Callable[[random.Random, Route], tuple[str, str]]:
    """The check of one planning puzzle: its random instance, the BFS distance, the planner."""
    make, route_of_puzzle = PUZZLES[kind]

    def check(rng: random.Random, route: Route) -> tuple[str, str]:
        instance = make(rng)
        puzzle = route_of_puzzle.adapt(instance)
        path = shortest_path(puzzle.successors, puzzle.start, puzzle.is_goal)
        cap = MAX_WALK if path is None else len(path)
        if path and rng.random() < 0.25:
            cap -= 1  # every allowed horizon must be refuted
        elif path is not None:
            cap += rng.randint(0, 2)
        expected = (
            "no plan"
            if path is None or len(path) > cap
            else f"plan of {counted(len(path), 'move')}"
        )
        answer = route_of_puzzle.shortest_plan(
            instance,
            route.backend,
            max_horizon=cap,
            time_limit=route.time_limit,
            strengthenings=Strengthenings.parse(dict(route.options)["strengthen"]),
        )
        if answer.moves is None:
            got = answer.outcome.ending.value
        else:
            got = f"plan of {counted(len(answer.moves), 'move')}"
            if not answer.outcome.proven_optimal:
                got += " (not proven optimal)"
            got += "".join(
                f" ({problem})" for problem in route_of_puzzle.validate(instance, answer.moves)
            )
        where = f"{puzzle.position_text(puzzle.start)} to {puzzle.goal_text()}, cap {cap}"
        return f"{where}: {expected}", f"{where}: {got}"

    return check
