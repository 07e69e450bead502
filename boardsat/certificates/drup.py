"""A DRUP proof checker of its own, independent of the solvers whose refutations it checks.

A DRUP proof is a list of lemmas (``1 -2 0``) and deletions (``d 1 -2 0``). Each lemma must follow
from the clauses alive before it by reverse unit propagation (RUP): setting every literal of the
lemma false, unit propagation over those clauses reaches a conflict. The proof refutes the formula
once unit propagation on the clauses alone conflicts, which the empty lemma ``0`` states outright.

The check runs forwards, lemma by lemma, with the usual propagation machinery: two watched
literals per clause, one value array indexed by literal, and one trail. The level-0 assignment
(what the formula and the lemmas so far imply by propagation alone) is kept across lemmas; each
RUP check assigns its lemma's negation above it and undoes only that part of the trail, so no
lemma costs work proportional to the formula. Binary clauses are propagated first, as plain
implication lists. Since level-0 literals stay put, a new clause is
stored without its level-0 false literals, not at all when a level-0 literal satisfies it, and
as a level-0 assignment when it is a unit.

Deletions are honoured, which keeps propagation fast, with one exception: the level-0
assignment never shrinks. Deleting the clause that is the reason of a level-0 literal would,
read strictly, take that literal back, and everything propagated after it. Solvers delete such
clauses routinely (clauses satisfied at level 0) and keep the literal as a fact, so a checker that
retracts it rejects good proofs; drat-trim, too, ignores these deletions by default. Keeping the
literal is sound: it was propagated from clauses that were each an original clause or a lemma
already checked, so the formula implies it, and a lemma it helps to derive is implied as well.
The same holds for every clause kept: deleting a clause never added is ignored.

Only RUP lemmas are accepted: a RAT lemma (DRAT's extension) is rejected, which is sound and
suits the proofs python-sat's solvers write.

Proofs and formulas are read and written as text, compressed with ``lzma`` when the name ends in
``.xz``; a proof read from a file may also be binary DRAT (``a``/``d`` bytes, variable-length
literals), as the CaDiCaL command-line solver writes by default.
"""

from __future__ import annotations

import lzma
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from boardsat.core.errors import BoardsatError
from boardsat.core.files import write_new_file

XZ_MAGIC = b"\xfd7zXZ\x00"
# lzma's fastest preset: proofs of tens of megabytes are written at every refuted cube, and the
# default preset cost more than the solving (bench/results/domination_cubes.md)
XZ_PRESET = 0


@dataclass(frozen=True)
class DrupCheck:
    """A proof's verdict: ``lemmas`` counts the lemmas accepted, ``deletions`` the deletions read,
    and ``reason`` says where the refutation was reached or where and why the proof failed."""

    valid: bool
    lemmas: int
    deletions: int
    reason: str


class Cnf(NamedTuple):
    """A DIMACS formula: its clauses as lists of literals, and the variable count of its header."""

    clauses: list[list[int]]
    num_vars: int


def _code(literal: int) -> int:
    """A DIMACS literal as an array index: ``2v`` for ``v``, ``2v + 1`` for ``-v``."""
    return 2 * literal if literal > 0 else 1 - 2 * literal


