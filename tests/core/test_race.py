"""Races and the improvements they listen to: every figure checked against brute force or the rules."""

from __future__ import annotations

import faulthandler
import multiprocessing
import os
import signal
import struct
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardsat import BoardsatError, Model, Status, solve
from boardsat.core.child import Child, child_context
from boardsat.core.memory import MemoryLimitReached
from boardsat.core.results import Improvement, Result
from boardsat.models.domination.model import build_model
from boardsat.models.domination.published import published_minimum
from boardsat.reference.brute_force import brute_force, holds, reader
from boardsat.solving import race as race_module
from boardsat.solving.race import Racer, Scoreboard, Stage, race
from tests.oracles.hard_models import HARD_PIGEONHOLE_HOLES, pigeonhole
from tests.oracles.model_oracle import models

ROUTES = [
    ("cpsat", {"workers": 8}),
    ("cadical195", {"optimisation": "maxsat"}),
    ("cadical195", {"optimisation": "linear-down"}),
    ("glucose4", {"optimisation": "linear-up"}),
]


SLACK_S = 5.0  # past a limit: the parent stops at it, then kills and reaps the racers


def values_of(model: Model, assignment: dict[object, bool]) -> dict[int, bool]:
    return {model.lit(key): value for key, value in assignment.items()}


# the optimum 1 (one pigeon stays out) is found at once; its proof refutes the pigeonhole
# principle, out of reach of resolution, so of every CDCL SAT solver and RC2 above it
HARD = pigeonhole(HARD_PIGEONHOLE_HOLES, escape=True)


@pytest.mark.parametrize("backend", ["cpsat", "scip", "highs"])
def test_a_linear_relaxation_sees_through_the_pigeonhole(backend: str) -> None:
    """Why the pigeonhole is hard for SAT solvers only: CP-SAT and the MIP solvers prove it."""
    result = solve(HARD, backend, time_limit=60)
    assert result.proven_optimal and result.objective == 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(models(with_objective=True), st.integers(0, 1000))
