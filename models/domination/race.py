"""The race that proves knight domination optima: two provers of different kinds, one per core.

Provers fail differently by variant and board size, so the line-ups are one table, LINE_UPS,
read top down; bench/results/domination.md holds the races that chose each row and the line-ups
they replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from boardsat.core.backends import CPSAT
from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Model
from boardsat.core.results import Result
from boardsat.models.domination.model import DominationModel, build_model
from boardsat.models.domination.order import DEFAULT_ORDER
from boardsat.models.domination.routes import (
    CPSAT_CORE_SEARCH,
    CPSAT_LOCAL_SEARCH,
    CPSAT_SHARED_LOCAL_SEARCH,
    RC2,
    SAT_DESCENT,
    SCIP_DEFAULTS,
    SCIP_ROOT_CUTS_ONLY,
    Setting,
    backend_kind,
)
from boardsat.solving.race import OnRaceEvent, RaceEvent, RaceOutcome, Racer, Stage, race
from boardsat.solving.solve import solve

# How long a placer's local search runs where its time is a share of the race's limit.
LOCAL_SEARCH_SHARE = 0.1
LOCAL_SEARCH_SECONDS = (1.0, 10.0)  # the share, clamped to this range
UNLIMITED_LOCAL_SEARCH_S = 5.0  # with no limit
PLACER = "local search on both cores"  # the name of the race's start, where it has one


@dataclass(frozen=True)
class StagePlan:
    """One stage of a racer, as data: a setting, and how it differs from the racer beside it."""

    setting: Setting
    seed_offset: int = 0  # a second prover of one solver takes seed + 1
    shuffled: bool = False  # on the model shuffled by the seed (a second core-guided prover)
    hinted: bool = False  # starts from its racer's best placement, or from the race's start
    seconds: float | None = None  # its own limit; None: the race's
    share: bool = False  # its limit is ``local_search_seconds`` of the race's

    def stage(
        self, model: Model, backend: str, seed: int, time_limit: float | None, deadline: Deadline
    ) -> Stage:
        on = model.shuffled(seed, deadline) if self.shuffled else model
        seconds = local_search_seconds(time_limit) if self.share else self.seconds
        return self.setting.stage(
            on, backend, seed + self.seed_offset, seconds=seconds, hinted=self.hinted
        )


@dataclass(frozen=True)
class RacerPlan:
    name: str
    stages: tuple[StagePlan, ...]


@dataclass(frozen=True)
class LineUpRow:
    """The racers for boards that match: the backend's kind, the variant (None: any), one
    colour's half of a split total board or the whole (None: either), and a least board size.
    ``from_placement``: the race starts from a placement local search finds on both cores."""

    kind: str
    racers: tuple[RacerPlan, ...]
    variant: str | None = None
    half: bool | None = None
    from_squares: int = 0
    from_placement: bool = False

    def matches(self, kind: str, variant: str, half: bool, squares: int) -> bool:
        return (
            self.kind == kind
            and self.variant in (None, variant)
            and self.half in (None, half)
            and squares >= self.from_squares
        )

    def line_up(
        self,
        built: DominationModel,
        backend: str,
        time_limit: float | None,
        seed: int,
        deadline: Deadline | None = None,
    ) -> LineUp:
        """This row's racers on ``built``, seeded by ``seed``; a shuffled copy of the model
        checks ``deadline`` as it is made (OutOfTime once it has passed)."""
        deadline = deadline or Deadline(None)
        racers = tuple(
            Racer(
                plan.name,
                tuple(
                    stage.stage(built.model, backend, seed, time_limit, deadline)
                    for stage in plan.stages
                ),
            )
            for plan in self.racers
        )
        return LineUp(built, racers, seed, self.from_placement)


CPSAT_CORE = RacerPlan("core-guided prover", (StagePlan(CPSAT_CORE_SEARCH),))
SCIP_ROOT_CUTS = StagePlan(SCIP_ROOT_CUTS_ONLY, seed_offset=1)

LINE_UPS: tuple[LineUpRow, ...] = (
    LineUpRow(
        "cpsat",
        (
            RacerPlan("SCIP", (StagePlan(SCIP_DEFAULTS),)),
            RacerPlan("SCIP, root cuts only", (SCIP_ROOT_CUTS,)),
        ),
        variant="dominating",
    ),
    LineUpRow(
        "cpsat",
        (
            RacerPlan("SCIP from the placement", (StagePlan(SCIP_DEFAULTS, hinted=True),)),
            RacerPlan(
                "SCIP from the placement, root cuts only", (replace(SCIP_ROOT_CUTS, hinted=True),)
            ),
        ),
        variant="independent",
        from_squares=17 * 17,
        from_placement=True,
    ),
    LineUpRow("cpsat", (CPSAT_CORE, RacerPlan("SCIP", (StagePlan(SCIP_DEFAULTS),))), "independent"),
    LineUpRow(
        "cpsat",
        (
            CPSAT_CORE,
            RacerPlan(
                "placer, then SCIP from its placement",
                (StagePlan(CPSAT_LOCAL_SEARCH, seconds=2.0), StagePlan(SCIP_DEFAULTS, hinted=True)),
            ),
        ),
        variant="total",
        half=True,
    ),
    LineUpRow(
        "cpsat",
        (
            CPSAT_CORE,
            RacerPlan(
                "placer, then second prover",
                (
                    StagePlan(CPSAT_LOCAL_SEARCH, share=True),
                    StagePlan(CPSAT_CORE_SEARCH, seed_offset=1, shuffled=True),
                ),
            ),
        ),
        variant="total",
    ),
    LineUpRow(
        "rc2",
        (
            RacerPlan("core-guided prover", (StagePlan(RC2),)),
            RacerPlan("SAT-UNSAT descent", (StagePlan(SAT_DESCENT),)),
        ),
    ),
)


def line_up_row(kind: str, variant: str, half: bool, squares: int) -> LineUpRow:
    """The first row of LINE_UPS that matches."""
    for row in LINE_UPS:
        if row.matches(kind, variant, half, squares):
            return row
    raise BoardsatError(f"no race is lined up for {kind} backends: use the single route")


def shared_placement(model: Model, seed: int, time_limit: float | None) -> Result:
    """Local search on both cores, the race's start where its row asks for one: a proof prunes
    only below the placement it holds."""
    stage = CPSAT_SHARED_LOCAL_SEARCH.stage(model, CPSAT, seed)
    return solve(model, stage.backend, time_limit=local_search_seconds(time_limit), **stage.options)


def local_search_seconds(time_limit: float | None) -> float:
    """A placer's time: a share of ``time_limit``, clamped, and never past the limit."""
    if time_limit is None:
        return UNLIMITED_LOCAL_SEARCH_S
    low, high = LOCAL_SEARCH_SECONDS
    return min(max(time_limit * LOCAL_SEARCH_SHARE, low), high, time_limit)