class _Propagator:
    """Clauses with two watched literals, and the level-0 assignment they imply.

    A clause of three or more literals is one list, its first two literals watched; the watch
    lists hold the clause lists themselves (in CPython this measured 15 to 20% faster than one
    flat literal array with offsets). A binary clause is two entries in ``implied``: what each
    literal's falsity forces. ``value`` is 1, -1 or 0 per literal code; ``trail`` lists the true
    literals in the order they were set.
    """

    def __init__(self, num_vars: int) -> None:
        self.watches: list[list[list[int]]] = []
        self.implied: list[list[int]] = []
        self.value: list[int] = []
        self.trail: list[int] = []
        self.by_key: dict[tuple[int, ...], list[list[int]]] = {}
        self.conflict = False
        self.grow(num_vars)

    def grow(self, num_vars: int) -> None:
        """Room for the literals of variables up to ``num_vars``."""
        missing = 2 * num_vars + 2 - len(self.value)
        if missing > 0:
            self.value.extend([0] * missing)
            self.watches.extend([] for _ in range(missing))
            self.implied.extend([] for _ in range(missing))

    def add(self, key: tuple[int, ...], codes: list[int]) -> None:
        """Add a clause of distinct, non-complementary literal codes; ``key`` finds it again."""
        value = self.value
        free = []
        for code in codes:
            state = value[code]
            if state == 1:
                return  # satisfied at level 0 for good: it can never propagate
            if state == 0:
                free.append(code)
        if not free:
            self.conflict = True
        elif len(free) == 1:
            self._assign_and_propagate(free[0])
        else:
            if len(free) == 2:
                self.implied[free[0]].append(free[1])
                self.implied[free[1]].append(free[0])
            else:
                self.watches[free[0]].append(free)
                self.watches[free[1]].append(free)
            self.by_key.setdefault(key, []).append(free)

    def delete(self, key: tuple[int, ...]) -> None:
        """Delete one stored clause with these literals; level-0 literals stay (module docstring)."""
        copies = self.by_key.get(key)
        if not copies:
            return
        clause = copies.pop()
        first, second = clause[:2]
        if len(clause) == 2:
            self.implied[first].remove(second)
            self.implied[second].remove(first)
        else:
            for watching in self.watches[first], self.watches[second]:
                # by identity: another clause may hold the same literals in the same order
                del watching[next(i for i, entry in enumerate(watching) if entry is clause)]

    def _assign_and_propagate(self, code: int) -> None:
        if self.value[code] == -1:
            self.conflict = True
        elif self.value[code] == 0:
            head = len(self.trail)
            self._set(code)
            self.conflict = self._propagate(head)

    def _set(self, code: int) -> None:
        self.value[code] = 1
        self.value[code ^ 1] = -1
        self.trail.append(code)

    def implies(self, codes: list[int]) -> bool:
        """Whether the clause follows by reverse unit propagation; the assignment is restored."""
        value = self.value
        trail = self.trail
        level0 = len(trail)
        for code in codes:
            state = value[code]
            if state == 1:
                conflict = True  # a level-0 literal satisfies it
                break
            if state == 0:
                value[code] = -1
                value[code ^ 1] = 1
                trail.append(code ^ 1)
        else:
            conflict = self._propagate(level0)
        for code in trail[level0:]:
            value[code] = 0
            value[code ^ 1] = 0
        del trail[level0:]
        return conflict

    def _propagate(self, head: int) -> bool:
        """Propagate the trail from ``head``; True on a conflict. The hot loop, kept flat.

        Binary clauses go first: every literal's implications are followed before any longer
        clause is visited, so a conflict among binaries is found without touching the rest.
        """
        value = self.value
        trail = self.trail
        implied = self.implied
        watches = self.watches
        binary_head = head
        while True:
            while binary_head < len(trail):
                for other in implied[trail[binary_head] ^ 1]:
                    state = value[other]
                    if state == 0:
                        value[other] = 1
                        value[other ^ 1] = -1
                        trail.append(other)
                    elif state == -1:
                        return True
                binary_head += 1
            if head == len(trail):
                return False
            false_code = trail[head] ^ 1
            head += 1
            watching = watches[false_code]
            kept = 0
            count = len(watching)
            index = 0
            while index < count:
                clause = watching[index]
                index += 1
                other = clause[0]
                if other == false_code:
                    other = clause[1]
                    clause[0] = other
                    clause[1] = false_code
                if value[other] != 1:
                    for position in range(2, len(clause)):
                        candidate = clause[position]
                        if value[candidate] != -1:
                            clause[1] = candidate
                            clause[position] = false_code
                            watches[candidate].append(clause)
                            break
                    else:
                        watching[kept] = clause
                        kept += 1
                        if value[other] == -1:
                            watching[kept:] = watching[index:count]
                            return True
                        value[other] = 1
                        value[other ^ 1] = -1
                        trail.append(other)
                    continue
                watching[kept] = clause
                kept += 1
            del watching[kept:]


def _parse_clause(tokens: list[str]) -> list[int] | None:
    """The literals of ``... 0``, or None when the tokens are not a clause line."""
    if not tokens or tokens[-1] != "0":
        return None
    try:
        literals = [int(token) for token in tokens[:-1]]
    except ValueError:
        return None
    return None if 0 in literals else literals


def _normalised(literals: Iterable[int]) -> tuple[tuple[int, ...], list[int]] | None:
    """The clause's key (sorted distinct literals) and codes; None for a tautology."""
    key = tuple(sorted(set(literals)))
    codes = [_code(literal) for literal in key]
    if len(set(code >> 1 for code in codes)) < len(codes):
        return None
    return key, codes


def check_drup(clauses: Iterable[Sequence[int]], proof_lines: Iterable[str]) -> DrupCheck:
    """Check a DRUP refutation of ``clauses`` (DIMACS literals) given as text proof lines.

    ``proof_lines`` are what python-sat's ``Solver(..., with_proof=True).get_proof()`` returns:
    ``1 -2 0`` adds a lemma, ``d 1 -2 0`` deletes a clause, ``c ...`` and blank lines are skipped.
    The proof is valid once unit propagation on the formula and the lemmas so far conflicts (a
    formula with complementary units needs no lemma); the lines after that are not read.
    """
    formula = [list(clause) for clause in clauses]
    top = max((abs(literal) for clause in formula for literal in clause), default=0)
    checker = _Propagator(top)
    for clause in formula:
        normal = _normalised(clause)
        if normal is not None:
            checker.add(*normal)
        if checker.conflict:
            return DrupCheck(True, 0, 0, "the formula conflicts by unit propagation alone")
    lemmas = deletions = 0
    for number, line in enumerate(proof_lines, start=1):
        tokens = line.split()
        if not tokens or tokens[0].startswith("c"):
            continue
        deleting = tokens[0] == "d"
        literals = _parse_clause(tokens[1:] if deleting else tokens)
        if literals is None:
            return DrupCheck(False, lemmas, deletions, f"line {number} is no clause: {line!r}")
        checker.grow(max(map(abs, literals), default=0))
        normal = _normalised(literals)
        if deleting:
            deletions += 1
            if normal is not None:
                checker.delete(normal[0])
            continue
        lemmas += 1
        if normal is None:
            continue  # a tautology follows from anything and propagates nothing
        if not checker.implies(normal[1]):
            return DrupCheck(
                False,
                lemmas - 1,
                deletions,
                f"lemma {lemmas} (line {number}) does not follow by unit propagation",
            )
        checker.add(*normal)
        if checker.conflict:
            return DrupCheck(
                True,
                lemmas,
                deletions,
                f"unit propagation conflicts after lemma {lemmas} (line {number})",
            )
    return DrupCheck(
        False,
        lemmas,
        deletions,
        f"the proof ends after {lemmas} lemmas without reaching a conflict (no empty clause)",
    )


