"""The race that proves knight domination optima: two provers of different kinds, one per core.

Which two depends on the variant, because the provers fail differently on each. The figures are
seconds on the 2-core machine, seeds 1 to 3 unless said; bench/results/domination.md holds the
runs and the line-ups they replaced.

- Independent: CP-SAT's one-thread core search beside SCIP's LP branch-and-bound, which handles
  the board's symmetry group itself (worst runs on 14 to 16: 11.3 to 19.5 s, against 22.4 to
  37.9 s beside local search that turns second core search). From 17x17 core search stalls a
  knight or two short, so both cores run SCIP, the second seeded s + 1 and cutting at the root
  only. Both start from the placement CP-SAT's local search finds on both cores first (SCIP
  finds the optimum late, and prunes only below what it holds), and each takes the other's
  better placements while it runs: 17 in 258 to 269 s, 18 in 477 to 591 s (seeds 1 to 5).
- Dominating: core search stalls (bound 35 of 36 on 15x15), so two SCIPs race: SCIP's defaults,
  and SCIP separating cuts at the root only. Local cuts cost more than they prune on small trees
  and pay on large ones; the pair takes the better of the two (16: 20 to 23 s; 17: 107 to
  131 s, seeds 1 to 5).
- Total: core search beside CP-SAT local search that turns second core search on a shuffled
  model. A pair with SCIP won 20 but lost 21, where SCIP alone stops at bound 74 of 78 after
  600 s.
- One colour's half of the total variant (domination_colours): core search beside 2 s of CP-SAT
  local search that hands its placement to SCIP as a start: on the hard halves SCIP finds an
  optimal placement late (total 23: after 278 s, where local search needs 4 to 28 s).

On SAT backends the race keeps its SAT-only shape: RC2 as prover beside a SAT bound search that
hands its core to RC2 on a shuffled copy of the model, every step on the chosen SAT solver.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from boardsat.backends import CPSAT, SCIP, capabilities, seed_parameters
from boardsat.deadline import Deadline
from boardsat.errors import BoardsatError
from boardsat.model import Model
from boardsat.models.domination.model import DominationModel, build_model
from boardsat.race import RaceEvent, RaceOutcome, Racer, Stage, race
from boardsat.results import Result
from boardsat.solve import solve

LOCAL_SEARCH_SHARE = 0.1
LOCAL_SEARCH_SECONDS = (1.0, 10.0)  # the placer's first stage, clamped to this range
UNLIMITED_LOCAL_SEARCH_S = 5.0
HALF_PLACER_SECONDS = 2.0  # a half's placer, before it hands SCIP its placement
SCIP_PAIR_FROM_SQUARES = 17 * 17  # independent on CP-SAT: two SCIPs from a shared placement
PLACER = "local search on both cores"  # the race's start, where it has one
SAT_PLACER = {"optimisation": "linear-down"}  # the placer's first stage on SAT backends
SCIP_ROOT_CUTS_ONLY = {"separating/maxrounds": 0}  # no cut rounds below the root node


def has_core_prover(backend: str) -> bool:
    """Whether ``backend`` runs a core-guided prover: CP-SAT, or a SAT solver RC2 can drive."""
    return backend == CPSAT or "maxsat" in capabilities(backend).optimisation


def core_prover(model: Model, backend: str, seed: int = 1) -> Stage:
    """The core-guided prover on one thread: CP-SAT's core search, or RC2 on a SAT solver."""
    if not has_core_prover(backend):
        raise BoardsatError(
            f"the core-guided prover needs CP-SAT or a SAT solver that runs RC2, not {backend!r}:"
            " use the single route"
        )
    if backend == CPSAT:
        parameters = {"optimize_with_core": True, **seed_parameters(CPSAT, seed)}
        options = {"workers": 1, "parameters": parameters}
        return Stage(model, CPSAT, options)
    return Stage(model, backend, {"optimisation": "maxsat"})


def scip_prover(model: Model, seed: int = 1, *, root_cuts_only: bool = False) -> Stage:
    """SCIP on one thread, seeded, with its default cuts or with cuts at the root node only."""
    parameters = seed_parameters(SCIP, seed)
    if root_cuts_only:
        parameters |= SCIP_ROOT_CUTS_ONLY
    return Stage(model, SCIP, {"parameters": parameters})


def _listening(prover: Stage) -> Stage:
    """``prover`` starting from the race's best placement and taking each better one while it
    runs: a SCIP that holds the optimum prunes every node whose bound rounds up to it."""
    return replace(prover, hinted=True, listening=True)


