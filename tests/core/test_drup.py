"""The DRUP checker: real solvers' proofs accepted, and no lemma accepted that the formula does
not imply, judged by a solver apart from the checker; its proof and formula files read back."""

from __future__ import annotations

import lzma
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from boardsat import BoardsatError
from boardsat.certificates.drup import check_drup, read_cnf, read_proof, write_cnf, write_proof
from tests.oracles import proofcheck

PROVERS = ["cadical195", "glucose4", "lingeling"]

Clauses = list[list[int]]


def random_3sat(variables: int, ratio: float, seed: int) -> Clauses:
    rng = random.Random(seed)
    return [
        [v if rng.random() < 0.5 else -v for v in rng.sample(range(1, variables + 1), 3)]
        for _ in range(int(variables * ratio))
    ]


def satisfiable(clauses: Clauses) -> bool:
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        return bool(solver.solve())


def implied(clauses: Clauses, lemma: list[int]) -> bool:
    """Whether every model of the clauses satisfies the lemma, by a solver, not by propagation."""
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        return not solver.solve(assumptions=[-literal for literal in lemma])


def random_clause(rng: random.Random, variables: int, sizes: list[int]) -> list[int]:
    """Distinct variables, as many as a size drawn from ``sizes``, each with a random sign."""
    chosen = rng.sample(range(1, variables + 1), rng.choice(sizes))
    return [v if rng.random() < 0.5 else -v for v in chosen]


def assert_only_implied_accepted(formula: Clauses, lemmas: list[list[int]], valid: bool) -> None:
    """Every lemma a checker accepted follows from the formula, by a solver, not by propagation;
    and a formula a solver satisfies was not refuted."""
    for lemma in lemmas:
        assert implied(formula, lemma), (formula, lemma)
    if valid:
        assert not satisfiable(formula)


def proof_of(clauses: Clauses, prover: str) -> list[str]:
    with Solver(name=prover, bootstrap_with=clauses, with_proof=True) as solver:
        assert solver.solve() is False
        return list(solver.get_proof())


def lemmas_of(lines: list[str]) -> list[list[int]]:
    return [[int(token) for token in line.split()[:-1]] for line in lines if line[:1] not in "dc"]


UNSAT_FORMULAS = {
    "php5": PHP(5).clauses,
    "php6": PHP(6).clauses,
    "random-3sat-60": random_3sat(60, 6.0, seed=3),
}


@pytest.mark.parametrize("prover", PROVERS)
@pytest.mark.parametrize("name", sorted(UNSAT_FORMULAS))
def test_solver_proofs_are_accepted_as_the_oracle_accepts_them(
    name: str, prover: str, tmp_path: Path
) -> None:
    clauses = UNSAT_FORMULAS[name]
    assert not satisfiable(clauses)
    proof = proof_of(clauses, prover)
    verdict = check_drup(clauses, proof)
    assert verdict.valid, verdict.reason
    top = max(abs(literal) for clause in clauses for literal in clause)
    write_cnf(tmp_path / "f.cnf", clauses, top)
    write_proof(tmp_path / "f.drup", proof)
    assert proofcheck.minisat_check_drup(tmp_path / "f.cnf", tmp_path / "f.drup")


@settings(max_examples=150, deadline=None)
@given(
    variables=st.integers(3, 9),
    seed=st.integers(0, 10**6),
    mutate=st.sampled_from(["none", "flip", "drop literal", "drop line"]),
)
def test_no_lemma_is_accepted_that_the_formula_does_not_imply(
    variables: int, seed: int, mutate: str
) -> None:
    """A proof of the formula with extra clauses, mutated, checked against the formula alone:
    every lemma the checker accepts is implied, and a formula a solver satisfies is never refuted."""
    rng = random.Random(seed)
    sizes = [2, 3, 3, 3]
    formula = [random_clause(rng, variables, sizes) for _ in range(rng.randint(2, 7) * variables)]
    extra = [random_clause(rng, variables, sizes) for _ in range(rng.randint(0, 3 * variables))]
    if satisfiable(formula + extra):
        extra.extend([[v] for v in range(1, variables + 1)] + [[-1]])  # now unsatisfiable
    proof = proof_of(formula + extra, rng.choice(PROVERS))
    if mutate != "none" and proof:
        at = rng.randrange(len(proof))
        tokens = proof[at].split()
        literals = [index for index, token in enumerate(tokens) if token not in ("d", "0")]
        if mutate == "drop line" or not literals:
            del proof[at]
        else:
            index = rng.choice(literals)
            tokens[index] = str(-int(tokens[index])) if mutate == "flip" else ""
            proof[at] = " ".join(token for token in tokens if token)
    verdict = check_drup(formula, proof)
    assert_only_implied_accepted(formula, lemmas_of(proof)[: verdict.lemmas], verdict.valid)


def test_a_lemma_that_does_not_propagate_is_named_with_its_line() -> None:
    formula = [[1, 2], [-1, 3]]  # satisfiable: no refutation may pass
    verdict = check_drup(formula, ["c a comment", "1 0", "-1 0", "0"])
    assert not verdict.valid and verdict.lemmas == 0
    assert verdict.reason == "lemma 1 (line 2) does not follow by unit propagation"


