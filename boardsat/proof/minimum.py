"""Prove a minimum knight placement by cubes: find a placement (or take the one a resumed proof
directory keeps), then refute every placement of one knight fewer, cube by cube, each refutation
kept with its certificate. What ``boardsat domination N --cubes`` runs.

When a cube or lemma finds fewer knights, the proof goes on from that placement in the same
directory: the refuted claim's files move to ``superseded/`` as the record of how it fell, the
lemmas it refuted that the next claim rests on too are carried over with their certificates, and
the next claim is split and proven, until one holds.

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

import dataclasses
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from boardsat.core.backends import CPSAT
from boardsat.core.deadline import OutOfTime, cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.results import Status
from boardsat.core.wording import counted
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.proving.cubes import (
    MIRROR_BREAKS,
    PUZZLE,
    DominationClaim,
    split_claim,
)
from boardsat.models.domination.proving.halves import SPLITTER as COLOUR_SPLITTER
from boardsat.models.domination.proving.halves import balanced, beside_other_half, half_counts
from boardsat.models.domination.routes import proof_order
from boardsat.models.domination.rules import validate as validate_placement
from boardsat.models.domination.searching.placement import search_total
from boardsat.models.domination.solve import DominationRequest, solve_request
from boardsat.proof.claims import claim_from_spec
from boardsat.proof.cubes import CubeProof, CubeRequest, OnProgress, run_cubes
from boardsat.proof.directory import SUPERSEDED, ProofDirectory, Settled
from boardsat.proof.run import new_manifest, open_proof
from boardsat.proof.status import (
    LEMMA_PREFIX,
    REFUTED,
    counterexample,
    lemma_ident,
    proof_status,
)
from boardsat.solving.conquer import cube_formula, formula_hash
from boardsat.solving.cube import Cube, Split

FIND_LIMIT_S = 60.0
"""Seconds for the first placement search when the caller gives none."""

Placement = list[list[int]]


class NoProofBegun(BoardsatError):
    """Ctrl-C came before the proof had cubes to settle. ``placement`` is the best found so
    far and ``answer`` its fields of `domination --json` (status UNKNOWN), for the caller to
    show as every interrupted solve shows its best; the message says where it stopped."""

    def __init__(self, why: str, placement: Placement, answer: dict[str, Any]) -> None:
        super().__init__(why)
        self.placement = placement
        self.answer = answer


def prove_minimum(
    instance: Domination,
    request: CubeRequest,
    *,
    find_limit: float | None = None,
    start: Placement | None = None,
    order: str | None = None,
    on_progress: OnProgress | None = None,
    on_note: Callable[[str], None] | None = None,
) -> CubeProof:
    """The proof that the least placement found is minimum, on the model with its squares in
    ``order`` (None: ``proof_order`` for the variant and the cube route, or a resumed proof's).
    ``on_progress`` hears the search and each settled cube; ``on_note``, that a proof is
    resumed and each better placement found on the way. A new proof starts from ``start`` (a
    placement from an answer file, say, so that reruns split alike and a ledger's lines match)
    or else from the placement search."""
    started = time.perf_counter()
    rows, cols, variant = instance.rows, instance.cols, instance.variant
    if request.splitter == COLOUR_SPLITTER and variant != "total":
        raise BoardsatError("only the total variant splits by colour")  # before any file
    path = request.directory or f"domination-{rows}x{cols}-{variant}.proof"
    note = on_note or (lambda line: None)
    if ProofDirectory.exists(path):
        kept = ProofDirectory.open(path)
        claim = _resumed_claim(kept, instance, order)
        kept.restore()
        best = kept.manifest()["best"]
        note(f"resuming the proof in {path}")
    else:
        if start is not None:
            problems = validate_placement(rows, cols, variant, [(r, c) for r, c in start])
            if problems:
                raise BoardsatError(f"the placement to start from breaks the rules: {problems[0]}")
        found = start or first_placement(instance, find_limit, on_progress)
        best = _mirrored(instance, found)
        claim = DominationClaim(
            rows,
            cols,
            variant,
            len(best) - 1,
            order=order or proof_order(instance.variant, request.plan.route),
            breaks=MIRROR_BREAKS if request.splitter == "bands" else None,
        )
    try:
        directory = open_proof(path, claim, best, partial(_root_split, claim, request, best))
    except BoardsatError as error:
        if not cancelled():
            raise
        elapsed = time.perf_counter() - started
        answer = _answer(instance, best, request.plan.route, "not split into cubes yet", elapsed)
        raise NoProofBegun(
            str(error), best, answer | {"order": claim.order, "proof": path}
        ) from None
    while True:
        if counterexample(directory) is None:  # a resumed claim may have fallen already
            _carry_over(directory)
            run_cubes(directory, request, claim.decisions(), on_progress)
        witness = counterexample(directory)
        if witness is None or cancelled():
            break
        better = _better_placement(claim, witness, best)
        note(
            f"{counted(len(better), 'knight')} can do it ({witness.task}), so {len(best)} is not"
            f" optimal; proving {len(better)} in {path}"
        )
        try:
            _supersede(directory, claim, best, better, witness.task)
            claim, best = dataclasses.replace(claim, at_most=len(better) - 1), better
            directory = open_proof(path, claim, best, partial(_root_split, claim, request, best))
        except OutOfTime:  # Ctrl-C while the next claim's model was built: a rerun goes on
            break
    witness = counterexample(directory)  # one left: cut short before going on from it
    if witness is not None:
        best = _better_placement(claim, witness, best)
    status = proof_status(directory)
    fallen = [len(entry["best"]) for entry in directory.manifest().get("superseded", [])]
    if status.proven:
        verdict = f"{counted(len(best), 'knight')}: optimal, proven by cubes"
    else:
        verdict = (
            f"{counted(len(best), 'knight')} found; the proof is not finished (status UNKNOWN)"
        )
    answer = _answer(
        instance,
        best,
        request.plan.route,
        f"{directory.manifest()['describes']}, split into cubes",
        time.perf_counter() - started,
        status.proven,
    ) | {"order": claim.order, "proof": str(directory.path)}
    if fallen:
        verdict += f"; the placements of {_listed(fallen)} knights found first were bettered"
    return CubeProof(verdict, directory, status, answer)


def first_placement(
    instance: Domination, limit: float | None, on_progress: OnProgress | None
) -> Placement:
    """The placement a new proof starts from: the best the search finds within ``limit``
    seconds (None: the total variant's half search by the board's size, else FIND_LIMIT_S). A
    placement above the minimum costs the proof a claim that a cube or lemma refutes, and its
    solver finds placements near the optimum slowly, so the total variant starts from the half
    search, which reaches the published optima (bench/results/open_terms.md)."""
    if on_progress is not None:
        on_progress("searching a placement to prove optimal")
    if instance.variant == "total":
        searched = search_total(instance.rows, instance.cols, limit)
        if searched.infeasible:
            raise BoardsatError(
                f"no total placement exists on {instance.rows}x{instance.cols}, so"
                " there is no minimum to prove by cubes"
            )
        placement = sorted([row, col] for row, col in searched.placement)
        if cancelled() and placement:
            answer = _answer(instance, placement, CPSAT, "the half search", searched.seconds)
            raise NoProofBegun(SEARCH_STOPPED, placement, answer)
        if cancelled():
            raise BoardsatError(
                "the search stopped before a placement was found; no proof was begun"
            )
        if not placement:
            raise BoardsatError("no placement was found to prove optimal; give more --time-limit")
        return placement
    found = solve_request(
        DominationRequest(
            instance.rows, instance.cols, instance.variant, time_limit=limit or FIND_LIMIT_S
        )
    )
    if found.result.status is Status.UNSATISFIABLE:
        raise BoardsatError(f"{found.summary()}, so there is no minimum to prove by cubes")
    if cancelled() and found.placement:  # Ctrl-C stopped the search: no proof is begun on it
        placement = sorted([row, col] for row, col in found.placement)
        raise NoProofBegun(SEARCH_STOPPED, placement, found.to_json())
    if cancelled():
        raise BoardsatError(f"{found.summary()}; no proof was begun")
    if not found.placement:
        raise BoardsatError("no placement was found to prove optimal; give more --time-limit")
    return sorted([row, col] for row, col in found.placement)


SEARCH_STOPPED = "the search for a placement to prove was interrupted; no proof was begun"


def _answer(
    instance: Domination,
    best: Placement,
    backend: str,
    encoding: str,
    seconds: float,
    proven: bool = False,
) -> dict[str, Any]:
    """The fields of `domination --json` for ``best`` (so that one schema reads a proof's
    answer too), found on ``backend``; the proof's ``order`` and directory left out (None)."""
    return {
        "rows": instance.rows,
        "cols": instance.cols,
        "variant": instance.variant,
        "status": "OPTIMAL" if proven else "UNKNOWN",
        "knights": len(best),
        "proven_optimal": proven,
        "lower_bound": len(best) if proven else None,
        "placement": best,
        "backend": backend,
        "encoding": encoding,
        "order": None,
        "seconds": round(seconds, 3),
        "proof": None,
        "route": "cubes",
        "split": None,
        "events": [],
    }


def _resumed_claim(
    directory: ProofDirectory, instance: Domination, order: str | None
) -> DominationClaim:
    """The claim a proof directory stands at, refused before any work or note when it is not a
    minimum proof of this board and variant (in this order, when one is given)."""
    manifest = directory.manifest()
    spec, best = manifest["claim"], manifest["best"]
    board = (instance.rows, instance.cols, instance.variant)
    if (
        spec.get("puzzle") != PUZZLE
        or not isinstance(best, list)
        or not best
        or (spec["rows"], spec["cols"], spec["variant"]) != board
        or (order is not None and DominationClaim.from_spec(spec).order != order)
    ):
        raise BoardsatError(
            f"{directory.path} holds the proof of another claim: {manifest['describes']}"
        )
    return DominationClaim.from_spec(spec)


def _root_split(claim: DominationClaim, request: CubeRequest, best: Placement) -> Split:
    halves = half_counts(claim.rows, claim.cols, best) if claim.variant == "total" else None
    return split_claim(
        claim, request.splitter, request.cubes, window_limit=request.lemma_limit, halves=halves
    )


def _mirrored(instance: Domination, placement: Placement) -> Placement:
    """On a board whose colours a reflection swaps, a total placement's smaller half beside its
    mirror image: never more knights, and halves of one size, which one lemma proves."""
    if instance.variant != "total":
        return placement
    return balanced(instance.rows, instance.cols, placement)


def _better_placement(claim: DominationClaim, witness: Settled, best: Placement) -> Placement:
    """The placement a satisfied cube or lemma gives, checked by the rules to refute ``claim``
    (a half lemma's half beside the other half of ``best``)."""
    better = claim.placement(witness.solution)
    if witness.task.startswith(LEMMA_PREFIX):  # a colour's half beat the placement's
        better = beside_other_half(claim.rows, claim.cols, better, best)
    better = _mirrored(Domination(claim.rows, claim.cols, claim.variant), better)
    if claim.counterexample_problems(better):
        raise BoardsatError(f"cube {witness.task} solved to a placement that breaks the rules")
    return better


def _supersede(
    directory: ProofDirectory,
    claim: DominationClaim,
    best: Placement,
    better: Placement,
    task: str,
) -> None:
    """Make the claim that ``better`` opens current: the refuted one's files become its record,
    and the manifest's history says what refuted it."""
    manifest = directory.manifest()
    name = f"{len(best)}-knights"
    fallen = {
        "claim": manifest["claim"],
        "describes": manifest["describes"],
        "best": best,
        "refuted_by": better,
        "found_in": task,
        "record": f"{SUPERSEDED}/{name}",
    }
    history = [*manifest.get("superseded", []), fallen]
    following = dataclasses.replace(claim, at_most=len(better) - 1)
    directory.supersede(name, new_manifest(following, better) | {"superseded": history})


def _carry_over(directory: ProofDirectory) -> None:
    """Lemmas the current split rests on that a superseded claim refuted, for the same formula:
    their verdicts and certificates are copied in, not solved again."""
    settled = directory.settled()
    left = {
        lemma_ident(dict(spec)): dict(spec)
        for split in directory.splits()
        for spec in split.lemmas
        if lemma_ident(dict(spec)) not in settled
    }
    for fallen in reversed(directory.manifest().get("superseded", [])):
        record = ProofDirectory.open(directory.path / fallen["record"])
        for ident, verdict in record.settled().items():
            spec = left.get(ident)
            if spec is not None and verdict.status == REFUTED and _same_formula(spec, verdict):
                directory.adopt(verdict, record.certificate(verdict))
                del left[ident]


def _same_formula(spec: dict[str, Any], verdict: Settled) -> bool:
    """Whether the lemma ``spec`` rebuilds to the formula ``verdict`` refuted (a verdict that
    names none was settled by a route without certificates, on the spec alone)."""
    if verdict.formula_hash is None or verdict.cardinality is None:
        return True
    clauses, _ = cube_formula(claim_from_spec(spec), Cube(), verdict.cardinality)
    return formula_hash(clauses) == verdict.formula_hash


def _listed(numbers: list[int]) -> str:
    words = [str(number) for number in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
