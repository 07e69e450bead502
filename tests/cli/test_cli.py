"""The core commands: `backends` reports what this build really has, errors are one line, exit 2."""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
import time
import warnings
from importlib import metadata
from pathlib import Path

import pytest
from ortools.linear_solver import pywraplp
from pysat.solvers import Solver, SolverNames

import boardsat.models
from boardsat import BoardsatError, Model, Status, enumerate_solutions, open_session, solve
from boardsat.core.backends import capabilities
from boardsat.core.seed_check import SeedCheck
from boardsat.models.domination.model import build_model
from boardsat.models.exchange import seed as exchange_seed
from tests.conftest import CliRun
from tests.oracles.hard_models import HARD_TSEITIN_VERTICES, pigeonhole, tseitin
from tests.oracles.proofcheck import check_drup


def solvers_that_start() -> set[str]:
    """python-sat's solvers that this build can create, found without boardsat's probe."""
    started = set()
    for name in (name for name in vars(SolverNames) if not name.startswith("_")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                Solver(name=name).delete()
            except Exception:  # solvers left out of the build fail in various ways
                continue
        started.add(name)
    return started


def mip_solvers_that_start() -> set[str]:
    """The MIP backends that start here, found without boardsat's probe: HiGHS if this OR-Tools
    build creates it, SCIP if PySCIPOpt imports, Gurobi if gurobipy imports and takes its
    licence."""
    found = {"highs"} if pywraplp.Solver.CreateSolver("HIGHS") else set()
    found |= {"scip"} if importlib.util.find_spec("pyscipopt") else set()
    return found | ({"gurobi"} if gurobi_starts() else set())


def gurobi_starts() -> bool:
    try:
        import gurobipy
    except ImportError:  # the optional extra is not installed
        return False
    try:
        gurobipy.Env(params={"OutputFlag": 0}).dispose()
    except gurobipy.GurobiError:
        return False
    return True


def hard_model(backend: str) -> Model:
    """A model no backend settles within a short limit. Tseitin is provably hard for resolution
    and for the LP bound, but Gurobi's parity (zero-half) cuts refute it in half a second: Gurobi
    gets a domination board whose proof takes it minutes."""
    if backend == "gurobi":
        return build_model(21, 21, "dominating", symmetry=False).model
    return tseitin(HARD_TSEITIN_VERTICES)


def every_backend() -> set[str]:
    return {"cpsat"} | mip_solvers_that_start() | solvers_that_start()


FIELDS = {
    "circuit": bool,
    "native_circuit": bool,
    "native_cardinality": bool,
    "assumptions": bool,
    "interruptible": bool,
    "budgeted": bool,
    "proof": bool,
    "optimisation": list,
    "time_limit": str,
}
"""The JSON contract of `boardsat backends --json`: these fields, of these types, per backend."""


def test_backends_json_lists_every_backend_that_starts_with_its_fields(run_cli: CliRun) -> None:
    code, out, _ = run_cli("backends", "--json")
    listed = json.loads(out)
    assert code == 0
    assert set(listed) == every_backend()
    for name, fields in listed.items():
        assert {field: type(value) for field, value in fields.items()} == FIELDS, name
        assert fields["time_limit"] in ("interrupt", "budgets", "no"), name
        assert fields["optimisation"], name


def test_backends_table_says_what_the_json_says(run_cli: CliRun) -> None:
    _, out, _ = run_cli("backends", "--json")
    listed = json.loads(out)
    code, out, _ = run_cli("backends")
    header, *rows = out.strip().splitlines()
    assert code == 0 and header.split()[0] == "backend"
    assert [row.split()[0] for row in rows] == list(listed)
    for row in rows:
        name, circuit, cardinality, assumptions, *_ = row.split()
        fields = listed[name]
        assert circuit == (
            "native" if fields["native_circuit"] else "cnf" if fields["circuit"] else "no"
        )
        assert cardinality == ("native" if fields["native_cardinality"] else "cnf")
        assert assumptions == ("yes" if fields["assumptions"] else "no")
        assert fields["time_limit"] in row and ("drup" in row) == fields["proof"], name
        assert row.rstrip().endswith(", ".join(fields["optimisation"])), name


def two_node_circuit() -> tuple[Model, int]:
    model = Model("two nodes")
    forth, back = model.var("forth"), model.var("back")
    model.add_circuit(2, [(0, 1, forth), (1, 0, back)])
    return model, forth


@pytest.mark.parametrize("backend", sorted(every_backend()))
def test_what_backends_lists_is_what_runs(backend: str, run_cli: CliRun, tmp_path: Path) -> None:
    """Each listed capability holds when it is used, and a missing one is refused in one line."""
    _, out, _ = run_cli("backends", "--json")
    claims = json.loads(out)[backend]
    circuit, forth = two_node_circuit()
    if claims["circuit"]:
        answer = solve(circuit, backend)
        assert answer.status is Status.SATISFIABLE and answer["forth"] and answer["back"]
    else:
        with pytest.raises(BoardsatError, match="circuit"):
            solve(circuit, backend)
    cnf_family = "linear-down" in claims["optimisation"]  # the python-sat solvers
    if claims["circuit"] and not claims["native_circuit"]:
        assert solve(circuit, backend, circuit="ordering").status is Status.SATISFIABLE
    if claims["native_circuit"]:  # nothing to encode: no circuit encoding is taken
        with pytest.raises(BoardsatError, match="no option circuit"):
            solve(circuit, backend, circuit="ordering")
    if cnf_family:
        pick_two = Model("two of three")
        pick_two.add_exactly([pick_two.var(index) for index in range(3)], 2)
        if claims["native_cardinality"]:
            found = enumerate_solutions(pick_two, backend=backend, cardinality="native")
            assert found.exhausted and found.count == 3
        else:
            with pytest.raises(BoardsatError, match="no native cardinality"):
                solve(pick_two, backend, cardinality="native")
    if claims["assumptions"]:
        session = open_session(circuit, backend)
        assert session.solve(assumptions=[-forth]).status is Status.UNSATISFIABLE
        assert session.solve().status is Status.SATISFIABLE
        session.close()
    proof = tmp_path / "php.drup"
    if claims["proof"]:
        assert solve(pigeonhole(4), backend, proof=str(proof)).status is Status.UNSATISFIABLE
        assert check_drup(f"{proof}.cnf", proof)
    else:
        with pytest.raises(BoardsatError):
            solve(pigeonhole(4), backend, proof=str(proof))
    if claims["time_limit"] == "no":
        with pytest.raises(BoardsatError, match="time limit"):
            solve(pigeonhole(4), backend, time_limit=1.0)
    else:  # a hard model, so UNKNOWN does not hang on the solver's speed
        started = time.perf_counter()
        stopped = solve(hard_model(backend), backend, time_limit=0.3)
        assert stopped.status is Status.UNKNOWN and time.perf_counter() - started < 10.3


@pytest.mark.parametrize(
    "args",
    [
        ["nosuchcommand"],
        ["domination", "8", "--backend", "nosuchsolver"],
        ["domination", "8", "--time-limit", "-1"],
        ["tour", "5", "--time-limit", "-3"],
        ["domination", "5", "--backend", "highs", "--time-limit", "inf"],
        ["domination", "12", "--route", "race", "--time-limit", "1e10"],
        ["exchange", "--time-limit", "nan"],
        ["domination", "600"],
        ["tour", "1", "300000"],
        ["bench", "run", "domination", "--time-limit", "inf", "--out", "x.jsonl"],
        ["exchange", "--backend", "nosuchsolver"],
        ["tour", "6", "--backend", "highs"],
        ["exchange", "--route", "search", "--backend", "highs"],
        ["backends", "--nosuchflag"],
    ],
)
def test_bad_input_is_one_line_and_status_2(run_cli: CliRun, args: list[str]) -> None:
    code, out, err = run_cli(*args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("boardsat: error:")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--counter", "zdd"], "--counter picks how --count counts"),
        (["--counter", "enumerate", "--all"], "--counter picks how --count counts"),
        (["--count", "--counter", "zdd", "--backend", "cpsat"], "--backend belongs to"),
        (["--count", "--backend", "cadical195"], "--counter enumerate: the zdd"),
        (["--count", "--backend", "glucose4", "--encoding", "lazy"], "--backend, --encoding"),
    ],
)
def test_a_tour_option_that_would_be_ignored_is_refused(
    run_cli: CliRun, args: list[str], said: str
) -> None:
    code, out, err = run_cli("tour", "6", *args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and said in err


@pytest.mark.slow  # `backends` probes every solver
def test_gurobi_without_its_extra_is_one_line_and_left_out_of_backends(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "gurobipy", None)  # `import gurobipy` fails, as uninstalled
    capabilities.cache_clear()  # forget a probe that found it
    code, out, err = run_cli("domination", "6", "--backend", "gurobi")
    assert code == 2 and out == ""
    needs = "backend 'gurobi' needs gurobipy: pip install 'boardsat[gurobi]'"
    assert err == f"boardsat: error: {needs}\n"
    _, listed, _ = run_cli("backends", "--json")
    assert "gurobi" not in json.loads(listed) and "scip" in json.loads(listed)


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["domination", "-3"], "-3: ROWS and COLS are whole numbers from 1"),
        (["tour", "5", "-2"], "-2: ROWS and COLS are whole numbers from 1"),
        (["proof", "horizon", "shogi:seed", "-1"], "-1: HORIZON is a whole number from 0"),
        (["solve", "-3"], "No such option '-3'."),
    ],
)
def test_a_negative_number_names_the_argument_it_cannot_be(
    run_cli: CliRun, args: list[str], sentence: str
) -> None:
    code, _, err = run_cli(*args)
    assert code == 2 and err.strip() == f"boardsat: error: {sentence}"


