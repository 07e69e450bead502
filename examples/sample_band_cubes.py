"""How hard a band split's cubes are, from a sample, before a proof commits hours to them.

    python examples/sample_band_cubes.py                  # independent 7x7, CaDiCaL
    python examples/sample_band_cubes.py independent:17 --lemma 0:6:12 --lemma 11:17:12 \\
        --route cadical195 --limit 120 --count 8

The claim is the published optimum less one knight. A band profile fixes how many knights stand
in each band of rows. The most balanced profiles (each band's share of the knights closest to its
share of the rows) are timed first, then as many drawn at random. Lemmas (``TOP:BOTTOM:NEED``:
rows TOP to BOTTOM - 1 need NEED knights) are taken as given, unproven: they only prune profiles,
and a sample is an estimate, not a proof. Without them the split proves its own, as a proof does.
One JSON row per cube is printed, then a summary.
"""

from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from boardsat.models.domination import VARIANTS, published_minimum
from boardsat.models.domination.proving.cubes import (
    BANDS,
    DominationClaim,
    WindowClaim,
    band_cubes,
    band_rows,
    band_split,
)
from boardsat.solving.conquer import check_route, conquer
from boardsat.solving.cube import Cube


def profiles(claim: DominationClaim, lemmas: list[WindowClaim] | None) -> list[Cube]:
    """Every profile the lemmas leave: the given ones, or those the split proves itself."""
    if lemmas is None:
        return list(band_split(claim, BANDS).cubes)
    return list(band_cubes(claim, band_rows(claim.rows, BANDS), lemmas))


def pick(cubes: list[Cube], rows: int, count: int, seed: int) -> list[tuple[str, Cube]]:
    """The ``count`` most balanced profiles, then ``count`` others at random."""
    if not cubes:
        return []
    knights = max(sum(counted for _, counted in cube.counts) for cube in cubes)
    shares = [knights * (bottom - top) / rows for top, bottom in band_rows(rows, BANDS)]

    def imbalance(cube: Cube) -> float:
        return sum(
            (counted - share) ** 2 for (_, counted), share in zip(cube.counts, shares, strict=True)
        )

    ranked = sorted(cubes, key=imbalance)
    rest = ranked[count:]
    drawn = random.Random(seed).sample(rest, min(count, len(rest)))
    return [("balanced", cube) for cube in ranked[:count]] + [("random", cube) for cube in drawn]


def timed(
    claim: DominationClaim, route: str, limit: float, picked: tuple[str, Cube]
) -> dict[str, Any]:
    how, cube = picked
    verdict = conquer(claim, cube, route, limit)
    profile = [counted for _, counted in cube.counts]
    return {
        "pick": how,
        "profile": profile,
        "status": verdict.status.name,
        "seconds": round(verdict.seconds, 2),
    }


def summary(rows: list[dict[str, Any]], profile_count: int) -> dict[str, Any]:
    """Per pick: how many of the sampled cubes were refuted, and the seconds they took."""
    by_pick: dict[str, Any] = {}
    for how in ("balanced", "random"):
        picked = [row for row in rows if row["pick"] == how]
        refuted = [row["seconds"] for row in picked if row["status"] == "UNSATISFIABLE"]
        by_pick[how] = {
            "sampled": len(picked),
            "refuted": len(refuted),
            "refuted_s": sorted(refuted),
        }
    return {"profiles": profile_count, **by_pick}


def board(text: str) -> tuple[str, int]:
    """``VARIANT:N`` with a published optimum; anything else is argparse's one-line error."""
    variant, _, side = text.partition(":")
    try:
        published = published_minimum(int(side), variant)
    except (KeyError, ValueError):
        published = None
    if published is None:
        raise argparse.ArgumentTypeError(f"{text!r}: give VARIANT:N with a published optimum")
    return variant, int(side)


def positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give a whole number, at least 1")
    return int(text)


def lemma(text: str) -> tuple[int, int, int]:
    try:
        top, bottom, need = (int(part) for part in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give TOP:BOTTOM:NEED") from None
    return top, bottom, need


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "board",
        nargs="?",
        type=board,
        default=("independent", 7),
        help=f"VARIANT:N, VARIANT one of {', '.join(VARIANTS)}",
    )
    parser.add_argument(
        "--lemma", type=lemma, action="append", help="TOP:BOTTOM:NEED, taken as given"
    )
    parser.add_argument("--route", type=check_route, default="cadical195", help="a cube route")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds a cube (default 60)")
    parser.add_argument("--count", type=positive, default=4, help="balanced cubes, and random ones")
    parser.add_argument("--jobs", type=positive, default=2, help="cubes at once (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="the random pick's seed")
    args = parser.parse_args()
    variant, n = args.board
    knights = published_minimum(n, variant)
    assert knights is not None  # board() refused boards without a published value
    claim = DominationClaim(n, n, variant, knights - 1)
    cuts = {row for band in band_rows(n, BANDS) for row in band}
    for top, bottom, _ in args.lemma or []:
        if not {top, bottom} <= cuts or top >= bottom:
            parser.error(f"a lemma's rows must run between band cuts {sorted(cuts)}")
    given = [
        WindowClaim(n, n, variant, top, bottom, need - 1) for top, bottom, need in args.lemma or []
    ]
    cubes = profiles(claim, given if args.lemma else None)
    rows = []
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = [
            pool.submit(timed, claim, args.route, args.limit, picked)
            for picked in pick(cubes, n, args.count, args.seed)
        ]
        for job in jobs:
            rows.append(job.result())
            print(json.dumps(rows[-1]), flush=True)
    print(json.dumps(summary(rows, len(cubes))))


if __name__ == "__main__":
    main()
