"""The planning claim split by its first moves: below the BFS optimum every cube is refuted with a
certificate the project's own checker accepts, at the optimum a cube holds a plan the puzzle's
rules replay, and the cubes' coverage is shown by a refutation, not assumed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.certificates.drup import check_drup
from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.encoders.horizon_encoding import Strengthenings
from boardsat.models.flipit.solve import DEFAULT_STRENGTHEN as FLIPIT_STRENGTHEN
from boardsat.models.planning.cubes import (
    PlanningClaim,
    describe_cube,
    first_moves_cubes,
    strengthen_text,
)
from boardsat.models.shogi.solve import DEFAULT_STRENGTHEN as SHOGI_STRENGTHEN
from boardsat.reference.oracle import shortest_path
from boardsat.solving.conquer import conquer, cube_formula, formula_hash
from boardsat.solving.cube import Cube, model_hash
from boardsat.solving.lookahead import coverage_formula
from tests.oracles.proofcheck import check_certificate

ROUTE = "cadical195"  # logs DRUP proofs

SMALL = [
    pytest.param(
        "exchange", {"start": "B../.../..W", "goal": "W../.../..B"}, "no_undo", id="exchange"
    ),
    pytest.param("flipit", {"board": "line:6", "start": ".BBBBB"}, None, id="flipit"),
    pytest.param("shogi", {"start": "+RS1/G2/3", "goal": "2G/+R1S/3"}, None, id="shogi"),
]
"""Instances whose horizons below the optimum split into several cubes (with every
strengthening the small exchanges are refuted by propagation alone)."""
SEED = pytest.param("shogi", {"start": "BP1/1S1/P1P", "goal": "1PP/1S1/P1B"}, None, id="shogi-seed")


def fewest_moves(claim: PlanningClaim) -> int | None:
    """The BFS oracle's fewest moves, by the puzzle's rules alone."""
    puzzle = claim.planning_puzzle()
    path = shortest_path(puzzle.successors, puzzle.start, puzzle.is_goal)
    return None if path is None else len(path)


def assert_refuted_with_certificate(claim: PlanningClaim, cube: Cube) -> None:
    verdict = conquer(claim, cube, ROUTE, 60)
    assert verdict.status is Status.UNSATISFIABLE, describe_cube(claim, cube)
    assert verdict.proof is not None
    clauses, _ = cube_formula(claim, cube)
    assert verdict.formula_hash == formula_hash(clauses)
    assert verdict.proof_format is not None
    assert check_certificate(clauses, verdict.proof_format, verdict.proof)


def coverage_refuted(claim: PlanningClaim, parent: Cube, cubes: list[Cube]) -> bool:
    """Whether the cubes cover ``parent``: the coverage formula refuted by a proof-logging solver
    and that refutation accepted by the project's checker."""
    from pysat.solvers import Solver

    clauses = coverage_formula(claim, parent, cubes)
    with Solver(name=ROUTE, bootstrap_with=clauses, with_proof=True) as solver:
        if solver.solve():
            return False
        proof = solver.get_proof()
    checked = check_drup(clauses, proof)
    assert checked.valid, checked.reason
    return True


@pytest.mark.slow
@pytest.mark.parametrize(("puzzle", "instance", "strengthen"), SMALL)
def test_every_cube_below_the_optimum_is_refuted_with_a_certificate(
    puzzle: str, instance: dict[str, str], strengthen: str | None
) -> None:
    best = fewest_moves(PlanningClaim.of(puzzle, instance, 0))
    assert best is not None
    split = 0
    for horizon in range(best):
        claim = PlanningClaim.of(puzzle, instance, horizon, strengthen)
        cubes = first_moves_cubes(claim)
        split = max(split, len(cubes))
        assert coverage_refuted(claim, Cube(), cubes)
        for cube in cubes:
            assert_refuted_with_certificate(claim, cube)
    assert split > 1


@pytest.mark.slow
@pytest.mark.parametrize(("puzzle", "instance", "strengthen"), [*SMALL, SEED])
def test_at_the_optimum_a_cube_holds_a_plan_the_rules_replay(
    puzzle: str, instance: dict[str, str], strengthen: str | None
) -> None:
    best = fewest_moves(PlanningClaim.of(puzzle, instance, 0))
    assert best is not None
    claim = PlanningClaim.of(puzzle, instance, best, strengthen)
    cubes = first_moves_cubes(claim)
    assert coverage_refuted(claim, Cube(), cubes)
    verdicts = [conquer(claim, cube, ROUTE, 60) for cube in cubes]
    open_cubes = [c for c, v in zip(cubes, verdicts, strict=True) if v.status is Status.SATISFIABLE]
    assert open_cubes
    for verdict in verdicts:
        if verdict.status is Status.SATISFIABLE:
            moves = claim.moves(verdict.solution)
            assert len(moves) == best
            claim.planning_puzzle().replay(moves)  # BoardsatError unless it reaches the goal
    if len(cubes) > 1:  # without a cube that holds a plan, the rest cover nothing
        rest = [cube for cube in cubes if cube != open_cubes[0]]
        assert not coverage_refuted(claim, Cube(), rest)


