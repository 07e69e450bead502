"""Check a proof directory without trusting the solvers that filled it.

A proof is certified when the claim rebuilt from the manifest has the model the proof was made
for; the best answer passes the puzzle's rules; each claim refuted on the way (the manifest's
``superseded``) fell to an answer that passes the rules too, which needs no solver; the splits
form one tree grown from the claim's (``split_tree``); every split covers its parent (literal
splits by
a refutation of "some case is missing", checked by boardsat.certificates.drup; band splits by enumerating
the profiles again from their certified lemmas); and every leaf cube and lemma is refuted with a
certificate that the project's own checker accepts for the formula rebuilt from the claim and the
cube: boardsat.certificates.lrat for LRAT, boardsat.certificates.drup for DRUP.
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from boardsat.certificates.drup import DrupCheck, check_drup, read_proof
from boardsat.certificates.lrat import LratCheck, check_derivation, check_lrat, lrat_lines
from boardsat.certificates.lrat_chain import read_carry
from boardsat.core.child import child_context
from boardsat.core.errors import BoardsatError
from boardsat.core.wording import counted
from boardsat.proof.claims import best_problems, claim_from_spec
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.ledger import CheckLedger, certificate_digest
from boardsat.proof.status import REFUTED, Leaf, split_tree
from boardsat.solving.conquer import Verdict, cube_formula, formula_hash
from boardsat.solving.cube import Claim, Cube, Split, model_hash
from boardsat.solving.lookahead import coverage_formula

COVERAGE_SOLVER = "cadical195"
UNCERTIFIED = "uncertified"  # refuted by a route that writes no certificate
MISSING = "missing"  # refuted with a certificate that is not in the directory
OnChecked = Callable[[int, int], None]


@dataclass(frozen=True)
class ProofCheck:
    """What the check found: ``problems`` empty and nothing uncertified means certified;
    ``from_ledger`` of the ``certified`` were accepted by an earlier check, as its ledger says."""

    describes: str
    problems: tuple[str, ...]
    certified: int
    uncertified: int
    from_ledger: int = 0
    grounds: str | None = None  # why refuting the formula proves the claim (Claim.grounds)
    earlier: int = 0  # claims refuted on the way, each by an answer the rules validate
    missing: tuple[str, ...] = ()  # refuted, but their certificates are not here (regenerate)

    def earlier_line(self) -> str | None:
        """One line on the claims refuted on the way, when there were any."""
        if not self.earlier:
            return None
        return (
            f"{counted(self.earlier, 'earlier claim')} refuted by placements the rules validate"
            " (their records are in superseded/)"
        )

    @property
    def certified_all(self) -> bool:
        return (
            not self.problems and not self.missing and self.uncertified == 0 and self.certified > 0
        )


def check_proof(
    directory: ProofDirectory,
    jobs: int = 1,
    on_checked: OnChecked | None = None,
    ledger: CheckLedger | None = None,
) -> ProofCheck:
    """Check the whole proof; ``jobs`` certificates at once, each in a process of its own. With
    a ``ledger``, a certificate it holds for the same formula is not checked again, and each one
    accepted now is written to it at once."""
    manifest = directory.manifest()
    claim = claim_from_spec(manifest["claim"])
    problems: list[str] = []
    if model_hash(claim.model()) != manifest["model_hash"]:
        problems.append("the claim rebuilds to another model than the proof was made for")
    problems += [f"best answer: {line}" for line in best_problems(claim, manifest["best"])]
    fallen = manifest.get("superseded", [])
    problems += _earlier_problems(claim, fallen)
    splits = directory.splits()
    if not splits:
        problems.append("the claim is not split into cubes yet: nothing is refuted")
    grown = split_tree(splits)
    problems += grown.problems
    settled = directory.settled()
    for split in grown.splits:
        problems += _coverage_problems(claim, split, grown.nodes)
    tasks = [(leaf.ident, owning_claim(claim, leaf), leaf.cube) for leaf in grown.leaves()]
    verdicts = [settled.get(ident) for ident, _, _ in tasks]
    accepted = [
        None if ledger is None or verdict is None else ledger.accepted_for(verdict.formula_hash)
        for verdict in verdicts
    ]
    certified = uncertified = from_ledger = 0
    missing: list[str] = []
    with ProcessPoolExecutor(max_workers=jobs, mp_context=child_context()) as pool:
        found = pool.map(
            _refutation_problem,
            itertools.repeat(directory),
            [owner for _, owner, _ in tasks],
            [cube for _, _, cube in tasks],
            verdicts,
            accepted,
        )
        for done, ((ident, _, _), verdict, checked) in enumerate(
            zip(tasks, verdicts, found, strict=True), 1
        ):
            if checked.problem == UNCERTIFIED:
                uncertified += 1
            elif checked.problem == MISSING:
                missing.append(ident)
            elif checked.problem:
                problems.append(f"{ident}: {checked.problem}")
            else:
                certified += 1
                from_ledger += checked.from_ledger
            if ledger is not None and checked.digest and verdict and verdict.formula_hash:
                ledger.accept(checked.digest, verdict.formula_hash)
            if on_checked is not None:
                on_checked(done, len(tasks))
    return ProofCheck(
        claim.describe(),
        tuple(problems),
        certified,
        uncertified,
        from_ledger,
        _grounds(claim, grown.splits),
        len(fallen),
        tuple(missing),
    )


def _earlier_problems(claim: Claim, fallen: list[dict[str, Any]]) -> list[str]:
    """What is wrong with the record of the claims refuted on the way: each asks this claim's
    question with another bound, and fell to an answer that its puzzle's rules validate."""
    problems = []
    asked = {key: value for key, value in claim.spec().items() if key != "at_most"}
    for number, entry in enumerate(fallen, 1):
        try:
            earlier = claim_from_spec(entry["claim"])
            refuted_by = entry["refuted_by"]
        except (BoardsatError, KeyError, TypeError) as error:
            problems.append(f"earlier claim {number} cannot be read ({error})")
            continue
        if {key: value for key, value in earlier.spec().items() if key != "at_most"} != asked:
            problems.append(f"earlier claim {number} asks another question: {earlier.describe()}")
        check = getattr(earlier, "counterexample_problems", None)
        found = ["no check is known for its answer"] if check is None else check(refuted_by)
        problems += [f"earlier claim {number} ({earlier.describe()}): {line}" for line in found]
    return problems


