"""Models written to files: read back by another route (SCIP's readers, python-sat's RC2 and
solvers), every file must give the exhaustive search's optimum or the brute-force oracle's count.

Nothing here solves a file through boardsat's own translation: each file is read by the
library that reads the format, so a writing bug cannot hide behind the code that wrote it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pysat.examples.rc2 import RC2
from pysat.formula import CNF, WCNF
from pysat.solvers import Solver
from pyscipopt import Model as ScipModel

from boardsat import Model
from boardsat.core.errors import BoardsatError
from boardsat.encoders.export import export_model, variable_names
from boardsat.models.board import Board
from boardsat.models.domination.exhaustive import minimum_knights
from boardsat.models.domination.model import VARIANTS, build_model
from boardsat.models.domination.rules import validate
from boardsat.models.tour.dfs_count import dfs_count
from boardsat.models.tour.model import TourSpec, build_tour_model
from boardsat.reference.brute_force import brute_force
from tests.conftest import CliRun
from tests.oracles.model_oracle import models

BOARDS = [(3, 3), (4, 4), (3, 5), (5, 5)]
ZERO_ONE = [".lp", ".mps", ".cip"]
KNIGHT = re.compile(r"knight_(\d+)_(\d+)")


def solve_zero_one_file(path: Path) -> tuple[int | None, dict[str, bool]]:
    """SCIP on the file alone: the optimum (None if infeasible; an integer, as every objective
    here is, up to SCIP's tolerance) and the values by column name."""
    scip = ScipModel()
    scip.hideOutput(True)
    scip.readProblem(str(path))
    scip.optimize()
    if scip.getStatus() == "infeasible":
        return None, {}
    assert scip.getStatus() == "optimal"
    values = {var.name: scip.getVal(var) > 0.5 for var in scip.getVars()}
    return round(scip.getObjVal()), values


def named_variables(path: Path) -> dict[int, str]:
    """The ``c var NUMBER NAME`` comments of a DIMACS file."""
    found = {}
    for line in path.read_text().splitlines():
        if line.startswith("c var "):
            _, _, number, name = line.split()
            found[int(number)] = name
    return found


def placement(true_names: list[str]) -> list[tuple[int, int]]:
    matches = (KNIGHT.fullmatch(name) for name in true_names)
    return [(int(m[1]), int(m[2])) for m in matches if m]


@pytest.mark.parametrize("suffix", ZERO_ONE)
@pytest.mark.parametrize("symmetry", [False, True])
@pytest.mark.parametrize("variant", VARIANTS)
def test_zero_one_files_hold_the_exhaustive_optimum(
    tmp_path: Path, variant: str, symmetry: bool, suffix: str
) -> None:
    for rows, cols in BOARDS:
        path = tmp_path / f"{variant}{rows}x{cols}{suffix}"
        export_model(build_model(rows, cols, variant, symmetry=symmetry).model, str(path))
        optimum, values = solve_zero_one_file(path)
        assert optimum == minimum_knights(rows, cols, variant), (rows, cols)
        if optimum is not None:
            knights = placement([name for name, value in values.items() if value])
            assert len(knights) == optimum and validate(rows, cols, variant, knights) == []


@pytest.mark.parametrize("symmetry", [False, True])
@pytest.mark.parametrize("variant", VARIANTS)
def test_wcnf_files_hold_the_exhaustive_optimum(
    tmp_path: Path, variant: str, symmetry: bool
) -> None:
    for rows, cols in BOARDS:
        path = tmp_path / f"{variant}{rows}x{cols}.wcnf"
        export_model(build_model(rows, cols, variant, symmetry=symmetry).model, str(path))
        with RC2(WCNF(from_file=str(path))) as maxsat:
            found = maxsat.compute()
            cost = None if found is None else maxsat.cost
        assert cost == minimum_knights(rows, cols, variant), (rows, cols)
        if found is not None:
            names = named_variables(path)
            knights = placement([names[lit] for lit in found if lit > 0 and lit in names])
            assert len(knights) == cost and validate(rows, cols, variant, knights) == []


def count_projected(cnf: CNF, over: int) -> int:
    """Distinct solutions on variables 1..over, found by blocking each one; a variable no clause
    mentions is free and doubles the count."""
    mentioned = sorted({abs(lit) for clause in cnf.clauses for lit in clause if abs(lit) <= over})
    count = 0
    with Solver(name="cadical153", bootstrap_with=cnf.clauses) as solver:
        while solver.solve():
            values = solver.get_model()
            count += 1
            solver.add_clause([-values[var - 1] for var in mentioned])
            if not mentioned:
                break
    return count * 2 ** (over - len(mentioned))


@pytest.mark.parametrize("encoding", ["vertex-elimination", "ordering"])
def test_a_tour_cnf_holds_the_seed_count(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "tours.cnf"
    model = build_tour_model(TourSpec(Board(5, 5), closed=False, start=(0, 0))).model
    export_model(model, str(path), circuit=encoding)
    assert named_variables(path) == dict(enumerate(variable_names(model), start=1))
    assert count_projected(CNF(from_file=str(path)), model.num_vars) == dfs_count(
        5, 5, False, (0, 0)
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    models(with_objective=False),
    st.sampled_from(["auto", "seqcounter", "totalizer", "sortnetwrk"]),
    st.sampled_from(["vertex-elimination", "ordering"]),
)
def test_random_cnf_files_have_the_models_solutions(
    tmp_path_factory: pytest.TempPathFactory, model: Model, cardinality: str, circuit: str
) -> None:
    path = tmp_path_factory.mktemp("cnf") / "random.cnf"
    export_model(model, str(path), cardinality=cardinality, circuit=circuit)
    solutions = count_projected(CNF(from_file=str(path)), model.num_vars)
    assert solutions == brute_force(model).solutions


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(models(with_objective=True))
def test_random_minimisations_keep_their_optimum_in_every_form(
    tmp_path_factory: pytest.TempPathFactory, model: Model
) -> None:
    truth = brute_force(model).optimum
    folder = tmp_path_factory.mktemp("opt")
    export_model(model, str(folder / "random.wcnf"))
    with RC2(WCNF(from_file=str(folder / "random.wcnf"))) as maxsat:
        assert (None if maxsat.compute() is None else maxsat.cost) == truth
    if model.has_circuit:
        return  # no 0-1 form
    for suffix in ZERO_ONE:
        export_model(model, str(folder / f"random{suffix}"))
        optimum, _ = solve_zero_one_file(folder / f"random{suffix}")
        assert optimum == truth, suffix


def test_names_follow_the_keys_and_stay_unique() -> None:
    model = Model("names")
    keys = [("knight", 3, 4), ("move", (0, 0), (1, 2)), "7up", ("a b",), ("a", "b"), ()]
    for key in keys:
        model.var(key)
    assert variable_names(model) == ["knight_3_4", "move_0_0_1_2", "x3", "a_b", "x5", "x6"]


def test_refusals_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    minimisation = build_model(4, 4, "independent").model
    tours = build_tour_model(TourSpec(Board(5, 6), closed=True)).model
    cases = [
        (minimisation, "a.cnf", {}, "holds no objective"),
        (minimisation, "a.txt", {}, "cannot tell the file form"),
        (minimisation, "a.wcnf", {"cardinality": "native"}, "needs clauses"),
        (minimisation, "a.wcnf", {"cardinality": "nosuch"}, "unknown cardinality encoding"),
        (tours, "a.cnf", {"circuit": "lazy"}, "has no file form"),
        (tours, "a.lp", {}, "no 0-1 program"),
    ]
    for model, name, options, message in cases:
        with pytest.raises(BoardsatError, match=message):
            export_model(model, str(tmp_path / name), **options)
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_is_kept(tmp_path: Path) -> None:
    taken = tmp_path / "taken.lp"
    taken.write_text("keep me")
    with pytest.raises(BoardsatError, match="not overwritten"):
        export_model(build_model(4, 4, "independent").model, str(taken))
    assert taken.read_text() == "keep me"


def test_cli_writes_the_board_it_was_asked_for(run_cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "d6.mps"
    code, out, err = run_cli("domination", "6", "--variant", "dominating", "--export", str(path))
    assert code == 0 and err == "" and str(path) in out
    assert solve_zero_one_file(path)[0] == minimum_knights(6, 6, "dominating")


@pytest.mark.parametrize(("side", "variant"), [(5, "independent"), (5, "total"), (3, "total")])
def test_cli_cnf_is_the_claim_the_published_minimum_refutes(
    run_cli: CliRun, tmp_path: Path, side: int, variant: str
) -> None:
    """``--export FILE.cnf`` writes "at most the minimum less one knights": no solver satisfies
    it, while "at most the minimum" is satisfied by a placement the rules accept (a board with no
    placement at all, total 3x3, is refuted with every square allowed a knight)."""
    minimum = minimum_knights(side, side, variant)
    refuted = tmp_path / "claim.cnf"
    code, out, err = run_cli(
        "domination", str(side), "--variant", variant, "--export", str(refuted)
    )
    assert code == 0 and err == "" and "DIMACS CNF" in out
    with Solver(name="cadical195", bootstrap_with=CNF(from_file=str(refuted))) as solver:
        assert solver.solve() is False
    if minimum is None:
        return
    holds = tmp_path / "holds.cnf"
    code, _, _ = run_cli(
        *("domination", str(side), "--variant", variant),
        *("--export", str(holds), "--at-most", str(minimum), "--symmetry"),
    )
    names = named_variables(holds)
    with Solver(name="cadical195", bootstrap_with=CNF(from_file=str(holds))) as solver:
        assert code == 0 and solver.solve() is True
        true_names = [names[lit] for lit in solver.get_model() or [] if lit in names]
    knights = placement(true_names)
    assert len(knights) <= minimum and validate(side, side, variant, knights) == []


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["9", "7", "--export", "x.cnf"], "9x7 independent has no published minimum"),
        (["8", "--at-most", "3"], "--at-most belongs to --export"),
        (["8", "--export", "x.lp", "--at-most", "3", "--tiles", "2"], "--tiles bound"),
    ],
)
def test_cli_claim_export_refusals_name_the_way_out(
    run_cli: CliRun, tmp_path: Path, args: list[str], problem: str
) -> None:
    code, out, err = run_cli("domination", *(str(tmp_path / a) if "." in a else a for a in args))
    assert code == 2 and out == "" and problem in err and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_cli_tour_export_counts_the_seed_tours(run_cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "t.cnf"
    code, _, _ = run_cli("tour", "5", "--open", "--start", "a5", "--export", str(path), "--json")
    assert code == 0
    model_vars = len(named_variables(path))
    assert count_projected(CNF(from_file=str(path)), model_vars) == dfs_count(5, 5, False, (0, 0))


@pytest.mark.parametrize(
    ("command", "flag"),
    [
        (["domination", "5", "--time-limit", "3"], "--time-limit"),
        (["domination", "5", "--seed", "2"], "--seed"),
        (["domination", "5", "--route", "race"], "--route"),
        (["tour", "5", "--count"], "--count"),
        (["tour", "6", "--backend", "glucose4"], "--backend"),
    ],
)
def test_cli_refuses_solving_options_beside_export(
    run_cli: CliRun, tmp_path: Path, command: list[str], flag: str
) -> None:
    path = tmp_path / "m.wcnf"
    code, out, err = run_cli(*command, "--export", str(path))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and flag in err
    assert not path.exists()
