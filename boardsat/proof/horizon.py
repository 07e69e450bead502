"""Prove by cubes that a planning instance has no plan of exactly so many moves: what
``boardsat proof horizon`` runs. Each cube fixes some first moves (or a lookahead's literals), and
its refutation is kept with its certificate."""

from __future__ import annotations

from pathlib import Path

from boardsat.core.errors import BoardsatError
from boardsat.core.wording import counted
from boardsat.models.instance_file import instance_data
from boardsat.models.planning.cubes import PlanningClaim, split_horizon
from boardsat.models.registry import PLANNING_PUZZLES
from boardsat.proof.cubes import CubeProof, CubeRequest, OnProgress, run_cubes
from boardsat.proof.run import open_proof
from boardsat.proof.status import counterexample


def prove_no_plan(
    instance: str,
    horizon: int,
    request: CubeRequest,
    *,
    depth: int = 1,
    strengthen: str | None = None,
    on_progress: OnProgress | None = None,
) -> CubeProof:
    """The proof that ``instance`` (a planning instance file, or a shipped one such as
    ``flipit:seed``) has no plan of exactly ``horizon`` moves. The request's splitter is
    ``first-moves`` (one cube per sequence of the first ``depth`` moves) or ``lookahead``
    (about ``request.cubes`` cubes); ``strengthen`` None takes the puzzle's route's."""
    data = instance_data(instance)
    kind = str(data.get("kind"))
    if kind not in PLANNING_PUZZLES:
        raise BoardsatError(
            f"{instance}: horizons belong to planning puzzles ({', '.join(PLANNING_PUZZLES)})"
        )
    keys: dict[str, str] = {k: str(data[k]) for k in ("board", "start", "goal") if k in data}
    claim = PlanningClaim.of(kind, keys, horizon, strengthen)
    name = Path(instance).stem.replace(":", "-")
    path = request.directory or f"{name}-h{horizon}.proof"
    size = depth if request.splitter == "first-moves" else request.cubes
    directory = open_proof(path, claim, None, lambda: split_horizon(claim, request.splitter, size))
    status = run_cubes(directory, request, claim.decisions(), on_progress)
    verdict = (
        f"no plan of exactly {counted(horizon, 'move')}: proven by cubes"
        if status.proven
        else "the proof is not finished (status UNKNOWN)"
    )
    found = counterexample(directory)
    if found is not None:
        verdict = f"the claim is false: cube {found.task} has a plan of exactly {horizon} moves"
    return CubeProof(verdict, directory, status)
