"""The raw planning path, ``find_plan``, answers in the protocol every puzzle's answer keeps:
``status``, ``proven_optimal``, ``seconds``, ``to_json()``, and a ``lower_bound`` that is proven
(one past the longest plans refuted), never merely the horizon the search started at."""

from __future__ import annotations

import pytest

from boardsat.core.answer import Answer, json_seconds
from boardsat.core.deadline import cancel, reset_cancellation
from boardsat.core.errors import WrongType
from boardsat.core.results import Status
from boardsat.models.exchange import Exchange, build_model, decode, find_plan, validate
from boardsat.models.exchange.instance import seed_instance
from boardsat.models.exchange.rules import successors
from boardsat.reference.oracle import shortest_path
from boardsat.solving.horizon_search import HorizonEvent, HorizonReport

CORNERS = Exchange.parse("B../.../..W", "W../.../..B")
STOP_AFTER = 5  # the horizon whose refutation a stopped run is stopped at


def fewest_moves(instance: Exchange) -> int:
    """The BFS oracle's distance, by the rules alone."""
    path = shortest_path(
        lambda p: successors(instance.board, p), instance.start, lambda p: p == instance.goal
    )
    assert path is not None
    return len(path)


def test_a_plan_found_keeps_the_protocol_and_its_length_is_its_bound() -> None:
    outcome = find_plan(build_model(CORNERS), "cadical195", max_horizon=20)
    assert isinstance(outcome, Answer)
    assert outcome.plan is not None and validate(CORNERS, decode(CORNERS, outcome.plan)) == []
    assert outcome.status is Status.OPTIMAL and outcome.proven_optimal
    assert outcome.lower_bound == len(outcome.plan) == fewest_moves(CORNERS)
    document = outcome.to_json()
    assert document["status"] == outcome.status.value and document["backend"] == "cadical195"
    assert document["lower_bound"] == document["moves"] == len(document["plan"])
    assert document["seconds"] == json_seconds(outcome.seconds)
    assert [h["horizon"] for h in document["horizons"]] == list(range(len(outcome.plan) + 1))


@pytest.mark.parametrize("start", [0, 4])
def test_refuting_every_horizon_up_to_a_cap_proves_the_next_as_the_bound(start: int) -> None:
    """The seed needs more than 10 moves: horizons up to 10 refuted prove 11, whatever the
    (admissible) horizon the search was told to start at."""
    seed = seed_instance()
    outcome = find_plan(build_model(seed), "cadical195", lower_bound=start, max_horizon=10)
    assert outcome.status is Status.UNSATISFIABLE and not outcome.proven_optimal
    assert outcome.lower_bound == 11 <= fewest_moves(seed)
    assert outcome.to_json()["lower_bound"] == 11


def test_a_stopped_run_keeps_one_past_its_longest_refutation_as_its_bound() -> None:
    seed = seed_instance()

    def stop_after(event: HorizonEvent) -> None:
        if isinstance(event, HorizonReport) and event.horizon == STOP_AFTER:
            cancel()

    try:
        outcome = find_plan(build_model(seed), "cadical195", max_horizon=30, progress=stop_after)
    finally:
        reset_cancellation()
    refuted = [r.horizon for r in outcome.horizons if r.status is Status.UNSATISFIABLE]
    assert outcome.status is Status.UNKNOWN and outcome.interrupted
    assert refuted == list(range(STOP_AFTER + 1))
    assert outcome.lower_bound == STOP_AFTER + 1 <= fewest_moves(seed)
    assert outcome.to_json()["lower_bound"] == outcome.lower_bound


def test_the_raw_outcome_reads_as_one_line_and_its_text_lists_the_horizons() -> None:
    outcome = find_plan(build_model(CORNERS), "cadical195", max_horizon=20)
    assert outcome.plan is not None
    line = str(outcome)
    assert "\n" not in line and f"{len(outcome.plan)} moves" in line and "cadical195" in line
    assert repr(outcome) == f"<PlanOutcome: {line}>"
    assert outcome.text().splitlines() == [line, *(r.line() for r in outcome.horizons)]


def test_the_raw_path_refuses_an_instance_where_it_takes_a_task() -> None:
    with pytest.raises(WrongType, match="planning task"):
        find_plan(CORNERS, "cadical195", max_horizon=20)  # type: ignore[arg-type]
