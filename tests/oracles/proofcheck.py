"""An independent DRUP check of the proofs boardsat writes, for tests.

Every added lemma must follow from the clauses before it by unit propagation (reverse unit
propagation), and the empty clause must be derived. Deletions are ignored: keeping a clause that
follows from the formula can only make propagation stronger, never admit a wrong lemma. The
propagation runs on python-sat's MiniSat, a different solver from the one that wrote the proof.

``check_drup`` also asks boardsat's own checker (``boardsat.certificates.drup``) and insists that both agree,
so every proof the suite writes passes through both. ``check_certificate`` does the same for the
certificates cubes keep, in either format: an LRAT proof's lemmas, read without their hints, must
follow by MiniSat's propagation too, and ``boardsat.certificates.lrat`` must agree.
"""

from __future__ import annotations

import gzip
import lzma
from collections.abc import Sequence
from pathlib import Path

from pysat.formula import CNF
from pysat.solvers import Solver

from boardsat.certificates import drup, lrat


def check_drup(cnf_path: str | Path, proof_path: str | Path) -> bool:
    """MiniSat's verdict on the proof, once boardsat's checker has given the same one."""
    verdict = minisat_check_drup(cnf_path, proof_path)
    own = drup.check_drup(drup.read_cnf(cnf_path).clauses, drup.read_proof(proof_path))
    assert own.valid == verdict, f"boardsat.certificates.drup disagrees with MiniSat: {own.reason}"
    return verdict


def check_certificate(clauses: Sequence[Sequence[int]], proof_format: str, proof: bytes) -> bool:
    """MiniSat's verdict on a compressed certificate, once boardsat's checker has given the same."""
    data = gzip.decompress(proof) if proof_format == "lrat" else lzma.decompress(proof)
    lines = data.decode().splitlines()
    if proof_format == "lrat":
        own = lrat.check_lrat(clauses, lines)
        steps = [line.split() for line in lines if line.split()[1] != "d"]
        lemmas: list[list[int]] | None = [
            [int(token) for token in tokens[1 : tokens.index("0")]] for tokens in steps
        ]
    else:
        own = drup.check_drup(clauses, lines)
        lemmas = _drup_lemmas(lines)
    verdict = lemmas is not None and minisat_rup(clauses, lemmas)
    assert own.valid == verdict, (
        f"boardsat's {proof_format} checker disagrees with MiniSat: {own.reason}"
    )
    return verdict


def minisat_check_drup(cnf_path: str | Path, proof_path: str | Path) -> bool:
    """True when the proof refutes the formula by RUP steps alone."""
    lemmas = _drup_lemmas(Path(proof_path).read_text().splitlines())
    return lemmas is not None and minisat_rup(CNF(from_file=str(cnf_path)).clauses, lemmas)


def _drup_lemmas(lines: list[str]) -> list[list[int]] | None:
    """A DRUP proof's lemmas in order, deletions and comments left out; None if a line is cut."""
    lemmas = []
    for line in lines:
        tokens = line.split()
        if not tokens or tokens[0] in ("c", "d"):
            continue
        if tokens[-1] != "0":
            return None
        lemmas.append([int(token) for token in tokens[:-1]])
    return lemmas


def minisat_rup(clauses: Sequence[Sequence[int]], lemmas: list[list[int]]) -> bool:
    """True when propagation refutes the clauses, or each lemma follows by propagation from those
    before it until the empty one does."""
    with Solver(name="minisat22", bootstrap_with=clauses) as checker:
        if not checker.propagate()[0]:
            return True
        for lemma in lemmas:
            consistent, _ = checker.propagate(assumptions=[-lit for lit in lemma])
            if consistent:  # no conflict: the lemma does not follow by unit propagation
                return False
            if not lemma:
                return True
            checker.add_clause(lemma)
    return False
