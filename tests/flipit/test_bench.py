"""Flip-It's benchmark matrix: its cells prove the oracle's optimum, replayed by the rules."""

from __future__ import annotations

import pytest

from boardsat.core.cells import Cell
from boardsat.core.errors import BoardsatError
from boardsat.harness.matrix import Limits, cross
from boardsat.models.flipit.bench import BENCH
from boardsat.models.flipit.published import SEED_MOVES, STAR_FARTHEST, STAR_FARTHEST_POSITIONS


def _run(instance: str, route: str, limit: float = 60.0) -> tuple[str, int | None, bool]:
    outcome = BENCH.run(Cell("flipit", instance, route, time_limit=limit))
    return outcome.status, outcome.objective, outcome.exact and not outcome.problems


@pytest.mark.parametrize(
    "route",
    [
        "bfs",
        "search",
        "auto",
        *(
            pytest.param(route, marks=pytest.mark.slow)
            for route in ("cadical195/all", "cadical195/none")
        ),
    ],
)  # SAT refutes every horizon below the seed's length: seconds each
def test_each_route_proves_the_seed_at_the_published_length(route: str) -> None:
    assert BENCH.instance("seed").reference == SEED_MOVES
    assert _run("seed", route) == ("OPTIMAL", SEED_MOVES, True)


def test_a_formula_per_horizon_proves_a_farthest_line_position_at_the_oracle_distance() -> None:
    """The fresh route (one formula per horizon) on a line, since it took 15 s on the seed."""
    spec = BENCH.instance("line-farthest:8:0")
    assert spec.reference is not None and spec.reference_source == "the BFS oracle"
    assert _run("line-farthest:8:0", "cadical195/all/fresh") == ("OPTIMAL", spec.reference, True)


def test_a_line_without_an_oracle_row_is_verified_by_replay_and_proof() -> None:
    assert BENCH.instance("line:9:BWBWB.BWB").reference is None
    status, moves, verified = _run("line:9:BWBWB.BWB", "cadical195/all")
    assert status == "OPTIMAL" and verified and moves == _run("line:9:BWBWB.BWB", "bfs")[1]


def test_the_farthest_star_positions_are_the_published_ones() -> None:
    spec = BENCH.instance(f"star-farthest:{STAR_FARTHEST_POSITIONS - 1}")
    assert spec.reference == STAR_FARTHEST


def test_the_first_farthest_star_position_is_proven_at_the_oracle_distance() -> None:
    """By A* on the route's bounds: the SAT planner's proofs on the star are the seed's, above,
    three moves shallower and several times faster."""
    assert _run("star-farthest:0", "search") == ("OPTIMAL", STAR_FARTHEST, True)


def test_the_deep_line_families_name_their_positions() -> None:
    spec = BENCH.instance("line-farthest:12:0")
    assert spec.reference == 9 and spec.reference_source == "the BFS oracle"
    assert BENCH.instance("line-middle:30").size == 30
    status, moves, verified = _run("line-middle:12", "search")
    assert status == "OPTIMAL" and verified and moves == _run("line-middle:12", "bfs")[1]


def test_lm_cut_is_refused_on_flips_in_one_line() -> None:
    with pytest.raises(BoardsatError, match="lmcut takes no conditional effects"):
        cross("flipit", ["seed"], ["fast-downward/lmcut"], [0], Limits())


@pytest.mark.slow  # Fast Downward's translator, in Python, takes seconds to start
def test_fast_downward_proves_the_seed_and_its_plan_replays_by_the_rules() -> None:
    pytest.importorskip("up_fast_downward")  # its wheel exists for Linux x86-64 only
    assert _run("seed", "fast-downward/hmax") == ("OPTIMAL", SEED_MOVES, True)


@pytest.mark.slow  # Fast Downward's translator, in Python, takes seconds to start
def test_fast_downward_past_its_limit_is_unknown_not_killed() -> None:
    pytest.importorskip("up_fast_downward")
    outcome = BENCH.run(Cell("flipit", "line-middle:20", "fast-downward/hmax", time_limit=5))
    assert outcome.status == "UNKNOWN" and "out of time" in outcome.detail
