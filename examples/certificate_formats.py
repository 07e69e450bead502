"""DRUP against LRAT on the same cubes: what each certificate costs to make, to keep and to check.

    python examples/certificate_formats.py                    # independent 9x9, 8 cubes
    python examples/certificate_formats.py independent:12 --cubes 16 --out formats.jsonl

The claim is one knight fewer than the best placement, cut into lookahead cubes. CaDiCaL
refutes each cube twice: logging DRUP through python-sat, with the cube's units as clauses (the
way cubes were certified first), and writing LRAT on the formula reduced by its units, as
``boardsat.solving.conquer`` does now. "make" is the solver call and the compression; "check" is
boardsat's own checker for the format. One JSON row per cube is printed and appended to
``--out``; the last row holds the totals and the LRAT/DRUP ratios.
"""

from __future__ import annotations

import argparse
import gzip
import json
import lzma
import time
from pathlib import Path
from typing import Any

from pysat.solvers import Solver

from boardsat.certificates.drup import check_drup, compress_proof
from boardsat.certificates.lrat import check_lrat
from boardsat.core.deadline import Deadline
from boardsat.encoders.cnf.certified import solve_certified
from boardsat.models.domination import VARIANTS, Domination, solve
from boardsat.models.domination.proving.cubes import DominationClaim, split_claim
from boardsat.solving.conquer import cube_formula

SOLVER = "cadical195"
MEASURES = ("make_s", "size_mb", "check_s")


def drup_row(clauses: list[list[int]]) -> dict[str, Any]:
    started = time.perf_counter()
    with Solver(name=SOLVER, bootstrap_with=clauses, with_proof=True) as solver:
        assert solver.solve() is False, "a cube of a true claim is unsatisfiable"
        lines = list(solver.get_proof() or [])
    packed = compress_proof("".join(line + "\n" for line in lines))
    made = time.perf_counter() - started
    started = time.perf_counter()
    check = check_drup(clauses, lzma.decompress(packed).decode().splitlines())
    return _row(made, packed, time.perf_counter() - started, check.valid)


def lrat_row(clauses: list[list[int]]) -> dict[str, Any]:
    started = time.perf_counter()
    found = solve_certified(clauses, SOLVER, Deadline(None))
    assert found.answer is False and found.proof is not None and found.proof_format == "lrat"
    made = time.perf_counter() - started
    started = time.perf_counter()
    check = check_lrat(clauses, gzip.decompress(found.proof).splitlines())
    return _row(made, found.proof, time.perf_counter() - started, check.valid)


def _row(made: float, packed: bytes, checked: float, valid: bool) -> dict[str, Any]:
    return {
        "make_s": round(made, 3),
        "size_mb": round(len(packed) / 1e6, 3),
        "check_s": round(checked, 3),
        "valid": valid,
    }


def totals(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Sums per format, and LRAT's sum over DRUP's for each measure."""
    summed = {
        kind: {m: round(sum(row[kind][m] for row in rows), 2) for m in MEASURES}
        for kind in ("drup", "lrat")
    }
    ratios = {
        m: round(summed["lrat"][m] / summed["drup"][m], 3) if summed["drup"][m] else None
        for m in MEASURES
    }
    valid = all(row[kind]["valid"] for row in rows for kind in ("drup", "lrat"))
    return {"cubes": len(rows), **summed, "lrat_over_drup": ratios, "all_valid": valid}


def board(text: str) -> tuple[str, int]:
    variant, _, size = text.partition(":")
    if variant not in VARIANTS or not size.isdigit() or int(size) < 4:
        raise argparse.ArgumentTypeError(f"{text!r}: give VARIANT:N, a variant and a side >= 4")
    return variant, int(size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", nargs="?", type=board, default=("independent", 9))
    parser.add_argument("--cubes", type=int, default=8, help="lookahead cubes (default 8)")
    parser.add_argument("--out", type=Path, help="append the rows to this JSON-lines file")
    args = parser.parse_args()
    variant, n = args.board
    best = len(solve(Domination(n, n, variant)).placement)
    claim = DominationClaim(n, n, variant, best - 1)
    rows = []
    for cube in split_claim(claim, "lookahead", args.cubes).cubes:
        clauses, _ = cube_formula(claim, cube)
        rows.append({"cube": cube.ident, "drup": drup_row(clauses), "lrat": lrat_row(clauses)})
        _emit(rows[-1], args.out)
    _emit({"board": f"{variant}:{n}", "knights": best, **totals(rows)}, args.out)


def _emit(row: dict[str, Any], out: Path | None) -> None:
    line = json.dumps(row)
    print(line, flush=True)
    if out is not None:
        with out.open("a") as handle:
            handle.write(line + "\n")


if __name__ == "__main__":
    main()
