"""One CNF refuted across runs: a run that stops at a checkpoint hands on what CaDiCaL learnt.

A lemma may need more CPU than one run has. Each run is a segment
(``boardsat.certificates.lrat_chain``): CaDiCaL solves the formula with the clauses carried
into it, and when its budget runs out, the learnt clauses it still holds (read off its LRAT
trace, where every addition and deletion is logged) and the units its formula implies are
handed on, with the trace trimmed to what derives them. The next run starts from them, so the
work is kept, and every clause it starts from is certified by the runs before.

A segment is replayed byte for byte: it stops after a number of conflict budgets, which its
record keeps, and what it hands on is chosen by a rule of its own, not by the clock.
"""

from __future__ import annotations

import gzip
from collections.abc import Sequence
from dataclasses import dataclass

from boardsat.certificates.lrat import propagate_units, reduce_by_units
from boardsat.certificates.lrat_chain import IMPLIED, Carried, carry_bytes, survivors
from boardsat.core.deadline import Deadline
from boardsat.encoders.cnf.certified import GZIP_LEVEL, compressed_trace, traced_run

# the longest learnt clause handed on; CaDiCaL keeps the short ones longest too
# (bench/results/open_terms.md, "A lemma across runs")
CARRY_MAX_SIZE = 10


@dataclass(frozen=True)
class SegmentRun:
    """One segment: ``answer`` False refutes the formula (``proof`` the refutation), True is a
    model's literals (``model``), None a checkpoint, where ``proof`` derives the clauses of
    ``carry`` (a carry file). ``budgets`` is the conflict budgets it ran."""

    answer: bool | None
    budgets: int
    model: frozenset[int] = frozenset()
    proof: bytes | None = None
    carry: bytes | None = None


def solve_segment(
    clauses: list[list[int]],
    carried_in: Sequence[Sequence[int]],
    deadline: Deadline,
    budgets: int | None = None,
    carry_max_size: int = CARRY_MAX_SIZE,
) -> SegmentRun:
    """Solve ``clauses`` and the clauses ``carried_in`` within ``deadline``, or for exactly
    ``budgets`` conflict budgets (a segment replayed); a checkpoint hands on the learnt
    clauses of at most ``carry_max_size`` literals."""
    start = [*clauses, *(list(clause) for clause in carried_in)]
    found = propagate_units(start)
    if found.conflict is not None:  # the units refute it: the checker sees that by itself
        return SegmentRun(False, 0, proof=gzip.compress(b"", GZIP_LEVEL, mtime=0))
    formula = [literals for _, literals in found.left]
    with traced_run(formula, deadline, budgets) as run:
        if run.answer:
            implied = {literal for literal, _ in found.implied}
            decided = {abs(literal) for literal in implied}
            true = {lit for lit in run.model if lit > 0 and lit not in decided}
            model = frozenset(true | {literal for literal in implied if literal > 0})
            return SegmentRun(True, run.budgets, model)
        if run.answer is False:
            return SegmentRun(False, run.budgets, proof=compressed_trace(run.trace, True))
        left = survivors(run.trace, len(formula))
        own = [
            Carried(number, tuple(literals))
            for number, (index, literals) in enumerate(found.left, 1)
            if index >= len(clauses) and number not in left.deleted
        ]
        learnt = [Carried(number, literals) for number, literals in sorted(left.lemmas.items())]
        handed = [item for item in own + learnt if len(item.literals) <= carry_max_size]
        units = _new_units(clauses, [literal for literal, _ in found.implied])
        carried = [Carried(IMPLIED, (literal,)) for literal in units] + handed
        targets = [item.number for item in handed if item.number > len(formula)]
        proof = (
            compressed_trace(run.trace, True, targets)
            if targets
            else gzip.compress(b"", GZIP_LEVEL, mtime=0)  # it hands on formula clauses alone
        )
        return SegmentRun(None, run.budgets, proof=proof, carry=carry_bytes(carried))


def _new_units(clauses: list[list[int]], implied: list[int]) -> list[int]:
    """The literals of ``implied`` that the units of ``clauses`` alone do not imply (those are
    implied again in every segment)."""
    reduced = reduce_by_units(clauses)
    known = set() if reduced is None else set(reduced[1])
    return sorted((literal for literal in implied if literal not in known), key=abs)
