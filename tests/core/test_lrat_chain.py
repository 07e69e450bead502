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


def handed_on(run: SegmentRun) -> tuple[dict[int, tuple[int, ...]], list[int]]:
    assert run.carry is not None
    items = read_carry(run.carry)
    derives = {item.number: item.literals for item in items if item.number != IMPLIED}
    return derives, [item.literals[0] for item in items if item.number == IMPLIED]


@pytest.fixture(scope="module")
def pigeon_chain() -> list[tuple[list[list[int]], SegmentRun]]:
    return chain(pigeons())


def test_every_checkpoint_derives_what_it_hands_on_and_the_last_refutes(pigeon_chain):
    clauses = pigeons()
    assert len(pigeon_chain) >= 3
    for carried, run in pigeon_chain[:-1]:
        assert run.answer is None and run.budgets == BUDGETS
        derives, units = handed_on(run)
        check = check_derivation([*clauses, *carried], lines(run.proof), derives, units)
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
    derives, units = handed_on(run)
    number = max(derives)
    forged = {**derives, number: (*derives[number][:-1], -derives[number][-1])}
    assert not check_derivation(clauses, lines(run.proof), forged, units).valid
    foreign = {**derives, number + 10**6: (1, 2)}
    assert not check_derivation(clauses, lines(run.proof), foreign, units).valid
    stray = check_derivation(clauses, lines(run.proof), derives, [*units, 1])
    assert not stray.valid  # a unit the formula's units do not imply
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
    with pytest.raises(ValueError):
        read_carry(gzip.compress(b"7 1 -2\n"))


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
    assert check_derivation(clauses, trimmed, chosen).valid
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
