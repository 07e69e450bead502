"""Planning tasks written as PDDL, read and solved by planners that boardsat did not write.

pyperplan's breadth-first search solves the seed exchange and the seed shogi example from the
files alone, and its plans, read back as moves, replay by each puzzle's own rules. pyperplan
takes no conditional effects, so the Flip-It seed goes to Fast Downward (the binary that the
up-fast-downward wheel ships for Linux x86-64, driven by `encoders/fast_downward.py`) with blind
A*, an optimal search. unified-planning reads every export back; its simulator, which has its
own reading of PDDL, must apply each action exactly as the task's own ``apply`` does, on random
states of random puzzles and of random tasks that use every corner of the writer (unknown old
values, several goal values, names that differ only in case).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyperplan.planner import search_plan
from pyperplan.search import breadth_first_search
from unified_planning.io import PDDLReader
from unified_planning.shortcuts import SequentialSimulator, get_environment

from boardsat.core.errors import BoardsatError
from boardsat.core.planning_task import Action, ConditionalEffect, PlanningTask, State, Variable
from boardsat.core.results import Status
from boardsat.encoders.fast_downward import plan_with_fast_downward
from boardsat.encoders.pddl import Pddl, domain_path, export_pddl, pddl
from boardsat.models.exchange.instance import Exchange
from boardsat.models.exchange.instance import seed_instance as exchange_seed
from boardsat.models.exchange.solve import request as exchange_request
from boardsat.models.flipit.instance import FlipIt, line_board
from boardsat.models.flipit.instance import seed_instance as flipit_seed
from boardsat.models.flipit.solve import request as flipit_request
from boardsat.models.shogi.instance import EMPTY, PIECES, Shogi, ShogiBoard
from boardsat.models.shogi.instance import seed_instance as shogi_seed
from boardsat.models.shogi.solve import request as shogi_request

get_environment().credits_stream = None  # unified-planning prints its credits otherwise


def seed_puzzles() -> dict[str, Any]:
    return {
        "exchange": exchange_request(exchange_seed()).puzzle,
        "shogi": shogi_request(shogi_seed()).puzzle,
        "flipit": flipit_request(flipit_seed()).puzzle,
    }


def written(tmp_path: Path, task: PlanningTask, name: str) -> tuple[Path, Path]:
    problem = tmp_path / f"{name}.pddl"
    export_pddl(task, str(problem), name)
    return domain_path(problem), problem


def replayed_moves(puzzle: Any, exported: Pddl, names: Sequence[str]) -> list[Any]:
    """A planner's action names as the puzzle's moves, replayed by its rules (which raise on an
    illegal move or a plan that does not end in the goal)."""
    actions = [exported.actions[name.strip("() ").lower()] for name in names]
    moves = puzzle.plan_moves(actions)
    puzzle.replay(moves)
    return list(moves)


@pytest.mark.parametrize(("name", "optimum"), [("exchange", 16), ("shogi", 5)])
def test_pyperplan_bfs_finds_the_seed_optimum_and_its_plan_replays(
    tmp_path: Path, name: str, optimum: int
) -> None:
    puzzle = seed_puzzles()[name]
    task = puzzle.planning_task()
    domain, problem = written(tmp_path, task, name)
    plan = search_plan(str(domain), str(problem), breadth_first_search, None)
    assert plan is not None
    moves = replayed_moves(puzzle, pddl(task, name), [op.name for op in plan])
    assert len(moves) == optimum


@pytest.mark.slow  # Fast Downward's translator, in Python, takes seconds to start
def test_fast_downward_blind_astar_proves_the_flipit_seed_optimum() -> None:
    pytest.importorskip("up_fast_downward")  # its wheel exists for Linux x86-64 only
    puzzle = seed_puzzles()["flipit"]
    run = plan_with_fast_downward(puzzle.planning_task(), "flipit", "blind", 300)
    assert run.status is Status.OPTIMAL and run.plan is not None
    moves = puzzle.plan_moves(run.plan)
    puzzle.replay(moves)  # the rules raise on an illegal move or an end short of the goal
    assert len(moves) == 18


@pytest.mark.slow
def test_unified_planning_reads_the_flipit_seed_with_every_flip_as_a_when(tmp_path: Path) -> None:
    task = seed_puzzles()["flipit"].planning_task()
    domain, problem = written(tmp_path, task, "flipit")
    assert ":conditional-effects" in domain.read_text()
    read = PDDLReader().parse_problem(str(domain), str(problem))
    assert len(read.actions) == len(task.actions)
    exported = pddl(task, "flipit")
    for up_action in read.actions:
        action = exported.actions[up_action.name]
        effects = up_action.conditional_effects
        # each flip is one ``when``: its condition names the colour it deletes, then the new one
        assert len({str(effect.condition) for effect in effects}) == len(action.conditional)
        assert len(effects) == 2 * len(action.conditional)
    assert any(action.conditional for action in task.actions)
    rng = random.Random(28)
    assert_same_semantics(
        task, [tuple(rng.choice(v.values) for v in task.variables) for _ in range(10)]
    )


def test_strips_tasks_ask_for_strips_alone() -> None:
    for name in ("exchange", "shogi"):
        text = pddl(seed_puzzles()[name].planning_task(), name).domain
        assert "(:requirements :strips)" in text
        assert "(when " not in text


# -- every action against the task's own apply ---------------------------------------------------


def simulator(exported: Pddl) -> tuple[Any, Any]:
    """unified-planning's reading of an export, and its simulator."""
    with TemporaryDirectory() as where:
        domain, problem = Path(where, "d.pddl"), Path(where, "p.pddl")
        domain.write_text(exported.domain)
        problem.write_text(exported.problem)
        read = PDDLReader().parse_problem(str(domain), str(problem))
    return read, SequentialSimulator(read)


