"""Generated garbage for the fuzz tests: valid-looking fragments of each input mixed with text no
parser expects (other scripts, control characters, huge and negative numbers, NaN, very long
strings)."""

from __future__ import annotations

import json
from typing import Any

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

python_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.binary(max_size=4),
    st.sampled_from([(0, 0), (1, 2), (-1, 5), (99, 99), ("a", "b"), (1, 2, 3), (True, 0)]),
)
python_values = st.recursive(
    python_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.frozensets(
            st.tuples(st.integers(min_value=-3, max_value=9), st.integers(-3, 9)), max_size=4
        ),
        st.dictionaries(st.text(max_size=3), inner, max_size=3),
    ),
    max_leaves=8,
)
"""Any Python value a library call might be handed by mistake: scalars, squares and near-squares,
and lists, pairs, sets and dicts of them."""


def _paths(value: object, at: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a parsed JSON value, to three levels deep."""
    found = [at]
    if len(at) < 3 and isinstance(value, dict):
        found += [path for key, item in value.items() for path in _paths(item, (*at, key))]
    elif len(at) < 3 and isinstance(value, list):
        found += [path for index, item in enumerate(value) for path in _paths(item, (*at, index))]
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: object) -> Any:
    if not path:
        return new
    copied = dict(value) if isinstance(value, dict) else list(value)
    copied[path[0]] = _replaced(value[path[0]], path[1:], new)
    return copied


def json_value(value: object) -> object:
    """A generated Python value as JSON would carry it (sets, bytes and the like as text)."""
    return json.loads(json.dumps(value, default=repr))


def broken_json_lines(text: str) -> st.SearchStrategy[str]:
    """``text`` (one JSON document, or JSON lines) with one thing broken: a value anywhere
    swapped for garbage, the text cut short, a line of garbage added, or all of it garbage."""
    try:
        documents = [json.loads(text)]
    except json.JSONDecodeError:  # JSON lines
        documents = [json.loads(line) for line in text.splitlines() if line.strip()]
    places = [(index, path) for index, doc in enumerate(documents) for path in _paths(doc)]

    def swapped(place: tuple[int, tuple[object, ...]], new: object) -> str:
        index, path = place
        changed = list(documents)
        changed[index] = _replaced(changed[index], path, json_value(new))
        return "\n".join(json.dumps(document) for document in changed) + "\n"

    return st.one_of(
        st.builds(swapped, st.sampled_from(places), python_values),
        st.integers(min_value=0, max_value=len(text)).map(lambda end: text[:end]),
        garbage.map(lambda line: text + line + "\n"),
        garbage,
    )
