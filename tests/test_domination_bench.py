"""The domination benchmark's bookkeeping: every row checked against the published values."""

from __future__ import annotations

import json
from pathlib import Path

from boardsat.models.domination_bench import run_benchmark
from boardsat.models.domination_published import published_minimum


def test_rows_are_compared_with_the_published_values_infeasible_boards_included(
    tmp_path: Path,
) -> None:
    """Total domination has no placement on boards up to 3x3: a proof of that matches OEIS."""
    output = tmp_path / "bench.json"
    run_benchmark(1, 5, 30.0, ["total"], 1, str(output), chosen=["boardsat auto cpsat"])
    document = json.loads(output.read_text())
    rows = {row["instance"]: row["extra"] for row in document["rows"]}
    assert sorted(rows) == [f"total {n}x{n}" for n in range(1, 6)]
    for n in range(1, 6):
        extra = rows[f"total {n}x{n}"]
        assert extra["proven"] and extra["matches_published"]
        assert extra["knights"] == extra["published"] == published_minimum(n, "total")
    assert document["settings"]["largest_n_proven"] == {"total": {"boardsat auto cpsat": 5}}
