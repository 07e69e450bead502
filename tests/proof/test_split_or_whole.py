"""bench/split_or_whole.py: a half lemma refuted whole and by lookahead cubes agree, and a claim
that holds is found satisfiable both ways (the figures it prints are in open_terms.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boardsat.models.domination.published import published_minimum

SCRIPT = Path(__file__).parent.parent.parent / "bench" / "split_or_whole.py"
SIDE = 8  # total 8x8: each half's minimum is half the published total, by the mirror


def verdicts(at_most: int) -> tuple[list[str], str]:
    """The cubes' verdicts and the whole lemma's, for the light half with at most ``at_most``."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(SIDE), "light", str(at_most), "4"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    lines = done.stdout.splitlines()
    cubes = [line.split(": ")[1].split()[0] for line in lines if line.startswith("cube ")]
    whole = next(line for line in lines if line.startswith("whole: ")).split()[1]
    assert f"split into {len(cubes)} cubes" in done.stdout
    return cubes, whole


@pytest.mark.parametrize("below", [1, 0])
def test_the_cubes_and_the_whole_lemma_agree(below: int) -> None:
    half = published_minimum(SIDE, "total") // 2  # type: ignore[operator]
    cubes, whole = verdicts(half - below)
    assert len(cubes) >= 2
    if below:
        assert whole == "UNSATISFIABLE" and set(cubes) == {"UNSATISFIABLE"}
    else:
        assert whole == "SATISFIABLE" and "SATISFIABLE" in cubes