def up_state(read: Any, sim: Any, exported: Pddl, state: State) -> Any:
    manager = read.environment.expression_manager
    facts = set(enumerate(state))
    return sim.get_initial_state().make_child(
        {
            manager.FluentExp(f): manager.Bool(exported.propositions[f.name] in facts)
            for f in read.fluents
        }
    )


def task_state(read: Any, exported: Pddl, task: PlanningTask, state: Any) -> State:
    """The task state a PDDL state stands for; exactly one value per variable must hold."""
    manager = read.environment.expression_manager
    held: dict[int, list[Hashable]] = {var: [] for var in range(len(task.variables))}
    for f in read.fluents:
        if state.get_value(manager.FluentExp(f)).bool_constant_value():
            var, value = exported.propositions[f.name]
            held[var].append(value)
    assert all(len(values) == 1 for values in held.values()), held
    return tuple(values[0] for _, values in sorted(held.items()))


def assert_same_semantics(task: PlanningTask, states: Sequence[State]) -> None:
    exported = pddl(task, "random")
    read, sim = simulator(exported)
    assert task_state(read, exported, task, sim.get_initial_state()) == task.initial
    by_name = {action.name: action for action in read.actions}
    for state in states:
        before = up_state(read, sim, exported, state)
        assert sim.is_goal(before) == task.is_goal(state)
        for name, action in exported.actions.items():
            applicable = task.applicable(state, action)
            assert sim.is_applicable(before, by_name[name]) == applicable, name
            if applicable:
                after = sim.apply(before, by_name[name])
                assert task_state(read, exported, task, after) == task.apply(state, action), name


@st.composite
def states(draw: st.DrawFn, task: PlanningTask) -> State:
    return tuple(draw(st.sampled_from(variable.values)) for variable in task.variables)


