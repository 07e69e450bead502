"""One case: its kind, its route and its instance, all drawn from its own name ``SEED:INDEX``."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from boardsat.core.errors import BoardsatError
from boardsat.differential.model_cases import check_model
from boardsat.differential.plan_cases import plan_checker
from boardsat.differential.puzzle_cases import check_domination, check_tour
from boardsat.differential.routes import Route, backends_for, draw_route
from boardsat.encoders.cnf.cardinality import AT_MOST_ONE_ONLY

Check = Callable[[random.Random, Route], tuple[str, str]]


@dataclass(frozen=True)
class Kind:
    """What a kind of case needs of a backend (see ``backends_for``) and how it is checked."""

    needs: str
    check: Check


KINDS: dict[str, Kind] = {
    "model": Kind("model", check_model),
    "domination": Kind("model", check_domination),
    "tour": Kind("enumerate", check_tour),
    "exchange": Kind("session", plan_checker("exchange")),
    "flipit": Kind("session", plan_checker("flipit")),
    "shogi": Kind("session", plan_checker("shogi")),
}


@dataclass(frozen=True)
class Outcome:
    """A case's oracle answer and the route's answer; ``refused``: the route declined the case
    (an at-most-one-only cardinality encoding met a larger bound), so nothing was compared."""

    case_id: str
    kind: str
    route: Route
    expected: str
    got: str
    refused: bool = False

    @property
    def agrees(self) -> bool:
        return self.refused or self.expected == self.got

    def line(self) -> str:
        return (
            f"{self.case_id} {self.kind} {self.route.backend} [{self.route.encoding}]: "
            f"expected {self.expected}, got {self.got}"
        )


def case_id(seed: int, index: int) -> str:
    return f"{seed}:{index}"


def parse_case_id(text: str) -> tuple[int, int]:
    """``SEED:INDEX`` read back; BoardsatError in one line otherwise."""
    seed, colon, index = text.partition(":")
    try:
        if colon and int(index) >= 0:
            return int(seed), int(index)
    except ValueError:
        pass
    raise BoardsatError(f"case {text!r} is not SEED:INDEX, such as 0:123")


def _drawn(seed: int, index: int, kinds: tuple[str, ...]) -> tuple[str, Route, random.Random]:
    """Case ``index`` of ``seed``: its kind by turns, its route at random, and the generator
    that goes on to draw its instance."""
    rng = random.Random(case_id(seed, index))
    kind = kinds[index % len(kinds)]
    needs = KINDS[kind].needs
    route = draw_route(rng, rng.choice(backends_for(needs)), planning=needs == "session")
    return kind, route, rng


def check_case(seed: int, index: int, kinds: tuple[str, ...] = tuple(KINDS)) -> Outcome:
    """Draw case ``index`` of ``seed`` (its kind by turns, the rest at random) and check it."""
    kind, route, rng = _drawn(seed, index, kinds)
    name = case_id(seed, index)
    try:
        expected, got = KINDS[kind].check(rng, route)
    except BoardsatError as error:
        if dict(route.options).get("cardinality") in AT_MOST_ONE_ONLY:
            return Outcome(name, kind, route, "", str(error), refused=True)
        return Outcome(name, kind, route, "an answer", f"error: {error}")
    except Exception as error:  # a crash is a disagreement to report, not a stop
        return Outcome(name, kind, route, "an answer", f"{type(error).__name__}: {error}")
    return Outcome(name, kind, route, expected, got)


def died(seed: int, index: int, kinds: tuple[str, ...], why: str) -> Outcome:
    """The disagreement of a case whose process died while checking it (a solver crashed)."""
    kind, route, _ = _drawn(seed, index, kinds)
    return Outcome(case_id(seed, index), kind, route, "an answer", f"the process died: {why}")