def _read_bytes(path: str | Path) -> bytes:
    """A file's bytes, decompressed when they are ``xz`` data; a missing file in one line."""
    try:
        data = Path(path).read_bytes()
        return lzma.decompress(data) if data.startswith(XZ_MAGIC) else data
    except (OSError, lzma.LZMAError) as error:
        raise BoardsatError(
            f"cannot read {path}: {getattr(error, 'strerror', None) or error}"
        ) from None


def compress_proof(proof: str | bytes) -> bytes:
    """A proof's text as ``xz`` data, at the preset proofs are kept with."""
    data = proof.encode("utf-8") if isinstance(proof, str) else proof
    return lzma.compress(data, preset=XZ_PRESET)


def _write_text(path: str | Path, lines: Iterable[str]) -> None:
    """Create ``path`` exclusively with one line per item, ``xz``-compressed for a ``.xz`` name."""
    text = "".join(line.rstrip("\n") + "\n" for line in lines)
    write_new_file(
        path, compress_proof(text) if str(path).endswith(".xz") else text.encode("utf-8")
    )


def write_proof(path: str | Path, lines: Iterable[str]) -> None:
    """Write text proof lines to a new file, compressed when ``path`` ends in ``.xz``."""
    _write_text(path, lines)


def _binary_lines(data: bytes, path: str | Path) -> list[str]:
    """Binary DRAT as text lines: ``a`` or ``d``, then literals ``2v + sign`` in 7-bit groups."""
    lines = []
    position = 0
    try:
        while position < len(data):
            tag = data[position]
            position += 1
            if tag not in b"ad":
                raise ValueError(f"byte {position - 1} starts no step")
            literals = []
            while True:
                number = shift = 0
                while True:
                    byte = data[position]
                    position += 1
                    number |= (byte & 0x7F) << shift
                    shift += 7
                    if byte < 0x80:
                        break
                if number == 0:
                    break
                literals.append(-(number >> 1) if number & 1 else number >> 1)
            prefix = "d " if tag == ord("d") else ""
            lines.append(prefix + " ".join(map(str, [*literals, 0])))
    except IndexError:
        raise BoardsatError(f"{path}: the binary proof is cut off") from None
    except ValueError as error:
        raise BoardsatError(f"{path}: not a binary DRAT proof: {error}") from None
    return lines


def read_proof(path: str | Path) -> list[str]:
    """A proof file's lines, for ``check_drup``: text or binary DRAT, plain or ``xz``."""
    data = _read_bytes(path)
    if b"\0" in data:  # every binary step ends in a zero byte; text has none
        return _binary_lines(data, path)
    return data.decode("utf-8", "replace").splitlines()


def write_cnf(path: str | Path, clauses: Sequence[Sequence[int]], num_vars: int) -> None:
    """Write a DIMACS formula to a new file, compressed when ``path`` ends in ``.xz``."""
    header = f"p cnf {num_vars} {len(clauses)}"
    _write_text(path, [header, *(" ".join(map(str, [*clause, 0])) for clause in clauses)])


def read_cnf(path: str | Path) -> Cnf:
    """A DIMACS formula from a file, plain or ``xz``; clauses may span lines."""
    clauses: list[list[int]] = []
    num_vars: int | None = None
    clause: list[int] = []
    for number, line in enumerate(_read_bytes(path).decode("utf-8", "replace").splitlines(), 1):
        tokens = line.split()
        if not tokens or tokens[0].startswith("c"):
            continue
        if tokens[0] == "p":
            if len(tokens) != 4 or tokens[1] != "cnf" or not all(t.isdigit() for t in tokens[2:]):
                raise BoardsatError(f"{path}: line {number}: a bad header {line!r}")
            num_vars = int(tokens[2])
            continue
        try:
            literals = [int(token) for token in tokens]
        except ValueError:
            raise BoardsatError(f"{path}: line {number}: not a clause: {line!r}") from None
        for literal in literals:
            if literal:
                clause.append(literal)
            else:
                clauses.append(clause)
                clause = []
    if num_vars is None:
        raise BoardsatError(f"{path}: no 'p cnf' header")
    if clause:
        raise BoardsatError(f"{path}: the last clause has no closing 0")
    return Cnf(clauses, num_vars)
