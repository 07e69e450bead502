"""How a proof by cubes speeds up with workers, beside CP-SAT's own portfolio on as many.

    python examples/cube_scaling.py              # independent 6x6 on 1 and 2 workers
    python examples/cube_scaling.py independent:13 --workers 16,8,4,2 --out scaling.jsonl
    python examples/cube_scaling.py --plot scaling.jsonl bench/results/cube_scaling

Each board is split once: a placement is found, and the claim that one knight fewer cannot do
is cut into lookahead cubes. Each worker count then proves a fresh copy of that split on a
LocalCluster of as many worker processes; the clock runs once the cluster is up, so it counts
the conquering alone. CP-SAT then proves the same board from scratch with as many workers: the
parallel solver a user would otherwise use. The proof on the most workers is checked at the end,
with as many jobs.
One JSON row per run is printed, and appended to ``--out`` as soon as it is measured.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from boardsat.core.results import Status
from boardsat.models.domination import VARIANTS, Domination, solve
from boardsat.models.domination.proving.cubes import LOOKAHEAD_CUBES, DominationClaim, split_claim
from boardsat.models.domination.solve import DominationRequest, solve_request
from boardsat.proof.check import check_proof
from boardsat.proof.directory import ProofDirectory
from boardsat.proof.pools import open_pool
from boardsat.proof.run import Plan, open_proof, prove


def split_once(
    variant: str, n: int, cubes: int, folder: Path
) -> tuple[ProofDirectory, DominationClaim, dict[str, Any]]:
    """The board's proof directory holding its root split, and what making it cost."""
    started = time.perf_counter()
    placement = solve(Domination(n, n, variant)).placement
    found = time.perf_counter() - started
    best = sorted([row, col] for row, col in placement)
    claim = DominationClaim(n, n, variant, len(best) - 1)
    started = time.perf_counter()
    directory = open_proof(
        str(folder / f"{variant}-{n}"),
        claim,
        best,
        lambda: split_claim(claim, "lookahead", cubes),
    )
    split = time.perf_counter() - started
    return (
        directory,
        claim,
        {
            "knights": len(best),
            "find_s": round(found, 2),
            "split_s": round(split, 2),
        },
    )


def prove_copy(
    base: ProofDirectory, claim: DominationClaim, workers: int, folder: Path
) -> tuple[ProofDirectory, dict[str, Any]]:
    """A fresh copy of ``base`` proven on ``workers`` local Dask workers, and what it cost."""
    copy = folder / f"{base.path.name}-{workers}"
    shutil.copytree(base.path, copy)
    directory = ProofDirectory.open(str(copy))
    with open_pool(f"local:{workers}", 1) as pool:
        started = time.perf_counter()
        status = prove(directory, pool, Plan(), claim.decisions())
        wall = time.perf_counter() - started
    seconds = [entry.seconds for entry in directory.settled().values()]
    return directory, {
        "proven": status.proven,
        "wall_s": round(wall, 2),
        "cpu_s": round(status.cpu, 1),
        "cubes": status.leaves,
        "split_again": status.split_again,
        "hardest_cube_s": round(max(seconds, default=0.0), 2),
    }


def check_copy(directory: ProofDirectory, jobs: int) -> dict[str, Any]:
    """Every certificate of a finished proof checked, ``jobs`` at once."""
    started = time.perf_counter()
    checked = check_proof(directory, jobs=jobs)
    return {
        "wall_s": round(time.perf_counter() - started, 2),
        "certified": checked.certified_all,
        "problems": checked.problems,
    }


def cpsat_proof(variant: str, n: int, workers: int, limit: float) -> dict[str, Any]:
    """CP-SAT alone on the whole board (the single route) with ``workers`` portfolio workers."""
    started = time.perf_counter()
    answer = solve_request(
        DominationRequest(
            n, n, variant, route="single", time_limit=limit, options={"workers": workers}
        )
    )
    return {
        "wall_s": round(time.perf_counter() - started, 2),
        "proven": answer.result.status is Status.OPTIMAL,
        "knights": len(answer.placement),
    }


