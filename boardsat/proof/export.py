"""A proof directory written out for a referee who trusts no part of boardsat.

``boardsat proof check`` trusts no solver, but a referee must still trust boardsat's formula
rebuild and its checkers. The export removes both: for every leaf cube, lemma and literal
split's coverage, the exact DIMACS formula its certificate refutes and the certificate in its
standard text form, so that drat-trim, lrat-check or any DRAT checker verifies each pair alone.

An LRAT certificate numbers the clauses of the formula left once its unit clauses have been
propagated (``boardsat.certificates.lrat.reduce_by_units``), so that reduced formula is the one written; its
DRAT view (the same lemmas and deletions, without hints) goes beside it for DRAT checkers. A
DRUP certificate refutes the formula as built, which is written as it is. A band split covers
its parent by construction, its profiles enumerated from its lemmas, which are exported and
certified like cubes. ``manifest.json`` names each file with its SHA-256, and ``README`` says
how the pieces add up to the claim.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardsat.certificates.drup import read_proof
from boardsat.certificates.lrat import lrat_lines, reduce_by_units
from boardsat.core.errors import BoardsatError
from boardsat.proof.check import COVERAGE_SOLVER, owning_claim
from boardsat.proof.claims import claim_from_spec
from boardsat.proof.directory import ProofDirectory, Settled
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
    """Write every refutation of a finished proof into the new folder ``out``."""
    if out.exists():
        raise BoardsatError(f"{out} exists already; it is not overwritten")
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
    out.mkdir(parents=True)
    files: dict[str, str] = {}
    entries = []
    try:
        for kind, ident, owner, cube in tasks:
            verdict = _certified(settled[ident])
            assert verdict is not None
            entries.append(
                _export_refutation(directory, out, files, kind, ident, owner, cube, verdict)
            )
        coverage = [
            _export_coverage(out, files, claim, split, grown.nodes, index)
            for index, split in enumerate(grown.splits)
        ]
    except BoardsatError:
        shutil.rmtree(out)  # half an export checks nothing, and its name would refuse a rerun
        raise
    document = {
        "claim": manifest["claim"],
        "describes": claim.describe(),
        "grounds": claim.grounds(),
        "best": manifest["best"],
        "refutations": entries,
        "splits": coverage,
        "files": files,
    }
    (out / "manifest.json").write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    (out / "README").write_text(_readme(claim, entries, coverage), encoding="utf-8")
    return Exported(out, _count(entries, "cube"), _count(entries, "lemma"), len(coverage))


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
    """One cube's or lemma's formula and certificate, in the forms outside checkers read."""
    clauses, top = cube_formula(claim, cube, verdict.cardinality or "")
    if formula_hash(clauses) != verdict.formula_hash:
        raise BoardsatError(f"{ident}: its certificate refutes another formula than the rebuild")
    path = directory.certificate(verdict)
    assert path is not None
    entry: dict[str, Any] = {
        "kind": kind,
        "ident": ident,
        "cube": cube.to_json(),
        "cardinality": verdict.cardinality,
    }
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
        lrat, drat = _lrat_and_drat(path, formula)
        entry["lrat"] = _write(out, files, f"{ident}.lrat", lrat)
        entry["drat"] = _write(out, files, f"{ident}.drat", drat)
        return entry
    if verdict.proof_format != "drup":
        raise BoardsatError(f"{ident}: a certificate in no known format ({verdict.proof_format})")
    entry["formula"] = _write(out, files, f"{ident}.cnf", _dimacs(clauses, top))
    entry["drat"] = _write(
        out, files, f"{ident}.drat", "".join(f"{line}\n" for line in read_proof(path))
    )
    return entry


def _lrat_and_drat(path: Path, formula: Sequence[Sequence[int]]) -> tuple[str, str]:
    """The LRAT certificate as text, and its DRAT view: each lemma without its hints, each
    deletion by its clause's literals (DRAT names clauses by content, LRAT by number)."""
    alive: dict[int, Sequence[int]] = dict(enumerate(formula, start=1))
    lrat: list[str] = []
    drat: list[str] = []
    for number, raw in enumerate(lrat_lines(path), start=1):
        try:
            tokens = raw.decode().split()
            if not tokens or tokens[0] == "c":
                continue
            if tokens[1] == "d":
                deleted = list(map(int, tokens[2:-1]))
            else:
                values = list(map(int, tokens))
                lemma = values[1 : values.index(0, 1)]
        except (IndexError, ValueError):  # UnicodeDecodeError is a ValueError
            raise BoardsatError(
                f"{path}: line {number} is no LRAT step ({raw[:40]!r}); `boardsat proof check`"
                " checks every certificate"
            ) from None
        lrat.append(" ".join(tokens))
        if tokens[1] == "d":
            for ident in deleted:
                gone = alive.pop(ident, None)
                if gone is not None:
                    drat.append("d " + " ".join(map(str, gone)) + " 0")
            continue
        alive[values[0]] = lemma
        drat.append(" ".join(map(str, [*lemma, 0])))
    return "\n".join(lrat) + "\n", "\n".join(drat) + "\n"


