"""Prove minimum knight placements by cube and conquer, then check every certificate.

    python examples/prove_by_cubes.py            # boards 4x4 and 5x5, all three variants
    python examples/prove_by_cubes.py 12 bands   # up to 12x12 (the record in bench/results)
    python examples/prove_by_cubes.py --boards independent:14,dominating:14 --dask local:16 \\
        --jobs 16 --budget 540 --out rows.jsonl   # chosen boards on many workers, within 9 min
    python examples/prove_by_cubes.py --boards dominating:15 --splitter whole \\
        --cube-limit 600   # the whole claim as one cube, split only if it outruns 600 s
    python examples/prove_by_cubes.py --boards total:24,total:26 --splitter colours \\
        --dask local:2 --jobs 2 --peer   # beside Gurobi on the same halves, in the same run

Each board's proof goes to a directory (a temporary one unless --keep names one): the placement
found, the claim that one knight fewer cannot do, the cubes, and a certificate per refuted cube,
checked by boardsat's own LRAT (or DRUP) checker before the line is printed. With --budget, a
proof still running when the budget ends is stopped and its line says how far it got. With
--peer, Gurobi (the gurobi extra) then proves the same board's halves on --jobs threads, one half
and its mirror where a reflection swaps the colours, and the row gives the ratio of the walls;
--peer-limit S stops Gurobi after S seconds a half (the halves share S times their count).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from boardsat.core.deadline import cancel, reset_cancellation
from boardsat.core.wording import counted
from boardsat.models.board import Board
from boardsat.models.domination import VARIANTS, Domination
from boardsat.models.domination.colours import halves_to_solve
from boardsat.models.domination.proving.cubes import SPLITTERS
from boardsat.models.domination.proving.halves import half_counts
from boardsat.models.domination.published import published_term
from boardsat.models.domination.solve import solve_domination
from boardsat.proof.check import check_proof
from boardsat.proof.cubes import CubeRequest
from boardsat.proof.minimum import prove_minimum
from boardsat.proof.run import Plan


def prove_board(
    n: int,
    variant: str,
    splitter: str,
    folder: Path,  # made if missing
    dask: str | None = None,
    jobs: int = 1,
    budget: float | None = None,
    plan: Plan | None = None,
    cube_count: int = 16,
    search_limit: float | None = None,
) -> dict[str, Any]:
    """Prove one board within ``budget`` seconds, then check the proof if it finished."""
    started = time.perf_counter()
    directory = str(folder / f"{n}-{variant}")
    request = CubeRequest(splitter, cube_count, dask, directory, plan or Plan())
    timer = None if budget is None else threading.Timer(budget, cancel)
    if timer is not None:
        timer.start()
    try:
        proof = prove_minimum(Domination(n, n, variant), request, find_limit=search_limit)
    finally:
        if timer is not None:
            timer.cancel()
        reset_cancellation()
    proved = time.perf_counter() - started
    status = proof.status
    row: dict[str, Any] = {
        "n": n,
        "variant": variant,
        "knights": proof.answer["knights"],
        "published": published_term(n, variant),
        "cubes": status.leaves,
        "refuted": status.refuted,
        "lemmas": status.lemmas,
        "cpu_s": round(status.cpu, 1),
        "wall_s": round(proved, 1),
        "proven": status.proven,
        "check_s": None,
        "verdict": "stopped at the budget" if proof.open else proof.verdict,
    }
    if status.proven:
        started = time.perf_counter()
        check = check_proof(proof.directory, jobs=jobs)
        row["check_s"] = round(time.perf_counter() - started, 1)
        problems = "; ".join(check.problems)
        row["verdict"] = "certified" if check.certified_all else problems or "uncertified"
    sizes = [path.stat().st_size for path in proof.directory.path.rglob("*") if path.is_file()]
    row["proof_mb"] = round(sum(sizes) / 1e6, 1)
    row["halves"] = half_counts(n, n, proof.answer["placement"]) if variant == "total" else None
    row["certificates"] = {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(proof.directory.path.glob("certificates/*"))
    }
    return row


def peer_row(n: int, variant: str, threads: int, limit: float | None = None) -> dict[str, Any]:
    """Gurobi on the board as boardsat's single route hands it over: the total variant's halves
    apart (one, mirrored, on an even board), no lex-leader, Gurobi's own symmetry detection;
    ``limit`` seconds a half, the halves sharing the whole evenly."""
    halves = len(halves_to_solve(Board(n, n))) if variant == "total" else 1
    seconds = None if limit is None else limit * halves
    answer = solve_domination(
        n, n, variant, route="single", backend="gurobi", threads=threads, time_limit=seconds
    )
    return {
        "gurobi_knights": answer.knights,
        "gurobi_proven": answer.proven_optimal,
        "gurobi_s": round(answer.seconds, 3),
        "gurobi_limit_s": limit,
    }


def line(row: dict[str, Any]) -> str:
    check = "" if row["check_s"] is None else f"  check {row['check_s']:6.1f} s"
    peer = ""
    if "gurobi_s" in row:
        proven = "proven" if row["gurobi_proven"] else "not proven"
        ratio = row["wall_s"] / row["gurobi_s"] if row["gurobi_s"] else float("inf")
        peer = (
            f"  | Gurobi {row['gurobi_knights']} {proven} in {row['gurobi_s']:.1f} s"
            f" (boardsat's wall {ratio:.2f}x)"
        )
    return (
        f"{row['n']:>2} {row['variant']:<11} {row['knights']:>3} ({published(row['published'])})"
        f"  {counted(row['refuted'], 'cube'):>9} of {row['cubes']:<5}"
        f" {counted(row['lemmas'], 'lemma'):>9}  CPU {row['cpu_s']:7.1f} s"
        f"  wall {row['wall_s']:6.1f} s{check}  {row['verdict']}{peer}"
    )


def published(term: int | None) -> str:
    return "unpublished" if term is None else f"published {term}"


def boards(args: argparse.Namespace) -> list[tuple[int, str]]:
    if args.boards:
        chosen = [board.split(":") for board in args.boards.split(",")]
        return [(int(n), variant) for variant, n in chosen]
    return [
        (n, variant)
        for n in range(4, args.largest + 1)
        for variant in VARIANTS
        if published_term(n, variant) is not None
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("largest", nargs="?", type=int, default=5, help="boards 4 to this")
    parser.add_argument("split", nargs="?", default="bands", choices=SPLITTERS)
    parser.add_argument("--splitter", choices=SPLITTERS, help="the same, named")
    parser.add_argument("--boards", help="VARIANT:N,... instead of every board to LARGEST")
    parser.add_argument("--dask", help="where cubes run: local:N or a scheduler's address")
    parser.add_argument("--jobs", type=int, default=1, help="certificates checked at once")
    parser.add_argument("--budget", type=float, help="seconds for all the boards together")
    parser.add_argument("--cube-count", type=int, default=16, help="lookahead's root cubes")
    parser.add_argument("--cube-limit", type=float, default=60.0, help="seconds before a split")
    parser.add_argument("--search-limit", type=float, help="seconds to find the placement")
    parser.add_argument("--out", type=Path, help="a JSON line per board, appended")
    parser.add_argument("--keep", type=Path, help="keep the proof directories here")
    parser.add_argument("--peer", action="store_true", help="Gurobi on the same board after")
    parser.add_argument("--peer-limit", type=float, help="Gurobi's seconds a half (none: no limit)")
    args = parser.parse_args()
    ends = None if args.budget is None else time.perf_counter() + args.budget
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for n, variant in boards(args):
            left = None if ends is None else ends - time.perf_counter()
            if left is not None and left <= 0:
                print(f"{n:>2} {variant:<11} not started: the budget is spent", flush=True)
                continue
            plan = Plan(cube_limit=args.cube_limit)
            splitter = args.splitter or args.split
            row = prove_board(
                n,
                variant,
                splitter,
                folder,
                args.dask,
                args.jobs,
                left,
                plan,
                args.cube_count,
                args.search_limit,
            )
            if args.peer:
                row |= peer_row(n, variant, args.jobs, args.peer_limit)
            print(line(row), flush=True)
            if args.out is not None:
                with args.out.open("a") as out:
                    out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
