"""A proof directory written out for a referee who trusts no part of boardsat.

``boardsat proof check`` trusts no solver, but a referee must still trust boardsat's formula
rebuild and its checkers. The export removes both: for every leaf cube, lemma and literal
split's coverage, the exact DIMACS formula its certificate refutes and the certificate in its
standard text form, so that drat-trim, lrat-check or any DRAT checker verifies each pair alone.

An LRAT certificate numbers the clauses of the formula left once its unit clauses have been
propagated (``boardsat.certificates.lrat.reduce_by_units``), so that reduced formula is the one
written; its DRAT view (the same lemmas and deletions, without hints) goes beside it for DRAT
checkers. A DRUP certificate refutes the formula as built, which is written as it is. Each
certificate must have the SHA-256 its directory recorded, and an LRAT one must parse and reach
the empty clause as it is converted, so no empty or swapped certificate goes out; the hints are
``proof check``'s to follow, not the export's.

A split the puzzle checks itself (``split_problems``: by bands or by colour) covers its parent
by construction: its lemmas bound every placement, and its profiles are every count they leave.
No solver runs for it; the manifest says the arithmetic (``split_arithmetic``). A lemma whose
claim can say so names itself in plain fields (``formula_fields``): its board, bound, symmetry
break, and which variable is which square. ``manifest.json`` names each file with its SHA-256,
and ``README`` says how the pieces add up to the claim.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from boardsat.certificates.drup import read_proof
from boardsat.certificates.lrat import lrat_lines, reduce_by_units
from boardsat.certificates.lrat_chain import ChainError, Segment, read_carry, stitch
from boardsat.certificates.lrat_text import write_lrat_and_drat
from boardsat.core.errors import BoardsatError
from boardsat.proof.check import COVERAGE_SOLVER, owning_claim
from boardsat.proof.claims import claim_from_spec
from boardsat.proof.directory import Checkpoint, ProofDirectory, Settled
from boardsat.proof.ledger import certificate_digest
from boardsat.proof.status import REFUTED, Leaf, lemma_ident, split_tree
from boardsat.solving.conquer import cube_formula, formula_hash
from boardsat.solving.cube import Claim, Cube, Split
from boardsat.solving.lookahead import coverage_formula


@dataclass(frozen=True)
class Exported:
    """What went out: the folder, and how many refutations of each kind it holds."""

    folder: Path
    cubes: int
    lemmas: int
    coverage: int


def export_proof(directory: ProofDirectory, out: Path) -> Exported:
    """Write every refutation of a finished proof into the new folder ``out``, whose parent
    must exist; nothing is left behind when a certificate or a write is refused."""
    _refuse_target(out)
    manifest = directory.manifest()
    claim = claim_from_spec(manifest["claim"])
    grown = split_tree(directory.splits())
    settled = directory.settled()
    tasks = [
        ("lemma" if leaf.is_lemma else "cube", leaf.ident, owning_claim(claim, leaf), leaf.cube)
        for leaf in grown.leaves()
    ]
    missing = [ident for _, ident, _, _ in tasks if _certified(settled.get(ident)) is None]
    if not grown.splits or grown.problems or missing:
        why = (
            grown.problems[0]
            if grown.problems
            else "it is not split yet"
            if not grown.splits
            else f"{len(missing)} refutations lack a certificate"
        )
        raise BoardsatError(f"{directory.path} is not a finished, certified proof: {why}")
    try:
        out.mkdir()
    except OSError as error:
        raise BoardsatError(f"cannot write {out}: {error.strerror or error}") from None
    files: dict[str, str] = {}
    try:
        coverage = [
            _export_coverage(out, files, claim, split, grown.nodes, index)
            for index, split in enumerate(grown.splits)
        ]
        entries = []
        for kind, ident, owner, cube in tasks:
            verdict = _certified(settled[ident])
            assert verdict is not None
            entries.append(
                _export_refutation(directory, out, files, kind, ident, owner, cube, verdict)
            )
        document = {
            "claim": manifest["claim"],
            "describes": claim.describe(),
            "grounds": claim.grounds(),
            "best": manifest["best"],
            "refutations": entries,
            "splits": coverage,
            "files": files,
        }
        _write(out, {}, "manifest.json", json.dumps(document, indent=2) + "\n")
        _write(out, {}, "README", _readme(claim, tasks, entries, coverage))
    except (BoardsatError, OSError) as error:
        shutil.rmtree(out, ignore_errors=True)  # half an export checks nothing, and blocks a rerun
        if isinstance(error, BoardsatError):
            raise
        raise BoardsatError(f"cannot write {out}: {error.strerror or error}") from None
    return Exported(out, _count(entries, "cube"), _count(entries, "lemma"), len(coverage))


def _refuse_target(out: Path) -> None:
    """Refuse, in one line, a folder that exists or whose parent is missing or not writable."""
    parent = out.absolute().parent
    try:
        if out.exists() or out.is_symlink():
            raise BoardsatError(f"{out} exists already; it is not overwritten")
        if not parent.is_dir():
            raise BoardsatError(f"cannot write {out}: there is no folder {parent}")
    except OSError as error:  # such as a name too long
        raise BoardsatError(f"cannot write {out}: {error.strerror or error}") from None
    if not os.access(parent, os.W_OK | os.X_OK):
        raise BoardsatError(f"cannot write {out}: the folder {parent} is not writable")


def _certified(verdict: Settled | None) -> Settled | None:
    if verdict is None or verdict.status != REFUTED or verdict.certificate is None:
        return None
    return verdict if verdict.cardinality is not None else None


def _count(entries: Sequence[dict[str, Any]], kind: str) -> int:
    return sum(1 for entry in entries if entry["kind"] == kind)


def _export_refutation(
    directory: ProofDirectory,
    out: Path,
    files: dict[str, str],
    kind: str,
    ident: str,
    claim: Claim,
    cube: Cube,
    verdict: Settled,
) -> dict[str, Any]:
    """One cube's or lemma's formula and certificate, in the forms outside checkers read, and
    the claim in plain fields where it can say itself so."""
    clauses, top = cube_formula(claim, cube, verdict.cardinality or "")
    if formula_hash(clauses) != verdict.formula_hash:
        raise BoardsatError(f"{ident}: its certificate refutes another formula than the rebuild")
    path = directory.certificate(verdict)
    assert path is not None
    _check_digest(ident, path, verdict)
    entry: dict[str, Any] = {
        "kind": kind,
        "ident": ident,
        "cube": cube.to_json(),
        "cardinality": verdict.cardinality,
    }
    fields = getattr(claim, "formula_fields", None)
    if fields is not None:
        entry["claim"] = fields(verdict.cardinality)
    if verdict.proof_format == "lrat":
        reduced = reduce_by_units(clauses)
        if reduced is None:  # propagation alone refutes it: the formula as built, an empty proof
            entry["formula"] = _write(out, files, f"{ident}.cnf", _dimacs(clauses, top))
            entry["drat"] = _write(out, files, f"{ident}.drat", "0\n")
            entry["note"] = "unit propagation refutes the formula"
            return entry
        formula, units = reduced
        entry["formula"] = _write(out, files, f"{ident}.cnf", _dimacs(formula, top))
        entry["units_propagated"] = len(units)
        entry["as_built"] = formula == clauses  # so the claim's clauses are there word for word
        entry["lrat"], entry["drat"] = f"{ident}.lrat", f"{ident}.drat"
        lines = lrat_lines(path)
        if verdict.chain:  # refuted across runs: one proof stitched from every run's
            lines = _stitched(directory, clauses, verdict)
            entry["runs"] = len(verdict.chain) + 1
        with _Sink(out, files, entry["lrat"]) as lrat, _Sink(out, files, entry["drat"]) as drat:
            write_lrat_and_drat(lines, formula, lrat.write, drat.write, str(path))
        return entry
    if verdict.proof_format != "drup":
        raise BoardsatError(f"{ident}: a certificate in no known format ({verdict.proof_format})")
    entry["formula"] = _write(out, files, f"{ident}.cnf", _dimacs(clauses, top))
    entry["drat"] = _write(
        out, files, f"{ident}.drat", "".join(f"{line}\n" for line in read_proof(path))
    )
    return entry


def _stitched(
    directory: ProofDirectory, clauses: list[list[int]], verdict: Settled
) -> Iterator[bytes]:
    """The one refutation of ``clauses`` stitched from a chain of runs' certificates, each
    checked against its recorded digest, as is each carry file."""
    segments = []
    carried: list[tuple[int, ...]] = []
    for segment in verdict.chain:
        path = directory.certificate(segment)
        carry = directory.carry(segment)
        if path is None or carry is None:
            raise BoardsatError(
                f"{verdict.task}: segment {segment.segment}'s certificate or carry file is not"
                f" here; `boardsat proof regenerate` solves it again"
            )
        _check_digest(f"{verdict.task} segment {segment.segment}", path, segment)
        handed = read_carry(carry)
        segments.append(Segment(carried, lrat_lines(path), handed))
        carried = [item.literals for item in handed]
    last = directory.certificate(verdict)
    assert last is not None
    segments.append(Segment(carried, lrat_lines(last), ()))
    try:
        yield from stitch(clauses, segments)
    except ChainError as error:
        raise BoardsatError(
            f"{verdict.task}: its runs' certificates do not chain: {error}"
        ) from None


def _check_digest(ident: str, path: Path, verdict: Settled | Checkpoint) -> None:
    """Refuse a certificate whose bytes are not those the directory recorded (a proof from
    before digests were kept records none: its certificate must still reach the empty clause)."""
    if verdict.certificate_sha256 is None:
        return
    try:
        found = certificate_digest(path)
    except OSError as error:
        raise BoardsatError(f"cannot read {path}: {error.strerror or error}") from None
    if found != verdict.certificate_sha256:
        raise BoardsatError(
            f"{ident}: its certificate {path} has SHA-256 {found[:16]}…, not the"
            f" {verdict.certificate_sha256[:16]}… recorded; `boardsat proof regenerate` solves it"
            " again"
        )


class _Sink:
    """A new file of the export written in pieces, its SHA-256 taken on the way."""

    def __init__(self, out: Path, files: dict[str, str], name: str) -> None:
        self._files, self._name = files, name
        self._digest = hashlib.sha256()
        self._handle = (out / name).open("xb")

    def write(self, data: bytes) -> None:
        self._digest.update(data)
        self._handle.write(data)

    def __enter__(self) -> _Sink:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, _: TracebackType | None
    ) -> None:
        self._handle.close()
        if kind is None:
            self._files[self._name] = self._digest.hexdigest()


def _export_coverage(
    out: Path,
    files: dict[str, str],
    claim: Claim,
    split: Split,
    tree: dict[str, Leaf],
    index: int,
) -> dict[str, Any]:
    """How a split covers its parent: by construction for a split its puzzle checks itself
    (bands, colours), with the arithmetic where the puzzle says it; otherwise a refuted formula,
    "some case is missing", for a split on literals."""
    parent = Leaf("", Cube()) if not split.parent else tree[split.parent]
    whose = owning_claim(claim, parent)
    named = split.parent or "the claim"
    entry: dict[str, Any] = {
        "parent": named,
        "splitter": split.splitter,
        "cubes": [parent.child(cube).ident for cube in split.cubes],
        "lemmas": [lemma_ident(dict(spec)) for spec in split.lemmas],
    }
    own_check = getattr(whose, "split_problems", None)  # as proof check's _coverage_problems
    problems = None if own_check is None else own_check(split)
    if problems is not None:
        if problems:
            raise BoardsatError(f"the split of {named} does not cover it: {problems[0]}")
        grounds = getattr(whose, "split_grounds", lambda _: None)(split)
        entry["covered_by"] = (
            "construction, checked again by proof check: "
            + (grounds or "every count profile the lemmas allow is a cube")
            + "; each lemma is refuted above"
        )
        arithmetic = getattr(whose, "split_arithmetic", lambda _: None)(split)
        if arithmetic:
            entry["arithmetic"] = arithmetic
        return entry
    if any(cube.counts != parent.cube.counts for cube in split.cubes):
        raise BoardsatError(f"no check is known for the {split.splitter} split of {named}")
    from pysat.solvers import Solver

    clauses = coverage_formula(whose, parent.cube, list(split.cubes))
    with Solver(name=COVERAGE_SOLVER, bootstrap_with=clauses, with_proof=True) as solver:
        if solver.solve():
            raise BoardsatError(f"the split of {named} misses a case")
        proof = solver.get_proof() or []
    top = max((abs(literal) for clause in clauses for literal in clause), default=0)
    name = f"coverage-{index}"
    entry["covered_by"] = "the refutation of: the parent holds and no cube does"
    entry["formula"] = _write(out, files, f"{name}.cnf", _dimacs(clauses, top))
    entry["drat"] = _write(out, files, f"{name}.drat", "".join(f"{line}\n" for line in proof))
    return entry


def _dimacs(clauses: Sequence[Sequence[int]], top: int) -> str:
    variables = max([top, *(abs(literal) for clause in clauses for literal in clause)])
    return "".join(_lines(clauses, variables))


def _lines(clauses: Sequence[Sequence[int]], variables: int) -> Iterator[str]:
    yield f"p cnf {variables} {len(clauses)}\n"
    for clause in clauses:
        yield " ".join(map(str, [*clause, 0])) + "\n"


def _write(out: Path, files: dict[str, str], name: str, text: str) -> str:
    data = text.encode()
    (out / name).write_bytes(data)
    files[name] = hashlib.sha256(data).hexdigest()
    return name


def _readme(
    claim: Claim,
    tasks: Sequence[tuple[str, str, Claim, Cube]],
    entries: Sequence[dict[str, Any]],
    coverage: Sequence[dict[str, Any]],
) -> str:
    lrat = sum(1 for entry in entries if "lrat" in entry)
    solved = sum(1 for entry in coverage if "formula" in entry)
    sums = [
        f"\nThe split of {entry['parent']}, by {entry['splitter']}, adds up so:\n"
        + "".join(f"  - {line}\n" for line in entry["arithmetic"])
        for entry in coverage
        if "arithmetic" in entry
    ]
    parts = {
        part: None
        for (_, _, owner, _), entry in zip(tasks, entries, strict=True)
        if "claim" in entry
        for part in getattr(owner, "formula_parts", lambda _: ())(entry["cardinality"])
    }
    holds = (
        "\nWhat a lemma's formula holds (manifest: each refutation's \"claim\" names its board,"
        ' bound, symmetries, order, encoding, and in "variables" the square of each knight\'s'
        " variable; every other variable is the counter's or the lex-leader's):\n"
        + "".join(f"  - {part}\n" for part in parts)
        if parts
        else ""
    )
    return f"""The claim: {claim.describe()}.
Why refuting the formulas proves it: {claim.grounds() or "each formula is the claim's model under one cube."}

manifest.json lists every file with its SHA-256 (check them: sha256sum), and for each
refutation its cube, the cardinality encoding in its formula, and its files.

Each refutation is a pair: IDENT.cnf (DIMACS) and IDENT.drat (DRAT, also DRUP), and for the
{lrat} solved by CaDiCaL also IDENT.lrat. The LRAT numbers the clauses of IDENT.cnf, which is
the formula once its unit clauses were propagated ("as_built": true when there were none, so
the clauses are the claim's word for word). Check with drat-trim
(https://github.com/marijnheule/drat-trim), built from its public source:

    drat-trim IDENT.cnf IDENT.drat        # each DRAT pair: "s VERIFIED"
    lrat-check IDENT.cnf IDENT.lrat       # each LRAT pair: "c VERIFIED"

The pieces add up: the splits (manifest "splits") cover the claim. {solved} literal splits
are covered by the refutation of coverage-N.cnf ("the parent holds and no cube does"). A split
by counts or by colour is covered by construction, with no formula: its lemmas bound every
placement, and every count profile they leave is a cube. Every leaf cube and lemma is refuted.
{"".join(sums)}{holds}"""
