"""The LRAT checker: CaDiCaL's proofs accepted, and no lemma accepted that the formula does not
imply, judged by MiniSat apart from the checker; the unit reduction both sides number by."""

from __future__ import annotations

import gzip
import itertools
import lzma
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import PHP

from boardsat import BoardsatError
from boardsat.certificates.lrat import check_lrat, lrat_lines, reduce_by_units
from boardsat.core.deadline import Deadline
from boardsat.encoders.cnf.certified import solve_certified, writes_lrat
from tests.core.test_drup import (
    Clauses,
    assert_only_implied_accepted,
    implied,
    random_3sat,
    random_clause,
    satisfiable,
)
from tests.oracles.proofcheck import check_certificate

SQUARE = [[1, 2], [-1, 2], [1, -2], [-1, -2]]  # every assignment of two variables excluded


def lrat_proof(clauses: Clauses) -> list[str]:
    found = solve_certified(clauses, "cadical195", Deadline(None))
    assert found.answer is False and found.proof_format == "lrat" and found.proof is not None
    return gzip.decompress(found.proof).decode().splitlines()


def lemmas_of(lines: list[str]) -> list[list[int]]:
    steps = [line.split() for line in lines]
    return [[int(t) for t in tokens[1 : tokens.index("0")]] for tokens in steps if tokens[1] != "d"]


def test_python_sats_cadical_writes_lrat_and_the_others_do_not() -> None:
    assert writes_lrat("cadical195") and writes_lrat("cadical300")
    assert not writes_lrat("glucose4") and not writes_lrat("cadical153")


@pytest.mark.parametrize(
    "clauses",
    [
        PHP(5).clauses,
        PHP(6).clauses,
        random_3sat(60, 6.0, seed=3),
        [[1], *PHP(5).clauses],
        [*SQUARE, [1], [3, 4]],
    ],
    ids=["php5", "php6", "random-3sat-60", "a unit", "refuted by its units"],
)
@pytest.mark.parametrize("solver", ["cadical195", "cadical300"])
def test_cadicals_lrat_proofs_are_accepted_as_minisat_accepts_their_lemmas(
    clauses: Clauses, solver: str
) -> None:
    assert not satisfiable(clauses)
    found = solve_certified(clauses, solver, Deadline(None))
    assert found.proof is not None and found.proof_format == "lrat"
    assert check_certificate(clauses, "lrat", found.proof)


def test_a_hand_written_proof_is_followed_hint_by_hint() -> None:
    proof = ["5 2 0 1 2 0", "6 0 5 3 4 0"]
    verdict = check_lrat(SQUARE, proof)
    assert verdict.valid and verdict.lemmas == 2 and verdict.hints == 5
    assert verdict.reason == "lemma 6 is the empty clause"


@pytest.mark.parametrize(
    ("proof", "reason"),
    [
        (
            ["5 2 0 3 1 0", "6 0 5 3 4 0"],
            "lemma 5 (line 1) names clause 3, which is not unit there",
        ),
        (
            ["5 2 0 1 0", "6 0 5 3 4 0"],
            "lemma 5 (line 1) is not derived: its hints reach no conflict",
        ),
        (
            ["5 2 0 1 2 0", "5 d 3 0", "6 0 5 3 4 0"],
            "lemma 6 (line 3) names 3, which is no live clause",
        ),
        (["5 2 0 1 -2 0", "6 0 5 3 4 0"], "lemma 5 (line 1) takes a RAT step"),
        (["4 2 0 1 2 0"], "line 1 reuses number 4"),
        (["5 2 0 1 2 0"], "the proof ends after 1 lemmas without the empty clause"),
        (["5 2 0 1 2"], "line 1 does not end in 0"),
        (["5 2 x 0 1 2 0"], "line 1 is no LRAT step: '5 2 x 0 1 2 0'"),
    ],
    ids=["order", "short", "deleted", "rat", "reused", "unfinished", "unterminated", "garbled"],
)
def test_each_broken_step_is_refused_with_its_reason(proof: list[str], reason: str) -> None:
    verdict = check_lrat(SQUARE, proof)
    assert not verdict.valid
    assert verdict.reason == reason


def test_a_weakened_formula_is_not_refuted_by_the_proof_of_the_strong_one() -> None:
    clauses = PHP(5).clauses
    proof = lrat_proof(clauses)
    fresh = max(abs(literal) for clause in clauses for literal in clause) + 1
    for index in range(len(clauses)):  # each clause weakened by a fresh literal in turn
        weakened = [*clauses[:index], [*clauses[index], fresh], *clauses[index + 1 :]]
        assert not satisfiable(weakened) or not check_lrat(weakened, proof).valid


