"""One colour's half lemma refuted whole, then in segments as runs across a checkpoint would
solve it, one after another on one core, in the same run: what carrying a lemma across runs
costs (``boardsat.encoders.cnf.segments``), and which learnt clauses to hand on.

Each segment gets SEGMENT CPU seconds; each --sizes value is a longest learnt clause handed on.
Each line gives the CPU seconds (CaDiCaL with its LRAT trace, and the work between segments),
the ratio to the whole run, the segments and the clauses handed on last. With ``--out`` the rows
are added to a JSON-lines file. bench/results/open_terms.md keeps the figures.

    python bench/lemma_across_runs.py N COLOUR AT_MOST SEGMENT [--sizes 10 1000] [--out F]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from lemma_rows import add_row, lemma_parser
from split_or_whole import ROUTE, timed

from boardsat.certificates.lrat_chain import read_carry
from boardsat.core.deadline import Deadline
from boardsat.encoders.cnf.segments import CARRY_MAX_SIZE, SegmentRun, solve_segment
from boardsat.models.domination.proving.halves import HalfClaim
from boardsat.models.domination.routes import ORDER, backend_kind
from boardsat.solving.conquer import cube_formula
from boardsat.solving.cube import Cube


def in_segments(
    clauses: list[list[int]], segment: float | None, size: int
) -> tuple[SegmentRun, int, int]:
    """The last segment's run, how many segments ran, and the clauses the last one started
    from."""
    carried: Sequence[Sequence[int]] = []
    segments = 0
    while True:
        run = solve_segment(clauses, carried, Deadline.of_thread(segment), None, size)
        segments += 1
        if run.answer is not None:
            return run, segments, len(carried)
        carried = [item.literals for item in read_carry(run.carry or b"")]


def main(
    n: int, colour: str, at_most: int, segment: float, sizes: list[int], out: str | None
) -> None:
    claim = HalfClaim(n, n, colour, at_most, ORDER[backend_kind(ROUTE)])
    clauses, _ = cube_formula(claim, Cube())
    print(claim.describe())
    whole = None
    for size in [0, *sizes]:  # 0: the whole run, the baseline
        limit = None if size == 0 else segment
        (run, segments, carried), seconds = timed(partial(in_segments, clauses, limit, size))
        whole = seconds if whole is None else whole
        name = "whole" if size == 0 else f"segments of {segment:g} s, clauses <= {size}"
        print(
            f"{name:34} {run.answer!s:6} {seconds:8.1f} CPU-s {seconds / whole:6.2f}x"
            f"  {segments} segments, {carried} clauses carried into the last"
        )
        row = {
            **claim.spec(),
            "segment_s": None if size == 0 else segment,
            "carry_max_size": None if size == 0 else size,
            "refuted": run.answer is False,
            "cpu_s": round(seconds, 1),
            "ratio": round(seconds / whole, 2),
            "segments": segments,
            "carried_into_last": carried,
        }
        add_row(out, row)


if __name__ == "__main__":
    parser = lemma_parser(__doc__.splitlines()[0])
    parser.add_argument("segment", type=float, help="CPU seconds a segment runs")
    parser.add_argument("--sizes", type=int, nargs="+", default=[CARRY_MAX_SIZE])
    parser.add_argument("--out", help="a JSON-lines file the rows are added to")
    args = parser.parse_args()
    main(args.n, args.colour, args.at_most, args.segment, args.sizes, args.out)
