"""LRAT trimming: CaDiCaL's proofs, cut to what their empty clause needs, still refute their
formulas (by boardsat's checker and by MiniSat's propagation), keep only needed lemmas in their
order, and delete each clause right after the last lemma that names it."""

from __future__ import annotations

import gzip
import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import PHP

from boardsat.certificates import lrat_trim
from boardsat.certificates.lrat import check_lrat
from boardsat.certificates.lrat_trim import trim_lrat
from boardsat.core.deadline import Deadline
from boardsat.encoders.cnf.certified import solve_certified
from tests.core.test_drup import Clauses, random_3sat, random_clause, satisfiable
from tests.oracles.proofcheck import check_certificate


def untrimmed_proof(clauses: Clauses) -> list[bytes]:
    """CaDiCaL's LRAT trace as it writes it."""
    found = solve_certified(clauses, "cadical195", Deadline(None), trim=False)
    assert found.answer is False and found.proof is not None
    return gzip.decompress(found.proof).splitlines(keepends=True)


def trimmed(proof: list[bytes]) -> tuple[list[bytes], int, int]:
    """The trimmed proof's lines, the lemmas written and those kept."""
    written: list[bytes] = []
    result = trim_lrat(io.BytesIO(b"".join(proof)), written.append)
    assert result is not None
    return b"".join(written).splitlines(), result.lemmas, result.kept


def steps(proof: list[bytes]) -> list[tuple[int, list[int]]]:
    """Each lemma's number and hints, and each deletion's line number and deleted clauses
    (negated, to tell them apart)."""
    found = []
    for line in proof:
        tokens = [int(t) if t != b"d" else 0 for t in line.split()]
        if line.split()[1] == b"d":
            found.append((-tokens[0], tokens[2:-1]))
        else:
            found.append((tokens[0], tokens[tokens.index(0, 1) + 1 : -1]))
    return found


def assert_trimmed_well(clauses: Clauses, proof: list[bytes]) -> int:
    """The properties a trimmed proof must have; returns how many lemmas it dropped."""
    trim, lemmas, kept = trimmed(proof)
    assert check_lrat(clauses, trim).valid
    assert check_certificate(clauses, "lrat", gzip.compress(b"\n".join(trim) + b"\n"))
    original = [line.rstrip(b"\n") for line in proof if line.split()[1] != b"d"]
    lemma_lines = [line for line in trim if line.split()[1] != b"d"]
    assert len(lemma_lines) == kept <= lemmas == len(original)
    positions = iter(original)  # the kept lemmas, unchanged and in their order
    assert all(any(line == earlier for earlier in positions) for line in lemma_lines)
    named_later: set[int] = set()
    deleted: set[int] = set()
    previous_hints: list[int] = []
    for number, listed in reversed(steps(trim)):
        if number < 0:  # a deletion names clauses the lemma just before named for the last time
            assert not deleted & set(listed) and not named_later & set(listed)
            deleted |= set(listed)
            continue
        assert number in named_later or lemma_lines[-1].split()[0] == b"%d" % number
        named_later |= set(listed)
    for number, listed in steps(trim):
        if number < 0:
            assert set(listed) <= set(previous_hints)
        previous_hints = listed
    return lemmas - kept


@pytest.mark.parametrize(
    "clauses",
    [PHP(5).clauses, PHP(6).clauses, random_3sat(80, 6.0, seed=5)],
    ids=["php5", "php6", "random-3sat-80"],
)
def test_trimmed_cadical_proofs_still_refute_and_keep_only_what_is_needed(
    clauses: Clauses,
) -> None:
    assert assert_trimmed_well(clauses, untrimmed_proof(clauses)) > 0


def test_the_certificates_cubes_keep_are_the_trimmed_ones() -> None:
    clauses = PHP(6).clauses
    kept = solve_certified(clauses, "cadical195", Deadline(None)).proof
    assert kept is not None
    lemmas = [line for line in gzip.decompress(kept).splitlines() if line.split()[1] != b"d"]
    assert len(lemmas) == trimmed(untrimmed_proof(clauses))[2]


@settings(max_examples=60, deadline=None)
@given(variables=st.integers(3, 12), seed=st.integers(0, 10**6))
def test_random_refutations_trim_to_proofs_that_check(variables: int, seed: int) -> None:
    rng = random.Random(seed)
    formula = [random_clause(rng, variables, [2, 3, 3]) for _ in range(6 * variables)]
    if satisfiable(formula):
        formula += [[v, -(v % variables + 1)] for v in range(1, variables + 1)] + [[1], [-2]]
    proof = untrimmed_proof(formula)
    if proof:  # an empty trace: the units refute the formula by themselves
        assert_trimmed_well(formula, proof)


@pytest.mark.parametrize(
    "proof",
    [
        [b"5 2 0 1 2 0\n"],
        [b"5 2 0 1 2 0\n", b"6 0 5 -3 4 0\n"],
        [b"5 2 0 1 6 0\n", b"6 0 5 3 4 0\n"],
        [b"x 2 0 1 2 0\n", b"6 0 5 3 4 0\n"],
        [],
    ],
    ids=["no empty clause", "a RAT step", "a later lemma named", "garbled", "empty"],
)
def test_a_proof_it_cannot_trim_is_left_as_it_is(proof: list[bytes]) -> None:
    written: list[bytes] = []
    assert trim_lrat(io.BytesIO(b"".join(proof)), written.append) is None
    assert written == []


def test_a_hand_written_proof_loses_its_unused_lemma_and_deletes_after_last_use() -> None:
    proof = [b"5 2 0 1 2 0\n", b"6 -2 0 3 4 0\n", b"6 d 1 0\n", b"7 0 5 3 4 0\n"]
    written: list[bytes] = []
    assert trim_lrat(io.BytesIO(b"".join(proof)), written.append) is not None
    assert written == [b"5 2 0 1 2 0\n", b"5 d 1 2 0\n", b"7 0 5 3 4 0\n"]


def test_the_proof_is_read_back_to_front_in_blocks_that_cut_lines_anywhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    proof = untrimmed_proof(PHP(5).clauses)
    whole = trimmed(proof)
    for block in (1, 7, 64):
        monkeypatch.setattr(lrat_trim, "BLOCK", block)
        assert trimmed(proof) == whole
    last = proof[-1].rstrip(b"\n")  # and a last line without its newline
    assert trimmed([*proof[:-1], last]) == whole
