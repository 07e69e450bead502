"""Knight exchange: seed figures through the BFS oracle and the planner, random boards cross-checked."""

from __future__ import annotations

import dataclasses
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.errors import BoardsatError
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.board import Board
from boardsat.models.exchange import model as exchange_model
from boardsat.models.exchange import rules as exchange_rules
from boardsat.models.exchange.bounds import lower_bound, parity
from boardsat.models.exchange.draw import position_text
from boardsat.models.exchange.instance import Exchange, seed_instance
from boardsat.models.exchange.model import planning_task
from boardsat.models.exchange.published import (
    SEED_FARTHEST,
    SEED_FARTHEST_POSITIONS,
    SEED_MOVES,
    SEED_REACHABLE,
)
from boardsat.models.exchange.rules import replay, successors
from boardsat.models.exchange.solve import MAX_HORIZON, ExchangePuzzle, shortest_plan
from boardsat.reference.oracle import explore, farthest, shortest_path
from boardsat.solving.horizon_search import Ending
from tests.oracles.exchange_oracle import oracle_distance


def test_seed_figures_by_bfs() -> None:
    exchange = seed_instance()
    assert oracle_distance(exchange) == SEED_MOVES
    distance, positions, reachable = farthest(
        lambda p: successors(exchange.board, p), exchange.start
    )
    assert (distance, len(positions), reachable) == (
        SEED_FARTHEST,
        SEED_FARTHEST_POSITIONS,
        SEED_REACHABLE,
    )


@pytest.mark.parametrize("backend", ["cadical195", "cpsat"])
def test_seed_optimum_by_planner(backend: str) -> None:
    exchange = seed_instance()
    solved = shortest_plan(exchange, backend, route="sat")
    assert solved.outcome.ending is Ending.PLAN and solved.outcome.proven_optimal
    assert solved.moves is not None and len(solved.moves) == 16
    assert replay(exchange, solved.moves)[-1] == exchange.goal
    assert solved.outcome.horizons[-1].horizon == 16
    assert all(r.status.value == "UNSATISFIABLE" for r in solved.outcome.horizons[:-1])


@pytest.mark.parametrize("setting", ["none", *Strengthenings.names(), "all"])
def test_every_strengthening_keeps_the_optimum_the_bfs_measures(setting: str) -> None:
    """Two moves into the seed's shortest exchange: 14 moves, under a second for each setting
    where the whole seed took five without strengthenings."""
    seed = seed_instance()
    path = shortest_path(lambda p: successors(seed.board, p), seed.start, seed.goal.__eq__)
    assert path is not None and len(path) == SEED_MOVES
    exchange = dataclasses.replace(seed, start=path[1].state)
    answer = shortest_plan(exchange, strengthenings=Strengthenings.parse(setting), route="sat")
    assert answer.moves is not None and len(answer.moves) == oracle_distance(exchange) == 14
    assert answer.outcome.proven_optimal and replay(exchange, answer.moves)[-1] == exchange.goal


@st.composite
def exchanges(draw: st.DrawFn) -> Exchange:
    rows, cols = draw(st.sampled_from([(2, 3), (2, 4), (3, 3), (3, 4), (4, 3)]))
    pieces = draw(st.lists(st.sampled_from("BW"), min_size=2, max_size=5))
    cells = list("".join(pieces).ljust(rows * cols, "."))
    start = draw(st.permutations(cells))
    goal = draw(st.permutations(cells).filter(lambda goal: goal != start))

    def text(cells: list[str]) -> str:
        return "/".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))

    return Exchange.parse(text(start), text(goal))


LIMIT = 12


@settings(max_examples=30, deadline=None)
@given(exchanges(), st.sampled_from(["cadical195", "glucose4"]), st.sampled_from(["all", "none"]))
def test_sat_optimum_equals_bfs(exchange: Exchange, backend: str, setting: str) -> None:
    best = oracle_distance(exchange)
    solved = shortest_plan(
        exchange,
        backend,
        max_horizon=LIMIT,
        strengthenings=Strengthenings.parse(setting),
        route="sat",
    )
    if best is None or best > LIMIT:
        assert solved.outcome.ending is Ending.NO_PLAN
    else:
        assert solved.moves is not None and len(solved.moves) == best
        assert replay(exchange, solved.moves)[-1] == exchange.goal