def test_the_installed_entry_point_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardsat", "backends", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0 and "cpsat" in json.loads(done.stdout)
    assert "Traceback" not in done.stderr


def puzzles_defining_seed_check() -> set[str]:
    """Puzzle packages whose ``seed.py`` defines ``seed_check``, read without importing them."""
    found = set()
    for folder in boardsat.models.__path__:
        for source in Path(folder).glob("*/seed.py"):
            tree = ast.parse(source.read_text())
            if any(
                isinstance(node, ast.FunctionDef) and node.name == "seed_check"
                for node in tree.body
            ):
                found.add(source.parent.name)
    return found


def demo_titles(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("== ")]


def test_demo_runs_every_registered_seed_and_exits_0_when_all_are_verified(
    run_cli: CliRun,
) -> None:
    code, out, err = run_cli("demo")
    titles = demo_titles(out)
    assert code == 0 and err == ""
    assert len(puzzles_defining_seed_check()) == len(titles) > 0
    assert all(title.endswith(", verified)") for title in titles)


def test_demo_exits_1_when_a_demo_is_not_verified_and_still_runs_the_rest(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    def wrong() -> SeedCheck:
        return SeedCheck("a wrong exchange", "plan of 3 moves", verified=False, seconds=0.0)

    monkeypatch.setattr(exchange_seed, "seed_check", wrong)  # found by the demo's discovery
    code, out, _ = run_cli("demo")
    titles = demo_titles(out)
    assert code == 1
    assert "== a wrong exchange (0.00 s, NOT VERIFIED)" in titles and "plan of 3 moves" in out
    others = [title for title in titles if "a wrong exchange" not in title]
    assert len(others) == len(puzzles_defining_seed_check()) - 1
    assert all(title.endswith(", verified)") for title in others)


def test_the_version_is_the_installed_distribution_s(run_cli: CliRun) -> None:
    code, out, _ = run_cli("--version")
    assert code == 0 and out.strip() == f"boardsat, version {metadata.version('boardsat')}"
