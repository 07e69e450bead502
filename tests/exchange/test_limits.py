"""The knight exchange at sizes where exponential or quadratic work used to hide.

Nothing here is timed: each test checks a property the slow versions broke (a bound over 24
knights a side at all, no layer or phase started after the deadline, layers linear in the actions).
The deadline tests run on a clock that moves only when a slowed phase says so, so what they see
does not depend on the machine's speed.
"""

from __future__ import annotations

import dataclasses

import pytest

from boardsat.core import deadline as deadline_module
from boardsat.core.deadline import Deadline
from boardsat.core.model import Cardinality, Clause
from boardsat.core.planning_task import PlanningTask
from boardsat.encoders.horizon_encoding import HorizonEncoding
from boardsat.models.board import Board
from boardsat.models.exchange import bounds as exchange_bounds
from boardsat.models.exchange.bounds import lower_bound, parity
from boardsat.models.exchange.instance import Exchange
from boardsat.models.exchange.model import knight_distances, planning_task
from boardsat.models.exchange.solve import ExchangePuzzle, shortest_plan
from boardsat.models.planning import solve as plan_solve
from boardsat.solving.horizon_search import Ending

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


class Clock:
    """The deadlines' clock, standing still except when a slowed phase advances it."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(deadline_module, "time", fake)
    return fake


def test_no_layer_is_built_after_the_time_limit(
    monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    """The bound asks for 128 layers; at 0.02 s a layer, 0.2 s builds the first ten only."""
    built: list[int] = []
    extend = HorizonEncoding.extend

    def slow_extend(encoding: HorizonEncoding, deadline: Deadline | None = None) -> None:
        clock.sleep(0.02)
        built.append(encoding.horizon)
        extend(encoding, deadline)

    monkeypatch.setattr(HorizonEncoding, "extend", slow_extend)
    exchange = Exchange.parse(FULL_START, FULL_GOAL)
    solved = shortest_plan(exchange, max_horizon=400, time_limit=0.2, route="sat")
    assert solved.outcome.ending is Ending.UNKNOWN and solved.moves is None
    assert solved.outcome.refuted_up_to == lower_bound(exchange) - 1  # type: ignore[operator]
    assert built == list(range(len(built))) and abs(len(built) - 10) <= 1  # rounding at 0.2
    built.clear()
    assert (
        shortest_plan(exchange, max_horizon=400, time_limit=0, route="sat").outcome.ending
        is Ending.UNKNOWN
    )
    assert built == []


def test_each_phase_starts_only_with_time_left(
    monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    """Slowed bound and grounding use up the limit: UNKNOWN, and no later phase is started."""
    started: list[str] = []
    distances, ground = knight_distances, planning_task

    def slow_distances(board: Board, sources: list[int]) -> list[int | None]:
        started.append("bfs")
        clock.sleep(0.02)
        return distances(board, sources)

    def slow_grounding(exchange: Exchange) -> PlanningTask:
        started.append("grounding")
        clock.sleep(0.1)
        return ground(exchange)

    slow_parts = dataclasses.replace(ExchangePuzzle.parts, planning_task=slow_grounding)
    monkeypatch.setattr(ExchangePuzzle, "parts", slow_parts)
    monkeypatch.setattr(
        plan_solve, "find_plan", lambda *_, **__: pytest.fail("the search was started")
    )
    exchange = Exchange.parse(FULL_START, FULL_GOAL)
    grounded = shortest_plan(exchange, time_limit=0.05, bounds=False, route="sat")
    assert started == ["grounding"] and grounded.outcome.ending is Ending.UNKNOWN
    assert grounded.outcome.horizons == () and grounded.moves is None
    started.clear()
    monkeypatch.setattr(exchange_bounds, "knight_distances", slow_distances)
    bounded = shortest_plan(exchange, time_limit=0.05, route="sat")
    assert bounded.outcome.ending is Ending.UNKNOWN and bounded.moves is None
    assert "grounding" not in started and len(started) == 3  # of 48 knights: one BFS each
    started.clear()
    stopped = shortest_plan(exchange, time_limit=0, route="sat")
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