@settings(max_examples=10, deadline=None)
@given(exchanges())
def test_cpsat_optimum_equals_bfs(exchange: Exchange) -> None:
    best = oracle_distance(exchange)
    solved = shortest_plan(exchange, "cpsat", max_horizon=8, route="sat")
    if best is None or best > 8:
        assert solved.outcome.ending is Ending.NO_PLAN
    else:
        assert solved.moves is not None and len(solved.moves) == best
        replay(exchange, solved.moves)


@settings(max_examples=25, deadline=None)
@given(exchanges(), st.sampled_from(Strengthenings.names()), st.booleans())
def test_each_strengthening_and_bound_keeps_the_optimum(
    exchange: Exchange, name: str, bounds: bool
) -> None:
    best = oracle_distance(exchange)
    solved = shortest_plan(
        exchange,
        "cadical195",
        max_horizon=LIMIT,
        strengthenings=Strengthenings.parse(name),
        bounds=bounds,
        route="sat",
    )
    expected = None if best is None or best > LIMIT else best
    assert (None if solved.moves is None else len(solved.moves)) == expected


def test_a_knight_that_reaches_no_goal_square_means_no_plan_of_any_length(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The centre of 3x3 has no knight moves: the bound proves it alone, without a search."""
    exchange = Exchange.parse(".../.B./...", "B../.../...")
    assert oracle_distance(exchange) is None
    searched = shortest_plan(exchange, max_horizon=5, bounds=False, route="sat").outcome
    assert searched.ending is Ending.NO_PLAN
    assert searched.describe() == "no plan of at most 5 moves (proven)"
    never = dataclasses.replace(
        ExchangePuzzle.parts, planning_task=lambda _: pytest.fail("grounded")
    )
    monkeypatch.setattr(ExchangePuzzle, "parts", never)
    proven = shortest_plan(exchange, max_horizon=5, route="sat").outcome
    assert proven.ending is Ending.NO_PLAN and proven.max_horizon is None
    assert proven.describe() == "no plan of any length (proven)" and proven.horizons == ()


@settings(max_examples=40, deadline=None)
@given(exchanges())
def test_bounds_are_admissible(exchange: Exchange) -> None:
    best = oracle_distance(exchange)
    bound = lower_bound(exchange)
    if best is not None:
        assert bound is not None and bound <= best and best % 2 == parity(exchange)


def lone_knight(board: Board, square: int) -> bytes:
    return ("." * square + "B").ljust(board.size, ".").encode()


def rule_distances(board: Board, source: int) -> list[int | None]:
    """Knight distances from ``source`` by BFS over the rules' moves of a lone knight."""
    found = explore(lambda p: successors(board, p), [lone_knight(board, source)])
    return [found.distance(lone_knight(board, square)) for square in range(board.size)]


@st.composite
def crowded_exchanges(draw: st.DrawFn) -> Exchange:
    """Up to 8 knights of up to 3 colours, on boards with unreachable squares among them (3x3)."""
    rows, cols = draw(st.sampled_from([(3, 3), (3, 4), (4, 4), (4, 5), (5, 5)]))
    pieces = draw(st.lists(st.sampled_from("BWR"), min_size=1, max_size=8))
    cells = list("".join(pieces).ljust(rows * cols, "."))
    start, goal = draw(st.permutations(cells)), draw(st.permutations(cells))

    def text(cells: list[str]) -> str:
        return "/".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))

    return Exchange.parse(text(start), text(goal))


@settings(max_examples=60, deadline=None)
@given(crowded_exchanges())
def test_matching_bound_equals_the_least_sum_over_all_assignments(exchange: Exchange) -> None:
    total = 0
    for colour in exchange.colours:
        starts = [i for i, c in enumerate(exchange.start) if c == ord(colour)]
        goals = [i for i, c in enumerate(exchange.goal) if c == ord(colour)]
        rows = [rule_distances(exchange.board, square) for square in starts]
        sums = [
            sum(row[goal] for row, goal in zip(rows, order, strict=True))  # type: ignore[misc]
            for order in permutations(goals)
            if all(row[goal] is not None for row, goal in zip(rows, order, strict=True))
        ]
        if not sums:
            assert lower_bound(exchange) is None
            return
        total += min(sums)
    assert lower_bound(exchange) == total + (total % 2 != parity(exchange))


@settings(max_examples=40, deadline=None)
@given(exchanges(), st.data())
def test_successors_from_rules_equal_those_of_the_grounded_actions(
    exchange: Exchange, data: st.DataObject
) -> None:
    task = planning_task(exchange)
    reached = explore(lambda p: successors(exchange.board, p), [exchange.start]).states
    position = data.draw(st.sampled_from(reached))
    by_rules = {move: after for move, after in successors(exchange.board, position)}
    by_task = {
        (action.name[2], action.name[3]): "".join(after).encode()  # type: ignore[index]
        for action, after in task.successors(tuple(chr(c) for c in position))
    }
    assert by_rules == by_task