@settings(max_examples=150, deadline=None)
@given(
    variables=st.integers(3, 9),
    seed=st.integers(0, 10**6),
    mutate=st.sampled_from(
        ["none", "flip", "drop literal", "drop hint", "swap hints", "drop line"]
    ),
)
def test_no_lemma_is_accepted_that_the_formula_does_not_imply(
    variables: int, seed: int, mutate: str
) -> None:
    """A proof of the formula with extra clauses, mutated, checked against the formula alone:
    every lemma the checker accepts is implied, and a formula a solver satisfies is never refuted."""
    rng = random.Random(seed)
    sizes = [1, 2, 3, 3, 3]
    formula = [random_clause(rng, variables, sizes) for _ in range(rng.randint(2, 7) * variables)]
    extra = [random_clause(rng, variables, sizes) for _ in range(rng.randint(0, 3 * variables))]
    if satisfiable(formula + extra):
        extra.extend([[-v, v % variables + 1] for v in range(1, variables + 1)] + [[1], [-2]])
    assert not satisfiable(formula + extra)
    proof = lrat_proof(formula + extra)
    steps = [i for i, line in enumerate(proof) if line.split()[1] != "d"]
    if mutate != "none" and steps:
        at = rng.choice(steps)
        tokens = proof[at].split()
        end = tokens.index("0")
        literals, hints = list(range(1, end)), list(range(end + 1, len(tokens) - 1))
        if mutate in ("flip", "drop literal") and literals:
            index = rng.choice(literals)
            tokens[index] = str(-int(tokens[index])) if mutate == "flip" else ""
        elif mutate == "drop hint" and hints:
            tokens[rng.choice(hints)] = ""
        elif mutate == "swap hints" and len(hints) > 1:
            first, second = rng.sample(hints, 2)
            tokens[first], tokens[second] = tokens[second], tokens[first]
        proof[at : at + 1] = [] if mutate == "drop line" else [" ".join(t for t in tokens if t)]
    verdict = check_lrat(formula, proof)
    assert_only_implied_accepted(formula, lemmas_of(proof)[: verdict.lemmas], verdict.valid)


@settings(max_examples=300, deadline=None)
@given(variables=st.integers(3, 6), seed=st.integers(0, 10**6))
def test_random_steps_are_accepted_only_when_they_follow(variables: int, seed: int) -> None:
    """Lemmas with hints drawn at random: the few the checker accepts are all implied."""
    rng = random.Random(seed)

    formula = [
        random_clause(rng, variables, [2, 2, 3]) for _ in range(rng.randint(1, 4) * variables)
    ]
    numbers = list(range(1, len(formula) + 1))
    proof = []
    for ident in range(len(formula) + 1, len(formula) + 12):
        hints = [rng.choice(numbers) for _ in range(rng.randint(0, 4))]
        if hints and rng.random() < 0.1:
            hints[-1] = -hints[-1]
        proof.append(
            " ".join(map(str, [ident, *random_clause(rng, variables, [0, 1, 2]), 0, *hints, 0]))
        )
        numbers.append(ident)
    verdict = check_lrat(formula, proof)
    assert_only_implied_accepted(formula, lemmas_of(proof)[: verdict.lemmas], verdict.valid)


@settings(max_examples=200, deadline=None)
@given(variables=st.integers(1, 7), seed=st.integers(0, 10**6))
def test_the_unit_reduction_keeps_the_formulas_models(variables: int, seed: int) -> None:
    """What the units imply is implied; what is left has no unit clause and, with the implied
    literals, exactly the formula's models; None only for a formula without models."""
    rng = random.Random(seed)
    sizes = [1, 1, 2, 3][:variables]
    formula = [random_clause(rng, variables, sizes) for _ in range(rng.randint(1, 3 * variables))]
    reduced = reduce_by_units(formula)
    if reduced is None:
        assert not satisfiable(formula)
        return
    left, literals = reduced
    assert all(len(clause) >= 2 for clause in left)
    assert all(implied(formula, [literal]) for literal in literals)
    for values in itertools.product([False, True], repeat=variables):
        true = {v if value else -v for v, value in enumerate(values, 1)}
        models_formula = all(true & set(clause) for clause in formula)
        models_reduction = set(literals) <= true and all(true & set(clause) for clause in left)
        assert models_formula == models_reduction


def test_proof_files_are_read_plain_or_compressed_and_a_bad_one_in_one_line(tmp_path: Path) -> None:
    text = b"5 2 0 1 2 0\n6 0 5 3 4 0\n"
    (tmp_path / "p.lrat").write_bytes(text)
    (tmp_path / "p.lrat.xz").write_bytes(lzma.compress(text))
    for name in ("p.lrat", "p.lrat.xz"):
        assert check_lrat(SQUARE, lrat_lines(tmp_path / name)).valid
    (tmp_path / "bad.lrat.xz").write_bytes(lzma.compress(text)[:12] + b"not xz data")
    with pytest.raises(BoardsatError, match="cannot read"):
        check_lrat(SQUARE, lrat_lines(tmp_path / "bad.lrat.xz"))
    with pytest.raises(BoardsatError, match="cannot read"):
        list(lrat_lines(tmp_path / "missing.lrat"))