@pytest.mark.slow
def test_two_moves_deep_the_cubes_cover_the_claim_and_each_first_move() -> None:
    claim = PlanningClaim.of(
        "exchange", {"start": "B../.../..W", "goal": "W../.../..B"}, 6, "no_undo"
    )
    first = first_moves_cubes(claim)
    second = first_moves_cubes(claim, depth=2)
    assert len(second) > len(first)
    assert coverage_refuted(claim, Cube(), second)
    for cube in first:
        children = first_moves_cubes(claim, depth=2, within=cube)
        assert all(set(cube.fixed) < set(child.fixed) for child in children)
        assert coverage_refuted(claim, cube, children)
    for cube in second:
        assert_refuted_with_certificate(claim, cube)


def test_each_cube_is_named_by_its_own_first_moves() -> None:
    claim = PlanningClaim.of("flipit", {"board": "star", "start": ".BBBBBBBBBBB"}, 17)
    cubes = first_moves_cubes(claim, depth=2)
    names = [describe_cube(claim, cube) for cube in cubes]
    assert all(name.startswith("first moves: ") and name.count(",") == 1 for name in names)
    assert len(set(names)) == len(cubes)
    assert describe_cube(claim, Cube()) == "the whole claim"


def test_a_claim_refuted_by_propagation_is_one_cube() -> None:
    """Below the shogi seed's potential bound the goal fails by propagation alone: the claim stays
    whole, so its refutation still comes with a certificate."""
    claim = PlanningClaim.of("shogi", {"start": "BP1/1S1/P1P", "goal": "1PP/1S1/P1B"}, 2)
    assert first_moves_cubes(claim) == [Cube()]
    assert_refuted_with_certificate(claim, Cube())


@pytest.mark.parametrize(("puzzle", "instance", "strengthen"), [*SMALL, SEED])
def test_the_spec_rebuilds_the_same_model(
    puzzle: str, instance: dict[str, str], strengthen: str | None
) -> None:
    claim = PlanningClaim.of(puzzle, instance, 5, strengthen)
    spec = json.loads(json.dumps(claim.spec()))
    again = PlanningClaim.from_spec(spec)
    assert model_hash(again.model()) == model_hash(claim.model())
    assert again.spec() == claim.spec()
    for cube in first_moves_cubes(claim, depth=2):
        assert Cube.from_json(json.loads(json.dumps(cube.to_json()))) == cube


def test_the_model_hash_is_the_same_in_another_process() -> None:
    """A worker elsewhere, with another string hash seed, builds the very model."""
    claim = PlanningClaim.of("flipit", {"board": "star", "start": ".BBBBBBBBBBB"}, 4)
    script = (
        "import json, sys\n"
        "from boardsat.solving.cube import model_hash\n"
        "from boardsat.models.planning.cubes import PlanningClaim\n"
        "print(model_hash(PlanningClaim.from_spec(json.loads(sys.argv[1])).model()))\n"
    )
    hashes = {
        subprocess.run(
            [sys.executable, "-c", script, json.dumps(claim.spec())],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout.strip()
        for seed in ("1", "2")
    }
    assert hashes == {model_hash(claim.model())}


def test_the_strengthenings_default_to_the_route_and_read_back() -> None:
    shogi = PlanningClaim.of("shogi", {"start": "BP1/1S1/P1P", "goal": "1PP/1S1/P1B"}, 1)
    assert Strengthenings.parse(shogi.spec()["strengthen"]) == Strengthenings.parse(
        SHOGI_STRENGTHEN
    )
    flipit = PlanningClaim.of("flipit", {"board": "line:6", "start": ".BBBBB"}, 1)
    assert Strengthenings.parse(flipit.spec()["strengthen"]) == Strengthenings.parse(
        FLIPIT_STRENGTHEN
    )
    for chosen in product((False, True), repeat=len(Strengthenings.names())):
        options = Strengthenings(*chosen)
        assert Strengthenings.parse(strengthen_text(options)) == options


@pytest.mark.parametrize(
    "spec",
    [
        {"puzzle": "domination", "instance": {}, "horizon": 1, "strengthen": None},
        {"puzzle": "shogi", "instance": {"start": "BP1/1S1/P1P"}, "horizon": 1, "strengthen": None},
        {
            "puzzle": "flipit",
            "instance": {"board": "line:6", "start": ".BB"},
            "horizon": 1,
            "strengthen": None,
        },
        {"puzzle": "flipit", "instance": {"board": "line:6"}, "horizon": -1, "strengthen": None},
        {"puzzle": "flipit", "instance": {"board": "line:6"}, "horizon": 1, "strengthen": "fast"},
        {"puzzle": "flipit", "horizon": 1},
    ],
)
def test_a_bad_spec_is_refused_in_one_line(spec: dict[str, Any]) -> None:
    with pytest.raises(BoardsatError) as refused:
        PlanningClaim.from_spec(spec)
    assert "\n" not in str(refused.value)


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(st.lists(st.sampled_from("BW"), min_size=5, max_size=5), st.integers(0, 5))
def test_all_cubes_refuted_exactly_below_the_bfs_distance(pieces: list[str], hole: int) -> None:
    start = "".join(pieces[:hole]) + "." + "".join(pieces[hole:])
    instance = {"board": "line:6", "start": start}
    best = fewest_moves(PlanningClaim.of("flipit", instance, 0))
    for horizon in range(min(best if best is not None else 5, 5) + 1):
        claim = PlanningClaim.of("flipit", instance, horizon)
        verdicts = [conquer(claim, cube, ROUTE, 60).status for cube in first_moves_cubes(claim)]
        refuted = all(status is Status.UNSATISFIABLE for status in verdicts)
        assert refuted == (best is None or horizon < best), (start, horizon)
