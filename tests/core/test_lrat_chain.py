"""A refutation in segments: CaDiCaL stopped after a few conflict budgets hands its learnt clauses
on, each segment's certificate derives what it hands on (boardsat's checker), the last one
refutes, a segment replayed gives the same bytes, and the chain stitched into one LRAT proof
refutes the formula alone, for boardsat's checker and for MiniSat's propagation."""

from __future__ import annotations

import gzip
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import PHP

from boardsat.certificates.lrat import check_derivation, check_lrat, propagate_units
from boardsat.certificates.lrat_chain import (
    IMPLIED,
    Carried,
    ChainError,
    Segment,
    carry_bytes,
    read_carry,
    stitch,
)
from boardsat.certificates.lrat_trim import trim_lrat
from boardsat.core.deadline import Deadline
from boardsat.encoders.cnf.certified import traced_run
from boardsat.encoders.cnf.segments import SegmentRun, solve_segment
from tests.core.test_drup import Clauses
from tests.oracles.proofcheck import check_certificate

BUDGETS = 1  # conflict budgets a segment runs: PHP(7) then takes several segments


def pigeons() -> Clauses:
    return [list(clause) for clause in PHP(7).clauses]


def chain(clauses: Clauses, budgets: int = BUDGETS) -> list[tuple[list[list[int]], SegmentRun]]:
    """Each segment's clauses carried in, and its run, until one answers."""
    carried: list[list[int]] = []
    runs = []
    for _ in range(60):
        run = solve_segment(clauses, carried, Deadline(None), budgets)
        runs.append((carried, run))
        if run.answer is not None:
            return runs
        assert run.carry is not None
        carried = [list(item.literals) for item in read_carry(run.carry)]
    raise AssertionError("no segment answered")


def lines(proof: bytes | None) -> list[bytes]:
    assert proof is not None
    return gzip.decompress(proof).splitlines(keepends=True)


def handed_on(run: SegmentRun) -> list[tuple[int, tuple[int, ...]]]:
    assert run.carry is not None
    return [(item.number, item.literals) for item in read_carry(run.carry)]


@pytest.fixture(scope="module")
def pigeon_chain() -> list[tuple[list[list[int]], SegmentRun]]:
    return chain(pigeons())


def test_every_checkpoint_derives_what_it_hands_on_and_the_last_refutes(pigeon_chain):
    clauses = pigeons()
    assert len(pigeon_chain) >= 3
    for carried, run in pigeon_chain[:-1]:
        assert run.answer is None and run.budgets == BUDGETS
        check = check_derivation([*clauses, *carried], lines(run.proof), handed_on(run))
        assert check.valid, check.reason
    carried, last = pigeon_chain[-1]
    assert last.answer is False
    assert check_lrat([*clauses, *carried], lines(last.proof)).valid


def test_a_segment_replayed_gives_the_same_bytes(pigeon_chain):
    carried, first = pigeon_chain[1]
    again = solve_segment(pigeons(), carried, Deadline(None), first.budgets)
    assert (again.proof, again.carry) == (first.proof, first.carry)


def test_the_stitched_chain_refutes_the_formula_alone(pigeon_chain):
    clauses = pigeons()
    segments = [
        Segment(
            [tuple(clause) for clause in carried],
            lines(run.proof),
            read_carry(run.carry) if run.carry else (),
        )
        for carried, run in pigeon_chain
    ]
    proof = list(stitch(clauses, segments))
    assert check_lrat(clauses, proof).valid
    assert check_certificate(clauses, "lrat", gzip.compress(b"".join(proof)))
    numbers = [int(line.split()[0]) for line in proof if line.split()[1] != b"d"]
    assert numbers == sorted(set(numbers))  # one rising sequence, as LRAT checkers read it


