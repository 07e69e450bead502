"""Gurobi (the optional `gurobi` extra) on knight domination: the published and exhaustive optima,
placements the rules accept, a time limit that keeps the best placement, and one line for what it
refuses.

What Gurobi shares with the other MIP backends (CP-SAT's verdicts on random models, live news,
hints, bad parameters, refused circuits, enumeration and sessions) is tested in
test_mip_backend.py, and Ctrl-C in tests/cli/test_interrupt.py, where Gurobi joins the others
when it is installed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardsat import BoardsatError, Status, solve
from boardsat.core.backends import MAX_SEED, seed_parameters
from boardsat.core.cells import Cell
from boardsat.models.domination.bench import BENCH
from boardsat.models.domination.model import VARIANTS, build_model
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import solve_domination
from tests.conftest import CliRun
from tests.domination.test_model import SMALL, assert_matches_oracle

gp = pytest.importorskip("gurobipy")
pytestmark = pytest.mark.gurobi

DOMINATING_21X21 = published_minimum(21, "dominating")  # OEIS A006075: Gurobi takes minutes
"""441 squares: within the pip licence's 2000 variables and rows, past any short time limit."""


def licence_is_size_limited() -> bool:
    """Whether this licence refuses a model of 2001 variables (the pip wheel's does)."""
    with gp.Env(empty=True) as env:
        env.setParam("OutputFlag", 0)
        env.start()
        with gp.Model(env=env) as program:
            program.addVars(2001)
            try:
                program.optimize()
            except gp.GurobiError as error:
                return bool(error.errno == gp.GRB.Error.SIZE_LIMIT_EXCEEDED)
    return False


@pytest.mark.parametrize("variant", VARIANTS)
def test_small_boards_match_the_exhaustive_search(variant: str) -> None:
    for rows, cols in SMALL:
        answer = solve_domination(rows, cols, variant, route="single", backend="gurobi")
        assert_matches_oracle(answer, rows, cols, variant)


@pytest.mark.parametrize("variant", VARIANTS)
def test_square_boards_match_the_published_optima(variant: str) -> None:
    for size in range(4, 11):
        answer = solve_domination(size, size, variant, backend="gurobi")
        assert answer.proven_optimal and answer.result.backend == "gurobi"
        assert answer.knights == published_minimum(size, variant), size
        assert validate(size, size, variant, answer.placement) == []


def test_a_time_limit_leaves_unknown_with_its_best_placement_and_a_valid_bound() -> None:
    started = time.perf_counter()
    answer = solve_domination(21, 21, "dominating", backend="gurobi", time_limit=2.0)
    assert time.perf_counter() - started < 10.0
    assert answer.result.status is Status.UNKNOWN and not answer.proven_optimal
    assert answer.lower_bound is not None and answer.knights is not None
    assert answer.lower_bound <= DOMINATING_21X21 <= answer.knights
    assert validate(21, 21, "dominating", answer.placement) == []


def test_threads_and_seeds_are_taken_and_a_thread_count_below_one_is_refused() -> None:
    """Every seed a route takes suits Gurobi, whose own seeds stop at 2e9."""
    built = build_model(6, 6, "independent", symmetry=False)
    for threads, seed in [(1, 0), (2, MAX_SEED)]:
        parameters = seed_parameters("gurobi", seed)
        result = solve(built.model, "gurobi", threads=threads, parameters=parameters)
        assert result.proven_optimal and result.objective == published_minimum(6, "independent")
    with pytest.raises(BoardsatError, match=r"^threads must be at least 1, got 0$"):
        solve(built.model, "gurobi", threads=0)


def test_a_model_past_the_licence_limit_is_one_line() -> None:
    if not licence_is_size_limited():
        pytest.skip("this Gurobi licence takes models of any size")
    built = build_model(20, 20, "independent")  # the lex-leader break: over 2000 variables
    with pytest.raises(BoardsatError, match="licence's size limit refuses") as refused:
        solve(built.model, "gurobi")
    assert "\n" not in str(refused.value)


def test_a_licence_gurobi_cannot_use_is_one_line(tmp_path: Path) -> None:
    """The probe starts an environment, so a licence file that is missing is said at once."""
    missing = tmp_path / "gurobi.lic"
    done = subprocess.run(
        [sys.executable, "-m", "boardsat", "domination", "6", "--backend", "gurobi"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "GRB_LICENSE_FILE": str(missing)},
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("boardsat: error: backend 'gurobi' has no usable licence: ")
    assert len(done.stderr.splitlines()) == 1 and str(missing) in done.stderr


def test_the_cli_solves_on_gurobi(run_cli: CliRun) -> None:
    code, out, _ = run_cli("domination", "6", "--backend", "gurobi", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["backend"] == "gurobi" and answer["status"] == "OPTIMAL"
    assert answer["knights"] == published_minimum(6, "independent")
    placement = [tuple(square) for square in answer["placement"]]
    assert validate(6, 6, "independent", placement) == []


@pytest.mark.parametrize("route", ["gurobi/single", "gurobi/tuned"])
def test_the_benchmark_peer_routes_prove_the_published_optimum_on_two_threads(route: str) -> None:
    outcome = BENCH.run(Cell("domination", "independent:9", route, 0, 60, threads=2))
    assert outcome.status == "OPTIMAL" and outcome.problems == ()
    assert outcome.objective == published_minimum(9, "independent")