@pytest.mark.parametrize(
    ("start", "goal", "message"),
    [
        ("BB./..W", "W../..B", "2 black knights but goal has 1 black knight"),
        ("BB./..W", "WB./.B", "different lengths"),
        ("B../..W", "W../..B/...", "start is 2x3 but goal is 3x3"),
        ("B#./..W", "W../..B", "'#'"),
        ("B..//..W", "W../..B", "empty row"),
        ("B../..W", "W../..b", "'b': a square holds '.' \\(empty\\) or a knight"),
        ("B../..W", ".../..W", "1 black knight but goal has 0 black knights"),
    ],
)
def test_bad_instances_are_one_clear_error(start: str, goal: str, message: str) -> None:
    with pytest.raises(BoardsatError, match=message):
        Exchange.parse(start, goal)


def test_replay_rejects_illegal_moves() -> None:
    exchange = seed_instance()
    with pytest.raises(BoardsatError, match="not a knight move"):
        replay(exchange, [(0, 3)])
    with pytest.raises(BoardsatError, match="needs a knight"):
        replay(exchange, [(3, 8)])
    with pytest.raises(BoardsatError, match="do not end at the goal"):
        replay(exchange, [(0, 5)])
    assert position_text(exchange.board, exchange.start) == "BBB/.../.../WWW"


@pytest.mark.parametrize(("rows", "cols"), [(r, c) for r in range(1, 7) for c in range(1, 7)])
def test_both_move_generators_give_every_knight_move_once(rows: int, cols: int) -> None:
    """A lone knight's moves, counted by arithmetic: 4((r-1)(c-2) + (r-2)(c-1)) on r x c."""
    board = Board(rows, cols)
    expected = 4 * (max(0, rows - 1) * max(0, cols - 2) + max(0, rows - 2) * max(0, cols - 1))
    by_rules = []
    for square in range(board.size):
        lone = lone_knight(board, square)
        for move, after in successors(board, lone):
            replay(Exchange(board, lone, after), [move])  # replay checks the geometry itself
            by_rules.append(move)
    assert len(by_rules) == len(set(by_rules)) == expected
    text = position_text(board, lone_knight(board, 0))
    task = planning_task(Exchange.parse(text, text))
    by_task = {(a.name[2], a.name[3]) for a in task.actions}  # type: ignore[index]
    assert len(task.actions) == expected and by_task == set(by_rules)


def test_a_slip_in_either_move_table_leaves_the_other_route_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The oracle and the planning task share no move table, so the cross-check above sees a slip."""
    exchange = seed_instance()
    board = exchange.board

    def by_rules() -> set[tuple[int, int]]:
        return {move for move, _ in successors(board, exchange.start)}

    def by_task() -> set[tuple[int, int]]:
        state = tuple(chr(c) for c in exchange.start)
        return {(a.name[2], a.name[3]) for a, _ in planning_task(exchange).successors(state)}  # type: ignore[index]

    rules, task = by_rules(), by_task()
    assert rules == task
    source, target = min(rules)

    def without_the_move(table: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(t for t in targets if (s, t) != (source, target))
            for s, targets in enumerate(table)
        )

    builders = without_the_move(exchange_model._targets(board))
    monkeypatch.setattr(exchange_model, "_targets", lambda _: builders)
    assert by_rules() == rules and by_task() == task - {(source, target)}
    monkeypatch.undo()
    oracles = without_the_move(exchange_rules._jumps(board.rows, board.cols))
    monkeypatch.setattr(exchange_rules, "_jumps", lambda *_: oracles)
    assert by_task() == task and by_rules() == rules - {(source, target)}


def test_horizons_stop_at_the_default_cap_only_without_a_time_limit() -> None:
    """A library call with a time limit may search past ``MAX_HORIZON``; one without either
    limit stops there, since a task without a plan would otherwise be searched forever."""
    exchange = seed_instance()
    unlimited = shortest_plan(exchange, route="sat")
    limited = shortest_plan(exchange, time_limit=60, route="sat")
    assert unlimited.outcome.max_horizon == MAX_HORIZON
    assert limited.outcome.max_horizon is None
    assert unlimited.moves is not None and limited.moves is not None
    assert len(unlimited.moves) == len(limited.moves)
