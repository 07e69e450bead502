"""The knight exchange at sizes where exponential or quadratic work used to hide.

Nothing here is timed: each test checks a property the slow versions broke (a bound over 24
knights a side at all, no layer or phase started after the deadline, layers linear in the actions).
"""

from __future__ import annotations

import time

import pytest

from boardsat.encoders.horizon_encoding import HorizonEncoding
from boardsat.horizon_search import Ending
from boardsat.model import Cardinality, Clause
from boardsat.models.board import Board
from boardsat.models.exchange import model as knight_exchange
from boardsat.models.exchange.model import (
    Exchange,
    knight_distances,
    lower_bound,
    parity,
    planning_task,
    solve,
)
from boardsat.planning_task import PlanningTask

FULL_START = "BBBBBBBB/BBBBBBBB/BBBBBBBB/......../......../WWWWWWWW/WWWWWWWW/WWWWWWWW"
FULL_GOAL = "WWWWWWWW/WWWWWWWW/WWWWWWWW/......../......../BBBBBBBB/BBBBBBBB/BBBBBBBB"


def corners(n: int) -> Exchange:
    """Two black knights in the top-left corner of an n x n board, two white ones bottom-right."""
    middle = ["." * n] * (n - 2)
    top, bottom = "BB".ljust(n, "."), "WW".rjust(n, ".")
    start = "/".join([top, *middle, bottom])
    return Exchange.parse(start, start.replace("B", "x").replace("W", "B").replace("x", "W"))


def test_matching_bound_of_24_knights_a_side_lies_between_two_easy_bounds() -> None:
    """Under the nearest-goal sum, over the cost of one concrete assignment (by rows of five)."""
    exchange = Exchange.parse(FULL_START, FULL_GOAL)
    bound = lower_bound(exchange)
    assert bound is not None
    nearest = concrete = 0
    for colour, shift in (("B", 40), ("W", -40)):
        goals = [i for i, c in enumerate(exchange.goal) if c == ord(colour)]
        to_goals = knight_distances(exchange.board, goals)
        for square in (i for i, c in enumerate(exchange.start) if c == ord(colour)):
            nearest += to_goals[square]  # type: ignore[operator]
            concrete += knight_distances(exchange.board, [square])[square + shift]  # type: ignore[operator]
    assert nearest <= bound <= concrete + 1 and bound % 2 == parity(exchange)


def test_no_layer_is_built_after_the_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound asks for 128 layers; a slowed builder gets through a few before the limit."""
    built: list[int] = []
    extend = HorizonEncoding.extend

    def slow_extend(encoding: HorizonEncoding) -> None:
        time.sleep(0.02)
        built.append(encoding.horizon)
        extend(encoding)

    monkeypatch.setattr(HorizonEncoding, "extend", slow_extend)
    exchange = Exchange.parse(FULL_START, FULL_GOAL)
    solved = solve(exchange, max_horizon=400, time_limit=0.2)
    assert solved.outcome.ending is Ending.UNKNOWN and solved.moves is None
    assert solved.outcome.refuted_up_to == lower_bound(exchange) - 1  # type: ignore[operator]
    assert 0 < len(built) < 50
    built.clear()
    assert solve(exchange, max_horizon=400, time_limit=0).outcome.ending is Ending.UNKNOWN
    assert built == []


def test_each_phase_starts_only_with_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """Slowed bound and grounding use up the limit: UNKNOWN, and no later phase is started."""
    started: list[str] = []
    distances, ground = knight_exchange.knight_distances, knight_exchange.planning_task

    def slow_distances(board: Board, sources: list[int]) -> list[int | None]:
        started.append("bfs")
        time.sleep(0.02)
        return distances(board, sources)

    def slow_grounding(exchange: Exchange) -> PlanningTask:
        started.append("grounding")
        time.sleep(0.1)
        return ground(exchange)

    monkeypatch.setattr(knight_exchange, "planning_task", slow_grounding)
    monkeypatch.setattr(
        knight_exchange, "find_plan", lambda *_, **__: pytest.fail("the search was started")
    )
    exchange = Exchange.parse(FULL_START, FULL_GOAL)
    grounded = solve(exchange, time_limit=0.05, bounds=False)
    assert started == ["grounding"] and grounded.outcome.ending is Ending.UNKNOWN
    assert grounded.outcome.horizons == () and grounded.moves is None
    started.clear()
    monkeypatch.setattr(knight_exchange, "knight_distances", slow_distances)
    bounded = solve(exchange, time_limit=0.05)
    assert bounded.outcome.ending is Ending.UNKNOWN and bounded.moves is None
    assert "grounding" not in started and len(started) < 48  # 48 knights: one BFS each
    started.clear()
    stopped = solve(exchange, time_limit=0)
    assert started == [] and stopped.outcome.ending is Ending.UNKNOWN
    assert stopped.outcome.describe() == "UNKNOWN at the time limit (no plan length refuted yet)"


def layer_literals_per_action(exchange: Exchange) -> float:
    task = planning_task(exchange)
    encoding = HorizonEncoding(task)
    encoding.extend()
    before = len(encoding.model.constraints)
    encoding.extend()
    added = encoding.model.constraints[before:]
    literals = sum(len(c.lits) for c in added if isinstance(c, Clause | Cardinality))
    return literals / len(task.actions)


def test_a_layer_grows_linearly_with_the_actions() -> None:
    """12x12 has 1760 knight actions to 6x6's 320: clauses per forbidden pair would make each
    action's share of a layer 5.5 times larger; linear clauses keep it about the same (edge
    squares have fewer moves, so the share still grows a little)."""
    small, large = layer_literals_per_action(corners(6)), layer_literals_per_action(corners(12))
    assert large < 1.5 * small
