"""The planning core on two small puzzles written twice: as rules for the BFS oracle, and as tasks.

Flip-It on a line needs conditional effects (each jumped piece turns over); a sliding rook needs
preconditions on a whole path. Neither shares code with the knight exchange, so these tests check
the task, the validator, the horizon encoding and the planner as the later puzzles will use them.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.errors import BoardsatError
from boardsat.core.planning_task import (
    Action,
    ConditionalEffect,
    PlanningTask,
    Variable,
    validate_plan,
)
from boardsat.core.results import Status
from boardsat.encoders import horizon_encoding as planning_encoding
from boardsat.encoders.horizon_encoding import (
    HorizonEncoding,
    Strengthenings,
    independent,
    undoers,
    undoes,
)
from boardsat.reference.oracle import shortest_path
from boardsat.solving.horizon_search import Ending, HorizonReport, HorizonTried, find_plan
from boardsat.solving.solve import open_session

FLIP = {"b": "w", "w": "b"}


# -- Flip-It on a line: the rules ----------------------------------------------------------------
def flip_moves(line: str) -> Iterator[tuple[tuple[int, int], str]]:
    hole = line.index(".")
    for piece in range(len(line)):
        if abs(piece - hole) < 2:
            continue
        cells = list(line)
        low, high = sorted((piece, hole))
        for k in range(low + 1, high):
            cells[k] = FLIP[cells[k]]
        cells[hole], cells[piece] = cells[piece], "."
        yield (piece, hole), "".join(cells)


def flip_task(line: str) -> PlanningTask:
    n = len(line)
    actions = []
    for piece in range(n):
        for hole in range(n):
            if abs(piece - hole) < 2:
                continue
            low, high = sorted((piece, hole))
            conditional = [ConditionalEffect(((piece, c),), hole, c) for c in "bw"]
            conditional += [
                ConditionalEffect(((k, c),), k, FLIP[c]) for k in range(low + 1, high) for c in "bw"
            ]
            actions.append(
                Action(("jump", piece, hole), ((hole, "."),), ((piece, "."),), tuple(conditional))
            )
    return PlanningTask(
        variables=tuple(Variable(("cell", i), (".", "b", "w")) for i in range(n)),
        initial=tuple(line),
        goal={i: frozenset({".", "w"}) for i in range(n)},
        actions=tuple(actions),
    )


def flip_goal(line: str) -> bool:
    return "b" not in line


# -- a rook sliding on a line past blockers: the rules --------------------------------------------
def slide_moves(line: str) -> Iterator[tuple[tuple[int, int], str]]:
    for source, piece in enumerate(line):
        if piece != "R":
            continue
        for step in (-1, 1):
            target = source + step
            while 0 <= target < len(line) and line[target] == ".":
                cells = list(line)
                cells[source], cells[target] = ".", "R"
                yield (source, target), "".join(cells)
                target += step


def slide_task(line: str, goal: str) -> PlanningTask:
    n = len(line)
    actions = []
    for source in range(n):
        for target in range(n):
            if source == target:
                continue
            low, high = sorted((source, target))
            path = tuple((k, ".") for k in range(low + 1, high))
            actions.append(
                Action(
                    ("slide", source, target),
                    ((source, "R"), (target, "."), *path),
                    ((source, "."), (target, "R")),
                )
            )
    return PlanningTask(
        variables=tuple(Variable(i, (".", "R", "X")) for i in range(n)),
        initial=tuple(line),
        goal={i: frozenset({c}) for i, c in enumerate(goal)},
        actions=tuple(actions),
    )


lines = (
    st.integers(3, 6)
    .flatmap(
        lambda n: st.tuples(
            st.integers(0, n - 1), st.lists(st.sampled_from("bw"), min_size=n - 1, max_size=n - 1)
        )
    )
    .map(lambda drawn: "".join(drawn[1][: drawn[0]]) + "." + "".join(drawn[1][drawn[0] :]))
)


@settings(max_examples=25, deadline=None)
@given(lines, st.sampled_from(["cadical195", "cpsat"]))
def test_flip_line_optimum_equals_bfs_and_plan_replays(line: str, backend: str) -> None:
    path = shortest_path(flip_moves, line, flip_goal)
    outcome = find_plan(flip_task(line), backend, max_horizon=10)
    if path is None or len(path) > 10:
        assert outcome.ending is Ending.NO_PLAN
        return
    assert outcome.ending is Ending.PLAN and outcome.plan is not None
    assert len(outcome.plan) == len(path)
    state = line  # replay the decoded jumps with the rules
    for action in outcome.plan:
        state = dict(flip_moves(state))[action.name[1:]]  # type: ignore[index]
    assert flip_goal(state)


@settings(max_examples=20, deadline=None)
@given(st.permutations("RR.X..R."), st.permutations("RR.X..R."))
def test_sliding_optimum_equals_bfs(start: list[str], goal: list[str]) -> None:
    start_text, goal_text = "".join(start), "".join(goal)
    path = shortest_path(slide_moves, start_text, lambda s: s == goal_text)
    outcome = find_plan(slide_task(start_text, goal_text), "cadical195", max_horizon=8)
    if path is None or len(path) > 8:
        assert outcome.ending is Ending.NO_PLAN
    else:
        assert outcome.plan is not None and len(outcome.plan) == len(path)


@settings(deadline=None)
@given(lines)
def test_task_successors_equal_rule_successors(line: str) -> None:
    task = flip_task(line)
    from_task = {(a.name[1], a.name[2]): "".join(s) for a, s in task.successors(tuple(line))}  # type: ignore[index]
    assert from_task == dict(flip_moves(line))


def test_validator_reports_the_failing_step() -> None:
    task = flip_task("bbb.w")
    path = shortest_path(flip_moves, "bbb.w", flip_goal)
    assert path is not None
    good = validate_plan(task, [("jump", *step.move) for step in path])
    assert good.ok and good.states[-1] == tuple(path[-1].state)
    bad = validate_plan(task, [("jump", 1, 3), ("jump", 1, 3)])
    assert not bad.ok and "step 2" in bad.reason
    short = validate_plan(task, [("jump", 1, 3)])
    assert not short.ok and short.states[-1] == ("b", ".", "w", "b", "w")
    with pytest.raises(BoardsatError, match="no action"):
        validate_plan(task, [("fly", 0, 1)])


def test_task_rejects_values_outside_domains_and_clashing_effects() -> None:
    with pytest.raises(BoardsatError, match="not a value"):
        PlanningTask((Variable("x", (0, 1)),), (2,), {}, ())
    clash = Action("clash", (), ((0, 1),), (ConditionalEffect((), 0, 0),))
    task = PlanningTask((Variable("x", (0, 1)),), (0,), {}, (clash,))
    with pytest.raises(BoardsatError, match="two values"):
        task.apply((0,), clash)


@pytest.mark.parametrize(
    "action",
    [
        Action("pre", ((0, 2),), ()),
        Action("effect", (), ((1, 0),)),
        Action("condition", (), (), (ConditionalEffect(((0, 5),), 0, 1),)),
        Action("turn", (), (), (ConditionalEffect(((0, 0),), 0, 7),)),
        Action("unhashable", ((0, [0]),), ()),  # type: ignore[arg-type]
    ],
    ids=lambda action: action.name,
)
def test_a_task_names_the_action_whose_fact_lies_outside_the_domains(action: Action) -> None:
    """The facts are looked up in one set for speed; a miss still gets the precise line."""
    with pytest.raises(BoardsatError, match=f"action '{action.name}': .*(not a value|no variable)"):
        PlanningTask(
            (Variable("x", (0, 1)),), (0,), {}, (Action("fine", ((0, 0),), ((0, 1),)), action)
        )


def test_three_endings_are_distinct() -> None:
    line = "bbb.w"
    best = shortest_path(flip_moves, line, flip_goal)
    assert best is not None
    found = find_plan(flip_task(line), "cadical195", max_horizon=len(best))
    assert found.ending is Ending.PLAN and found.proven_optimal
    assert found.describe() == f"plan of {len(best)} moves (proven optimal)"
    short = find_plan(flip_task(line), "cadical195", max_horizon=len(best) - 1)
    assert short.ending is Ending.NO_PLAN and not short.proven_optimal
    assert short.describe() == f"no plan of at most {len(best) - 1} moves (proven)"
    assert [r.status for r in short.horizons] == [Status.UNSATISFIABLE] * len(best)
    stopped = find_plan(flip_task(line), "cadical195", time_limit=0)
    assert stopped.ending is Ending.UNKNOWN and stopped.plan is None
    assert stopped.describe() == "UNKNOWN at the time limit (no plan length refuted yet)"
    bounded = find_plan(flip_task(line), "cadical195", lower_bound=2, time_limit=0)
    assert bounded.describe() == (
        "UNKNOWN at the time limit (no plan of at most 1 move, proven so far)"
    )


def test_a_search_without_any_limit_is_refused() -> None:
    """Without a maximum horizon or a time limit, a task without a plan would never end."""
    with pytest.raises(BoardsatError, match="maximum horizon or a time limit"):
        find_plan(slide_task("R.", "RR"), "cadical195")


def test_refuted_horizons_are_skipped_and_reported() -> None:
    seen = []
    outcome = find_plan(
        flip_task("bbb.w"),
        "cadical195",
        max_horizon=10,
        refuted=lambda h: "told so" if h == 0 else None,
        progress=seen.append,
    )
    reports = [event for event in seen if isinstance(event, HorizonReport)]
    assert reports[0].by == "told so" and reports[0].status is Status.UNSATISFIABLE
    assert list(outcome.horizons) == reports
    # each horizon handed to the solver is announced just before its report; a refuted one is not
    tried = [event.horizon for event in seen if isinstance(event, HorizonTried)]
    assert tried == [report.horizon for report in reports if report.by == "solver"]
    for before, event in pairwise(seen):
        if isinstance(event, HorizonReport) and event.by == "solver":
            assert before == HorizonTried(event.horizon)


def test_pair_rules() -> None:
    task = slide_task("R..R", "..RR")
    by_name = {a.name: a for a in task.actions}
    assert undoes(by_name[("slide", 0, 2)], by_name[("slide", 2, 0)])
    assert not undoes(by_name[("slide", 0, 2)], by_name[("slide", 2, 1)])
    assert not independent(by_name[("slide", 0, 2)], by_name[("slide", 3, 1)])
    wide = slide_task("R..R.....", ".........")
    named = {a.name: a for a in wide.actions}
    assert independent(named[("slide", 0, 1)], named[("slide", 5, 6)])
    flips = flip_task("b.bw")
    assert not undoes(flips.actions[0], flips.actions[0])
    idle = Action("idle", ((0, "R"),))  # changes nothing: undone by whatever rewrites its needs
    idling = PlanningTask(wide.variables, wide.initial, {}, (*wide.actions, idle))
    for task in (wide, flips, idling):
        assert undoers(task) == [
            [j for j, second in enumerate(task.actions) if undoes(first, second)]
            for first in task.actions
        ]


def switch_task(initial: tuple[str, ...], switches_first: bool) -> PlanningTask:
    """A light and doors that open only while it is on: a variable read by some actions only.

    The order of the actions decides which of two interfering actions canonical order may swap.
    """
    doors = range(1, len(initial))
    switches = [
        Action(("switch", v), ((0, w),), ((0, v),)) for v, w in (("on", "off"), ("off", "on"))
    ]
    moves = [Action(("open", d), ((0, "on"), (d, "shut")), ((d, "open"),)) for d in doors]
    moves += [Action(("shut", d), ((d, "open"),), ((d, "shut"),)) for d in doors]
    variables = [Variable("light", ("off", "on"))]
    variables += [Variable(("door", door), ("shut", "open")) for door in doors]
    actions = switches + moves if switches_first else moves + switches
    return PlanningTask(tuple(variables), initial, {}, tuple(actions))


def small_tasks() -> st.SearchStrategy[PlanningTask]:
    slides = st.permutations("RR.X..R.").map(lambda line: slide_task("".join(line), "........"))
    initials = st.tuples(st.sampled_from(["off", "on"]), *[st.sampled_from(["shut", "open"])] * 3)
    switches = st.builds(switch_task, initials, st.booleans())
    return st.one_of(slides, lines.map(flip_task), switches)


def assert_two_step_rules_forbid_exactly_the_pairs_they_define(
    task: PlanningTask, setting: str
) -> None:
    """Every applicable pair of first steps is allowed unless undoing or out of canonical order."""
    options = Strengthenings.parse(setting)
    encoding = HorizonEncoding(task, strengthenings=options)
    encoding.extend()
    encoding.extend()
    session = open_session(encoding.model, "cadical195")
    try:
        for i, first in enumerate(task.actions):
            if not task.applicable(task.initial, first):
                continue
            middle = task.apply(task.initial, first)
            for j, second in enumerate(task.actions):
                if not task.applicable(middle, second):
                    continue
                forbidden = (options.no_undo and undoes(first, second)) or (
                    options.canonical_order and j < i and independent(first, second)
                )
                answer = session.solve([encoding.do(0, i), encoding.do(1, j)])
                assert (answer.status is Status.UNSATISFIABLE) == forbidden, (first, second)
    finally:
        session.close()


@pytest.mark.parametrize("direct", [planning_encoding.DIRECT_USERS, 0])  # 0: ladders only
@settings(max_examples=40, deadline=None)
@given(small_tasks(), st.sampled_from(["no_undo", "canonical_order", "all"]))
def test_two_step_rules_on_random_tasks(direct: int, task: PlanningTask, setting: str) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(planning_encoding, "DIRECT_USERS", direct)
        assert_two_step_rules_forbid_exactly_the_pairs_they_define(task, setting)


@pytest.mark.parametrize("direct", [planning_encoding.DIRECT_USERS, 0])
@pytest.mark.parametrize("switches_first", [True, False])
def test_two_step_rules_on_a_variable_that_some_actions_only_read(
    direct: int, switches_first: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(planning_encoding, "DIRECT_USERS", direct)
    task = switch_task(("on", "shut", "open", "shut"), switches_first)
    assert_two_step_rules_forbid_exactly_the_pairs_they_define(task, "all")


def test_strengthening_names() -> None:
    assert Strengthenings.parse("none") == Strengthenings.none()
    assert Strengthenings.parse("no_undo").label() == "no_undo"
    with pytest.raises(BoardsatError, match="unknown strengthening"):
        Strengthenings.parse("magic")


def test_slack_counts_every_unit_a_move_raises_the_potential() -> None:
    """A move raising the potential by 2 spends 3 units of slack, not 2 (levels are not capped).

    The goal asks for nothing (so the potential is not zero in every goal state, and the limit is
    no longer implied by reaching the goal): only the slack limit ``h - P(initial)`` decides, and
    a raise of 2 then a drop fits in 3 moves but not in 2.
    """
    steps = [("raise", 0, 2), ("drop", 2, 1), ("drop", 1, 0)]
    task = PlanningTask(
        variables=(Variable("x", (0, 1, 2)),),
        initial=(0,),
        goal={},
        actions=tuple(Action(step, ((0, step[1]),), ((0, step[2]),)) for step in steps),
        potential={(0, value): value for value in (0, 1, 2)},
    )
    encoding = HorizonEncoding(task, strengthenings=Strengthenings.parse("potential"))
    for _ in range(3):
        encoding.extend()
    assert encoding.costs == [3, 0, 0]
    goals = {h: encoding.goal(h) for h in (2, 3)}
    session = open_session(encoding.model, "cadical195")
    try:
        raise_first = encoding.do(0, 0)
        assert session.solve([goals[2], raise_first]).status is Status.UNSATISFIABLE
        assert session.solve([goals[3], raise_first]).status is Status.SATISFIABLE
    finally:
        session.close()


def test_goal_literal_needs_its_layers() -> None:
    encoding = HorizonEncoding(flip_task("b.bw"))
    with pytest.raises(ValueError):
        encoding.goal(1)
