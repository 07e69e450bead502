"""An LRAT certificate written out as text for outside checkers, beside its DRAT view.

lrat-check reads the LRAT text; drat-trim and other DRAT checkers read the same lemmas without
their hints, and name a deleted clause by its literals where LRAT names it by number. So the
DRAT view keeps each live clause's literals, as bytes, under its LRAT number.

The conversion takes the lines as an iterator, so a certificate of gigabytes streams through,
and so does a stream stitched from several certificates. It checks what costs nothing beside the
reading: each line is an LRAT step, each lemma takes a number above every earlier one, and the
proof reaches the empty clause. An empty, cut or garbled certificate is refused; whether each
hint derives its lemma is ``check_lrat``'s work, as ``boardsat proof check`` does it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from boardsat.core.errors import BoardsatError
from boardsat.core.wording import counted

Sink = Callable[[bytes], object]
BATCH = 4096  # lines joined per write: one call per line costs more than the writing
_LEMMA = re.compile(rb"([1-9][0-9]*) ((?:-?[1-9][0-9]* )*)0((?: -?[1-9][0-9]*)*) 0")
_DELETION = re.compile(rb"([1-9][0-9]*) d((?: [1-9][0-9]*)*) 0")


@dataclass(frozen=True)
class LratText:
    """What went through: the lemma lines, the deletion lines, and the empty clause's number."""

    lemmas: int
    deletions: int
    empty_clause: int


def write_lrat_and_drat(
    lines: Iterable[bytes],
    formula: Sequence[Sequence[int]],
    lrat: Sink,
    drat: Sink,
    source: str,
) -> LratText:
    """Write the LRAT ``lines`` refuting ``formula`` (the clauses they number, 1 to m) to ``lrat``
    as text, one step a line, and their DRAT view to ``drat``; BoardsatError naming ``source``
    when a line is no LRAT step, a lemma reuses a number, or no lemma is the empty clause."""
    alive = {str(number).encode(): _literals(clause) for number, clause in enumerate(formula, 1)}
    last = len(formula)
    lemmas = deletions = empty = 0
    lrat_out: list[bytes] = []
    drat_out: list[bytes] = []
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith(b"c"):
            continue
        step = _LEMMA.fullmatch(line)
        if step is not None:
            ident, literals = step.group(1), step.group(2)
            if int(ident) <= last:
                raise BoardsatError(f"{source}: line {number} reuses the number {int(ident)}")
            last = int(ident)
            alive[ident] = literals
            drat_out.append(literals + b"0\n")
            lemmas += 1
            if not literals and not empty:
                empty = last
        else:
            deleted = _DELETION.fullmatch(line)
            if deleted is None:
                raise BoardsatError(
                    f"{source}: line {number} is no LRAT step ({raw[:40]!r}); `boardsat proof"
                    " check` checks every certificate"
                )
            for ident in deleted.group(2).split():
                gone = alive.pop(ident, None)
                if gone is not None:
                    drat_out.append(b"d " + gone + b"0\n")
            deletions += 1
        lrat_out.append(line + b"\n")
        if len(lrat_out) >= BATCH:
            _flush(lrat_out, lrat)
            _flush(drat_out, drat)
    _flush(lrat_out, lrat)
    _flush(drat_out, drat)
    if not empty:
        raise BoardsatError(
            f"{source}: the certificate ends after {counted(lemmas, 'lemma')} without the empty"
            " clause, so it refutes nothing"
        )
    return LratText(lemmas, deletions, empty)


def _literals(clause: Sequence[int]) -> bytes:
    """A clause's literals as a DRAT line holds them, each followed by a space."""
    return b"".join(b"%d " % literal for literal in clause)


def _flush(batch: list[bytes], sink: Sink) -> None:
    if batch:
        sink(b"".join(batch))
        batch.clear()
