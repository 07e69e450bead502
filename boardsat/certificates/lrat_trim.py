"""An LRAT refutation cut down to the lemmas its empty clause depends on.

CaDiCaL logs every clause it learns, and most never help refute the formula. A backward pass
from the empty clause marks the lemmas its hints reach; only those are written again, each
followed by the deletion of the clauses it is the last to name, so a checker holds only what it
still needs. A checkpoint's trace derives no empty clause: it is cut down to the lemmas that
derive the clauses it hands on (``targets``), which are never deleted. The proof keeps its
clause numbers, which still rise line by line, so it refutes the same formula and any LRAT
checker reads it. Trimming is not trusted: the checker
(``boardsat.certificates.lrat``) checks the trimmed proof like any other.

A long cube's trace runs to gigabytes, so the proof is never held in memory: the backward pass
reads the file from its end in blocks, and what it keeps is one number per clause, the number
of the last needed lemma that names it (0 while none does).
"""

from __future__ import annotations

import io
from array import array
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import IO

BLOCK = 1 << 24
_SEPARATOR = b" 0 "  # ends a lemma's literals: no clause number and no literal is 0


@dataclass(frozen=True)
class Trimmed:
    """What trimming kept: ``kept`` of the proof's ``lemmas``, the empty clause included."""

    lemmas: int
    kept: int


def trim_lrat(
    proof: IO[bytes], write: Callable[[bytes], object], targets: Collection[int] | None = None
) -> Trimmed | None:
    """Write the trimmed form of the text LRAT ``proof`` (a seekable file) through ``write``:
    what derives its empty clause, or with ``targets`` (lemma numbers) what derives those.
    None, and what was written no proof, when the proof derives no empty clause (or lacks a
    target), has a line that is no LRAT step, or names a clause it cannot (a RAT step's
    negative hint, a later lemma): a checker should see such a proof as it is."""
    try:
        last_use = _last_uses(proof, targets)
    except ValueError:  # a line that is no LRAT step
        return None
    if last_use is None:
        return None
    proof.seek(0)
    return _write_needed(proof, last_use, frozenset(targets or ()), write)


def _last_uses(proof: IO[bytes], targets: Collection[int] | None) -> array[int] | None:
    last_use: array[int] | None = None
    if targets is not None:
        last = max(targets, default=0)
        last_use = array("i" if last < 2**31 else "q", [0]) * (last + 1)
        for target in targets:
            last_use[target] = target
    for line in _lines_backward(proof):
        step = _lemma(line)
        if step is None:
            continue
        number, literals, hints = step
        if last_use is None:
            if literals:
                continue  # a lemma after the last empty clause
            last_use = array("i" if number < 2**31 else "q", [0]) * (number + 1)
            last_use[number] = number
        if not 0 < number < len(last_use) or not last_use[number]:
            continue
        for hint in map(int, hints.split()[:-1]):
            if not 0 < hint < number:
                return None
            if not last_use[hint]:
                last_use[hint] = number
    return last_use


def _write_needed(
    proof: IO[bytes],
    last_use: array[int],
    targets: frozenset[int],
    write: Callable[[bytes], object],
) -> Trimmed | None:
    """Write the lemmas ``last_use`` marks, up to the last, each followed by the deletion of the
    clauses no later one names (never a target); None when a target lemma is not there."""
    last = len(last_use) - 1
    lemmas = kept = found = 0
    for line in proof:
        step = _lemma(line)
        if step is None:
            continue
        lemmas += 1
        number, _, hints = step
        if not 0 < number <= last or not last_use[number]:
            continue
        kept += 1
        found += number in targets
        write(line if line.endswith(b"\n") else line + b"\n")
        if number == last:
            return Trimmed(lemmas, kept) if found == len(targets) else None
        done = [
            hint
            for hint in map(int, hints.split()[:-1])
            if last_use[hint] == number and hint not in targets
        ]
        if done:
            write(b"%d d %s 0\n" % (number, b" ".join(b"%d" % hint for hint in done)))
    return None


def _lemma(line: bytes) -> tuple[int, bytes, bytes] | None:
    """A lemma line's number, literals and hints (as text, ending in its 0); None for a
    deletion, a comment or a blank line."""
    number, _, rest = line.partition(b" ")
    if not rest or line.startswith(b"c") or rest.startswith(b"d "):
        return None
    literals, _, hints = (b" " + rest).partition(_SEPARATOR)
    return int(number), literals, hints


def _lines_backward(proof: IO[bytes]) -> Iterator[bytes]:
    """The file's lines from the last to the first, read in blocks from its end."""
    end = proof.seek(0, io.SEEK_END)
    partial = b""
    while end > 0:
        start = max(0, end - BLOCK)
        proof.seek(start)
        lines = (proof.read(end - start) + partial).split(b"\n")
        partial = lines.pop(0) if start else b""
        yield from reversed(lines)
        end = start