def measure(
    instances: list[str],
    workers: list[int],
    cubes: int,
    out: Path | None,
    check: bool,
    cpsat_limit: float,
) -> None:
    """Per board: the split, the proof at each worker count, CP-SAT at each, then one check
    of the proof on the most workers, with as many jobs."""
    with tempfile.TemporaryDirectory() as scratch:

        def keep(method: str, instance: str, **row: Any) -> None:
            line = json.dumps({"instance": instance, "method": method, **row})
            if out is not None:
                with out.open("a") as rows:
                    rows.write(line + "\n")
            print(line, flush=True)

        for instance in instances:
            variant, n = instance.split(":")
            base, claim, made = split_once(variant, int(n), cubes, Path(scratch))
            keep("split", instance, **made)
            for count in workers:
                proven, row = prove_copy(base, claim, count, Path(scratch))
                if count == max(workers):
                    largest = proven
                keep("cubes", instance, workers=count, **row)
                keep(
                    "cpsat",
                    instance,
                    workers=count,
                    **cpsat_proof(variant, int(n), count, cpsat_limit),
                )
            if check:
                keep("check", instance, workers=max(workers), **check_copy(largest, max(workers)))


def plot(rows_file: Path, stem: Path) -> None:
    """Wall time and speed-up against workers, one line per instance and method."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import ScalarFormatter

    rows = [json.loads(line) for line in rows_file.read_text().splitlines() if line.strip()]
    figure, (times, speedups) = plt.subplots(1, 2, figsize=(10, 4))
    for instance in dict.fromkeys(row["instance"] for row in rows):
        for method, style in (("cubes", "o-"), ("cpsat", "s--")):
            ran = [row for row in rows if row["instance"] == instance and row["method"] == method]
            runs = sorted((row["workers"], row["wall_s"]) for row in ran if row["proven"])
            if not runs:
                continue
            counts, walls = zip(*runs, strict=True)
            label = f"{instance} {'cubes (CaDiCaL, certified)' if method == 'cubes' else 'CP-SAT'}"
            (line,) = times.plot(counts, walls, style, label=label)
            speedups.plot(
                counts, [walls[0] / wall * counts[0] for wall in walls], style, label=label
            )
            for row in ran:
                if not row["proven"]:  # stopped at its limit: a lower bound on its time
                    times.plot(row["workers"], row["wall_s"], "^", color=line.get_color())
    every = sorted({row["workers"] for row in rows if "workers" in row})
    speedups.plot(every, every, ":", color="grey", label="ideal")
    titles = ("wall time (s; a triangle: stopped unproven)", "speed-up (the fewest taken as ideal)")
    for axes, title in zip((times, speedups), titles, strict=True):
        axes.set_xscale("log", base=2)
        axes.set_yscale("log", base=2)
        axes.yaxis.set_major_formatter(ScalarFormatter())
        axes.set_xticks(every, [str(count) for count in every])
        axes.set_xlabel("workers")
        axes.set_title(title)
        axes.grid(True, which="both", alpha=0.3)
    times.legend(fontsize="small")
    figure.tight_layout()
    for suffix in (".png", ".svg"):
        figure.savefig(stem.with_suffix(suffix))


def board(text: str) -> str:
    """A ``VARIANT:N`` board, checked; anything else is argparse's one-line error."""
    variant, _, side = text.partition(":")
    if variant not in VARIANTS or not side.isdigit() or int(side) < 1:
        raise argparse.ArgumentTypeError(f"not a VARIANT:N board ({', '.join(VARIANTS)}): {text!r}")
    return text


def worker_counts(text: str) -> list[int]:
    """``16,8,4,2`` as counts, each at least 1; anything else is argparse's one-line error."""
    try:
        counts = [int(count) for count in text.split(",")]
    except ValueError:
        counts = []
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of worker counts: {text!r}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "instances", nargs="*", type=board, help="VARIANT:N boards (default independent:6)"
    )
    parser.add_argument(
        "--workers", type=worker_counts, default="1,2", help="worker counts, comma-separated"
    )
    parser.add_argument(
        "--cubes", type=int, default=LOOKAHEAD_CUBES, help="lookahead cubes in the split"
    )
    parser.add_argument("--out", type=Path, help="a JSON lines file the rows are appended to")
    parser.add_argument("--no-check", action="store_true", help="skip the certificate check")
    parser.add_argument(
        "--cpsat-limit", type=float, default=120.0, help="seconds for each CP-SAT proof"
    )
    parser.add_argument("--plot", nargs=2, type=Path, metavar=("ROWS", "STEM"))
    options = parser.parse_args()
    if options.plot:
        plot(*options.plot)
    if options.instances or not options.plot:
        instances = options.instances or ["independent:6"]
        measure(
            instances,
            options.workers,
            options.cubes,
            options.out,
            not options.no_check,
            options.cpsat_limit,
        )


if __name__ == "__main__":
    main()
