"""The scripts in bench/ that records quote run to completion on a small case, and their rows
hold what the records read from them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).parent.parent / "bench"


@pytest.mark.slow
def test_half_lemma_encodings_refutes_one_lemma_in_each_encoding_against_the_first(
    tmp_path: Path,
) -> None:
    """12x12's light half needs more than 9 knights, whatever the encoding: each encoding is a
    second solver's word on the first's verdict, each on its own formula."""
    out = tmp_path / "rows.jsonl"
    encodings = ["totalizer", "seqcounter", "kmtotalizer"]
    script = str(BENCH / "half_lemma_encodings.py")
    done = subprocess.run(
        [sys.executable, script, "12", "light", "9", *encodings, "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["cardinality"] for row in rows] == encodings
    assert {row["status"] for row in rows} == {"UNSATISFIABLE"}
    assert rows[0]["ratio"] == 1.0 and len({row["formula_hash"] for row in rows}) == 3
    assert all(row["at_most"] == 9 and row["colour"] == "light" for row in rows)


@pytest.mark.slow
def test_lemma_across_runs_refutes_the_lemma_whole_and_in_segments(tmp_path: Path) -> None:
    """16x16's light half needs more than 23 knights, whether CaDiCaL runs whole or in
    segments of a conflict budget each, whatever clauses it hands on."""
    out = tmp_path / "rows.jsonl"
    script = str(BENCH / "lemma_across_runs.py")
    sizes = ["--sizes", "4", "1000"]
    done = subprocess.run(
        [sys.executable, script, "16", "light", "23", "0.01", *sizes, "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["carry_max_size"] for row in rows] == [None, 4, 1000]
    assert all(row["refuted"] for row in rows)
    assert rows[0]["segments"] == 1 and rows[0]["ratio"] == 1.0
    assert all(row["segments"] >= 2 and row["carried_into_last"] > 0 for row in rows[1:])


@pytest.mark.slow
def test_half_lemma_candidates_refutes_one_lemma_in_each_candidate_between_two_baselines(
    tmp_path: Path,
) -> None:
    """12x12's light half needs 14 knights, so each candidate formula refutes 13 too; CaDiCaL
    3.0.0 solves today's very formula, each other candidate a formula of its own."""
    out = tmp_path / "rows.jsonl"
    candidates = ["lattice-hilbert", "gilbert", "tiles8", "cadical300", "sortnetwrk"]
    script = str(BENCH / "half_lemma_candidates.py")
    done = subprocess.run(
        [sys.executable, script, "12", "light", "13", *candidates, "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["candidate"] for row in rows] == ["today", *candidates, "today"]
    assert {row["status"] for row in rows} == {"UNSATISFIABLE"}
    hashes = {row["candidate"]: row["formula_hash"] for row in rows}
    assert hashes["cadical300"] == hashes["today"] and len(set(hashes.values())) == 5
    assert rows[0]["ratio"] == 1.0 and rows[4]["route"] == "cadical300"
