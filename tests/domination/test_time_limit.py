"""A domination race keeps its time limit while it starts: each racer's model goes to its child
process, which takes seconds on a large board, so no racer starts once the limit has passed."""

from __future__ import annotations

from typing import Any

import pytest

from boardsat.core.results import Status
from boardsat.models.domination.model import build_model
from boardsat.solving import race as race_module
from boardsat.solving.race import Racer, Stage, race


def test_no_racer_starts_once_the_time_limit_has_passed(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Any] = []
    monkeypatch.setattr(race_module, "Child", lambda *args, **kwargs: started.append(args))
    model = build_model(6, 6, "independent").model
    racers = [Racer(name, (Stage(model, "cpsat"),)) for name in ("first", "second")]
    outcome = race(racers, 0.0)
    assert started == [] and outcome.result.status is Status.UNKNOWN
