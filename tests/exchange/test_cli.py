"""`boardsat exchange`: JSON fields, oracle comparison, and one-line errors with exit status 2."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from boardsat.cli.exits import LIMIT_REACHED
from boardsat.models.exchange.bounds import lower_bound
from boardsat.models.exchange.instance import seed_instance
from boardsat.models.exchange.published import (
    SEED_FARTHEST,
    SEED_FARTHEST_POSITIONS,
    SEED_MOVES,
    SEED_REACHABLE,
)
from boardsat.models.exchange.seed import seed_check
from boardsat.models.planning import solve as plan_solve
from boardsat.reference.oracle import Step, shortest_path
from tests.conftest import CliRun
from tests.oracles.exchange_oracle import oracle_distance


def test_seed_json_with_verify_and_farthest(run_cli: CliRun) -> None:
    code, out, err = run_cli("exchange", "--json", "--verify", "--farthest")
    assert code == 0
    document = json.loads(out)
    assert document["moves"] == SEED_MOVES == document["oracle_moves"] == len(document["plan"])
    assert document["proven_optimal"] is True
    assert document["oracle_finished"] is True and document["oracle_agrees"] is True
    assert document["farthest_distance"] == SEED_FARTHEST
    assert len(document["farthest_positions"]) == SEED_FARTHEST_POSITIONS
    assert document["reachable_states"] == SEED_REACHABLE
    horizons = document["horizons"]
    # the planner starts at the matching bound, refutes each horizon below the BFS length, one by
    # one, and stops at the first satisfiable one: the plan length the oracle proves shortest
    exchange = seed_instance()
    shortest = oracle_distance(exchange)
    assert shortest is not None and document["moves"] == shortest
    assert horizons[0]["horizon"] == lower_bound(exchange)
    assert [h["horizon"] for h in horizons] == list(range(lower_bound(exchange), shortest + 1))
    assert [h["status"] for h in horizons[:-1]] == ["UNSATISFIABLE"] * (len(horizons) - 1)
    assert horizons[-1]["status"] == "SATISFIABLE"
    assert err == ""  # --json is quiet: no progress on stderr


def test_no_plan_and_unknown_endings(run_cli: CliRun) -> None:
    code, out, _ = run_cli("exchange", "--max-horizon", "15", "--verify")
    assert code == 0 and out.startswith("no plan of at most 15 moves (proven)")
    assert "BFS oracle: 16 moves (agrees)" in out
    code, out, _ = run_cli("exchange", "--time-limit", "0", "--json")
    assert code == LIMIT_REACHED and json.loads(out)["ending"] == "unknown"
    code, out, _ = run_cli("exchange", "--no-bounds", "--time-limit", "0")
    assert code == LIMIT_REACHED
    assert out == "UNKNOWN at the time limit (no plan length refuted yet)\n"
    unreachable = ["--start", ".../.B./...", "--goal", "B../.../..."]
    code, out, _ = run_cli("exchange", *unreachable, "--verify")
    assert code == 0 and out.startswith("no plan of any length (proven)")
    assert "BFS oracle: unreachable (agrees)" in out


def test_checks_the_time_limit_stops_compare_nothing_and_the_plan_is_still_printed(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The planner finds the plan, then its stand-in waits out the whole limit, so the BFS checks
    start past the shared deadline on any machine: they say so, and the plan is printed."""
    plan = plan_solve.shortest_plan

    def planner_spending_the_limit(*args: Any, time_limit: float, **options: Any) -> Any:
        answer = plan(*args, **options)
        time.sleep(time_limit + 0.01)
        return answer

    monkeypatch.setattr(plan_solve, "shortest_plan", planner_spending_the_limit)
    limit = ["--time-limit", "0.2", "--verify", "--farthest"]
    code, out, _ = run_cli("exchange", *limit, "--json")
    document = json.loads(out)
    assert code == 0 and document["ending"] == "plan"
    assert document["moves"] == len(document["plan"]) == oracle_distance(seed_instance())
    assert document["oracle_finished"] is False and document["oracle_agrees"] is None
    assert document["oracle_moves"] is None
    assert document["farthest_distance"] is document["reachable_states"] is None
    assert document["farthest_positions"] is None
    monkeypatch.undo()
    code, out, _ = run_cli("exchange", "--time-limit", "0", "--verify", "--farthest")
    assert code == LIMIT_REACHED and out.startswith("UNKNOWN at the time limit")
    assert "BFS oracle: did not finish within the time limit (answer not compared)" in out
    assert "farthest from start: the BFS did not finish within the time limit" in out


def oracle_off_by(moves: int) -> Callable[..., list[Step[Any, Any]] | None]:
    """The BFS oracle with ``moves`` steps added (its last repeated) or, below 0, dropped."""

    def wrong(*args: Any, **options: Any) -> list[Step[Any, Any]] | None:
        path = shortest_path(*args, **options)
        if path is None:
            return None
        return [*path, *[path[-1]] * moves] if moves >= 0 else path[:moves]

    return wrong


@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize(
    ("args", "off_by"),
    [([], 1), (["--max-horizon", "15"], -1)],  # a plan of 16 / no plan of at most 15 moves
)
def test_verify_exits_1_when_the_oracle_disagrees(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch, args: list[str], off_by: int, as_json: bool
) -> None:
    shortest = oracle_distance(seed_instance())
    assert shortest is not None
    claimed = shortest + off_by
    monkeypatch.setattr(plan_solve, "shortest_path", oracle_off_by(off_by))
    code, out, _ = run_cli("exchange", "--verify", *args, *(["--json"] if as_json else []))
    assert code == 1
    if as_json:
        document = json.loads(out)
        assert document["oracle_finished"] is True and document["oracle_agrees"] is False
        assert document["oracle_moves"] == claimed
    else:
        assert f"BFS oracle: {claimed} moves (DISAGREES)" in out


def test_a_claim_of_no_plan_at_all_disagrees_with_any_path_the_oracle_finds(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The unreachable claim has no horizon: a path longer than --max-horizon still refutes it."""
    unreachable = ["--start", ".../.B./...", "--goal", "B../.../..."]
    too_long: list[Step[Any, Any]] = [Step("a move", None)] * 99

    monkeypatch.setattr(plan_solve, "shortest_path", lambda *_, **__: too_long)
    code, out, _ = run_cli("exchange", *unreachable, "--verify", "--max-horizon", "5")
    assert code == 1 and "no plan of any length" in out
    assert "BFS oracle: 99 moves (DISAGREES)" in out


@pytest.mark.parametrize(
    "args",
    [
        ["--start", "BB./...", "--goal", "B../..."],
        ["--start", "B?./...", "--goal", "B../..."],
        ["--start", "B../...", "--goal", "B.../...."],
        ["--strengthen", "magic"],
        ["--backend", "nosuch"],
    ],
)
def test_bad_input_is_one_line_and_status_2(run_cli: CliRun, args: list[str]) -> None:
    code, out, err = run_cli("exchange", *args)
    assert code == 2 and out == ""
    assert err.startswith("boardsat: error:") and err.count("\n") == 1


def test_seed_check_is_verified() -> None:
    outcome = seed_check()
    assert outcome.verified and outcome.answer.startswith("plan of 16 moves")
