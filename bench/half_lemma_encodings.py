"""One colour's half lemma refuted whole in each cardinality encoding, one after another on one
core, in the same run: which encoding a half lemma's certificates should use (HalfClaim's
``cardinality``). The first encoding named is the baseline every ratio divides by.

Each line gives the encoding, the verdict, its CPU seconds (CaDiCaL runs in this process, with
its LRAT certificate), the ratio to the baseline and the certificate's size. With ``--out`` the
rows are added to a JSON-lines file. bench/results/open_terms.md keeps the figures.

    python bench/half_lemma_encodings.py N COLOUR AT_MOST [ENCODING ...] [--limit S] [--out F]
"""

from __future__ import annotations

from functools import partial

from lemma_rows import add_row, lemma_parser
from split_or_whole import ROUTE, timed

from boardsat.models.domination.proving.halves import HalfClaim
from boardsat.models.domination.routes import ORDER, backend_kind
from boardsat.solving.conquer import conquer
from boardsat.solving.cube import Cube

ENCODINGS = ("totalizer", "seqcounter", "kmtotalizer", "mtotalizer", "cardnetwrk")


def main(
    n: int, colour: str, at_most: int, encodings: list[str], limit: float | None, out: str | None
) -> None:
    claim = HalfClaim(n, n, colour, at_most, ORDER[backend_kind(ROUTE)])
    print(claim.describe())
    baseline = None
    for encoding in encodings:
        verdict, seconds = timed(partial(conquer, claim, Cube(), ROUTE, limit, encoding))
        baseline = seconds if baseline is None else baseline
        size = len(verdict.proof or b"") / 1e6
        print(
            f"{encoding:12} {verdict.status.name:14} {seconds:8.1f} CPU-s"
            f" {seconds / baseline:6.2f}x  certificate {size:.1f} MB"
        )
        row = {
            **claim.spec(),
            "cardinality": encoding,
            "status": verdict.status.name,
            "cpu_s": round(seconds, 1),
            "ratio": round(seconds / baseline, 2),
            "certificate_mb": round(size, 1),
            "formula_hash": verdict.formula_hash,
            "solver": verdict.solver,
        }
        add_row(out, row)


if __name__ == "__main__":
    parser = lemma_parser(__doc__.splitlines()[0])
    parser.add_argument("encodings", nargs="*", default=list(ENCODINGS[:2]))
    parser.add_argument("--limit", type=float, help="CPU seconds an encoding may take")
    parser.add_argument("--out", help="a JSON-lines file the rows are added to")
    args = parser.parse_args()
    main(args.n, args.colour, args.at_most, args.encodings, args.limit, args.out)
