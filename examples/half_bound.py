"""Prove a lower bound on one colour's half of total knight domination, certified.

    python examples/half_bound.py 10 light 11          # 10x10: light knights need more than 11
    python examples/half_bound.py 33 dark 85 --dask local:2 --proof-dir dark33.proof \\
        --ledger bench/results/open_terms_ledger.jsonl --budget 3000

A knight attacks only the other colour, so a total placement's knights on one colour must attack
every square of the other by themselves (docs/proofs.md). A proof that they need more than H is a
lower bound on the open term, whatever the other half needs; two halves' bounds add up. This is
the tool for a term, such as 33x33, whose minimum is not yet within reach: it refutes H knights as
one cube, splits it by lookahead once it outruns --cube-limit, resumes from --proof-dir, and takes
settled leaves from --ledger. `boardsat proof check DIR` then checks every certificate.
With --checkpoint-every S the lemma is never split: each run gives it S CPU seconds and keeps
its learnt clauses as a checkpoint, with a certificate of their derivation (checked at once
with --ledger). The same command goes on from there; the ledger keeps the checkpoints too, so
a run on another machine goes on from them. Ctrl-C or --budget loses the segment in flight.
A run that --budget or a checkpoint ends unsettled exits with the limit's status, so a script
can climb bounds or run the command again.
--order names the squares' order (by default gilbert, as total proofs take it): a lemma in
another order is another formula, so the ledger's lines for the default order are not its own
(bench/results/open_terms.md, "A stronger half lemma"); the rows certified before 0.11 took
hilbert.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from typing import Any

from boardsat.cli.exits import LIMIT_REACHED
from boardsat.core.deadline import cancel, reset_cancellation
from boardsat.models.domination.order import ORDERS
from boardsat.models.domination.proving.halves import HalfClaim
from boardsat.models.domination.routes import proof_order
from boardsat.proof.cubes import CubeRequest, run_cubes
from boardsat.proof.run import Plan, open_proof
from boardsat.solving.cube import Cube, Split


def prove_half_bound(
    n: int,
    colour: str,
    at_most: int,
    directory: str,
    dask: str | None = None,
    plan: Plan | None = None,
    ledger: str | None = None,
    budget: float | None = None,
    order: str | None = None,
) -> dict[str, Any]:
    """Refute ``at_most`` knights on ``colour``'s half of the n x n board, within ``budget``,
    with the squares in ``order`` (by default the route's, as --cubes has it, so that a ledger's
    leaves from a minimum's lemma are this claim's too)."""
    started = time.perf_counter()
    plan = plan or Plan()
    claim = HalfClaim(n, n, colour, at_most, order or proof_order("total", plan.route))
    request = CubeRequest("whole", dask=dask, directory=directory, plan=plan, ledger=ledger)
    proof = open_proof(directory, claim, None, lambda: Split("", "whole", (Cube(),)))
    timer = None if budget is None else threading.Timer(budget, cancel)
    if timer is not None:
        timer.start()
    try:
        status = run_cubes(proof, request, claim.decisions())
    finally:
        if timer is not None:
            timer.cancel()
        reset_cancellation()
    return {
        "n": n,
        "colour": colour,
        "needs_more_than": at_most,
        "order": claim.order,
        "proven": status.proven,
        "refuted_by_a_placement": status.counterexample,
        "cubes": status.leaves,
        "refuted": status.refuted,
        "checkpoints": status.checkpoints,
        "cpu_s": round(status.cpu, 1),
        "wall_s": round(time.perf_counter() - started, 1),
        "proof": directory,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, help="the board's side")
    parser.add_argument("colour", choices=("dark", "light"), help="the knights' colour")
    parser.add_argument("at_most", type=int, help="the knights refuted: the bound is one more")
    parser.add_argument("--proof-dir", help="the proof's directory (resumed if it exists)")
    parser.add_argument("--dask", help="where cubes run: local:N or a scheduler's address")
    parser.add_argument("--ledger", help="the ledger of settled leaves, read and written")
    parser.add_argument("--cube-limit", type=float, default=Plan.lemma_limit, help="seconds")
    parser.add_argument("--budget", type=float, help="seconds for the whole run")
    parser.add_argument(
        "--checkpoint-every", type=float, help="CPU seconds the lemma runs in this run"
    )
    parser.add_argument("--order", choices=tuple(ORDERS), help="the squares' order (gilbert)")
    args = parser.parse_args()
    directory = args.proof_dir or f"half-{args.n}-{args.colour}-{args.at_most}.proof"
    plan = Plan(cube_limit=args.cube_limit, checkpoint_every=args.checkpoint_every)
    row = prove_half_bound(
        args.n,
        args.colour,
        args.at_most,
        directory,
        args.dask,
        plan,
        args.ledger,
        args.budget,
        args.order,
    )
    print(json.dumps(row))
    if not (row["proven"] or row["refuted_by_a_placement"]):
        sys.exit(LIMIT_REACHED)


if __name__ == "__main__":
    main()
