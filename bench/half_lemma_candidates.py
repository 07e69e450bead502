"""One colour's half lemma refuted whole, today's formula against candidate changes, one after
another on one core in the same run: which change would make a half lemma stronger (issue 66,
deliverable 3). Today's formula is HalfClaim in the Hilbert order with the sequential counter, on
CaDiCaL 1.9.5 with its LRAT certificate, as examples/half_bound.py builds it.

The candidates:

- ``lattice-hilbert``: the squares along a Hilbert curve over each colour's own lattice (the
  lattice turned 45 degrees, order.py), for the variables, the counter and the lex-leader break;
  ``gilbert``, along the generalized Hilbert curve sized to the board (any name in order.ORDERS);
- ``tiles8``: beside today's formula, "at least L knights among a tile's coverers" for each
  aligned 8x8 tile (its squares of the other colour; L solved exactly, in the run's CPU);
- ``cadical300``: the same formula on CaDiCaL 3.0.0, with its LRAT certificate;
- any cardinality encoding python-sat has (``kmtotalizer``, ``sortnetwrk``...): the counter's
  stand-in;
- ``exact``: the same model, its "at most" native, in the pseudo-Boolean solver Exact (cutting
  planes; ``pip install exact``). It writes no certificate: a guide only, to which bound to prove.

Today's formula runs first, each candidate after it with a limit of ``--factor`` times that
(``--cap`` at most), then today's formula again unless ``--once``: the two show the run's noise.
``--recorded S`` skips today's formula and divides by S CPU seconds recorded elsewhere (a lemma
whose baseline costs too much to run again): such ratios compare across days, so loosely.
Each line gives the CPU seconds (CaDiCaL runs in this process), the ratio to the first baseline
and the certificate's size; a candidate cut by its limit reads ``>`` its ratio. With ``--out`` the
rows are added to a JSON-lines file. bench/results/open_terms.md keeps the figures ("A stronger
half lemma").

    python bench/half_lemma_candidates.py N COLOUR AT_MOST [CANDIDATE ...] [--factor F]
        [--cap S] [--once] [--out F]
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass
from functools import partial
from typing import Any

from lemma_rows import add_row, lemma_parser
from split_or_whole import ROUTE, timed

from boardsat.core.model import Cardinality, Clause, Model
from boardsat.core.results import Status
from boardsat.models.board import Board, Square
from boardsat.models.domination.bounds import cover_model
from boardsat.models.domination.colours import colour
from boardsat.models.domination.model import knight_key
from boardsat.models.domination.order import ORDERS
from boardsat.models.domination.proving.halves import HalfClaim
from boardsat.solving.conquer import Verdict, conquer
from boardsat.solving.cube import Claim, Cube
from boardsat.solving.solve import solve

TODAY = "today"
ORDER = "hilbert"  # today's: routes.ORDER of the sat kind, which the proofs' route takes
CANDIDATES = ("lattice-hilbert", "tiles8", "cadical300", "gilbert", "sortnetwrk", "exact")
EXACT = "exact"
ENCODINGS = ("totalizer", "mtotalizer", "kmtotalizer", "sortnetwrk", "cardnetwrk")


@dataclass(frozen=True)
class TiledHalf:
    """A half lemma with implied bounds: for each aligned ``tile`` x ``tile`` block, at least
    its least cover of knights among the knights that attack its squares of the other colour.
    Each bound holds in every cover of the half (those knights alone cover those squares), so
    the claim is the half lemma's."""

    half: HalfClaim
    tile: int

    cardinality = HalfClaim.cardinality

    def spec(self) -> dict[str, Any]:
        return {**self.half.spec(), "tiles": self.tile}

    def describe(self) -> str:
        return self.half.describe()

    def grounds(self) -> str | None:
        return self.half.grounds()

    def model(self) -> Model:
        model = self.half.model()
        for coverers, least in self.bounds():
            model.add_at_least([model.lit(knight_key(square)) for square in coverers], least)
        return model

    def bounds(self) -> list[tuple[list[Square], int]]:
        board = Board(self.half.rows, self.half.cols)
        found = []
        for top in range(0, board.rows, self.tile):
            for left in range(0, board.cols, self.tile):
                targets = [
                    (row, col)
                    for row in range(top, min(top + self.tile, board.rows))
                    for col in range(left, min(left + self.tile, board.cols))
                    if colour(board, (row, col)) != self.half.colour
                ]
                cover = cover_model(board, "total", targets)
                if cover is None:
                    continue
                model, knights = cover
                model.minimize(list(knights.values()))
                result = solve(model, ROUTE, optimisation="linear-up")
                if result.proven_optimal and result.objective:
                    found.append((sorted(knights), result.objective))
        return found


