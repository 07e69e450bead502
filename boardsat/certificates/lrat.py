"""An LRAT proof checker of its own, independent of the solvers whose refutations it checks.

An LRAT proof numbers clauses. The formula's clauses are 1 to m in their order, and each lemma
line gives its own number, its literals, and the numbers of the clauses (hints) that derive it:
``15 -2 3 0 4 9 12 0``. A ``d`` line deletes clauses by number: ``15 d 4 9 0``. Checking a lemma
needs no search. Its literals are set false, and each hint in turn must be a unit clause under
the assignment so far, whose last literal is then set true, until one hint is falsified. So a
check costs the length of the hints, not of the formula: many times less than DRUP checking
(``boardsat.certificates.drup``), where the checker must find each propagation itself.

The proof refutes a formula once it derives the empty clause. The formula it numbers is the one
``reduce_by_units`` leaves: CaDiCaL numbers clauses as they arrive, and a unit clause makes it
derive clauses in between, which no checker could number. So the units are propagated first, by
the checker as by the solver's caller, and a formula whose units already falsify a clause needs
no proof at all. Only RUP steps are accepted: a negative hint (a RAT step) is refused, which is
sound and suits CaDiCaL's proofs of these formulas. A hint must name a live clause, and a lemma
must take a number above every earlier one, so no clause is replaced. Deleting a clause never
added is ignored, since deleting only weakens what the checker knows.
"""

from __future__ import annotations

import gzip
import lzma
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardsat.certificates.drup import XZ_MAGIC
from boardsat.core.errors import BoardsatError

_GZIP_MAGIC = b"\x1f\x8b"


@dataclass(frozen=True)
class LratCheck:
    """A proof's verdict: ``lemmas`` counts the lemmas accepted, ``hints`` the hint clauses
    followed, and ``reason`` says where the refutation was reached or where and why it failed."""

    valid: bool
    lemmas: int
    hints: int
    reason: str


@dataclass(frozen=True)
class Propagation:
    """Unit propagation over a list of clauses, by their places in it: each implied literal
    with the clause that implied it, in the order implied; each clause left (neither satisfied
    nor a tautology) with the literals left; ``conflict`` the place of a falsified clause."""

    implied: list[tuple[int, int]]
    left: list[tuple[int, list[int]]]
    conflict: int | None = None


def propagate_units(clauses: Sequence[Sequence[int]]) -> Propagation:
    """What the unit clauses of ``clauses`` imply by propagation, and why (``Propagation``)."""
    formula = [list(dict.fromkeys(clause)) for clause in clauses]
    tautology = [any(-literal in clause for literal in clause) for clause in formula]
    occurs: dict[int, list[int]] = {}
    for index, clause in enumerate(formula):
        if not tautology[index]:
            for literal in clause:
                occurs.setdefault(literal, []).append(index)
    free = [len(clause) for clause in formula]
    satisfied = list(tautology)
    true: dict[int, int] = {}  # literal: the clause that implied it
    empty = next((i for i, clause in enumerate(formula) if not clause), None)
    if empty is not None:
        return Propagation([], [], empty)
    queue = [(clause[0], index) for index, clause in enumerate(formula) if len(clause) == 1]
    while queue:
        literal, reason = queue.pop()
        if literal in true:
            continue
        if -literal in true:
            return Propagation(list(true.items()), [], reason)
        true[literal] = reason
        for index in occurs.get(literal, ()):
            satisfied[index] = True
        for index in occurs.get(-literal, ()):
            free[index] -= 1
            if satisfied[index]:
                continue
            if free[index] == 0:
                return Propagation(list(true.items()), [], index)
            if free[index] == 1:
                queue.append((next(x for x in formula[index] if -x not in true), index))
    left = [
        (index, [literal for literal in clause if -literal not in true])
        for index, clause in enumerate(formula)
        if not satisfied[index]
    ]
    return Propagation(list(true.items()), left)


def reduce_by_units(clauses: Iterable[Sequence[int]]) -> tuple[list[list[int]], list[int]] | None:
    """The formula under what its unit clauses imply by propagation, and those implied literals.

    Clauses the literals satisfy are dropped, tautologies too, and literals they falsify are
    removed, so no clause left is a unit; None when propagation falsifies a clause.
    """
    found = propagate_units(list(clauses))
    if found.conflict is not None:
        return None
    return [literals for _, literals in found.left], sorted(
        (literal for literal, _ in found.implied), key=abs
    )


def check_lrat(clauses: Iterable[Sequence[int]], proof_lines: Iterable[bytes | str]) -> LratCheck:
    """Check a text LRAT refutation of ``clauses`` (DIMACS literals), numbered as above."""
    reduced = reduce_by_units(clauses)
    if reduced is None:
        return LratCheck(True, 0, 0, "unit propagation refutes the formula without a proof")
    return _follow(reduced[0], proof_lines, {})