def _grounds(claim: Claim, splits: Sequence[Split]) -> str | None:
    """Why refuting the formula proves the claim, and why each split's cases are all the cases
    (a puzzle's own splitter may say: ``split_grounds``)."""
    said = [claim.grounds()]
    own = getattr(claim, "split_grounds", None)
    if own is not None:
        said += [own(split) for split in splits]
    return "; ".join(dict.fromkeys(line for line in said if line)) or None


def owning_claim(claim: Claim, leaf: Leaf) -> Claim:
    """The claim whose formula ``leaf`` restricts: the proof's, or the lemma's it belongs to."""
    return claim if leaf.lemma is None else claim_from_spec(leaf.lemma)


def _coverage_problems(claim: Claim, split: Split, tree: dict[str, Leaf]) -> list[str]:
    """What is wrong with how ``split`` covers its parent: a cube or lemma of ``tree``, or the
    claim. A lemma's split covers the lemma's formula."""
    parent = Leaf("", Cube()) if not split.parent else tree[split.parent]
    whose = owning_claim(claim, parent)
    own_check = getattr(whose, "split_problems", None)  # a puzzle's own splitter checks itself
    problems = None if own_check is None else own_check(split)
    if problems is not None:
        return list(problems)
    if any(cube.counts != parent.cube.counts for cube in split.cubes):
        return [f"no check is known for the {split.splitter} split"]
    from pysat.solvers import Solver

    try:
        clauses = coverage_formula(whose, parent.cube, list(split.cubes))
    except BoardsatError as error:
        return [f"the split of {split.parent or 'the claim'} cannot be rebuilt: {error}"]
    with Solver(name=COVERAGE_SOLVER, bootstrap_with=clauses, with_proof=True) as solver:
        if solver.solve():
            return [f"the split of {split.parent or 'the claim'} misses a case"]
        check = check_drup(clauses, solver.get_proof() or [])
    if not check.valid:
        return [f"the coverage proof of {split.parent or 'the claim'} fails: {check.reason}"]
    return []


class _Checked(NamedTuple):
    """One task's check: ``problem`` "" when its certificate checks, "uncertified" when a route
    without certificates refuted it, otherwise what is wrong; ``digest`` of a certificate
    accepted now, for the ledger; ``from_ledger`` when the ledger had accepted it before."""

    problem: str
    digest: str | None = None
    from_ledger: bool = False


def _refutation_problem(
    directory: ProofDirectory,
    claim: Claim,
    cube: Cube,
    verdict: Settled | None,
    accepted: frozenset[str] | None,
) -> _Checked:
    """The check of one cube's or lemma's refutation; ``accepted`` (None without a ledger) the
    certificate digests a ledger holds for the formula the verdict names."""
    if verdict is None:
        return _Checked("not settled")
    if verdict.status != REFUTED:
        return _Checked(f"not refuted ({verdict.status})")
    path = directory.certificate(verdict)
    if path is None and verdict.certificate_sha256 is None:
        return _Checked(UNCERTIFIED)
    if verdict.cardinality is None:
        return _Checked("its certificate names no cardinality encoding")
    try:
        clauses, _ = cube_formula(claim, cube, verdict.cardinality)
    except BoardsatError as error:  # the directory names an encoding there is none of
        return _Checked(f"its formula cannot be rebuilt: {error}")
    if formula_hash(clauses) != verdict.formula_hash:
        return _Checked("its certificate refutes another formula than the claim and cube rebuild")
    if verdict.chain:
        return _Checked(chain_problem(directory, clauses, verdict))
    if path is None or not path.is_file():  # taken from a ledger of settled leaves, or lost
        return _Checked(MISSING)
    try:
        digest = None if accepted is None else certificate_digest(path)
        if accepted and digest in accepted:
            return _Checked("", from_ledger=True)
    except OSError as error:
        return _Checked(f"its certificate cannot be read: {error.strerror or error}")
    problem = certificate_problem(clauses, path, verdict.proof_format)
    return _Checked(problem, None if problem else digest)


