"""Prove a minimum knight placement by cubes: find a placement (or take the one a resumed proof
directory keeps), then refute every placement of one knight fewer, cube by cube, each refutation
kept with its certificate. What ``boardsat domination N --cubes`` runs.

>>> import tempfile
>>> from boardsat.models.domination import Domination
>>> from boardsat.proof.cubes import CubeRequest
>>> with tempfile.TemporaryDirectory() as folder:
...     board = Domination(4, 4, "dominating")
...     proof = prove_minimum(board, CubeRequest("bands", directory=folder + "/p"))
...     print(proof.verdict, proof.answer["status"])
4 knights: optimal, proven by cubes OPTIMAL
"""

from __future__ import annotations

import time
from collections.abc import Callable

from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.core.wording import counted
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.proving.cubes import MIRROR_BREAKS, DominationClaim, split_claim
from boardsat.models.domination.proving.halves import SPLITTER as COLOUR_SPLITTER
from boardsat.models.domination.proving.halves import beside_other_half, half_counts
from boardsat.models.domination.routes import ORDER, backend_kind
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import DominationRequest, solve_request
from boardsat.proof.cubes import CubeProof, CubeRequest, OnProgress, run_cubes
from boardsat.proof.directory import ProofDirectory
from boardsat.proof.run import open_proof
from boardsat.proof.status import LEMMA_PREFIX, counterexample

FIND_LIMIT_S = 60.0
"""Seconds for the first placement search when the caller gives none."""


def prove_minimum(
    instance: Domination,
    request: CubeRequest,
    *,
    find_limit: float | None = None,
    order: str | None = None,
    on_progress: OnProgress | None = None,
    on_note: Callable[[str], None] | None = None,
) -> CubeProof:
    """The proof that the placement found is minimum, on the model with its squares in
    ``order`` (None: the cube route's kind's ORDER, or a resumed proof's). ``on_progress``
    hears the search and each settled cube; ``on_note``, that a proof is resumed."""
    started = time.perf_counter()
    rows, cols, variant = instance.rows, instance.cols, instance.variant
    if request.splitter == COLOUR_SPLITTER and variant != "total":
        raise BoardsatError("only the total variant splits by colour")  # before any file
    path = request.directory or f"domination-{rows}x{cols}-{variant}.proof"
    if ProofDirectory.exists(path):
        manifest = ProofDirectory.open(path).manifest()
        best = manifest["best"]
        if not isinstance(best, list) or not best:
            raise BoardsatError(f"{path} holds the proof of another claim: {manifest['describes']}")
        if on_note is not None:
            on_note(f"resuming the proof in {path}")
        kept = DominationClaim.from_spec(manifest["claim"])
        order, breaks = order or kept.order, kept.breaks
    else:
        if on_progress is not None:
            on_progress("searching a placement to prove optimal")
        found = solve_request(
            DominationRequest(rows, cols, variant, time_limit=find_limit or FIND_LIMIT_S)
        )
        if found.result.status is Status.UNSATISFIABLE:
            raise BoardsatError(f"{found.summary()}, so there is no minimum to prove by cubes")
        if not found.placement:
            raise BoardsatError("no placement was found to prove optimal; give more --time-limit")
        best = sorted([row, col] for row, col in found.placement)
        breaks = MIRROR_BREAKS if request.splitter == "bands" else None
    order = order or ORDER[backend_kind(request.plan.route)]
    claim = DominationClaim(rows, cols, variant, len(best) - 1, order=order, breaks=breaks)
    directory = open_proof(
        path,
        claim,
        best,
        lambda: split_claim(
            claim,
            request.splitter,
            request.cubes,
            window_limit=request.lemma_limit,
            halves=half_counts(rows, cols, best) if variant == "total" else None,
        ),
    )
    status = run_cubes(directory, request, claim.decisions(), on_progress)
    witness = counterexample(directory)
    better = None
    if witness is not None:
        better = claim.placement(witness.solution)
        if witness.task.startswith(LEMMA_PREFIX):  # a colour's half beat the placement's
            better = beside_other_half(rows, cols, better, best)
        if validate(rows, cols, variant, [(row, col) for row, col in better]):
            raise BoardsatError(f"cube {witness.task} solved to a placement that breaks the rules")
        verdict = (
            f"{counted(len(better), 'knight')} can do it (cube {witness.task}), so {len(best)} is"
            f" not optimal; prove {len(better)} in a new --proof-dir"
        )
    elif status.proven:
        verdict = f"{counted(len(best), 'knight')}: optimal, proven by cubes"
    else:
        verdict = (
            f"{counted(len(best), 'knight')} found; the proof is not finished (status UNKNOWN)"
        )
    placement = better if better is not None else best
    proven = status.proven and better is None
    answer = {  # the fields of `domination --json`, so that one schema reads both
        "rows": rows,
        "cols": cols,
        "variant": variant,
        "status": "OPTIMAL" if proven else "SATISFIABLE" if better is not None else "UNKNOWN",
        "knights": len(placement),
        "proven_optimal": proven,
        "lower_bound": len(best) if proven else None,
        "placement": placement,
        "backend": request.plan.route,
        "encoding": f"{directory.manifest()['describes']}, split into cubes",
        "order": claim.order,
        "seconds": round(time.perf_counter() - started, 3),
        "proof": str(directory.path),
        "route": "cubes",
        "split": None,
        "events": [],
    }
    return CubeProof(verdict, directory, status, answer)
