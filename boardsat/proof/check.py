"""Check a proof directory without trusting the solvers that filled it.

A proof is certified when the claim rebuilt from the manifest has the model the proof was made
for; the best answer passes the puzzle's rules; every split covers its parent (literal splits by
a refutation of "some case is missing", checked by boardsat.drup; band splits by enumerating
the profiles again from their certified lemmas); and every leaf cube and lemma is refuted with a
certificate that the project's own checker accepts for the formula rebuilt from the claim and the
cube: boardsat.lrat for LRAT, boardsat.drup for DRUP.
"""

from __future__ import annotations

import itertools
import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from boardsat.conquer import cube_formula, formula_hash
from boardsat.cube import Claim, Cube, Split, model_hash
from boardsat.drup import DrupCheck, check_drup, read_proof
from boardsat.errors import BoardsatError
from boardsat.lookahead import coverage_formula
from boardsat.lrat import LratCheck, check_lrat, lrat_lines
from boardsat.proof.claims import best_problems, claim_from_spec
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.status import REFUTED, leaves, lemma_ident

COVERAGE_SOLVER = "cadical195"
OnChecked = Callable[[int, int], None]


@dataclass(frozen=True)
class ProofCheck:
    """What the check found: ``problems`` empty and nothing uncertified means certified."""

    describes: str
    problems: tuple[str, ...]
    certified: int
    uncertified: int

    @property
    def certified_all(self) -> bool:
        return not self.problems and self.uncertified == 0 and self.certified > 0


def check_proof(
    directory: ProofDirectory, jobs: int = 1, on_checked: OnChecked | None = None
) -> ProofCheck:
    """Check the whole proof; ``jobs`` certificates at once, each in a process of its own."""
    manifest = directory.manifest()
    claim = claim_from_spec(manifest["claim"])
    problems: list[str] = []
    if model_hash(claim.model()) != manifest["model_hash"]:
        problems.append("the claim rebuilds to another model than the proof was made for")
    problems += [f"best answer: {line}" for line in best_problems(claim, manifest["best"])]
    splits = directory.splits()
    settled = directory.settled()
    cubes = {cube.ident: cube for split in splits for cube in split.cubes}
    for split in splits:
        problems += _coverage_problems(claim, split, cubes)
    tasks: list[tuple[str, Claim, Cube]] = [(c.ident, claim, c) for c in leaves(splits)]
    tasks += [
        (lemma_ident(dict(spec)), claim_from_spec(spec), Cube())
        for split in splits
        for spec in split.lemmas
    ]
    certified = uncertified = 0
    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        found = pool.map(
            _refutation_problem,
            itertools.repeat(directory),
            [owner for _, owner, _ in tasks],
            [cube for _, _, cube in tasks],
            [settled.get(ident) for ident, _, _ in tasks],
        )
        checked = list(_counted(found, len(tasks), on_checked))
    for (ident, _, _), problem in zip(tasks, checked, strict=True):
        if problem == "uncertified":
            uncertified += 1
        elif problem:
            problems.append(f"{ident}: {problem}")
        else:
            certified += 1
    return ProofCheck(claim.describe(), tuple(problems), certified, uncertified)


def _counted(found: Iterator[str], total: int, on_checked: OnChecked | None) -> Iterator[str]:
    for done, problem in enumerate(found, 1):
        if on_checked is not None:
            on_checked(done, total)
        yield problem


def _coverage_problems(claim: Claim, split: Split, cubes: dict[str, Cube]) -> list[str]:
    parent = Cube() if not split.parent else cubes.get(split.parent)
    if parent is None:
        return [f"a split covers the unknown cube {split.parent}"]
    own_check = getattr(claim, "split_problems", None)  # a puzzle's own splitter checks itself
    problems = None if own_check is None else own_check(split)
    if problems is not None:
        return list(problems)
    if any(cube.counts != parent.counts for cube in split.cubes):
        return [f"no check is known for the {split.splitter} split"]
    from pysat.solvers import Solver

    clauses = coverage_formula(claim, parent, list(split.cubes))
    with Solver(name=COVERAGE_SOLVER, bootstrap_with=clauses, with_proof=True) as solver:
        if solver.solve():
            return [f"the split of {split.parent or 'the claim'} misses a case"]
        check = check_drup(clauses, solver.get_proof() or [])
    if not check.valid:
        return [f"the coverage proof of {split.parent or 'the claim'} fails: {check.reason}"]
    return []


def _refutation_problem(
    directory: ProofDirectory, claim: Claim, cube: Cube, verdict: Settled | None
) -> str:
    """ "" when the certificate checks, "uncertified" when a route without certificates
    refuted it, otherwise what is wrong."""
    if verdict is None:
        return "not settled"
    if verdict.status != REFUTED:
        return f"not refuted ({verdict.status})"
    path = directory.certificate(verdict)
    if path is None:
        return "uncertified"
    if verdict.cardinality is None:
        return "its certificate names no cardinality encoding"
    clauses, _ = cube_formula(claim, cube, verdict.cardinality)
    if formula_hash(clauses) != verdict.formula_hash:
        return "its certificate refutes another formula than the claim and cube rebuild"
    try:
        if verdict.proof_format == "lrat":
            check: DrupCheck | LratCheck = check_lrat(clauses, lrat_lines(path))
        elif verdict.proof_format == "drup":
            check = check_drup(clauses, read_proof(path))
        else:
            return f"its certificate is in no format this checker knows ({verdict.proof_format})"
    except BoardsatError as error:
        return str(error)
    return "" if check.valid else f"the certificate fails: {check.reason}"