def _export_coverage(
    out: Path,
    files: dict[str, str],
    claim: Claim,
    split: Split,
    tree: dict[str, Leaf],
    index: int,
) -> dict[str, Any]:
    """How a split covers its parent: a refuted formula ("some case is missing") for a split
    on literals, or the puzzle's own construction for a split by counts (its lemmas above)."""
    parent = Leaf("", Cube()) if not split.parent else tree[split.parent]
    entry: dict[str, Any] = {
        "parent": split.parent or "the claim",
        "splitter": split.splitter,
        "cubes": [parent.child(cube).ident for cube in split.cubes],
        "lemmas": [lemma_ident(dict(spec)) for spec in split.lemmas],
    }
    if any(cube.counts != parent.cube.counts for cube in split.cubes):
        entry["covered_by"] = (
            "construction: every count profile the lemmas allow is a cube (proof check"
            " enumerates them again); each lemma is refuted above"
        )
        return entry
    from pysat.solvers import Solver

    clauses = coverage_formula(owning_claim(claim, parent), parent.cube, list(split.cubes))
    with Solver(name=COVERAGE_SOLVER, bootstrap_with=clauses, with_proof=True) as solver:
        if solver.solve():
            raise BoardsatError(f"the split of {entry['parent']} misses a case")
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
    claim: Claim, entries: Sequence[dict[str, Any]], coverage: Sequence[dict[str, Any]]
) -> str:
    lrat = sum(1 for entry in entries if "lrat" in entry)
    covered = sum(1 for entry in coverage if "formula" in entry)
    return f"""The claim: {claim.describe()}.
Why refuting the formulas proves it: {claim.grounds() or "each formula is the claim's model under one cube."}

manifest.json lists every file with its SHA-256 (check them: sha256sum), and for each
refutation its cube, the cardinality encoding in its formula, and its files.

Each refutation is a pair: IDENT.cnf (DIMACS) and IDENT.drat (DRAT, also DRUP), and for the
{lrat} solved by CaDiCaL also IDENT.lrat. The LRAT numbers the clauses of IDENT.cnf, which is
the formula once its unit clauses were propagated. Check with drat-trim
(https://github.com/marijnheule/drat-trim), built from its public source:

    drat-trim IDENT.cnf IDENT.drat        # each DRAT pair: "s VERIFIED"
    lrat-check IDENT.cnf IDENT.lrat       # each LRAT pair: "c VERIFIED"

The pieces add up: the splits (manifest "splits") cover the claim. {covered} literal splits
are covered by the refutation of coverage-N.cnf ("the parent holds and no cube does"); a split
by counts is covered by construction, every count profile its lemmas allow being a cube, and
its lemmas are refuted like the cubes. Every leaf cube and every lemma is refuted.
"""