def pseudo_boolean(claim: Claim, route: str, limit: float | None, encoding: str) -> Verdict:
    """The claim's model in Exact, its clauses and "at most" as linear constraints over 0-1
    variables (a negated literal is one minus its variable); uncertified. Exact's timeout is
    wall time."""
    exact = importlib.import_module("exact")
    solver = exact.Exact([("verbosity", "0")])
    model = claim.model()
    for var in range(1, model.num_vars + 1):
        solver.addVariable(f"x{var}")
    for constraint in model.constraints:
        if not isinstance(constraint, Clause | Cardinality):
            raise SystemExit(f"Exact takes clauses and cardinalities, not {constraint!r}")
        terms = [(1 if lit > 0 else -1, f"x{abs(lit)}") for lit in constraint.lits]
        negated = sum(1 for lit in constraint.lits if lit < 0)
        if isinstance(constraint, Clause):
            solver.addConstraint(terms, True, 1 - negated)
            continue
        bound = constraint.bound - negated
        below, above = constraint.op in ("<=", "=="), constraint.op in (">=", "==")
        solver.addConstraint(terms, above, bound if above else 0, below, bound if below else 0)
    started = time.perf_counter()
    answer = solver.runFull(False, limit or 0)
    status = {"UNSAT": Status.UNSATISFIABLE, "SAT": Status.SATISFIABLE}
    return Verdict(status.get(answer, Status.UNKNOWN), EXACT, time.perf_counter() - started)


def candidate(name: str, half: HalfClaim) -> tuple[Claim, str, str]:
    """The claim, route and cardinality encoding that ``name`` runs."""
    if name == TODAY:
        return half, ROUTE, half.cardinality
    if name in ORDERS:
        return HalfClaim(half.rows, half.cols, half.colour, half.at_most, name), ROUTE, "seqcounter"
    if name.startswith("tiles"):
        return TiledHalf(half, int(name.removeprefix("tiles"))), ROUTE, half.cardinality
    if name.startswith("cadical") or name == EXACT:
        return half, name, half.cardinality
    if name in ENCODINGS:
        return half, ROUTE, name
    raise SystemExit(f"unknown candidate {name!r}; known: {', '.join(CANDIDATES)}")


def main(
    n: int,
    side: str,
    at_most: int,
    names: list[str],
    factor: float,
    cap: float,
    once: bool,
    out: str | None,
    recorded: float | None = None,
) -> None:
    half = HalfClaim(n, n, side, at_most, ORDER)
    print(half.describe())
    run = time.strftime("%Y-%m-%dT%H:%M:%S")
    baseline = recorded
    today = [] if recorded is not None else [TODAY]
    for name in [*today, *names, *([] if once else today)]:
        claim, route, encoding = candidate(name, half)
        limit = cap if baseline is None else min(cap, factor * baseline)
        run_it = (
            partial(pseudo_boolean, claim, route, limit, encoding)
            if name == EXACT
            else partial(conquer, claim, Cube(), route, limit, encoding)
        )
        verdict, seconds = timed(run_it)
        baseline = seconds if baseline is None else baseline
        size = len(verdict.proof or b"") / 1e6
        cut = ">" if verdict.status.name == "UNKNOWN" else " "
        print(
            f"{name:16} {verdict.status.name:14} {seconds:8.1f} CPU-s"
            f" {cut}{seconds / baseline:5.2f}x  certificate {size:.1f} MB",
            flush=True,
        )
        row = {
            "run": run,
            **half.spec(),
            "candidate": name,
            "route": route,
            "cardinality": encoding,
            "status": verdict.status.name,
            "cpu_s": round(seconds, 1),
            "limit_s": round(limit, 1),
            "ratio": round(seconds / baseline, 2),
            **({} if recorded is None else {"recorded_baseline_s": recorded}),
            "certificate_mb": round(size, 1),
            "formula_hash": verdict.formula_hash,
        }
        add_row(out, row)


if __name__ == "__main__":
    parser = lemma_parser(__doc__.splitlines()[0])
    parser.add_argument("candidates", nargs="*", default=list(CANDIDATES[:3]))
    parser.add_argument("--factor", type=float, default=3.0, help="a candidate's limit, x baseline")
    parser.add_argument("--cap", type=float, default=600.0, help="CPU seconds a run may take")
    parser.add_argument("--once", action="store_true", help="no second run of the baseline")
    parser.add_argument("--out", help="a JSON-lines file the rows are added to")
    parser.add_argument("--recorded", type=float, help="a baseline's CPU seconds, not run again")
    args = parser.parse_args()
    main(
        args.n,
        args.colour,
        args.at_most,
        args.candidates,
        args.factor,
        args.cap,
        args.once,
        args.out,
        args.recorded,
    )
