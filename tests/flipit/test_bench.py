"""A slice of the Flip-It benchmark: every planner row proves the oracle's optimum, replayed."""

from __future__ import annotations

import pytest

from boardsat.models.flipit.bench import (
    BASELINE,
    beyond_bfs_rows,
    farthest_rows,
    flips_rows,
    seed_rows,
)
from boardsat.models.flipit.model import FLIPS
from boardsat.models.flipit.published import SEED_MOVES, STAR_FARTHEST, STAR_FARTHEST_POSITIONS
from boardsat.models.plan_bench import Sweep


def test_seed_rows_put_the_oracle_first_and_verify_every_planner_row() -> None:
    rows = seed_rows(Sweep(["cadical195"], 1, strengthenings=("all", "none"), cpsat=False))
    assert rows[0].route == BASELINE
    assert rows[0].outcome == f"{SEED_MOVES} moves"
    assert len(rows) == 3
    assert all(row.extra["verified"] for row in rows[1:])


def test_a_line_without_an_oracle_is_verified_by_replay_and_proof() -> None:
    rows = beyond_bfs_rows(9, ["BBBBBBBB.", "BWBWB.BWB"])
    assert len(rows) == 2 and all(row.extra["verified"] for row in rows)


@pytest.mark.slow
def test_the_first_farthest_star_position_is_proven_at_the_oracle_distance() -> None:
    rows = farthest_rows("cadical195", limit=1)
    assert rows[0].outcome == f"{STAR_FARTHEST_POSITIONS} positions at {STAR_FARTHEST} moves"
    assert len(rows) == 2 and rows[1].extra["verified"]


@pytest.mark.slow
def test_both_forms_of_the_task_prove_the_seed() -> None:
    rows = flips_rows(Sweep(["cadical195"], 1), farthest_positions=0)
    assert [row.instance.rsplit(", ", 1)[1] for row in rows] == [f"{f} flips" for f in FLIPS]
    assert all(row.extra["verified"] for row in rows)
