"""Conquer one cube of a claim on any backend route, keeping a certificate where the route can.

On a python-sat solver that logs proofs, the cube's model is translated to one CNF (the cube's
constraints as clauses, not assumptions, so the proof ends in the empty clause) and the proof
comes back compressed, with a digest of the formula it refutes: LRAT from CaDiCaL, which a
checker follows without search, DRUP from the other solvers. A checker rebuilds that formula
from the claim and the cube (``cube_formula``), compares digests, and checks the proof without
trusting the solver. CP-SAT and SCIP refute cubes too, but their verdict is a claim, not
a certificate.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from boardsat.certificates.lrat_chain import read_carry
from boardsat.core.backends import MIP_BACKENDS, capabilities
from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key, Model
from boardsat.core.results import Status
from boardsat.encoders.cnf.backend import translate
from boardsat.encoders.cnf.cardinality import check_encoding_name
from boardsat.encoders.cnf.certified import LRAT_SOLVER, solve_certified, solver_setup
from boardsat.encoders.cnf.circuit import DEFAULT_CIRCUIT_ENCODING
from boardsat.encoders.cnf.formula import CnfFormula
from boardsat.encoders.cnf.segments import CARRY_MAX_SIZE, solve_segment
from boardsat.solving.cube import Claim, Cube, claim_model
from boardsat.solving.solve import solve

# the cardinality encoding of certified cubes, the fastest of four for CaDiCaL with proof logging
# (bench/results/domination_cubes.md); a claim may name its own (``certifying_cardinality``)
CERTIFYING_CARDINALITY = "totalizer"
OTHER_ROUTES = ("cpsat", "scip")


@dataclass(frozen=True)
class Verdict:
    """What one route said of one cube.

    UNSATISFIABLE refutes the cube; SATISFIABLE found a solution, which refutes the claim
    (``solution`` holds its true keys); UNKNOWN ran out of time. ``proof`` is the compressed
    proof in ``proof_format`` (LRAT as gzip, DRUP as xz), ``formula_hash`` the digest of the CNF
    it refutes. ``cpu`` is this process's CPU seconds, the solver's included (a cube runs in a
    child of its own). ``solver`` is what the certificate's bytes depend on besides the formula
    (``solver_setup``); ``checked`` what a checker said of the certificate, where one was asked.
    ``seconds`` is the solver's time on its limit's clock: CPU seconds on the CNF routes.
    A segment of a lemma solved across runs (``conquer_segment``) also has ``budgets``, the
    conflict budgets it ran, and, stopped at a checkpoint (UNKNOWN), the ``carry`` it hands
    on, which its ``proof`` derives.
    """

    status: Status
    route: str
    seconds: float
    cpu: float = 0.0
    solution: tuple[Key, ...] = ()
    proof: bytes | None = None
    proof_format: str | None = None  # "lrat" or "drup"
    formula_hash: str | None = None
    cardinality: str | None = None  # the encoding of the CNF a certificate refutes
    solver: Mapping[str, Any] | None = None
    checked: str | None = None  # "accepted", or "rejected: " and why
    budgets: int | None = None
    carry: bytes | None = None


def check_route(route: str) -> str:
    """Refuse a route that cannot settle cubes, before any cube runs."""
    if route in OTHER_ROUTES:
        return route
    if route in MIP_BACKENDS:  # the CNF path below would take it for a python-sat solver
        raise BoardsatError(
            f"the cube route {route} is a MIP backend, which settles no cube here:"
            " give cpsat, scip, or a python-sat solver name"
        )
    try:
        caps = capabilities(route)
    except BoardsatError:
        raise BoardsatError(
            f"unknown cube route {route!r}; use cpsat, scip or a python-sat solver name"
        ) from None
    if not caps.honours_time_limit:
        raise BoardsatError(f"route {route!r} cannot be stopped at a cube's time limit")
    return route


def conquer(
    claim: Claim,
    cube: Cube,
    route: str,
    time_limit: float | None,
    cardinality: str | None = None,
) -> Verdict:
    """Refute ``cube`` of ``claim`` on ``route`` within ``time_limit`` seconds, or say why not.
    A certificate's formula encodes cardinality by ``cardinality``, else by the claim's choice
    (a certificate solved again names the encoding it was first solved in)."""
    cpu = time.process_time()
    model = claim_model(claim, cube)
    if not limit_counts_cpu(route):
        deadline = Deadline(time_limit)  # the solver's time: building the cube's model is not
        options = {"workers": 1} if route == "cpsat" else {}
        result = solve(model, route, time_limit=time_limit, **options)
        verdict = Verdict(result.status, route, deadline.elapsed(), 0.0, tuple(result.true_keys()))
    else:
        encoding = certifying_cardinality(claim) if cardinality is None else cardinality
        formula = model_formula(model, encoding)[0]
        verdict = _conquer_cnf(model, formula, encoding, route, Deadline.of_thread(time_limit))
    return replace(verdict, cpu=time.process_time() - cpu)


def conquer_segment(
    claim: Claim,
    cube: Cube,
    time_limit: float | None,
    carried_in: bytes | None,
    budgets: int | None = None,
    carry_max_size: int = CARRY_MAX_SIZE,
) -> Verdict:
    """One segment of ``cube`` of ``claim`` on CaDiCaL, the clauses of the carry file
    ``carried_in`` added, within ``time_limit`` CPU seconds, or replayed for exactly
    ``budgets`` conflict budgets: a refutation, a solution, or a checkpoint that hands on
    clauses of ``carry_max_size`` literals at most (``boardsat.encoders.cnf.segments``)."""
    cpu = time.process_time()
    model = claim_model(claim, cube)
    encoding = certifying_cardinality(claim)
    formula = model_formula(model, encoding)[0]
    carried = [] if carried_in is None else [item.literals for item in read_carry(carried_in)]
    deadline = Deadline.of_thread(time_limit)
    run = solve_segment(formula, carried, deadline, budgets, carry_max_size)
    status = {None: Status.UNKNOWN, True: Status.SATISFIABLE, False: Status.UNSATISFIABLE}
    keys = model.keys()
    solution = tuple(keys[var - 1] for var in range(1, model.num_vars + 1) if var in run.model)
    return Verdict(
        status[run.answer],
        LRAT_SOLVER,
        deadline.elapsed(),
        time.process_time() - cpu,
        solution,
        proof=run.proof,
        proof_format=None if run.proof is None else "lrat",
        formula_hash=formula_hash(formula),
        cardinality=encoding,
        solver={**solver_setup(LRAT_SOLVER), "carry_max_size": carry_max_size},
        budgets=run.budgets,
        carry=run.carry,
    )


def limit_counts_cpu(route: str) -> bool:
    """Whether a cube's limit on ``route`` counts its solver's CPU seconds: a python-sat solver's
    does, so that a busy machine does not cut a cube short; CP-SAT's and SCIP's own limits count
    wall time."""
    return route not in OTHER_ROUTES


def certifying_cardinality(claim: Claim) -> str:
    """The cardinality encoding of the claim's certificates: its ``cardinality`` where it names
    one (a half lemma's counter is the fastest on its formulas), else CERTIFYING_CARDINALITY."""
    return str(getattr(claim, "cardinality", CERTIFYING_CARDINALITY))


def cube_formula(
    claim: Claim, cube: Cube, cardinality: str | None = None
) -> tuple[list[list[int]], int]:
    """The CNF of the claim's model under the cube, numbered as the model numbers its variables
    (the same formula on every machine, for a given python-sat version and ``cardinality``, by
    default the claim's ``certifying_cardinality``)."""
    encoding = certifying_cardinality(claim) if cardinality is None else cardinality
    return model_formula(claim_model(claim, cube), encoding)


def model_formula(
    model: Model, cardinality: str = CERTIFYING_CARDINALITY
) -> tuple[list[list[int]], int]:
    formula = CnfFormula(keep=True)
    formula.reserve(model.num_vars)
    cardinality = check_encoding_name(cardinality)  # a name read from a proof directory, too
    translate(model.constraints, lambda lit: lit, formula, cardinality, DEFAULT_CIRCUIT_ENCODING)
    assert formula.kept is not None
    return formula.kept, formula.top


def formula_hash(clauses: Sequence[Sequence[int]]) -> str:
    digest = hashlib.sha256()
    for clause in clauses:
        digest.update((" ".join(map(str, clause)) + " 0\n").encode())
    return digest.hexdigest()


def _conquer_cnf(
    model: Model, clauses: list[list[int]], cardinality: str, route: str, deadline: Deadline
) -> Verdict:
    found = solve_certified(clauses, route, deadline)
    seconds = deadline.elapsed()
    if found.answer is None:  # its formula named, so that a ledger can say it outran its limit
        return Verdict(
            Status.UNKNOWN,
            route,
            seconds,
            formula_hash=formula_hash(clauses),
            cardinality=cardinality,
        )
    if found.answer:
        keys = model.keys()
        solution = tuple(
            keys[var - 1] for var in range(1, model.num_vars + 1) if var in found.model
        )
        return Verdict(Status.SATISFIABLE, route, seconds, solution=solution)
    if found.proof is None:
        return Verdict(Status.UNSATISFIABLE, route, seconds)
    return Verdict(
        Status.UNSATISFIABLE,
        route,
        seconds,
        proof=found.proof,
        proof_format=found.proof_format,
        formula_hash=formula_hash(clauses),
        cardinality=cardinality,
        solver=solver_setup(route),
    )
