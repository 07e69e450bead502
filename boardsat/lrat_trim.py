"""An LRAT refutation cut down to the lemmas its empty clause depends on.

CaDiCaL logs every clause it learns, and most never help refute the formula. A backward pass
from the empty clause marks the lemmas its hints reach; only those are written again, each
followed by the deletion of the clauses it is the last to name, so a checker holds only what it
still needs. The proof keeps its clause numbers, which still rise line by line, so it refutes
the same formula and any LRAT checker reads it. Trimming is not trusted: the checker
(``boardsat.lrat``) checks the trimmed proof like any other.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass

_SEPARATOR = b" 0 "  # ends a lemma's literals: no clause number and no literal is 0


@dataclass(frozen=True)
class Trimmed:
    """What trimming kept: ``kept`` of the proof's ``lemmas``, the empty clause included."""

    lemmas: int
    kept: int


@dataclass(frozen=True)
class _Steps:
    """The proof's lemmas up to its empty clause: their numbers, and their hints in one flat
    array that ``ends`` cuts, lemma by lemma."""

    numbers: array[int]
    hints: array[int]
    ends: array[int]


def trim_lrat(
    lines: Callable[[], Iterable[bytes]], write: Callable[[bytes], object]
) -> Trimmed | None:
    """Write the trimmed proof through ``write``; ``lines`` gives the proof's lines afresh for
    each of the two passes. None, and nothing written, when the proof derives no empty clause
    or takes a RAT step (a negative hint): a checker should see such a proof as it is."""
    steps = _read_steps(lines())
    if steps is None:
        return None
    needed, deletions = _mark_needed(steps)
    _write_needed(lines(), needed, deletions, write)
    return Trimmed(len(steps.numbers), len(deletions))


def _read_steps(lines: Iterable[bytes]) -> _Steps | None:
    steps = _Steps(array("q"), array("q"), array("q"))
    for line in lines:
        if line.startswith(b"c"):
            continue
        number, _, rest = line.partition(b" ")
        if rest.startswith(b"d "):
            continue
        literals, _, hints = (b" " + rest).partition(_SEPARATOR)
        steps.numbers.append(int(number))
        steps.hints.extend(map(int, hints.split()[:-1]))
        steps.ends.append(len(steps.hints))
        if not literals:
            return None if steps.hints and min(steps.hints) < 0 else steps
    return None


def _mark_needed(steps: _Steps) -> tuple[bytearray, dict[int, list[int]]]:
    """Which clauses the empty clause needs (a flag by number), and for each needed lemma the
    clauses it names last: walking back from the end, a clause's first sighting is its last use."""
    top = max(max(steps.numbers), max(steps.hints, default=0))
    needed = bytearray(top + 1)
    needed[steps.numbers[-1]] = 1
    deletions: dict[int, list[int]] = {}
    for index in range(len(steps.numbers) - 1, -1, -1):
        number = steps.numbers[index]
        if not needed[number]:
            continue
        start = steps.ends[index - 1] if index else 0
        last_named = [hint for hint in steps.hints[start : steps.ends[index]] if not needed[hint]]
        for hint in last_named:
            needed[hint] = 1
        deletions[number] = last_named
    return needed, deletions


def _write_needed(
    lines: Iterable[bytes],
    needed: bytearray,
    deletions: dict[int, list[int]],
    write: Callable[[bytes], object],
) -> None:
    for line in lines:
        number, _, rest = line.partition(b" ")
        if line.startswith(b"c") or rest.startswith(b"d ") or not needed[int(number)]:
            continue
        write(line if line.endswith(b"\n") else line + b"\n")
        if rest.startswith(b"0 "):
            return  # the empty clause: nothing after it matters
        if deletions[int(number)]:
            write(
                number
                + b" d "
                + b" ".join(b"%d" % hint for hint in deletions[int(number)])
                + b" 0\n"
            )