def test_complementary_units_need_no_proof() -> None:
    verdict = check_drup([[1, 2], [3], [-3]], [])
    assert verdict.valid and verdict.lemmas == 0


def test_a_proof_must_reach_a_conflict() -> None:
    formula = [[1, 2], [1, -2], [-1, 3], [-1, -3]]
    assert check_drup(formula, ["1 0", "0"]).valid
    unfinished = check_drup(formula, [])
    assert not unfinished.valid and "without reaching a conflict" in unfinished.reason


def test_deletions_are_honoured() -> None:
    formula = [[1, 2], [1, -2], [-1, 3], [-1, -3]]
    verdict = check_drup(formula, ["d 2 1 0", "1 0", "0"])
    assert not verdict.valid and verdict.deletions == 1
    assert verdict.reason == "lemma 1 (line 2) does not follow by unit propagation"


def test_deleting_a_level_zero_reason_keeps_its_literal() -> None:
    """Solvers delete clauses satisfied at level 0, reasons among them, and keep the literals;
    the checker keeps such a clause, as drat-trim does (sound: the clause is in the formula)."""
    formula = [[1], [-1, 2], [-2, 3, 4], [-2, 3, -4], [-3, -2]]
    assert check_drup(formula, ["d -1 2 0", "d 1 0", "3 0", "0"]).valid
    # without [-1, 2] from the start, 2 is never derived and the lemma does not follow
    assert not check_drup(formula[:1] + formula[2:], ["3 0", "0"]).valid


@pytest.mark.parametrize("line", ["1 2", "1 x 0", "d", "1 0 2 0"])
def test_a_line_that_is_no_clause_fails_the_proof(line: str) -> None:
    verdict = check_drup([[1], [-1, 2]], ["1 2 0", line, "0"])
    assert not verdict.valid and verdict.reason == f"line 2 is no clause: {line!r}"


def test_proofs_and_formulas_are_written_compressed_and_read_back(tmp_path: Path) -> None:
    clauses = PHP(4).clauses
    proof = proof_of(clauses, "cadical195")
    write_proof(tmp_path / "p.drup.xz", proof)
    write_cnf(tmp_path / "f.cnf.xz", clauses, 20)
    assert lzma.decompress((tmp_path / "p.drup.xz").read_bytes()).decode().splitlines() == proof
    assert read_proof(tmp_path / "p.drup.xz") == proof
    assert read_cnf(tmp_path / "f.cnf.xz") == (clauses, 20)
    with pytest.raises(BoardsatError, match="exists already"):
        write_proof(tmp_path / "p.drup.xz", [])
    with pytest.raises(BoardsatError, match="exists already"):
        write_cnf(tmp_path / "f.cnf.xz", [], 0)
    write_proof(tmp_path / "plain.drup", ["c übersicht", "d 1 2 0", "0"])  # no .xz: plain text
    assert (tmp_path / "plain.drup").read_text() == "c übersicht\nd 1 2 0\n0\n"
    assert read_proof(tmp_path / "plain.drup") == ["c übersicht", "d 1 2 0", "0"]


def test_a_formula_may_span_lines_and_must_have_its_header(tmp_path: Path) -> None:
    (tmp_path / "spread.cnf").write_text("c spread\np cnf 3 2\n1 -2\n 0 3\n0\n")
    assert read_cnf(tmp_path / "spread.cnf") == ([[1, -2], [3]], 3)
    (tmp_path / "headless.cnf").write_text("1 2 0\n")
    with pytest.raises(BoardsatError, match="no 'p cnf' header"):
        read_cnf(tmp_path / "headless.cnf")
    with pytest.raises(BoardsatError, match="cannot read"):
        read_cnf(tmp_path / "missing.cnf")


def binary_drat(lines: list[str]) -> bytes:
    """drat-trim's binary format, written from its description: a step byte, then each literal
    as 2v + (1 if negative), seven bits a byte, low bits first, high bit set while more follow."""
    out = bytearray()
    for line in lines:
        tokens = line.split()
        out += b"d" if tokens[0] == "d" else b"a"
        for token in tokens[1:] if tokens[0] == "d" else tokens:
            literal = int(token)
            number = 2 * abs(literal) + (literal < 0)
            while number >= 0x80:
                out.append(number & 0x7F | 0x80)
                number >>= 7
            out.append(number)
    return bytes(out)


def test_binary_drat_reads_as_the_text_proof(tmp_path: Path) -> None:
    proof = proof_of(PHP(5).clauses, "cadical195")
    (tmp_path / "p.drat").write_bytes(binary_drat(proof))
    assert read_proof(tmp_path / "p.drat") == [" ".join(line.split()) for line in proof]
    (tmp_path / "cut.drat").write_bytes(binary_drat(proof)[:-1])
    with pytest.raises(BoardsatError, match="cut off"):
        read_proof(tmp_path / "cut.drat")
