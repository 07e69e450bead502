"""The race that proves knight domination optima: a core-guided prover beside a placer.

Measured on independent 16x16 (optimum 40) on the 2-core machine, one process per core:

- A core-guided prover on one thread (CP-SAT's core search, or RC2) reaches bound 40 in 6 to 35 s
  by seed, then may need as long again for its last call, which must also find a placement.
- CP-SAT's local search alone finds a 40-knight placement in about 1 s and proves nothing.
- The textbook model on CP-SAT with 8 portfolio workers needed 41 s to over 90 s: its core worker
  shares two cores with seven others.
- The lex-leader symmetry break slows the core-guided provers (CP-SAT's core search reached 40 in
  18 to over 100 s with it), so the race leaves it out by default.

So one process proves; the other runs local search first and then becomes a second prover on a
shuffled copy of the model, which cuts the provers' heavy tail. On SAT backends the same shape
runs RC2 as prover and a SAT bound search as placer, every step on the chosen SAT solver.

The dominating variant is different: there the core search needed 36 s to reach bound 32 on 14x14
and stalled at 35 (optimum 36) on 15x15, while HiGHS's LP branch-and-bound, which detects the
board's symmetry itself, proved them in 18 s and 44 s; CP-SAT's own LP tree search stopped at 34.
So on CP-SAT the dominating race proves with LP branch-and-bound: SCIP replaces the core search as
the first prover (alone on 14x14: 8 to 10 s, 570 nodes, against HiGHS's 14 to 19 s; on 15x15 35 to
49 s against 42 to 44 s), and HiGHS is the placer's second prover after a brief local search
(local search finds the optimum of 15x15 in under 2 s). Two different MIP solvers side by side cut
the heavy tail of either; where this OR-Tools build lacks one, CP-SAT's core search stands in.
"""

from __future__ import annotations

from boardsat.backends import CPSAT, capabilities, is_available
from boardsat.deadline import Deadline
from boardsat.errors import BoardsatError
from boardsat.model import Model
from boardsat.models.knight_domination import DominationModel, build_model
from boardsat.race import Racer, Stage

LOCAL_SEARCH_SHARE = 0.1
LOCAL_SEARCH_SECONDS = (1.0, 10.0)  # the placer's first stage, clamped to this range
UNLIMITED_LOCAL_SEARCH_S = 5.0
BRIEF_LOCAL_SEARCH_S = 2.0  # before HiGHS takes the placer's core (dominating)
LP_PROVERS = ("scip", "highs")  # dominating on CP-SAT: the first prover, the placer's second
SAT_PLACER = {"optimisation": "linear-down"}  # the placer's first stage on SAT backends


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
        options = {"workers": 1, "parameters": {"optimize_with_core": True, "random_seed": seed}}
        return Stage(model, CPSAT, options)
    return Stage(model, backend, {"optimisation": "maxsat"})


def local_search_seconds(time_limit: float | None) -> float:
    """How long the placer searches before it turns prover."""
    if time_limit is None:
        return UNLIMITED_LOCAL_SEARCH_S
    low, high = LOCAL_SEARCH_SECONDS
    return min(max(time_limit * LOCAL_SEARCH_SHARE, low), high)


def domination_racers(
    rows: int,
    cols: int,
    variant: str,
    backend: str = CPSAT,
    time_limit: float | None = None,
    *,
    symmetry: bool = False,
    tiles: int = 0,
    seed: int = 1,
) -> tuple[DominationModel, list[Racer]]:
    """The model answers decode against, and the two racers for ``backend``; ``seed`` seeds the
    first prover, CP-SAT's local search, the shuffle of the second prover's model, and (plus one)
    the second prover, wherever they are CP-SAT (the MIP provers and RC2 run deterministically).
    Local search alone finds 47 knights on independent 17x17 in 1 s with seed 2 and stays at 48
    for a minute with seed 1."""
    deadline = Deadline(time_limit)
    built = build_model(rows, cols, variant, symmetry=symmetry, tiles=tiles, deadline=deadline)
    model, shuffled = built.model, built.model.shuffled(seed)
    searching = local_search_seconds(time_limit)
    prover = core_prover(model, backend, seed)
    second = core_prover(shuffled, backend, seed + 1)
    if backend == CPSAT:
        if variant == "dominating":
            first_lp, second_lp = LP_PROVERS
            if is_available(first_lp):
                prover = Stage(model, first_lp)
            if is_available(second_lp):
                searching = min(searching, BRIEF_LOCAL_SEARCH_S)
                second = Stage(model, second_lp)
        local_search = {"workers": 1, "parameters": {"use_ls_only": True, "random_seed": seed}}
        placer = Stage(model, CPSAT, local_search, seconds=searching)
    else:
        placer = Stage(model, backend, SAT_PLACER, seconds=searching)
    return built, [
        Racer("prover", (prover,)),
        Racer("placer, then second prover", (placer, second)),
    ]
