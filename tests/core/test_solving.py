"""The front door's contracts: statuses, time limits, sessions, enumeration limits, proofs, errors."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from ortools.sat.python import cp_model
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from boardsat import BoardsatError, Model, Status, enumerate_solutions, open_session, solve
from boardsat.core.backends import available_backends, capabilities, is_available, make_backend
from boardsat.core.deadline import Deadline
from boardsat.encoders.cnf.backend import enumerate_in_session, run_limited
from boardsat.encoders.cpsat import set_parameter
from boardsat.reference.brute_force import brute_force, holds, reader
from tests.oracles.hard_models import (
    HARD_PIGEONHOLE_HOLES,
    HARD_TSEITIN_VERTICES,
    pigeonhole,
    tseitin,
)
from tests.oracles.proofcheck import check_drup


def test_variables_are_keyed_and_literals_checked() -> None:
    model = Model()
    first = model.var(("cell", 0))
    assert model.var(("cell", 0)) == first and model.key(-first) == ("cell", 0)
    with pytest.raises(KeyError):
        model.lit(("cell", 1))
    with pytest.raises(ValueError, match="names no variable"):
        model.add_clause([first, 7])
    with pytest.raises(ValueError, match="positive"):
        model.minimize([(0, first)])
    with pytest.raises(ValueError, match="leaves nodes"):
        model.add_circuit(2, [(0, 2, first)])


@pytest.mark.parametrize("backend", ["cpsat", "cadical195", "glucose4"])
def test_solving_leaves_the_model_untouched(backend: str) -> None:
    model = pigeonhole(3, escape=True)
    before = (model.num_vars, list(model.constraints), model.objective)
    result = solve(model, backend)
    enumerate_solutions(model, [("out", p) for p in range(4)], backend=backend, limit=2)
    assert (model.num_vars, list(model.constraints), model.objective) == before
    assert result.status is Status.OPTIMAL and result.objective == 1 == result.bound


def within(limit: float) -> float:
    """The wall time a call under ``limit`` may take: the limit plus a generous slack for a
    budgeted solver's last budget and a loaded machine, never a bound on the solver's speed."""
    return limit + 10.0


@pytest.mark.parametrize("size", [2, 3])
def test_the_hard_models_are_unsatisfiable_with_optimum_one(size: int) -> None:
    """What the time-limit tests rely on, checked by brute force where brute force reaches."""
    for model in (pigeonhole(size), tseitin(size + 2)):
        assert brute_force(model).solutions == 0, model.name
    for model in (pigeonhole(size, escape=True), tseitin(size + 2, escape=True)):
        assert brute_force(model).optimum == 1, model.name


HARD_CASES = [
    ("cpsat", "tseitin"),
    ("scip", "tseitin"),
    ("highs", "tseitin"),
    ("cadical195", "tseitin"),
    ("cadical195", "pigeonhole"),
    ("glucose4", "pigeonhole"),
    ("minisat22", "pigeonhole"),
]
"""CP-SAT, SCIP and HiGHS refute the pigeonhole formula at once (hard_models says why)."""


def hard(family: str, escape: bool = False) -> Model:
    if family == "tseitin":
        return tseitin(HARD_TSEITIN_VERTICES, escape=escape)
    return pigeonhole(HARD_PIGEONHOLE_HOLES, escape=escape)


@pytest.mark.slow  # runs out a time limit
@pytest.mark.parametrize(("backend", "family"), HARD_CASES)
def test_a_time_limit_on_a_provably_hard_model_is_unknown_within_the_limit(
    backend: str, family: str
) -> None:
    model = hard(family)
    started = time.perf_counter()
    result = solve(model, backend, time_limit=1.0)
    assert time.perf_counter() - started < within(1.0)
    assert result.status is Status.UNKNOWN
    assert not result.has_solution and result.bound is None


@pytest.mark.parametrize("backend", ["glucose4", "cadical195"])  # interrupted; in budgets
def test_a_solver_stops_on_its_deadlines_clock_not_the_wall(backend: str) -> None:
    """A cube's deadline counts its solver's CPU seconds; here a clock that stands still for
    0.6 s of wall time: a limit of 0.2 s may not stop the solver before the clock has run."""
    started = time.perf_counter()
    clock = lambda: max(0.0, time.perf_counter() - started - 0.6)  # noqa: E731
    deadline = Deadline(0.2, clock)
    solver = Solver(backend, bootstrap_with=PHP(HARD_PIGEONHOLE_HOLES).clauses)
    try:
        answer = run_limited(solver, [], deadline, make_backend(backend))
    finally:
        solver.delete()
    assert answer is None and deadline.expired()
    assert 0.8 <= time.perf_counter() - started < within(0.8)


def test_a_thread_deadline_counts_that_threads_cpu_seconds_wherever_it_is_read() -> None:
    deadline = Deadline.of_thread(0.05)
    time.sleep(0.2)  # no CPU
    assert not deadline.expired()
    seen: list[bool] = []
    reader = threading.Thread(target=lambda: seen.append(deadline.expired()))
    while not deadline.expired():  # spins this thread's CPU
        pass
    reader.start()
    reader.join()
    assert seen == [True] and deadline.elapsed() >= 0.05


@pytest.mark.slow  # runs out a time limit
@pytest.mark.parametrize(
    ("backend", "family", "options"),
    [
        ("cpsat", "tseitin", {}),
        ("scip", "tseitin", {}),
        ("highs", "tseitin", {}),
        ("cadical195", "pigeonhole", {}),
        ("cadical195", "pigeonhole", {"optimisation": "maxsat"}),
        ("cadical195", "tseitin", {"optimisation": "linear-up"}),
        ("glucose4", "pigeonhole", {"optimisation": "maxsat"}),
        ("glucose4", "pigeonhole", {}),
    ],
)
def test_a_time_limit_keeps_the_best_answer_and_a_proven_bound(
    backend: str, family: str, options: dict[str, str]
) -> None:
    """The optimum is 1, but proving "not 0" refutes the hard formula: the bound stays 0."""
    model = hard(family, escape=True)
    started = time.perf_counter()
    result = solve(model, backend, time_limit=1.0, **options)
    assert time.perf_counter() - started < within(1.0)
    assert result.status is Status.UNKNOWN
    assert result.bound is not None and result.bound < 1
    if result.has_solution:
        assert result.objective is not None and result.objective >= 1
        values = {model.lit(key): value for key, value in result.assignment.items()}
        assert holds(model, values)
        assert model.objective is not None
        assert model.objective.value(reader(values)) == result.objective


SAT_BACKENDS = [
    name for name in available_backends() if "linear-down" in capabilities(name).optimisation
]


@pytest.mark.parametrize("backend", SAT_BACKENDS)
def test_every_advertised_optimisation_runs_on_its_solver(backend: str) -> None:
    """What `boardsat backends` lists is what runs: five pigeons, four holes, one must stay out."""
    caps = capabilities(backend)
    limit = 60.0 if caps.honours_time_limit else None
    for optimisation in caps.optimisation:
        result = solve(
            pigeonhole(4, escape=True), backend, time_limit=limit, optimisation=optimisation
        )
        assert result.status is Status.OPTIMAL and result.objective == 1, optimisation


def test_enumeration_limit_and_exhaustion() -> None:
    model = Model()
    model.add_at_most([model.var(index) for index in range(4)], 2)  # 11 solutions
    for backend in ("cpsat", "cadical195"):
        partial = enumerate_solutions(model, backend=backend, limit=3)
        assert (partial.count, partial.exhausted, partial.status) == (3, False, Status.SATISFIABLE)
        full = enumerate_solutions(model, backend=backend)
        assert (full.count, full.exhausted) == (11, True)
        projected = enumerate_solutions(model, [0, 1], backend=backend)
        assert sorted(map(sorted, projected.solutions)) == [[], [0], [0, 1], [1]]


def test_enumeration_leaves_the_session_usable() -> None:
    model = Model()
    lits = [model.var(index) for index in range(3)]
    model.add_exactly(lits, 1)
    backend = make_backend("cadical195")
    with backend.session(model) as run:
        assert enumerate_in_session(run, lits, None, Deadline(None)).count == 3
        assert run.solve().status is Status.SATISFIABLE
        assert enumerate_in_session(run, lits, None, Deadline(None)).count == 3


@pytest.mark.parametrize("backend", ["cpsat", "cadical195", "glucose4"])
def test_sessions_grow_and_answer_under_assumptions(backend: str) -> None:
    model = Model()
    a, b = model.var("a"), model.var("b")
    model.add_clause([a, b])
    session = open_session(model, backend)
    assert session.solve(assumptions=[-a]).assignment["b"] is True
    model.add_clause([-b])
    assert session.solve(assumptions=[-a]).status is Status.UNSATISFIABLE
    assert session.solve().status is Status.SATISFIABLE
    session.close()


@pytest.mark.parametrize("backend", ["cpsat", "cadical195"])
def test_a_session_reports_each_call_s_own_seconds(backend: str) -> None:
    """A run shares one deadline across its calls (the planner's horizons); a call's seconds must
    still be its own, not the run's so far."""
    model = Model()
    model.add_clause([model.var("a")])
    shared = Deadline(None)
    shared.started -= 3600.0  # a run an hour old
    session = open_session(model, backend)
    assert session.solve(deadline=shared).seconds < 3600.0
    session.close()


def test_a_cpsat_session_starts_from_the_backend_s_hint() -> None:
    """Seen through CP-SAT's own switch that fixes hinted variables to their hint."""
    model = Model()
    a, b = model.var("a"), model.var("b")
    model.add_clause([a, b])
    fixed = {"fix_variables_to_their_hinted_value": True}
    session = open_session(model, "cpsat", hint={"a": False, "b": True}, parameters=fixed)
    assert dict(session.solve().assignment) == {"a": False, "b": True}
    session.close()


@pytest.mark.parametrize("backend", list(available_backends()))
def test_the_empty_clause_is_unsatisfiable_on_every_backend(backend: str) -> None:
    """python-sat's solvers differ on an empty clause; the model means the same on all."""
    model = Model()
    model.var("a")
    model.add_clause([])
    assert solve(model, backend).status is Status.UNSATISFIABLE


@pytest.mark.parametrize("backend", ["cadical195", "glucose4", "lingeling"])
def test_unsat_proofs_check_independently(backend: str, tmp_path: Path) -> None:
    proof = str(tmp_path / "php.drup")
    result = solve(pigeonhole(5), backend, proof=proof)
    assert result.status is Status.UNSATISFIABLE and result.proof == proof
    assert check_drup(proof + ".cnf", proof)


@pytest.mark.parametrize("optimisation", ["linear-down", "linear-up", "maxsat"])
def test_optimality_proofs_refute_one_less(optimisation: str, tmp_path: Path) -> None:
    proof = str(tmp_path / "opt.drup")
    result = solve(pigeonhole(5, escape=True), "cadical195", optimisation=optimisation, proof=proof)
    assert result.status is Status.OPTIMAL and result.objective == 1
    assert check_drup(proof + ".cnf", proof)
    formula = Path(proof + ".cnf").read_text().splitlines()
    Path(proof + ".weak.cnf").write_text("\n".join(formula[:-1]) + "\n")  # drop "cost <= 0"
    assert not check_drup(proof + ".weak.cnf", proof)


def test_requests_a_backend_cannot_honour_fail_in_one_line(tmp_path: Path) -> None:
    existing = tmp_path / "taken.drup"
    existing.write_text("keep me\n")
    one_knight = Model()
    one_knight.minimize([one_knight.var("knight")])
    cases = [
        lambda: solve(Model(), "nosuchsolver"),
        lambda: solve(Model(), "cpsat", time_limit=-1),
        lambda: solve(Model(), "glucose4", time_limit=float("inf")),
        lambda: solve(Model(), "minisat22", proof=str(tmp_path / "p")),
        lambda: solve(Model(), "lingeling", time_limit=1),
        lambda: solve(Model(), "cadical195", cardinality="nosuch"),
        lambda: solve(Model(), "cadical195", nosuch=1),
        lambda: solve(Model(), "cadical195", proof=str(existing)),
        lambda: solve(Model(), "cpsat", parameters={"no_such_parameter": 1}),
        lambda: solve(one_knight, "cpsat", workers=2, parameters={"subsolvers": ["nosuch"]}),
        lambda: solve(one_knight, "cpsat", parameters={"max_time_in_seconds": "soon"}),
        lambda: solve(one_knight, "cpsat", parameters={"max_sat_stratification": "NOSUCH"}),
        lambda: solve(one_knight, "cpsat", parameters={"max_sat_stratification": 99}),
        lambda: solve(one_knight, "cpsat", parameters={"max_sat_stratification": True}),
        lambda: solve(one_knight, "cpsat", parameters={"subsolvers": "core"}),
    ]
    for case in cases:
        with pytest.raises(BoardsatError) as raised:
            case()
        assert "\n" not in str(raised.value)
    assert existing.read_text() == "keep me\n"


def test_cpsat_enum_parameters_take_a_name_or_a_number() -> None:
    parameters = cp_model.CpSolver().parameters
    set_parameter(parameters, "max_sat_stratification", "STRATIFICATION_NONE")
    by_name = parameters.max_sat_stratification
    assert by_name.name == "STRATIFICATION_NONE"
    set_parameter(parameters, "max_sat_stratification", "STRATIFICATION_ASCENT")
    set_parameter(parameters, "max_sat_stratification", int(by_name))
    assert parameters.max_sat_stratification == by_name
    model = pigeonhole(3, escape=True)
    result = solve(model, "cpsat", parameters={"max_sat_stratification": "STRATIFICATION_NONE"})
    assert result.proven_optimal and result.objective == 1


def test_a_bad_cpsat_parameter_value_fails_when_the_backend_is_made() -> None:
    """Before any solve, so that a race refuses it in the parent, not in a child process."""
    with pytest.raises(BoardsatError, match="max_time_in_seconds"):
        make_backend("cpsat", parameters={"max_time_in_seconds": "soon"})


def test_availability_agrees_with_the_capability_probe() -> None:
    assert is_available("cpsat") and is_available("cadical195")
    assert not is_available("nosuchsolver")
    assert "cpsat" in available_backends() and "nosuchsolver" not in available_backends()


def test_preload_loads_the_solver_library_before_any_solve() -> None:
    """Benchmarks fork timed children after ``preload``; the library must already be loaded."""
    script = (
        "import sys; from boardsat.core.backends import preload; "
        "assert 'ortools.sat.python.cp_model' not in sys.modules; "
        "preload(['cpsat']); assert 'ortools.sat.python.cp_model' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


@pytest.mark.parametrize("backend", ["cpsat", "cadical195"])
def test_a_session_whose_time_ran_out_answers_unknown_rather_than_raising(backend: str) -> None:
    """CP-SAT translates the grown model again on every call; a deadline that passes during
    that translation is an UNKNOWN answer, as it is on the front door."""
    model = Model()
    x = model.var("x")
    model.add_clause([x])
    session = open_session(model, backend)
    spent = Deadline(1e-9)
    time.sleep(0.01)
    assert session.solve(deadline=spent).status is Status.UNKNOWN
    session.close()