def check_derivation(
    clauses: Iterable[Sequence[int]],
    proof_lines: Iterable[bytes | str],
    handed_on: Sequence[tuple[int, Sequence[int]]],
) -> LratCheck:
    """Check a proof that hands clauses on instead of refuting (a checkpoint's): every step to
    its end, and each clause of ``handed_on``, given by its number, a clause of the reduced
    formula or a lemma of the proof with those literals; a number 0 gives one literal that the
    formula's units imply. A proof that derives the empty clause on the way refutes the
    formula, which is more."""
    reduced = reduce_by_units(clauses)
    if reduced is None:
        return LratCheck(True, 0, 0, "unit propagation refutes the formula without a proof")
    formula, implied = reduced
    wanted: dict[int, frozenset[int]] = {}
    for number, literals in handed_on:
        if number == 0:
            if len(literals) != 1 or literals[0] not in implied:
                return LratCheck(False, 0, 0, f"{list(literals)} is no unit the units imply")
        elif number < 0 or number in wanted or not literals:
            return LratCheck(False, 0, 0, f"clause {number} is handed on twice, or empty")
        elif number <= len(formula) and frozenset(formula[number - 1]) != frozenset(literals):
            return LratCheck(
                False, 0, 0, f"clause {number} is not the formula's clause so numbered"
            )
        elif number > len(formula):
            wanted[number] = frozenset(literals)
    return _follow(formula, proof_lines, wanted, hands_on=True)


def _follow(
    formula: Sequence[Sequence[int]],
    proof_lines: Iterable[bytes | str],
    wanted: dict[int, frozenset[int]],
    hands_on: bool = False,
) -> LratCheck:
    """Follow the proof's steps over the reduced ``formula``: valid at its empty clause, or,
    when it ``hands_on`` clauses, at its end once each ``wanted`` lemma (number to literals)
    came as wanted."""
    alive: dict[int, Sequence[int]] = dict(enumerate(formula, start=1))
    last = len(alive)
    lemmas = followed = 0
    for number, line in enumerate(proof_lines, start=1):
        tokens = line.split()
        if not tokens or tokens[0] in ("c", b"c"):
            continue
        try:
            if tokens[1] in ("d", b"d"):
                for ident in map(int, tokens[2:-1]):
                    alive.pop(ident, None)
                continue
            values = list(map(int, tokens))
            end = values.index(0, 1)
        except (IndexError, ValueError):
            return LratCheck(False, lemmas, followed, f"line {number} is no LRAT step: {line!r}")
        ident, lemma, hints = values[0], values[1:end], values[end + 1 : -1]
        if values[-1] != 0 or len(values) == end + 1:
            return LratCheck(False, lemmas, followed, f"line {number} does not end in 0")
        if ident <= last:
            return LratCheck(False, lemmas, followed, f"line {number} reuses number {ident}")
        problem = _derivation_problem(lemma, hints, alive)
        if problem:
            return LratCheck(False, lemmas, followed, f"lemma {ident} (line {number}) {problem}")
        lemmas += 1
        followed += len(hints)
        if not lemma:
            return LratCheck(True, lemmas, followed, f"lemma {ident} is the empty clause")
        if ident in wanted and wanted.pop(ident) != frozenset(lemma):
            return LratCheck(False, lemmas, followed, f"lemma {ident} is not the clause handed on")
        alive[ident] = lemma
        last = ident
    if wanted:
        missing = min(wanted)
        return LratCheck(False, lemmas, followed, f"the proof derives no lemma {missing}")
    if hands_on:
        return LratCheck(True, lemmas, followed, f"the {lemmas} lemmas derive what is handed on")
    return LratCheck(
        False, lemmas, followed, f"the proof ends after {lemmas} lemmas without the empty clause"
    )


def _derivation_problem(lemma: list[int], hints: list[int], alive: dict[int, Sequence[int]]) -> str:
    """ "" when the hints derive ``lemma`` by unit propagation, otherwise why not."""
    true = {-literal for literal in lemma}
    if any(-literal in true for literal in true):
        return ""  # a tautology follows from anything
    for hint in hints:
        clause = alive.get(hint)
        if clause is None:
            return f"names {hint}, which is no live clause" if hint > 0 else "takes a RAT step"
        unit = 0
        for literal in clause:
            if -literal not in true:
                if unit:
                    return f"names clause {hint}, which is not unit there"
                unit = literal
        if not unit:
            return ""  # the hint is falsified: the lemma's negation conflicts
        true.add(unit)
    return "is not derived: its hints reach no conflict"


def lrat_lines(path: str | Path) -> Iterator[bytes]:
    """A proof file's lines (plain, gzip or xz), read as they are checked: LRAT proofs run to
    gigabytes of text."""
    try:
        with Path(path).open("rb") as raw:
            start = raw.read(len(XZ_MAGIC))
        opener: Callable[..., Any] = open
        if start.startswith(_GZIP_MAGIC):
            opener = gzip.open
        elif start == XZ_MAGIC:
            opener = lzma.open
        with opener(Path(path), "rb") as handle:
            yield from handle
    except (OSError, lzma.LZMAError, EOFError, zlib.error) as error:
        raise BoardsatError(
            f"cannot read {path}: {getattr(error, 'strerror', None) or error}"
        ) from None
