"""Prove minimum knight placements by cube and conquer, then check every certificate.

    python examples/prove_by_cubes.py            # boards 4x4 and 5x5, all three variants
    python examples/prove_by_cubes.py 12 bands   # up to 12x12 (the record in bench/results)

Each board's proof goes to a temporary directory: the placement found, the claim that one
knight fewer cannot do, the cubes, and a certificate per refuted cube, checked by boardsat's own
LRAT (or DRUP) checker before the line is printed.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from boardsat.core.wording import counted
from boardsat.models.domination import VARIANTS, Domination, published_minimum
from boardsat.proof.check import check_proof
from boardsat.proof.cubes import CubeRequest
from boardsat.proof.minimum import prove_minimum


def prove_board(n: int, variant: str, splitter: str, folder: Path) -> str:
    started = time.perf_counter()
    request = CubeRequest(splitter, cubes=16, directory=str(folder / f"{n}-{variant}"))
    proof = prove_minimum(Domination(n, n, variant), request)
    proved = time.perf_counter() - started
    started = time.perf_counter()
    check = check_proof(proof.directory)
    checked = time.perf_counter() - started
    verdict = "certified" if check.certified_all else "; ".join(check.problems) or "uncertified"
    status = proof.status
    return (
        f"{n:>2} {variant:<11} {proof.answer['knights']:>3} (published {published_minimum(n, variant)})"
        f"  {counted(status.leaves, 'cube'):>9} {counted(status.lemmas, 'lemma'):>9}"
        f"  CPU {status.cpu:7.1f} s"
        f"  wall {proved:6.1f} s  check {checked:6.1f} s  {verdict}"
    )


def main() -> None:
    largest = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    splitter = sys.argv[2] if len(sys.argv) > 2 else "bands"
    with tempfile.TemporaryDirectory() as folder:
        for n in range(4, largest + 1):
            for variant in VARIANTS:
                if published_minimum(n, variant) is not None:
                    print(prove_board(n, variant, splitter, Path(folder)), flush=True)


if __name__ == "__main__":
    main()