def test_a_clause_handed_on_that_no_segment_derived_is_caught(pigeon_chain):
    clauses = pigeons()
    run = pigeon_chain[0][1]
    handed = handed_on(run)
    proof = lines(run.proof)
    number, literals = max(handed)
    flipped = (*literals[:-1], -literals[-1])
    assert not check_derivation(clauses, proof, [*handed[:-1], (number, flipped)]).valid
    assert not check_derivation(clauses, proof, [*handed, (number + 10**6, (1, 2))]).valid
    assert not check_derivation(clauses, proof, [*handed, (IMPLIED, (1,))]).valid  # not implied
    # a number handed on twice: the second clause is no lemma the proof derived
    assert not check_derivation(clauses, proof, [*handed, (number, flipped)]).valid
    segments = [
        Segment(
            (), lines(run.proof), [*read_carry(run.carry or b""), Carried(number + 10**6, (1, 2))]
        ),
        Segment((*[tuple(c) for c in pigeon_chain[1][0]], (1, 2)), [], ()),
    ]
    with pytest.raises(ChainError):
        list(stitch(clauses, segments))


def test_a_carry_file_reads_back_and_refuses_what_is_no_clause():
    items = [Carried(IMPLIED, (-3,)), Carried(7, (1, -2)), Carried(12, (4, 5, -6))]
    assert read_carry(carry_bytes(items)) == items
    assert carry_bytes(items) == carry_bytes(items)  # no time stamp in the gzip header
    for broken in (b"7 1 -2\n", b"0 0\n", b"0 1 2 0\n", b"7 1 0\n7 -1 0\n", b"-1 2 0\n"):
        with pytest.raises(ValueError):
            read_carry(gzip.compress(broken))
    with pytest.raises(ValueError):
        read_carry(b"not gzip at all")


def test_a_satisfiable_formula_is_not_refuted_by_clauses_handed_on_under_one_number():
    """A forged carry that gives two clauses one number, with no proof: neither the reader nor
    the checker may take both (the second would refute a satisfiable formula)."""
    formula = [[1, 2]]
    forged = [(1, (1, 2)), (1, (-1,)), (1, (-2,))]
    assert not check_derivation(formula, [], forged).valid
    with pytest.raises(ValueError):
        read_carry(carry_bytes([Carried(n, literals) for n, literals in forged]))


def test_trimming_to_targets_keeps_what_derives_them():
    clauses = pigeons()
    with traced_run(clauses, Deadline(None), 2) as run:
        assert run.answer is None
        run.trace.seek(0)
        trace = run.trace.read()
    steps = [line.split() for line in trace.splitlines() if line.split()[1] != b"d"]
    chosen = {int(step[0]): tuple(map(int, step[1 : step.index(b"0")])) for step in steps[-40::7]}
    written: list[bytes] = []
    assert trim_lrat(io.BytesIO(trace), written.append, chosen) is not None
    trimmed = b"".join(written).splitlines()
    assert len([line for line in trimmed if line.split()[1] != b"d"]) < len(steps)
    assert check_derivation(clauses, trimmed, list(chosen.items())).valid
    deleted = {int(n) for line in trimmed if line.split()[1] == b"d" for n in line.split()[2:-1]}
    assert not deleted & set(chosen)  # what is handed on stays alive


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(-6, 6).filter(bool), min_size=1, max_size=4), min_size=1, max_size=14
    )
)
def test_unit_propagation_names_a_reason_for_each_literal(clauses):
    found = propagate_units(clauses)
    true: set[int] = set()
    for literal, reason in found.implied:
        assert literal in clauses[reason]
        assert all(-other in true for other in clauses[reason] if other != literal)
        true.add(literal)
    if found.conflict is not None:
        assert all(-literal in true for literal in clauses[found.conflict])
        return
    for index, left in found.left:
        assert not any(literal in true for literal in clauses[index])
        assert left == [x for x in dict.fromkeys(clauses[index]) if -x not in true]
        assert len(left) >= 2  # a unit left would have been propagated