@st.composite
def puzzle_tasks(draw: st.DrawFn) -> PlanningTask:
    """A small exchange, shogi or Flip-It line instance's task (knights of two colours,
    promoted pieces, a hole's unknown colour)."""
    kind = draw(st.sampled_from(["exchange", "shogi", "flipit"]))
    if kind == "exchange":
        rows, cols = draw(st.integers(2, 3)), draw(st.integers(2, 3))
        cells = draw(st.lists(st.sampled_from("..BW"), min_size=rows * cols, max_size=rows * cols))
        goal = draw(st.permutations(cells))
        text = [
            "/".join("".join(c[r * cols : (r + 1) * cols]) for r in range(rows))
            for c in (cells, goal)
        ]
        return exchange_request(Exchange.parse(*text)).puzzle.planning_task()
    elif kind == "shogi":
        board = ShogiBoard(draw(st.integers(1, 3)), draw(st.integers(2, 3)))
        size = board.rows * board.cols
        pieces = st.one_of(st.just(EMPTY), st.sampled_from(PIECES))
        start = tuple(draw(st.lists(pieces, min_size=size, max_size=size)))
        shogi = Shogi(board, start, tuple(draw(st.permutations(start))))
        return shogi_request(shogi).puzzle.planning_task()
    board = line_board(draw(st.integers(3, 6)))  # the star's own test reads the star
    cells = draw(st.lists(st.sampled_from("BW"), min_size=board.cells, max_size=board.cells))
    cells[draw(st.integers(0, board.cells - 1))] = "."
    goal = None if draw(st.booleans()) else "".join(draw(st.permutations(cells)))
    flipit = FlipIt.parse(board, "".join(cells), goal)
    return flipit_request(flipit).puzzle.planning_task()


VALUES: list[Hashable] = [".", "B", "b", "+R", "R", True, False, None, "two words", "é"]
NAMES: list[Hashable] = [("square", "a1"), ("Square", "A1"), "x", 3, ("hole", 0), "X"]


@st.composite
def random_tasks(draw: st.DrawFn) -> PlanningTask:
    """Tasks with effects whose old value no precondition names, no-op effects, goals that allow
    several values, and names that repeat once lower-cased."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True))
    variables = tuple(
        Variable(
            name,
            tuple(draw(st.lists(st.sampled_from(VALUES), min_size=2, max_size=3, unique=True))),
        )
        for name in names
    )
    n = len(variables)

    def fact(var: int) -> tuple[int, Hashable]:
        return var, draw(st.sampled_from(variables[var].values))

    actions = []
    for _ in range(draw(st.integers(1, 5))):
        order = draw(st.permutations(range(n)))
        cut = draw(st.integers(0, n))
        pre = tuple(fact(var) for var in draw(st.lists(st.sampled_from(range(n)), unique=True)))
        effects = tuple(fact(var) for var in order[:cut])
        conditional = tuple(
            ConditionalEffect(
                tuple(
                    fact(c)
                    for c in draw(st.lists(st.sampled_from(range(n)), max_size=2, unique=True))
                ),
                var,
                fact(var)[1],
            )
            for var in order[cut:]
            if draw(st.booleans())
        )
        name = (draw(st.sampled_from(["move", "Move"])), draw(st.sampled_from("Bb")))
        actions.append(Action(name, pre, effects, conditional))
    goal = {}
    for var in draw(st.lists(st.sampled_from(range(n)), unique=True)):
        values = variables[var].values
        goal[var] = frozenset(draw(st.lists(st.sampled_from(values), min_size=1, unique=True)))
    initial = tuple(draw(st.sampled_from(v.values)) for v in variables)
    return PlanningTask(variables, initial, goal, tuple(actions))


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(st.data())
def test_each_exported_puzzle_action_does_what_the_task_does(data: st.DataObject) -> None:
    task = data.draw(puzzle_tasks())
    assert_same_semantics(task, [data.draw(states(task)) for _ in range(3)])


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_each_exported_action_of_a_random_task_does_what_the_task_does(
    data: st.DataObject,
) -> None:
    task = data.draw(random_tasks())
    assert_same_semantics(task, [data.draw(states(task)) for _ in range(4)])


# -- files --------------------------------------------------------------------------------------


def test_an_export_never_overwrites_and_checks_both_files_first(tmp_path: Path) -> None:
    task = seed_puzzles()["shogi"].planning_task()
    problem = tmp_path / "seed.pddl"
    domain_path(problem).write_text("kept")
    with pytest.raises(BoardsatError, match="exists already"):
        export_pddl(task, str(problem), "shogi")
    assert not problem.exists()
    assert domain_path(problem).read_text() == "kept"
    with pytest.raises(BoardsatError, match=r"\.pddl"):
        export_pddl(task, str(tmp_path / "seed.txt"), "shogi")
    assert list(tmp_path.iterdir()) == [domain_path(problem)]
