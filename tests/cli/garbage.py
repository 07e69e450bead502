"""Generated garbage for the fuzz tests: valid-looking fragments of each input mixed with text no
parser expects (other scripts, control characters, huge and negative numbers, NaN, very long
strings)."""

from __future__ import annotations

from hypothesis import strategies as st

BOARD_CHARACTERS = "NnBbWwKkRrGgSsLlPpXx+.-/0123456789 ,:"
AWKWARD = [
    "",
    " ",
    "-",
    "--",
    "-3",
    "0",
    "-0",
    "1e309",
    "1e-400",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "1,5",
    "0x10",
    "٣",  # an Arabic-Indic digit: str.isdigit says yes
    "²",  # a superscript digit: isdigit says yes, int() says no
    "\x00",
    "\n",
    "a\nb",
    "line:",
    "line:-1",
    "line:99999999999999999999",
    "line:٣",
    "9" * 40,
    "999999999/9",
    "./" * 600,
    "N" * 5000,
    "star",
    "../",
    "/",
]
"""Inputs that have broken parsers elsewhere, tried at once in every test."""

huge_numbers = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([10**9, 10**12, 2**31, 2**63, -(2**63), 10**100]),
).map(str)
board_text = st.text(alphabet=BOARD_CHARACTERS, max_size=60)
any_text = st.text(max_size=30)
garbage = st.one_of(
    st.sampled_from(AWKWARD),
    board_text,
    any_text,
    huge_numbers,
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.text(alphabet="0123456789", min_size=30, max_size=400),
)
"""One piece of garbage: any of the above."""


def rows_text(rows: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Board text built row by row: 1 to 9 rows joined by '/', so that rows of the right and the
    wrong lengths both come up."""
    return st.lists(rows, min_size=1, max_size=9).map("/".join)


exchange_text = st.one_of(garbage, rows_text(st.text(alphabet="NnBW.x ", max_size=6)))
flipit_text = st.one_of(garbage, st.text(alphabet="BWbw. x", max_size=14))
sfen_text = st.one_of(
    garbage,
    rows_text(
        st.lists(
            st.sampled_from(["K", "R", "B", "G", "S", "N", "L", "P", "+", "k", "x", "1", "2", "9"]),
            max_size=6,
        ).map("".join)
    ),
)
square_text = st.one_of(
    garbage,
    st.builds(
        lambda f, r: f"{f}{r}", st.sampled_from(["a", "h", "z", "aa", "A", ""]), huge_numbers
    ),
    st.builds(lambda r, c: f"{r},{c}", huge_numbers, huge_numbers),
)
memory_text = st.one_of(
    garbage,
    st.builds(
        lambda n, unit: f"{n}{unit}",
        huge_numbers,
        st.sampled_from(["", "K", "M", "G", "T", "GiB", "MB", "X", "g"]),
    ),
)