def test_race_agrees_with_brute_force(model: Model, seed: int) -> None:
    truth = brute_force(model)
    racers = [
        Racer("cpsat", (Stage(model, "cpsat", {"workers": 1}),)),
        Racer("rc2", (Stage(model.shuffled(seed), "cadical195", {"optimisation": "maxsat"}),)),
    ]
    result = race(racers).result
    if truth.optimum is None:
        assert result.status is Status.UNSATISFIABLE
        return
    assert result.status is Status.OPTIMAL
    assert result.objective == truth.optimum == result.bound
    assert holds(model, values_of(model, dict(result.assignment)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(models(with_objective=True), st.integers(0, 1000))
def test_a_shuffled_copy_is_the_same_problem(model: Model, seed: int) -> None:
    copy = model.shuffled(seed)
    assert brute_force(copy) == brute_force(model)
    assert sorted(map(str, copy.keys())) == sorted(map(str, model.keys()))


@pytest.mark.parametrize(("backend", "options"), ROUTES)
def test_improvements_are_true_and_monotone(backend: str, options: dict[str, object]) -> None:
    model = build_model(8, 8, "dominating", symmetry=False).model
    heard: list[Improvement] = []
    result = solve(model, backend, on_improvement=heard.append, **options)
    optimum = published_minimum(8, "dominating")
    assert result.proven_optimal and result.objective == optimum
    found = [news for news in heard if news.objective is not None]
    bounds = [news.bound for news in heard if news.bound is not None]
    assert found or bounds
    for news in found:
        values = values_of(model, dict(news.assignment))
        assert holds(model, values)
        assert model.objective is not None
        assert model.objective.value(reader(values)) == news.objective
    objectives = [news.objective for news in found]
    assert (
        objectives == sorted(objectives, reverse=True)
        and min(objectives, default=optimum) >= optimum
    )
    assert bounds == sorted(bounds) and max(bounds, default=0) <= optimum


def test_an_infeasible_model_is_reported_as_such() -> None:
    model = Model("none")
    x = model.var("x")
    model.add_clause([x])
    model.add_clause([-x])
    model.minimize([x])
    racers = [Racer("a", (Stage(model, "cpsat"),)), Racer("b", (Stage(model, "minisat22"),))]
    assert race(racers).result.status is Status.UNSATISFIABLE


@pytest.mark.slow  # runs out a time limit
def test_a_time_limit_gives_unknown_with_the_best_of_both_and_no_child_left() -> None:
    """Neither the prover (RC2) nor the placer can refute the pigeonhole principle; the placer's
    first placement comes at once, every pigeon out."""
    prover = Stage(HARD, "cadical195", {"optimisation": "maxsat"})
    placer = Stage(HARD.shuffled(1), "glucose4", {"optimisation": "linear-down"})
    started = time.perf_counter()
    outcome = race([Racer("prover", (prover,)), Racer("placer", (placer,))], time_limit=2.0)
    elapsed = time.perf_counter() - started
    result = outcome.result
    assert result.status is Status.UNKNOWN
    assert result.objective is not None and result.bound == 0
    assert holds(HARD, values_of(HARD, dict(result.assignment)))
    assert 2.0 <= elapsed < 2.0 + SLACK_S and result.seconds < 2.0 + SLACK_S
    assert multiprocessing.active_children() == []
    assert {event.racer for event in outcome.events} <= {"prover", "placer"}


def test_a_refusal_inside_a_racer_reaches_the_caller_as_one_line() -> None:
    model = build_model(6, 6).model
    # a subsolver name only CP-SAT's own validation, in the child, rejects
    broken = Stage(model, "cpsat", {"workers": 2, "parameters": {"subsolvers": ["nosuch"]}})
    with pytest.raises(BoardsatError, match=r"^racer 'broken': CP-SAT rejected") as refused:
        race([Racer("broken", (broken,))], time_limit=30)
    assert "\n" not in str(refused.value)


def test_a_crashing_racer_is_reported_with_its_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug in a backend")

    monkeypatch.setattr(race_module, "_run_racer", crash)  # the racers' work goes to them whole
    model = build_model(4, 4).model
    with pytest.raises(RuntimeError, match=r"(?s)racer crashing failed.*ZeroDivisionError"):
        race([Racer("crashing", (Stage(model, "cpsat"),))], time_limit=30)


def test_a_racer_that_dies_without_a_word_fails_the_race(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A solver's crash leaves no traceback, only a closed pipe and an exit code."""
    monkeypatch.setattr(race_module, "_run_racer", lambda *args, **kwargs: os._exit(0))
    model = build_model(4, 4).model
    with pytest.raises(RuntimeError, match=r"^racer dying failed:\n.* exit code 0$"):
        race([Racer("dying", (Stage(model, "cpsat"),))], time_limit=30)


@pytest.mark.parametrize("sent", [signal.SIGKILL, signal.SIGABRT], ids=["killed", "aborted"])
def test_a_racer_that_dies_as_at_the_memory_ceiling_ends_the_race_in_one_line(
    monkeypatch: pytest.MonkeyPatch, sent: signal.Signals
) -> None:
    """An OOM kill (SIGKILL) or C++'s abort on std::bad_alloc (SIGABRT) names racer and code."""

    def die(*args: object, **kwargs: object) -> None:
        faulthandler.disable()  # pytest's would report the abort on a stderr of its own
        os.kill(os.getpid(), sent)

    monkeypatch.setattr(race_module, "_run_racer", die)
    model = build_model(4, 4).model
    reached = rf"^.*memory limit.* reached while racing \(dying: .* exit code {-sent}\)"
    with pytest.raises(MemoryLimitReached, match=reached):
        race([Racer("dying", (Stage(model, "cpsat"),))], time_limit=30)


def test_a_racer_killed_halfway_through_a_message_fails_the_race(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An OOM kill can land while a racer streams a large placement: the parent reads a cut
    message, and must still name the racer and its exit code."""

    def cut_short(send: Any, racer: Racer, time_limit: Any, start: Any) -> None:
        os.write(send.fileno(), struct.pack("!i", 10**6) + b"x" * 10)  # a header, 10 bytes of it
        os._exit(137)

    monkeypatch.setattr(race_module, "_run_racer", cut_short)
    model = build_model(4, 4).model
    with pytest.raises(RuntimeError, match=r"^racer cut failed:\n.* exit code 137$"):
        race([Racer("cut", (Stage(model, "cpsat"),))], time_limit=30)


def test_a_racer_out_of_stages_ends_the_race_without_a_failure() -> None:
    brief = Stage(HARD, "cadical195", {"optimisation": "linear-down"}, seconds=0.5)
    outcome = race([Racer("brief", (brief,))], time_limit=60)
    assert outcome.result.status is Status.UNKNOWN and outcome.result.objective is not None
    assert outcome.result.seconds < 0.5 + SLACK_S


def test_racers_started_before_a_failed_start_are_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    server_process = child_context().Process  # what race.py starts
    real_start = server_process.start
    started: list[Any] = []

    def start_one(process: Any) -> None:
        if started:
            raise OSError("no more processes")
        real_start(process)
        started.append(process)

    monkeypatch.setattr(server_process, "start", start_one)
    monkeypatch.setattr(race_module, "solve", lambda *args, **kwargs: time.sleep(60))
    model = build_model(4, 4).model
    racers = [Racer(name, (Stage(model, "cpsat"),)) for name in ("first", "second")]
    with pytest.raises(OSError, match="no more processes"):
        race(racers, time_limit=30)
    assert len(started) == 1 and started[0].exitcode == -signal.SIGKILL


def test_bad_racers_fail_before_any_child_starts() -> None:
    model = build_model(4, 4).model
    with pytest.raises(BoardsatError, match="unknown backend"):
        race([Racer("x", (Stage(model, "nosuchsolver"),))])
    with pytest.raises(BoardsatError, match="at least one racer"):
        race([])
    soon = Stage(model, "cpsat", {"parameters": {"max_time_in_seconds": "soon"}})
    with pytest.raises(BoardsatError, match="cannot take 'soon'"):
        race([Racer("x", (soon,))])
    plain = Model("no objective")
    plain.var("x")
    with pytest.raises(BoardsatError, match="needs an objective"):
        race([Racer("x", (Stage(plain, "cpsat"),))])
    unstoppable = Stage(model, "lingeling", seconds=1.0)
    with pytest.raises(BoardsatError, match="cannot be stopped at a time limit"):
        race([Racer("x", (unstoppable,))])
    with pytest.raises(BoardsatError, match="cannot be stopped at a time limit"):
        race([Racer("x", (Stage(model, "lingeling"),))], time_limit=5)
    loop = Model("a circuit to minimise")
    arcs = [(a, b, loop.var(("arc", a, b))) for a in range(3) for b in range(3) if a != b]
    loop.add_circuit(3, arcs)
    loop.minimize([lit for _, _, lit in arcs])
    with pytest.raises(BoardsatError, match="'highs' has no circuit constraint"):
        race([Racer("x", (Stage(loop, "cpsat"),)), Racer("y", (Stage(loop, "highs"),))])


def _messages_of(racer: Racer, start: Result | None = None) -> list[tuple[str, Any]]:
    """Everything one racer's child sends, run to its end as the race would run it."""
    child = Child(race_module._run_racer, racer, 60.0, start)
    heard = []
    try:
        while (message := child.receive())[0] != "done":
            assert message[0] != "failed", message[1]
            heard.append(message)
    finally:
        child.kill()
    return heard


def test_a_hinted_stage_starts_from_its_racer_s_best_solution() -> None:
    """SCIP stopped at its first solution ends where the placer before it left off, not at a
    first solution of its own (the whole board, as in the SCIP hint test)."""
    model = build_model(10, 10, "dominating", symmetry=False).model
    placer = Stage(model, "cpsat", {"workers": 1, "parameters": {"use_ls_only": True}}, 1.0)
    prover = Stage(model, "scip", {"parameters": {"limits/solutions": 1}}, hinted=True)
    heard = _messages_of(Racer("x", (placer, prover)))
    found = [news.objective for kind, news in heard if kind == "improvement" and news.objective]
    assert len(found) >= 2 and found[-1] == min(found[:-1])


def test_hinted_stages_start_from_the_race_s_start() -> None:
    """SCIP stopped at its first solution reports the start's cost, where on its own it stops at
    a worse first placement (the SCIP hint test shows that on the same board)."""
    model = build_model(10, 10, "dominating", symmetry=False).model
    start = solve(model, "cpsat", time_limit=1.0, workers=1, parameters={"use_ls_only": True})
    prover = Stage(model, "scip", {"parameters": {"limits/solutions": 1}}, hinted=True)
    heard = _messages_of(Racer("x", (prover,)), start)
    found = [news.objective for kind, news in heard if kind == "improvement" and news.objective]
    assert found and set(found) == {start.objective}


def test_a_hinted_stage_needs_the_first_racer_s_keys() -> None:
    model, other = build_model(4, 4).model, build_model(5, 5).model
    first = Racer("first", (Stage(model, "cpsat"),))
    with pytest.raises(BoardsatError, match="first racer's variable keys") as refused:
        race([first, Racer("other", (Stage(other, "scip", hinted=True),))])
    assert "\n" not in str(refused.value)
    copy = Racer("copy", (Stage(model.shuffled(1), "scip", hinted=True),))
    race_module._check_stages([first, copy], model, None)  # a shuffled copy keeps the keys


def test_a_race_stopped_at_its_limit_keeps_a_start_nobody_beat() -> None:
    """RC2 reports no placement before its proof, which the pigeonhole puts out of reach: the
    start stays the race's best, and is its answer at the limit."""
    start = solve(HARD, "cpsat")  # its linear relaxation proves the optimum at once
    assert start.proven_optimal and start.objective == 1
    prover = Stage(HARD, "cadical195", {"optimisation": "maxsat"})
    outcome = race([Racer("prover", (prover,))], time_limit=1.0, start=start)
    result = outcome.result
    assert result.status is Status.UNKNOWN
    assert result.objective == start.objective and result.assignment == start.assignment
    assert all(event.objective is None for event in outcome.events)
    assert result.seconds < 1.0 + SLACK_S


def test_a_start_without_a_solution_is_no_start() -> None:
    model = Model("pair")
    x, y = model.var("x"), model.var("y")
    model.add_clause([x, y])
    model.minimize([x, y])
    empty = solve(model, "cpsat", time_limit=0)
    outcome = race([Racer("x", (Stage(model, "cpsat"),))], start=empty)
    assert outcome.result.proven_optimal and outcome.result.objective == 1


def test_a_hinted_stage_needs_a_backend_that_takes_hints() -> None:
    model = build_model(4, 4).model
    placer = Stage(model, "cadical195", {"optimisation": "linear-down"})
    with pytest.raises(BoardsatError, match="takes no option hint") as refused:
        race([Racer("x", (placer, Stage(model, "glucose4", hinted=True)))])
    assert "\n" not in str(refused.value)


def test_a_bound_above_a_found_solution_is_a_contradiction() -> None:
    board = Scoreboard(0)
    board.hear("placer", ("improvement", Improvement(objective=3, assignment={"x": True})), 0.1)
    with pytest.raises(RuntimeError, match="do not share their optimum"):
        board.hear("prover", ("improvement", Improvement(bound=4)), 0.2)


def test_infeasibility_beside_a_solution_is_a_contradiction() -> None:
    solution = ("improvement", Improvement(objective=3, assignment={"x": True}))
    board = Scoreboard(0)
    board.hear("placer", solution, 0.1)
    with pytest.raises(RuntimeError, match="infeasibility beside a solution of cost 3"):
        board.hear("prover", ("infeasible", None), 0.2)
    board = Scoreboard(0)
    board.hear("prover", ("infeasible", None), 0.1)
    with pytest.raises(RuntimeError, match="do not share their optimum"):
        board.hear("placer", solution, 0.2)
    model = Model("pair")
    x, y = model.var("x"), model.var("y")
    model.add_clause([x, y])
    model.minimize([x, y])
    with pytest.raises(RuntimeError, match="do not share their optimum"):
        Scoreboard(0, solve(model, "cpsat")).hear("prover", ("infeasible", None), 0.1)


def test_the_race_settles_when_bound_meets_solution_from_different_racers() -> None:
    board = Scoreboard(0)
    board.hear("prover", ("improvement", Improvement(bound=2)), 0.1)
    assert not board.settled()
    board.hear("placer", ("improvement", Improvement(objective=2, assignment={"x": True})), 0.2)
    assert board.settled() and board.finisher == "placer"
