"""What trimming an LRAT certificate gains: its size, and the time boardsat's checker takes.

    python examples/trim_certificates.py                       # 8 lookahead cubes of independent 9x9
    python examples/trim_certificates.py PROOF_DIR --count 8   # certificates a proof already holds

Without a directory, CaDiCaL refutes fresh cubes and keeps each trace whole. With one, its LRAT
certificates are read: ``--count`` of them, from the smallest to the largest. Those written
before boardsat trimmed (0.2.0) are whole. The directory is only read. Each certificate is
trimmed in memory, and the checker checks both forms against the cube's formula. One JSON row
per certificate is printed, then the totals and the trimmed/whole ratios.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from boardsat.certificates.lrat import check_lrat
from boardsat.certificates.lrat_trim import trim_lrat
from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.encoders.cnf.certified import GZIP_LEVEL, solve_certified
from boardsat.models.domination import Domination, solve
from boardsat.models.domination.proving.cubes import DominationClaim, split_claim
from boardsat.proof.claims import claim_from_spec
from boardsat.proof.directory import ProofDirectory
from boardsat.proof.status import leaves
from boardsat.solving.conquer import cube_formula
from boardsat.solving.cube import Cube

MEASURES = ("size_mb", "check_s")
Certificate = tuple[str, list[list[int]], bytes]  # the cube, its formula, the whole trace (gzip)


def fresh_certificates(cubes: int) -> Iterator[Certificate]:
    best = len(solve(Domination(9, 9, "independent")).placement)
    claim = DominationClaim(9, 9, "independent", best - 1)
    for cube in split_claim(claim, "lookahead", cubes).cubes:
        clauses, _ = cube_formula(claim, cube)
        found = solve_certified(clauses, "cadical195", Deadline(None), trim=False)
        assert found.answer is False and found.proof is not None, "a true claim's cube is refuted"
        yield cube.ident, clauses, found.proof


def kept_certificates(folder: Path, count: int) -> Iterator[Certificate]:
    directory = ProofDirectory.open(folder)
    claim = claim_from_spec(directory.manifest()["claim"])
    cubes: dict[str, Cube] = {
        leaf.ident: leaf.cube for leaf in leaves(directory.splits()) if leaf.lemma is None
    }
    kept = [
        (path.stat().st_size, ident, verdict.cardinality, path)
        for ident, verdict in directory.settled().items()
        if ident in cubes
        and verdict.proof_format == "lrat"
        and (path := directory.certificate(verdict)) is not None
    ]
    kept.sort()
    last = len(kept) - 1
    picked = sorted({round(step * last / max(1, count - 1)) for step in range(count)})
    for _, ident, cardinality, path in (kept[index] for index in picked if kept):
        clauses, _ = cube_formula(claim, cubes[ident], cardinality)
        yield ident, clauses, path.read_bytes()


def measure(ident: str, clauses: list[list[int]], whole: bytes) -> dict[str, Any] | None:
    """The row of one certificate; None for an empty one (the cube's units refute it)."""
    text = gzip.decompress(whole)
    if not text:
        return None
    written: list[bytes] = []
    started = time.perf_counter()
    trimmed = trim_lrat(io.BytesIO(text), written.append)
    trim_s = time.perf_counter() - started
    assert trimmed is not None, "CaDiCaL's refutations end in the empty clause"
    packed = gzip.compress(b"".join(written), GZIP_LEVEL)
    return {
        "cube": ident,
        "lemmas": trimmed.lemmas,
        "kept": trimmed.kept,
        "trim_s": round(trim_s, 3),
        "whole": _checked(clauses, whole),
        "trimmed": _checked(clauses, packed),
    }


def _checked(clauses: list[list[int]], packed: bytes) -> dict[str, Any]:
    started = time.perf_counter()
    valid = check_lrat(clauses, gzip.decompress(packed).splitlines()).valid
    return {
        "size_mb": round(len(packed) / 1e6, 3),
        "check_s": round(time.perf_counter() - started, 3),
        "valid": valid,
    }


def totals(rows: list[dict[str, Any]]) -> dict[str, Any]:
    summed = {
        form: {m: round(sum(row[form][m] for row in rows), 2) for m in MEASURES}
        for form in ("whole", "trimmed")
    }
    ratios = {
        m: round(summed["trimmed"][m] / summed["whole"][m], 3) if summed["whole"][m] else None
        for m in MEASURES
    }
    return {
        "certificates": len(rows),
        "lemmas": sum(row["lemmas"] for row in rows),
        "kept": sum(row["kept"] for row in rows),
        "trim_s": round(sum(row["trim_s"] for row in rows), 2),
        **summed,
        "trimmed_over_whole": ratios,
        "all_valid": all(row[form]["valid"] for row in rows for form in ("whole", "trimmed")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("proof_dir", nargs="?", type=Path, help="a proof directory to read")
    parser.add_argument("--count", type=int, default=8, help="certificates (default 8)")
    args = parser.parse_args()
    if args.count < 1:
        sys.exit("trim_certificates.py: --count is a whole number from 1")
    rows = []
    try:
        if args.proof_dir is None:
            certificates = fresh_certificates(args.count)
        else:
            certificates = kept_certificates(args.proof_dir, args.count)
        for ident, clauses, whole in certificates:
            row = measure(ident, clauses, whole)
            if row is not None:
                rows.append(row)
                print(json.dumps(row), flush=True)
    except BoardsatError as error:
        sys.exit(f"trim_certificates.py: {error}")
    print(json.dumps(totals(rows)))


if __name__ == "__main__":
    main()
