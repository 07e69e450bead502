"""MIP backends (HiGHS through pywraplp, SCIP through PySCIPOpt, Gurobi where its extra is
installed) against CP-SAT on the same models.

Random small models and knight domination must get CP-SAT's verdict and optimum; what a MIP
solver cannot do (circuits, enumeration, sessions) is refused in one line, and a time limit ends
in UNKNOWN with a bound that is still valid. SCIP and Gurobi report their news as they find
them: each report must be a true solution or a valid bound, in order.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings

from boardsat import BoardsatError, Model, Status, enumerate_solutions, open_session, solve
from boardsat.core.backends import GUROBI, MIP_BACKENDS, SCIP, is_available
from boardsat.core.model import Circuit, Key
from boardsat.core.results import Improvement
from boardsat.models.domination.model import VARIANTS, build_model
from boardsat.models.domination.published import published_minimum
from boardsat.reference.brute_force import holds, reader
from tests.oracles.model_oracle import models

MIP = [name for name in MIP_BACKENDS if is_available(name)]
LIVE = [name for name in (SCIP, GUROBI) if name in MIP]  # news as they come, hints, parameters
FIRST_SOLUTION_ONLY = {SCIP: {"limits/solutions": 1}, GUROBI: {"SolutionLimit": 1}}


def on(backend: str, *values: object) -> object:
    """A test case on ``backend``, under the ``gurobi`` marker where that is Gurobi."""
    return pytest.param(backend, *values, marks=[pytest.mark.gurobi] if backend == GUROBI else [])


MIP_CASES = [on(name) for name in MIP]
LIVE_CASES = [on(name) for name in LIVE]
INDEPENDENT_20X20 = published_minimum(20, "independent")  # OEIS A342576

without_circuit = models(with_objective=False).filter(
    lambda model: not any(isinstance(c, Circuit) for c in model.constraints)
)
without_circuit_minimising = models(with_objective=True).filter(
    lambda model: not any(isinstance(c, Circuit) for c in model.constraints)
)


def test_both_bundled_mip_backends_are_installed() -> None:
    """OR-Tools wheels ship HiGHS and PySCIPOpt is a dependency; without them every test below
    would pass by skipping. Gurobi is an optional extra."""
    assert [name for name in MIP if name != GUROBI] == ["highs", "scip"]


def check_assignment(model: Model, assignment: Mapping[Key, bool]) -> None:
    assert holds(model, {model.lit(key): value for key, value in assignment.items()})


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(without_circuit)
def test_satisfiability_agrees_with_cpsat(model: Model) -> None:
    expected = solve(model, "cpsat", workers=1).status
    for backend in MIP:
        result = solve(model, backend)
        assert result.status is expected, backend
        if result.has_solution:
            check_assignment(model, result.assignment)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(without_circuit_minimising)
def test_optima_agree_with_cpsat(model: Model) -> None:
    expected = solve(model, "cpsat", workers=1)
    assert model.objective is not None
    for backend in MIP:
        result = solve(model, backend)
        assert result.status is expected.status, backend
        assert result.objective == expected.objective == result.bound, backend
        if result.has_solution:
            check_assignment(model, result.assignment)
            lit = reader({model.lit(key): value for key, value in result.assignment.items()})
            assert model.objective.value(lit) == result.objective


@pytest.mark.parametrize("backend", MIP_CASES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_knight_domination_optima_match_cpsat(backend: str, variant: str) -> None:
    for size in (3, 4, 6):
        built = build_model(size, size, variant)
        expected = solve(built.model, "cpsat", workers=1)
        result = solve(built.model, backend)
        assert result.status is expected.status, size
        assert result.objective == expected.objective == result.bound, size
        assert result.backend == backend and result.encoding == f"mip({backend})"
        assert result.size.variables == built.model.num_vars
        assert result.size.constraints == len(built.model.constraints)


def test_highs_reports_its_final_answer_once() -> None:
    """pywraplp has no callbacks: HiGHS can only tell of its answer when it is over."""
    heard: list[Improvement] = []
    result = solve(build_model(5, 5).model, "highs", on_improvement=heard.append)
    final = Improvement(
        objective=result.objective, bound=result.bound, assignment=result.assignment
    )
    assert heard == [final]


@pytest.mark.parametrize("backend", LIVE_CASES)
@pytest.mark.parametrize(("size", "variant"), [(8, "independent"), (10, "dominating")])
def test_news_are_true_solutions_and_valid_bounds_as_they_come(
    backend: str, size: int, variant: str
) -> None:
    built = build_model(size, size, variant)
    objective = built.model.objective
    assert objective is not None
    heard: list[Improvement] = []
    result = solve(built.model, backend, on_improvement=heard.append)
    assert result.status is Status.OPTIMAL
    found = [news.objective for news in heard if news.objective is not None]
    bounds = [news.bound for news in heard if news.bound is not None]
    assert found == sorted(found, reverse=True) and found[-1] == result.objective
    assert bounds == sorted(set(bounds)) and bounds[-1] <= result.objective
    for news in heard:
        if news.objective is not None:
            check_assignment(built.model, news.assignment)
            lit = reader({built.model.lit(k): v for k, v in news.assignment.items()})
            assert objective.value(lit) == news.objective


BAD_PARAMETERS = {
    SCIP: [
        ({"no/such": 1}, "SCIP has no parameter 'no/such'"),
        ({"limits/time": -5}, "'limits/time' cannot take -5"),
        ({"limits/time": "soon"}, "'limits/time' cannot take 'soon'"),
        ({"misc/usesymmetry": True}, "'misc/usesymmetry' cannot take True"),
        ({"no/such": True}, "SCIP has no parameter 'no/such'"),
        ({"randomization/randomseedshift": 2**40}, "cannot take 1099511627776"),
        ({"separating/maxrounds": 0.5}, "'separating/maxrounds' cannot take 0.5"),
    ],
    GUROBI: [
        ({"NoSuch": 1}, "Gurobi has no parameter 'NoSuch'"),
        ({"TimeLimit": -5}, "'TimeLimit' cannot take -5"),
        ({"TimeLimit": "soon"}, "'TimeLimit' cannot take 'soon'"),
        ({"Presolve": True}, "'Presolve' cannot take True"),
        ({"Seed": 2**40}, "cannot take 1099511627776"),
        ({"Threads": 0.5}, "'Threads' cannot take 0.5"),
        ({"LogFile": 5}, "'LogFile' cannot take 5"),
    ],
}


@pytest.mark.parametrize(
    ("backend", "parameters", "message"),
    [on(backend, *case) for backend in LIVE for case in BAD_PARAMETERS[backend]],
)
def test_a_bad_parameter_is_one_line_before_solving(
    backend: str, parameters: dict[str, object], message: str, capfd: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(BoardsatError, match=message) as refused:
        solve(Model(), backend, parameters=parameters)
    assert "\n" not in str(refused.value)
    out, err = capfd.readouterr()
    assert out == err == ""  # the solvers' own C error lines and banners stay off the terminal


@pytest.mark.parametrize(
    "limit",
    [{"limits/nodes": 1}, {"limits/solutions": 1}, {"limits/bestsol": 1}, {"limits/gap": 0.5}],
)
def test_scip_limits_stop_it_with_unknown_and_a_valid_bound(limit: dict[str, float]) -> None:
    """Each limit stops a proof that needs branching, which is then UNKNOWN (not an error), with
    a valid bound."""
    built = build_model(12, 12, "dominating")
    result = solve(built.model, "scip", parameters=limit)
    best = published_minimum(12, "dominating")  # OEIS A006075
    assert best is not None
    assert result.status is Status.UNKNOWN and result.bound is not None
    assert result.bound <= best <= (result.objective or best)


@pytest.mark.parametrize("backend", LIVE_CASES)
def test_a_hint_is_the_start_and_a_broken_one_is_dropped(backend: str) -> None:
    """Stopped at its first solution, the solver returns the hinted optimum itself, square for
    square; a hint that breaks the rules changes nothing in the answer."""
    built = build_model(10, 10, "dominating", symmetry=False)
    optimum = solve(built.model, "cadical195", optimisation="maxsat")
    assert optimum.proven_optimal and optimum.objective is not None
    first_only = FIRST_SOLUTION_ONLY[backend]
    hinted = solve(built.model, backend, parameters=first_only, hint=optimum.assignment)
    assert hinted.objective == optimum.objective
    hint = dict(optimum.assignment)  # results hold every key of the model
    assert dict(hinted.assignment) == hint  # its first solution is the hint, square for square
    check_assignment(built.model, hinted.assignment)
    empty_board = dict.fromkeys(built.model.keys(), False)
    broken = solve(built.model, backend, hint=empty_board)
    assert broken.proven_optimal and broken.objective == optimum.objective


@pytest.mark.parametrize("backend", LIVE_CASES)
def test_a_hint_taken_is_the_first_improvement_heard(backend: str) -> None:
    """SCIP takes a hint before its event handler starts listening, Gurobi before its first
    callback; the hint is still heard."""
    built = build_model(8, 8, "dominating", symmetry=False)
    optimum = solve(built.model, "cadical195", optimisation="maxsat")
    heard: list[Improvement] = []
    solve(built.model, backend, hint=optimum.assignment, on_improvement=heard.append)
    first = next(news for news in heard if news.objective is not None)
    hint = dict(optimum.assignment)  # results hold every key of the model
    assert first.objective == optimum.objective and dict(first.assignment) == hint


@pytest.mark.parametrize("backend", [name for name in MIP if name != GUROBI])
def test_a_time_limit_leaves_unknown_with_a_valid_bound(backend: str) -> None:
    """A limit of 0 is spent before the solver starts (HiGHS gets its least limit, 1 ms) on a
    board whose proof takes it minutes: UNKNOWN whatever the machine, with a bound that holds.
    Gurobi's pip licence refuses this board: test_gurobi_backend.py times it on a smaller one."""
    built = build_model(20, 20, "independent")
    started = time.perf_counter()
    result = solve(built.model, backend, time_limit=0)
    assert time.perf_counter() - started < 10.0  # the translation, then at most the limit
    assert built.model.objective is not None
    assert result.status is Status.UNKNOWN
    assert result.bound is not None
    assert built.model.objective.lower_bound <= result.bound <= INDEPENDENT_20X20
    if result.objective is not None:
        assert result.bound <= result.objective
        check_assignment(built.model, result.assignment)


