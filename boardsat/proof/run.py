"""Cube and conquer: settle every cube of a claim, splitting again those that outrun their limit.

The run is a loop over finished tasks, each kept in the proof directory before the next is read,
so the directory is the whole state: a rerun with the same directory submits only what is not
settled yet. A cube that outruns its limit is split by lookahead into smaller cubes that cover
it; a solution found in any cube refutes the claim and ends the run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from boardsat.core.deadline import cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key
from boardsat.core.results import Status
from boardsat.proof.claims import claim_from_spec
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.pools import Pool, Task
from boardsat.proof.status import ProofStatus, pending, proof_status
from boardsat.solving.conquer import Verdict
from boardsat.solving.cube import Claim, Cube, Split, model_hash
from boardsat.solving.lookahead import lookahead_cubes

OnSettled = Callable[[Settled, ProofStatus], None]


@dataclass(frozen=True)
class Plan:
    """How a proof runs: the route and limit per cube, and into how many cubes a cube that
    outruns its limit is split again."""

    route: str = "cadical195"
    cube_limit: float | None = 60.0
    resplit: int = 8


def open_proof(path: str, claim: Claim, best: Any, split: Callable[[], Split]) -> ProofDirectory:
    """The proof directory of ``claim`` at ``path``: resumed when it holds this claim's proof,
    made (with the root ``split``) when it does not exist; refused when it holds another."""
    if ProofDirectory.exists(path):
        directory = ProofDirectory.open(path)
        manifest = directory.manifest()
        kept = claim_from_spec(manifest["claim"])  # read as today's code reads it: a key added
        # since, such as the square order, takes its old meaning
        if kept.spec() != claim.spec() or manifest["model_hash"] != model_hash(claim.model()):
            raise BoardsatError(f"{path} holds the proof of another claim: {kept.describe()}")
    else:
        directory = ProofDirectory.create(path, new_manifest(claim, best))
    if not directory.splits():
        directory.add_split(split())
    return directory


def new_manifest(claim: Claim, best: Any) -> dict[str, Any]:
    """The manifest of a proof of ``claim``: its spec, its words, its model's digest, and the
    best answer that makes it worth proving."""
    return {
        "claim": claim.spec(),
        "describes": claim.describe(),
        "model_hash": model_hash(claim.model()),
        "best": best,
    }


def prove(
    directory: ProofDirectory,
    pool: Pool[Task],
    plan: Plan,
    decisions: Sequence[Key] | None = None,
    on_settled: OnSettled | None = None,
) -> ProofStatus:
    """Settle what the directory has left; ``decisions`` are the variables a re-split may fix.
    Returns where the proof stands: proven, refuted (a counterexample), or cut short."""
    claim = claim_from_spec(directory.manifest()["claim"])
    left = pending(directory)
    for ident, cube in left.unsplit.items():  # outran its limit in a run killed before its split
        _split_again(directory, pool, claim, ident, cube, plan, decisions)
    for ident, cube in left.cubes.items():
        pool.submit(Task(ident, claim, cube, plan.route, plan.cube_limit))
    for ident, spec in left.lemmas.items():
        pool.submit(Task(ident, claim_from_spec(spec), Cube(), plan.route, None))
    for task, outcome in pool.completed():
        if cancelled():
            break
        if isinstance(outcome, str):
            raise BoardsatError(f"cube {task.ident}: {outcome}")
        kept = directory.add_settled(_settled(task.ident, outcome), outcome.proof)
        if on_settled is not None:
            on_settled(kept, proof_status(directory))
        if outcome.status is Status.SATISFIABLE:
            break  # the claim is refuted; the other cubes no longer matter
        if outcome.status is Status.UNKNOWN:
            if task.limit is None:
                raise BoardsatError(f"{task.ident} was not settled: its solver stopped")
            _split_again(directory, pool, claim, task.ident, task.cube, plan, decisions)
    return proof_status(directory)


def _split_again(
    directory: ProofDirectory,
    pool: Pool[Task],
    claim: Claim,
    ident: str,
    cube: Cube,
    plan: Plan,
    decisions: Sequence[Key] | None,
) -> None:
    children = lookahead_cubes(claim, cube, plan.resplit, over=decisions)
    if len(children) < 2:
        raise BoardsatError(f"cube {ident} outran its limit and cannot be split further")
    directory.add_split(Split(ident, "lookahead", tuple(children), params={"cubes": plan.resplit}))
    for child in children:
        pool.submit(Task(child.ident, claim, child, plan.route, plan.cube_limit))


def _settled(ident: str, verdict: Verdict) -> Settled:
    return Settled(
        task=ident,
        route=verdict.route,
        status=verdict.status.value,
        seconds=verdict.seconds,
        cpu=verdict.cpu,
        formula_hash=verdict.formula_hash,
        cardinality=verdict.cardinality,
        proof_format=verdict.proof_format,
        solution=tuple(_json_key(key) for key in verdict.solution),
    )


def _json_key(key: Key) -> Any:
    return [_json_key(part) for part in key] if isinstance(key, tuple) else key
