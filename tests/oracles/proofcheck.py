"""An independent DRUP check of the proofs boardsat writes, for tests.

Every added lemma must follow from the clauses before it by unit propagation (reverse unit
propagation), and the empty clause must be derived. Deletions are ignored: keeping a clause that
follows from the formula can only make propagation stronger, never admit a wrong lemma. The
propagation runs on python-sat's MiniSat, a different solver from the one that wrote the proof.

``check_drup`` also asks boardsat's own checker (``boardsat.drup``) and insists that both agree,
so every proof the suite writes passes through both.
"""

from __future__ import annotations

from pathlib import Path

from pysat.formula import CNF
from pysat.solvers import Solver

from boardsat import drup


def check_drup(cnf_path: str | Path, proof_path: str | Path) -> bool:
    """MiniSat's verdict on the proof, once boardsat's checker has given the same one."""
    verdict = minisat_check_drup(cnf_path, proof_path)
    own = drup.check_drup(drup.read_cnf(cnf_path).clauses, drup.read_proof(proof_path))
    assert own.valid == verdict, f"boardsat.drup disagrees with MiniSat: {own.reason}"
    return verdict


def minisat_check_drup(cnf_path: str | Path, proof_path: str | Path) -> bool:
    """True when the proof refutes the formula by RUP steps alone."""
    formula = CNF(from_file=str(cnf_path))
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as checker:
        for line in Path(proof_path).read_text().splitlines():
            tokens = line.split()
            if not tokens or tokens[0] in ("c", "d"):
                continue
            lemma = [int(token) for token in tokens[:-1]]
            if tokens[-1] != "0":
                return False
            consistent, _ = checker.propagate(assumptions=[-lit for lit in lemma])
            if consistent:  # no conflict: the lemma does not follow by unit propagation
                return False
            if not lemma:
                return True
            checker.add_clause(lemma)
    return False
