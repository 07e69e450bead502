"""An LRAT certificate streamed to text and to its DRAT view: the same steps, deletions by
literals, written in batches; an empty, cut or garbled certificate is refused."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardsat.certificates import lrat_text
from boardsat.certificates.lrat import check_lrat
from boardsat.certificates.lrat_text import write_lrat_and_drat
from boardsat.core.errors import BoardsatError

FORMULA = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
PROOF = [b"c made by hand\n", b"5 2 0 1 2 0\n", b"5 d 1 2 0\n", b"6 0 5 3 4 0\n"]


def streamed(lines: list[bytes]) -> Iterator[bytes]:
    """The lines one at a time, as from a file or a chain of them, never as one list."""
    yield from lines


def convert(lines: list[bytes]) -> tuple[bytes, bytes, lrat_text.LratText]:
    lrat: list[bytes] = []
    drat: list[bytes] = []
    done = write_lrat_and_drat(streamed(lines), FORMULA, lrat.append, drat.append, "proof")
    return b"".join(lrat), b"".join(drat), done


def test_the_lrat_keeps_its_steps_and_the_drat_names_each_deleted_clause_by_its_literals() -> None:
    lrat, drat, done = convert(PROOF)
    assert lrat == b"5 2 0 1 2 0\n5 d 1 2 0\n6 0 5 3 4 0\n"
    assert drat == b"2 0\nd 1 2 0\nd -1 2 0\n0\n"
    assert done == lrat_text.LratText(lemmas=2, deletions=1, empty_clause=6)
    assert check_lrat(FORMULA, lrat.splitlines()).valid


def test_a_long_certificate_goes_out_in_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lrat_text, "BATCH", 2)
    pieces: list[bytes] = []
    write_lrat_and_drat(streamed(PROOF), FORMULA, pieces.append, lambda _: None, "proof")
    assert len(pieces) == 2 and b"".join(pieces) == convert(PROOF)[0]


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        ([], "the certificate ends after 0 lemmas without the empty clause"),
        (PROOF[:3], "the certificate ends after 1 lemma without the empty clause"),
        ([b"4 2 0 1 2 0\n", *PROOF[2:]], "line 1 reuses the number 4"),
        ([b"5 2 0 1 2\n"], "line 1 is no LRAT step"),
        ([b"5 2 0 1 x 0\n"], "line 1 is no LRAT step"),
        ([b"5 2 0 0 1 2 0\n"], "line 1 is no LRAT step"),
    ],
    ids=["empty", "cut", "reused", "unended", "garbled", "zero-hint"],
)
def test_a_certificate_that_refutes_nothing_or_is_no_lrat_is_refused(
    lines: list[bytes], words: str
) -> None:
    with pytest.raises(BoardsatError, match=f"^proof: {words}"):
        convert(lines)