@pytest.mark.parametrize("backend", MIP_CASES)
def test_circuits_and_enumeration_are_refused_in_one_line(backend: str) -> None:
    model = Model("triangle")
    model.add_circuit(3, [(t, (t + 1) % 3, model.var(("arc", t))) for t in range(3)])
    refusals = [
        (lambda: solve(model, backend), "no circuit constraint"),
        (lambda: enumerate_solutions(model, backend=backend), "do not enumerate"),
    ]
    for attempt, message in refusals:
        with pytest.raises(BoardsatError, match=message) as refused:
            attempt()
        assert "\n" not in str(refused.value)


@pytest.mark.parametrize("backend", MIP_CASES)
def test_a_session_solves_the_model_as_it_has_grown_under_each_call_s_assumptions(
    backend: str,
) -> None:
    """What the horizon search of a planning task asks of a session: constraints added after
    it opened count, and an assumption binds its own call only."""
    model = Model("grown")
    x, y = model.var("x"), model.var("y")
    model.add_clause([x, y])
    session = open_session(model, backend)
    found = session.solve([-x])
    assert found.status is Status.SATISFIABLE and holds(model, {x: found["x"], y: found["y"]})
    assert not found["x"]
    model.add_clause([-y])
    assert session.solve([-x]).status is Status.UNSATISFIABLE
    assert session.solve().status is Status.SATISFIABLE  # the assumption is gone
    session.close()


@pytest.mark.parametrize("backend", MIP_CASES)
def test_options_of_other_backends_are_rejected(backend: str) -> None:
    with pytest.raises(BoardsatError, match="takes no option workers"):
        solve(Model(), backend, workers=2)