def cpsat_local_search(model: Model, seed: int, seconds: float) -> Stage:
    """CP-SAT's local search alone on one thread: a placer, it proves nothing."""
    options = {"workers": 1, "parameters": {"use_ls_only": True, **seed_parameters(CPSAT, seed)}}
    return Stage(model, CPSAT, options, seconds=seconds)


def starts_from_placement(
    rows: int, cols: int, variant: str, backend: str, knights_on: str | None = None
) -> bool:
    """Whether the race first places knights on both cores and starts its provers from that."""
    return (
        backend == CPSAT
        and variant == "independent"
        and knights_on is None
        and rows * cols >= SCIP_PAIR_FROM_SQUARES
    )


def shared_placement(model: Model, seed: int, time_limit: float | None) -> Result:
    """CP-SAT's local search on both cores, the race's start: it finds in seconds the optimal
    placement SCIP's tree search reaches late, and a proof prunes only below what it holds."""
    options = {"workers": 2, "parameters": {"use_ls_only": True, **seed_parameters(CPSAT, seed)}}
    return solve(model, CPSAT, time_limit=local_search_seconds(time_limit), **options)


def local_search_seconds(time_limit: float | None) -> float:
    """How long local search places knights, the placer's first stage or the shared placement:
    a share of ``time_limit``, clamped to ``LOCAL_SEARCH_SECONDS`` and never past the limit."""
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

    def run(self, time_limit: float | None = None) -> RaceOutcome:
        """Race within ``time_limit``; where the race starts from a placement, that placement is
        its first event, and the race's events and seconds count from the placer's start."""
        deadline = Deadline(time_limit)
        if not self.from_placement:
            return race(self.racers, deadline.remaining())
        start = shared_placement(self.built.model, self.seed, deadline.remaining())
        raced_from = deadline.elapsed()
        outcome = race(self.racers, deadline.remaining(), start=start)
        later = tuple(
            replace(event, seconds=raced_from + event.seconds) for event in outcome.events
        )
        placed = (
            () if start.objective is None else (RaceEvent(start.seconds, PLACER, start.objective),)
        )
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
) -> LineUp:
    """The race for ``backend`` and ``variant``: its model, built within ``time_limit``, and its
    two racers.

    ``seed`` seeds every racer that takes one: CP-SAT's core search, its local search and the
    first SCIP with ``seed``, a second prover of the same solver with ``seed + 1`` (the second
    SCIP on the same model, a second core-guided prover on a model shuffled by ``seed``; RC2
    itself runs deterministically). Proof times on one board vary several-fold by seed.
    ``knights_on`` races one colour's half of a split total problem (domination_colours).
    Where ``starts_from_placement`` holds, both racers are SCIPs that start from the placement
    the line-up's ``run`` finds first.
    """
    built = build_model(
        rows,
        cols,
        variant,
        symmetry=symmetry,
        tiles=tiles,
        knights_on=knights_on,
        deadline=Deadline(time_limit),
    )
    from_placement = starts_from_placement(rows, cols, variant, backend, knights_on)
    racers = _racers(built.model, variant, backend, time_limit, seed, knights_on, from_placement)
    return LineUp(built, racers, seed, from_placement)


def _racers(
    model: Model,
    variant: str,
    backend: str,
    time_limit: float | None,
    seed: int,
    knights_on: str | None,
    from_placement: bool,
) -> tuple[Racer, ...]:
    """The two racers on ``model``, chosen by what measured best per variant (module docstring)."""
    if backend == CPSAT and variant == "dominating":
        return (
            Racer("SCIP", (scip_prover(model, seed),)),
            Racer("SCIP, root cuts only", (scip_prover(model, seed + 1, root_cuts_only=True),)),
        )
    if from_placement:
        return (
            Racer("SCIP from the placement", (_listening(scip_prover(model, seed)),)),
            Racer(
                "SCIP from the placement, root cuts only",
                (_listening(scip_prover(model, seed + 1, root_cuts_only=True)),),
            ),
        )
    prover = Racer("core-guided prover", (core_prover(model, backend, seed),))
    if backend == CPSAT and variant == "independent":
        return prover, Racer("SCIP", (scip_prover(model, seed),))
    if backend == CPSAT and knights_on is not None:
        placer = cpsat_local_search(model, seed, HALF_PLACER_SECONDS)
        from_half_placement = replace(scip_prover(model, seed), hinted=True)
        return prover, Racer("placer, then SCIP from its placement", (placer, from_half_placement))
    if backend == CPSAT:
        placer = cpsat_local_search(model, seed, local_search_seconds(time_limit))
    else:
        placer = Stage(model, backend, SAT_PLACER, seconds=local_search_seconds(time_limit))
    second = core_prover(model.shuffled(seed), backend, seed + 1)
    return prover, Racer("placer, then second prover", (placer, second))
