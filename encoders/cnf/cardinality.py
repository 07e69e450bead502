"""Cardinality constraints to CNF through python-sat's encodings, each selectable by its own name.

Trivial and impossible bounds are settled here (python-sat rejects some of them); every other case
goes to ``pysat.card.CardEnc``. ``auto`` picks by shape: pairwise for a short at-most-one, the
sequential counter for a long one, and the k-modulo totalizer (the smallest of python-sat's
general encodings on our models) for larger bounds.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType

from boardsat.core.errors import BoardsatError
from boardsat.core.model import Cardinality
from boardsat.encoders.cnf.formula import CnfFormula

AT_MOST_ONE_ONLY = ("pairwise", "bitwise", "ladder")
CARDINALITY_ENCODINGS = (
    "auto",
    "pairwise",
    "seqcounter",
    "sortnetwrk",
    "cardnetwrk",
    "bitwise",
    "ladder",
    "totalizer",
    "mtotalizer",
    "kmtotalizer",
    "native",
)
PAIRWISE_LIMIT = 6


def check_encoding_name(name: str) -> str:
    if name not in CARDINALITY_ENCODINGS:
        raise BoardsatError(
            f"unknown cardinality encoding {name!r}; known: {', '.join(CARDINALITY_ENCODINGS)}"
        )
    return name


def resolve(name: str, size: int, bound: int) -> str:
    """The concrete encoding ``name`` stands for on a constraint of this size and bound."""
    if name != "auto":
        return name
    if bound == 1:
        return "pairwise" if size <= PAIRWISE_LIMIT else "seqcounter"
    return "kmtotalizer"


def encode_cardinality(constraint: Cardinality, encoding: str, formula: CnfFormula) -> None:
    """Add ``constraint`` (already in CNF literals) to ``formula``."""
    lits = list(constraint.lits)
    size, bound = len(lits), constraint.bound
    if constraint.op in ("<=", "=="):
        _at_most(lits, bound, encoding, formula)
    if constraint.op in (">=", "=="):
        # at least k of lits  <=>  at most n-k of their negations
        _at_most([-lit for lit in lits], size - bound, encoding, formula)


def _at_most(lits: list[int], bound: int, encoding: str, formula: CnfFormula) -> None:
    if bound < 0:
        formula.add_falsum()
        return
    if bound >= len(lits):
        return
    if bound == 0:
        for lit in lits:
            formula.add_clause([-lit])
        return
    if bound == len(lits) - 1:
        formula.add_clause([-lit for lit in lits])
        return
    chosen = resolve(encoding, len(lits), bound)
    if chosen == "native":
        formula.add_native_at_most(lits, bound)
        return
    if chosen in AT_MOST_ONE_ONLY and bound != 1:
        raise BoardsatError(
            f"cardinality encoding {chosen!r} expresses only at-most-one; this model needs "
            f"at most {bound} of {len(lits)}: pick a general encoding such as 'seqcounter'"
        )
    cnf = CardEnc.atmost(lits, bound, top_id=formula.top, encoding=getattr(EncType, chosen))
    formula.reserve(cnf.nv)
    for clause in cnf.clauses:
        formula.add_clause(clause)
