"""The auto route's race: the first proof wins, a racer out of memory leaves the other to answer,
a racer's bug is raised, and a race nobody wins is UNKNOWN with the longest refutation."""

from __future__ import annotations

import time
from typing import Any

import pytest

from boardsat.core.child import ChildFailed
from boardsat.core.deadline import cancel, reset_cancellation
from boardsat.core.results import Status
from boardsat.models.exchange.bounds import lower_bound
from boardsat.models.exchange.instance import Exchange, seed_instance
from boardsat.models.exchange.solve import request
from boardsat.models.exchange.solve import solve as exchange_solve
from boardsat.models.planning.answer import PlanAnswer
from boardsat.models.planning.race import race_routes
from boardsat.models.planning.search import search_plan
from boardsat.solving.horizon_search import Ending, HorizonEvent, HorizonReport, PlanOutcome

PUZZLE = request(seed_instance()).puzzle


def proven(limit: float | None, told: Any) -> PlanAnswer[Any, Any]:
    return search_plan(PUZZLE, time_limit=limit, progress=told)


def out_of_memory(_limit: float | None, _told: Any) -> PlanAnswer[Any, Any]:
    raise MemoryError


def broken(_limit: float | None, _told: Any) -> PlanAnswer[Any, Any]:
    raise RuntimeError("a bug in a racer")


def stuck(_limit: float | None, _told: Any) -> PlanAnswer[Any, Any]:
    time.sleep(60)
    raise AssertionError("never woken")


def unknown_after(depth: int) -> Any:
    """A racer stopped by its limit after refuting every plan of at most ``depth`` moves."""

    def job(_limit: float | None, _told: Any) -> PlanAnswer[Any, Any]:
        reports = tuple(HorizonReport(h, Status.UNSATISFIABLE, 0.0) for h in range(depth + 1))
        outcome = PlanOutcome(Ending.UNKNOWN, None, reports, 0, None, "fake", "fake", 0.0)
        return PlanAnswer(PUZZLE, outcome, None, None)

    return job


def test_the_first_proof_wins_and_names_the_routes_raced() -> None:
    heard: list[HorizonEvent] = []
    answer = race_routes(PUZZLE, {"stuck": stuck, "search": proven}, progress=heard.append)
    assert answer.outcome.ending is Ending.PLAN and answer.raced == ("stuck", "search")
    assert answer.moves is not None and PUZZLE.is_goal(PUZZLE.replay(answer.moves)[-1])
    assert heard, "the winner's horizons reach the listener"


def test_a_racer_out_of_memory_leaves_the_other_to_answer() -> None:
    answer = race_routes(PUZZLE, {"greedy": out_of_memory, "search": proven})
    assert answer.outcome.ending is Ending.PLAN
    with pytest.raises(MemoryError, match="memory"):
        race_routes(PUZZLE, {"greedy": out_of_memory})


def test_a_racers_bug_is_raised_not_hidden() -> None:
    with pytest.raises(ChildFailed, match="a bug in a racer"):
        race_routes(PUZZLE, {"broken": broken, "stuck": stuck})


def test_a_race_nobody_wins_is_the_longest_refutation() -> None:
    answer = race_routes(PUZZLE, {"short": unknown_after(3), "long": unknown_after(7)})
    assert answer.outcome.ending is Ending.UNKNOWN and answer.outcome.refuted_up_to == 7


@pytest.mark.slow  # runs out a time limit
def test_a_race_past_its_limit_is_unknown() -> None:
    answer = race_routes(PUZZLE, {"stuck": stuck}, time_limit=0.2)
    assert answer.outcome.ending is Ending.UNKNOWN and answer.moves is None


@pytest.mark.slow  # the racers start before they learn of the cancel
def test_an_auto_race_stopped_by_the_user_keeps_the_glance_s_bound_and_says_who_stopped_it() -> (
    None
):
    """Ctrl-C before any racer told a refutation: the bound the first glance proved stays in
    the answer, and no line blames a time limit that was never set."""
    guest = Exchange.parse("BBBBW/BBBWW/BB.WW/BBWWW/BWWWW", "WWWWB/WWWBB/WW.BB/WWBBB/WBBBB")
    cancel()
    try:
        answer = exchange_solve(guest)
    finally:
        reset_cancellation()
    assert answer.status is Status.UNKNOWN and answer.interrupted
    bound = lower_bound(guest)
    assert bound is not None and answer.lower_bound is not None and answer.lower_bound >= bound
    assert answer.outcome.describe().startswith("UNKNOWN, stopped by the user (no plan of")
    assert "time limit" not in answer.outcome.encoding
