"""One CNF solved with a certificate of its refutation: LRAT where the solver writes it, else DRUP.

python-sat logs DRUP for the solvers that log proofs. CaDiCaL 1.9.5, which python-sat ships,
also writes LRAT, whose hints let a checker follow each step instead of searching for it
(``boardsat.certificates.lrat``). python-sat has no switch for that, so the trace is attached here by hand:
CaDiCaL's ``lrat`` option is set first, then the trace file, through the C call python-sat
itself uses for DRUP. The solver gets the formula as ``boardsat.certificates.lrat.reduce_by_units`` leaves
it, without unit clauses: CaDiCaL numbers clauses as they arrive, and a unit makes it derive
clauses in between, which a checker could not number. The trace is trimmed to the lemmas the
refutation needs (``boardsat.certificates.lrat_trim``) before it is compressed and kept.
"""

from __future__ import annotations

import gzip
import tempfile
import zlib
from dataclasses import dataclass
from functools import cache
from typing import IO

import pysolvers
from pysat.solvers import Cadical195, Solver

from boardsat.certificates.drup import compress_proof
from boardsat.certificates.lrat import check_lrat, reduce_by_units
from boardsat.certificates.lrat_trim import trim_lrat
from boardsat.core.deadline import Deadline
from boardsat.encoders.cnf.backend import CnfBackend, run_limited

LRAT_SOLVER = "cadical195"
CHUNK = 1 << 20
GZIP_LEVEL = 1
# CaDiCaL's own configuration for unsatisfiable formulas: cubes of a true claim all are, and it
# refuted them in 11 to 17% less time (bench/results/domination_cubes.md)
REFUTING_OPTIONS = {"stabilize": 0, "walk": 0}
GZIP_WINDOW = 16 + zlib.MAX_WBITS  # a gzip file, as gzip.open reads it


@dataclass(frozen=True)
class Refutation:
    """One solver call on a CNF: ``answer`` is None when it ran out of time; ``model`` holds the
    true variables when satisfiable; ``proof`` is the compressed certificate of an
    unsatisfiable answer, in ``proof_format`` (``lrat`` or ``drup``), when the solver logs one."""

    answer: bool | None
    model: frozenset[int] = frozenset()
    proof: bytes | None = None
    proof_format: str | None = None


def solve_certified(
    clauses: list[list[int]], route: str, deadline: Deadline, *, trim: bool = True
) -> Refutation:
    """Solve ``clauses`` on ``route`` within ``deadline``, keeping the best certificate it gives;
    ``trim=False`` keeps an LRAT trace whole, to measure what trimming gains."""
    backend = CnfBackend(route)
    if writes_lrat(route):
        return _solve_lrat(clauses, backend, deadline, trim)
    logs = backend.capabilities.proof
    with Solver(name=route, bootstrap_with=clauses, with_proof=logs) as solver:
        answer = run_limited(solver, [], deadline, backend)
        if answer:
            return Refutation(True, frozenset(lit for lit in solver.get_model() if lit > 0))
        if answer is None or not logs:
            return Refutation(answer)
        proof = "".join(line + "\n" for line in solver.get_proof() or [])
        return Refutation(False, proof=compress_proof(proof), proof_format="drup")


@cache
def writes_lrat(route: str) -> bool:
    """Whether ``route`` writes LRAT here: a contradiction solved, its trace checked."""
    if route != LRAT_SOLVER:
        return False
    formula = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    try:
        answer, _, trace = _lrat_run(formula, CnfBackend(route), Deadline(10.0), trim=False)
    except (AttributeError, RuntimeError):  # a python-sat without CaDiCaL's options or trace call
        return False
    return answer is False and check_lrat(formula, gzip.decompress(trace).splitlines()).valid


def _solve_lrat(
    clauses: list[list[int]], backend: CnfBackend, deadline: Deadline, trim: bool
) -> Refutation:
    reduced = reduce_by_units(clauses)
    if reduced is None:  # the units refute it: the checker sees that by itself, without a trace
        return Refutation(False, proof=gzip.compress(b""), proof_format="lrat")
    rest, implied = reduced
    answer, model, trace = _lrat_run(rest, backend, deadline, trim)
    if answer is False:
        return Refutation(False, proof=trace, proof_format="lrat")
    if answer is None:
        return Refutation(None)
    # CaDiCaL also reports the variables the reduction took out; the units decide those
    decided = {abs(literal) for literal in implied}
    true = {lit for lit in model if lit > 0 and lit not in decided}
    return Refutation(True, frozenset(true | {lit for lit in implied if lit > 0}))


def _lrat_run(
    clauses: list[list[int]], backend: CnfBackend, deadline: Deadline, trim: bool
) -> tuple[bool | None, list[int], bytes]:
    """CaDiCaL on ``clauses`` with an LRAT trace: the answer, the model's literals when
    satisfiable, and the compressed trace when unsatisfiable."""
    solver = Cadical195()
    model: list[int] = []
    with tempfile.TemporaryFile() as trace:
        try:
            solver.configure({**REFUTING_OPTIONS, "lrat": 1, "binary": 0})
            pysolvers.cadical195_tracepr(solver.cadical, trace)
            for clause in clauses:
                solver.add_clause(clause)
            answer = run_limited(solver, [], deadline, backend)
            if answer:
                model = list(solver.get_model() or [])
        finally:
            pysolvers.cadical195_del(solver.cadical, trace)  # flushes the trace
            solver.cadical = None
        return answer, model, _compressed(trace, trim) if answer is False else b""


def _compressed(trace: IO[bytes], trim: bool) -> bytes:
    """The trace as gzip data, trimmed when ``trim`` to the lemmas its refutation needs
    (``boardsat.certificates.lrat_trim``); read in chunks, as it may be large. gzip's fastest level compresses LRAT
    five times faster than lzma's, to files a sixth larger (bench/results/domination_cubes.md)."""
    with tempfile.TemporaryFile() as trimmed:
        source = trimmed if trim and trim_lrat(trace, trimmed.write) else trace
        source.seek(0)
        compressor = zlib.compressobj(GZIP_LEVEL, wbits=GZIP_WINDOW)
        parts = [compressor.compress(chunk) for chunk in iter(lambda: source.read(CHUNK), b"")]
        return b"".join([*parts, compressor.flush()])