@dataclass(frozen=True)
class LineUp:
    """A race decided but not yet run: the model its answers decode against, its racers, and
    whether the racers start from ``shared_placement``, which ``run`` then searches first."""

    built: DominationModel
    racers: tuple[Racer, ...]
    seed: int
    from_placement: bool

    def run(
        self, time_limit: float | None = None, on_event: OnRaceEvent | None = None
    ) -> RaceOutcome:
        """Race within ``time_limit``; where the race starts from a placement, that placement is
        its first event, and the race's events and seconds count from the placer's start.
        ``on_event`` hears each event as it is recorded."""
        deadline = Deadline(time_limit)
        if not self.from_placement:
            return race(self.racers, deadline.remaining(), on_event=on_event)
        start = shared_placement(self.built.model, self.seed, deadline.remaining())
        placed = (
            () if start.objective is None else (RaceEvent(start.seconds, PLACER, start.objective),)
        )
        if on_event is not None:
            for event in placed:
                on_event(event)
        raced_from = deadline.elapsed()

        def shifted(event: RaceEvent) -> RaceEvent:
            return replace(event, seconds=raced_from + event.seconds)

        heard = None if on_event is None else lambda event: on_event(shifted(event))
        outcome = race(self.racers, deadline.remaining(), start=start, on_event=heard)
        later = tuple(shifted(event) for event in outcome.events)
        result = replace(outcome.result, seconds=deadline.elapsed())
        return replace(outcome, result=result, events=(*placed, *later))


def domination_line_up(
    rows: int,
    cols: int,
    variant: str,
    backend: str = CPSAT,
    time_limit: float | None = None,
    *,
    symmetry: bool = False,
    tiles: int = 0,
    seed: int = 1,
    knights_on: str | None = None,
    order: str = DEFAULT_ORDER,
) -> LineUp:
    """The race for ``backend`` and ``variant``: its model, built within ``time_limit``, and the
    racers of the first matching row of LINE_UPS.

    ``seed`` seeds every racer that takes one; a second prover of one solver takes ``seed + 1``
    (and a second core-guided prover a model shuffled by ``seed``). ``knights_on`` races one
    colour's half of a split total problem (colours.py); ``order`` lists the model's squares.
    """
    row = line_up_row(backend_kind(backend), variant, knights_on is not None, rows * cols)
    deadline = Deadline(time_limit)
    built = build_model(
        rows,
        cols,
        variant,
        symmetry=symmetry,
        tiles=tiles,
        knights_on=knights_on,
        order=order,
        deadline=deadline,
    )
    return row.line_up(built, backend, time_limit, seed, deadline)
