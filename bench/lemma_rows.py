"""What the half-lemma benchmark scripts share: the lemma named on their command line, and the
rows they add to a JSON-lines file that bench/results/open_terms.md reads."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any


def lemma_parser(description: str) -> argparse.ArgumentParser:
    """A parser that takes the lemma: the board's side, the colour, and the knights refuted."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("n", type=int)
    parser.add_argument("colour", choices=("dark", "light"))
    parser.add_argument("at_most", type=int)
    return parser


def add_row(out: str | None, row: Mapping[str, Any]) -> None:
    """Append ``row`` to the JSON-lines file ``out`` (nothing without one)."""
    if out is not None:
        with open(out, "a", encoding="utf-8") as rows:
            rows.write(json.dumps(row) + "\n")