def chain_problem(directory: ProofDirectory, clauses: list[list[int]], verdict: Settled) -> str:
    """What is wrong with a refutation across runs (MISSING when a certificate or a carry file
    is not here): each segment derives what it hands on from the formula and what it was
    handed, and the last refutes the formula and what it was handed."""
    carried: list[Sequence[int]] = []
    handed_on = None
    for segment in verdict.chain:
        path = directory.certificate(segment)
        carry = directory.carry(segment)
        named = None if segment.carry is None else directory.path / segment.carry
        if carry is None and named is not None and named.is_file():
            return f"its segment {segment.segment}'s carry file is not the one its record names"
        if path is None or not path.is_file() or carry is None:
            return MISSING
        if segment.formula_hash != verdict.formula_hash or segment.carried_in_sha256 != handed_on:
            return f"its segment {segment.segment} is not of the chain its refutation names"
        problem = segment_problem(clauses, carried, path, carry)
        if problem:
            return f"segment {segment.segment}: {problem}"
        carried = [item.literals for item in read_carry(carry)]
        handed_on = segment.carry_sha256
    path = directory.certificate(verdict)
    if path is None or not path.is_file():
        return MISSING
    return segment_problem(clauses, carried, path, None)


def segment_problem(
    clauses: list[list[int]], carried_in: Sequence[Sequence[int]], path: Path, carry: bytes | None
) -> str:
    """What is wrong with one segment's LRAT certificate at ``path``, on ``clauses`` and the
    clauses ``carried_in``: as a derivation of what the carry file ``carry`` hands on, or, when
    it hands nothing on, as a refutation ("" when the checker accepts it)."""
    formula = [*clauses, *(list(clause) for clause in carried_in)]
    if carry is None:
        return certificate_problem(formula, path, "lrat")
    try:
        handed = [(item.number, item.literals) for item in read_carry(carry)]
        check = check_derivation(formula, lrat_lines(path), handed)
    except ValueError as error:  # a BoardsatError is a ValueError too
        return f"its certificate or carry file cannot be read: {error}"
    return "" if check.valid else f"the certificate fails: {check.reason}"


def certificate_problem(clauses: list[list[int]], path: Path, proof_format: str | None) -> str:
    """What is wrong with the certificate at ``path`` as a refutation of ``clauses`` ("" when
    boardsat's own checker accepts it)."""
    try:
        if proof_format == "lrat":
            check: DrupCheck | LratCheck = check_lrat(clauses, lrat_lines(path))
        elif proof_format == "drup":
            check = check_drup(clauses, read_proof(path))
        else:
            return f"its certificate is in no format this checker knows ({proof_format})"
    except BoardsatError as error:
        return str(error)
    except OSError as error:
        return f"its certificate cannot be read: {error.strerror or error}"
    return "" if check.valid else f"the certificate fails: {check.reason}"


def fresh_segment_problem(
    claim: Claim, cube: Cube, verdict: Verdict, carried_in: bytes | None
) -> str:
    """``fresh_certificate_problem`` for one segment of a lemma solved across runs: a
    refutation, or the derivation of what it hands on, from the carry file ``carried_in``."""
    clauses, _ = cube_formula(claim, cube, verdict.cardinality or "")
    if verdict.proof is None or formula_hash(clauses) != verdict.formula_hash:
        return "its certificate is of another formula than the claim and cube rebuild"
    carried = [] if carried_in is None else [item.literals for item in read_carry(carried_in)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "certificate"
        path.write_bytes(verdict.proof)
        return segment_problem(clauses, carried, path, verdict.carry)


def fresh_certificate_problem(claim: Claim, cube: Cube, verdict: Verdict) -> str:
    """What is wrong with a certificate just solved, still in memory, as a refutation of the
    formula rebuilt from ``claim`` and ``cube`` ("" when the checker accepts it): the check a
    run makes before it writes a leaf into its ledger of settled leaves."""
    clauses, _ = cube_formula(claim, cube, verdict.cardinality or "")
    if verdict.proof is None or formula_hash(clauses) != verdict.formula_hash:
        return "its certificate refutes another formula than the claim and cube rebuild"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "certificate"
        path.write_bytes(verdict.proof)
        return certificate_problem(clauses, path, verdict.proof_format)
