"""A refutation in segments: each run's LRAT proof derives the clauses the next run starts from.

A lemma too long for one run is solved in segments. Segment j solves the formula with the
clauses carried into it, ``F + C_j``, for a while, and hands on ``C_{j+1}``: clauses its proof
derives, or that its formula holds. So by induction each ``C_j`` follows from ``F``, and the
last segment's refutation of ``F + C_k`` refutes ``F``.

A carry file names each clause by its number in the segment that hands it on: a lemma of its
proof, a clause of its formula as ``reduce_by_units`` leaves it, or 0 for a literal those units
imply. So a checker finds each where it is said to be, without searching (``check_derivation``).

``stitch`` turns a chain into one LRAT refutation of ``F`` alone, for a referee's checker: the
segments' lemmas renumbered into one rising sequence, and, before each segment, the derivations
of the reduced clauses it started from (each a unit-propagation step, hinted like any lemma).
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO

from boardsat.certificates.lrat import propagate_units, reduce_by_units

Clause = tuple[int, ...]
IMPLIED = 0  # a carried clause's number when the segment's units imply it (a unit clause)


@dataclass(frozen=True)
class Carried:
    """One clause handed on: its ``number`` in the segment that hands it on (IMPLIED for a
    literal its formula's units imply), and its literals."""

    number: int
    literals: Clause


def carry_bytes(carried: Iterable[Carried]) -> bytes:
    """The carry file: one clause a line, ``NUMBER LITERALS 0``, gzip without a time stamp,
    so that the same clauses give the same bytes."""
    text = "".join(f"{item.number} {' '.join(map(str, item.literals))} 0\n" for item in carried)
    return gzip.compress(text.encode(), 6, mtime=0)


def read_carry(data: bytes) -> list[Carried]:
    """The clauses of a carry file (ValueError when it is not one: a line that is no numbered
    clause, a number given twice, or an implied literal that is not one literal)."""
    try:
        text = gzip.decompress(data)
    except (OSError, EOFError, zlib.error) as error:
        raise ValueError(f"the carry file cannot be read: {error}") from None
    carried = []
    seen: set[int] = set()
    for line in text.splitlines():
        values = [int(value) for value in line.split()]
        number, literals = (values[0], tuple(values[1:-1])) if values else (-1, ())
        if not literals or values[-1] != 0 or 0 in literals or number < 0 or number in seen:
            raise ValueError(f"a line of the carry file is no clause handed on: {line[:40]!r}")
        if number == IMPLIED and len(literals) != 1:
            raise ValueError(f"an implied literal of the carry file is a clause: {line[:40]!r}")
        if number != IMPLIED:
            seen.add(number)
        carried.append(Carried(number, literals))
    return carried


@dataclass(frozen=True)
class Survivors:
    """What a proof leaves alive at its end: its lemmas by number, and the formula's clauses
    (numbers up to the formula's size) that it deleted."""

    lemmas: dict[int, Clause]
    deleted: set[int]


def survivors(proof: IO[bytes], inputs: int) -> Survivors:
    """Read the text LRAT ``proof`` of a formula of ``inputs`` clauses forward, keeping each
    lemma until a deletion names it: what its solver still held when it stopped."""
    lemmas: dict[int, Clause] = {}
    deleted: set[int] = set()
    proof.seek(0)
    for line in proof:
        number, _, rest = line.partition(b" ")
        if not rest or line.startswith(b"c"):
            continue
        if rest.startswith(b"d "):
            for gone in map(int, rest[2:].split()[:-1]):
                if lemmas.pop(gone, None) is None and gone <= inputs:
                    deleted.add(gone)
            continue
        literals, _, _ = (b" " + rest).partition(b" 0 ")
        lemmas[int(number)] = tuple(map(int, literals.split()))
    return Survivors(lemmas, deleted)


@dataclass(frozen=True)
class Segment:
    """One segment for ``stitch``: the clauses carried into it (in the order its formula
    takes them), its proof's text lines, and what it hands on (empty for the last)."""

    carried_in: Sequence[Clause]
    proof: Iterable[bytes]
    hands_on: Sequence[Carried] = ()


class ChainError(ValueError):
    """The segments do not chain: a carried clause is not where its segment says, or the last
    segment derives no empty clause."""


@dataclass
class _Numbering:
    """The one refutation's clause numbers: the next free one, and the unit clause of each
    literal implied so far."""

    next: int
    units: dict[int, int] = field(default_factory=dict)

    def take(self) -> int:
        self.next += 1
        return self.next - 1


def stitch(formula: Sequence[Sequence[int]], segments: Sequence[Segment]) -> Iterator[bytes]:
    """One LRAT refutation of ``formula`` (numbered as ``reduce_by_units`` leaves it, as every
    certificate here is) from a chain of segments, line by line."""
    reduced = reduce_by_units(formula)
    if reduced is None:
        return  # the units refute it: an empty proof, as for any other certificate
    base, _ = reduced
    numbers = _Numbering(len(base) + 1)
    carried: list[int] = []  # the numbers here of the clauses carried into the next segment
    for index, segment in enumerate(segments):
        start = [list(clause) for clause in base] + [list(c) for c in segment.carried_in]
        if len(carried) != len(segment.carried_in):
            raise ChainError(f"segment {index} starts from clauses the one before did not hand on")
        given = list(range(1, len(base) + 1)) + carried
        local = _Local()
        if (
            yield from _start(
                start, given, numbers, local, reduce_by_units([*formula, *start[len(base) :]])
            )
        ):
            return
        kept = {item.number for item in segment.hands_on}
        for line in segment.proof:
            tokens = line.split()
            if not tokens or tokens[0] == b"c":
                continue
            if tokens[1] == b"d":
                gone = [
                    local.forget(int(token)) for token in tokens[2:-1] if int(token) not in kept
                ]
                named = [number for number in gone if number]
                if named:
                    yield b"%d d %s 0\n" % (numbers.next - 1, b" ".join(b"%d" % n for n in named))
                continue
            values = [int(token) for token in tokens]
            end = values.index(0, 1)
            number = numbers.take()
            hints = b" ".join(b"%d" % local.number(hint) for hint in values[end + 1 : -1])
            local.lemmas[values[0]] = number
            literals = b"".join(b"%d " % literal for literal in values[1:end])
            yield b"%d %s0 %s 0\n" % (number, literals, hints)
            if end == 1:
                return  # the empty clause
        if not segment.hands_on:
            raise ChainError(f"segment {index}, the last, derives no empty clause")
        carried = [local.handed_on(item, numbers) for item in segment.hands_on]
    raise ChainError("the chain has no segments")


@dataclass
class _Local:
    """One segment's numbers, and what they are here: its formula's clauses (``own``, from 1)
    and its lemmas."""

    own: list[int] = field(default_factory=list)
    lemmas: dict[int, int] = field(default_factory=dict)

    def number(self, local: int) -> int:
        if 0 < local <= len(self.own):
            return self.own[local - 1]
        if local not in self.lemmas:
            raise ChainError(f"a hint names {local}, which the segment never derived")
        return self.lemmas[local]

    def forget(self, local: int) -> int:
        """The number here of a deleted lemma (0 for a formula clause, which later segments
        may still name, and for one never kept)."""
        return self.lemmas.pop(local, 0) if local > len(self.own) else 0

    def handed_on(self, item: Carried, numbers: _Numbering) -> int:
        if item.number == IMPLIED:
            if item.literals[0] not in numbers.units:
                raise ChainError(f"the segment hands on {item.literals[0]}, which no unit implies")
            return numbers.units[item.literals[0]]
        if item.number > len(self.own) and item.number not in self.lemmas:
            raise ChainError(f"the segment hands on lemma {item.number}, which it never derived")
        return self.number(item.number)


def _start(
    start: list[list[int]],
    given: list[int],
    numbers: _Numbering,
    local: _Local,
    solved: tuple[list[list[int]], list[int]] | None,
) -> Generator[bytes, None, bool]:
    """Derive the clauses a segment's formula starts from: ``start`` (the base formula and the
    clauses carried in, numbered ``given`` here) under its units, each one propagation step,
    checked against the formula the segment ``solved``. Numbers them in ``local``; True when
    the units alone refute it."""
    found = propagate_units(start)
    expected = None if solved is None else solved[0]
    for literal, reason in found.implied:
        if literal not in numbers.units:
            clause = start[reason]
            if len(clause) == 1:
                numbers.units[literal] = given[reason]
                continue
            number = numbers.take()
            hints = [numbers.units[-other] for other in clause if other != literal]
            yield _lemma(number, [literal], [*hints, given[reason]])
            numbers.units[literal] = number
    if found.conflict is not None:
        clause = start[found.conflict]
        hints = [numbers.units[-literal] for literal in dict.fromkeys(clause)]
        yield _lemma(numbers.take(), [], [*hints, given[found.conflict]])
        return True
    if expected != [literals for _, literals in found.left]:
        raise ChainError("a segment's formula is not the base formula and its carried clauses")
    for index, literals in found.left:
        if len(literals) == len(set(start[index])):
            local.own.append(given[index])
            continue
        gone = [numbers.units[-other] for other in start[index] if other not in literals]
        number = numbers.take()
        yield _lemma(number, literals, [*dict.fromkeys(gone), given[index]])
        local.own.append(number)
    return False


def _lemma(number: int, literals: Sequence[int], hints: Sequence[int]) -> bytes:
    out = io.BytesIO()
    out.write(b"%d " % number)
    for literal in literals:
        out.write(b"%d " % literal)
    out.write(b"0 ")
    out.write(b" ".join(b"%d" % hint for hint in hints))
    out.write(b" 0\n")
    return out.getvalue()
