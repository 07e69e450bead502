"""Every CNF cardinality encoding has exactly the models the binomial sums predict, on several solvers."""

from __future__ import annotations

from math import comb

import pytest

from boardsat import BoardsatError, Model, enumerate_solutions
from boardsat.core.model import Comparator
from boardsat.encoders.cnf.cardinality import AT_MOST_ONE_ONLY, CARDINALITY_ENCODINGS

SOLVERS = ("cadical195", "glucose4", "minisat22")


def expected_count(size: int, op: str, bound: int) -> int:
    counts = [comb(size, true) for true in range(size + 1)]
    if op == "<=":
        return sum(count for true, count in enumerate(counts) if true <= bound)
    if op == ">=":
        return sum(count for true, count in enumerate(counts) if true >= bound)
    return sum(count for true, count in enumerate(counts) if true == bound)


def needs_general_encoding(size: int, op: Comparator, bound: int) -> bool:
    """Whether some at-most-k with 2 <= k <= size-2 arises (the rest are settled as clauses)."""
    at_most_bounds = {"<=": [bound], ">=": [size - bound], "==": [bound, size - bound]}[op]
    return any(2 <= k <= size - 2 for k in at_most_bounds)


def cases(encoding: str) -> list[tuple[int, Comparator, int]]:
    """Sizes and bounds the encoding can express, trivial and impossible bounds included."""
    ops: tuple[Comparator, ...] = ("<=", ">=", "==")
    return [
        (size, op, bound)
        for size in (1, 3, 5)
        for op in ops
        for bound in range(-1, size + 2)
        if encoding not in AT_MOST_ONE_ONLY or not needs_general_encoding(size, op, bound)
    ]


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("encoding", [name for name in CARDINALITY_ENCODINGS if name != "native"])
def test_models_match_binomial_sums(encoding: str, solver: str) -> None:
    for size, op, bound in cases(encoding):
        model = Model()
        lits = [model.var(("x", index)) for index in range(size)]
        model.add_cardinality(lits, op, bound)
        found = enumerate_solutions(model, backend=solver, cardinality=encoding)
        assert found.exhausted
        assert found.count == expected_count(size, op, bound), (size, op, bound)


@pytest.mark.parametrize("solver", ["minicard", "gluecard4"])
def test_native_cardinality_matches_binomial_sums(solver: str) -> None:
    for size, op, bound in cases("native"):
        model = Model()
        lits = [model.var(("x", index)) for index in range(size)]
        model.add_cardinality(lits, op, bound)
        found = enumerate_solutions(model, backend=solver, cardinality="native")
        assert found.exhausted, (size, op, bound)
        assert found.count == expected_count(size, op, bound), (size, op, bound)


def test_at_most_one_encodings_refuse_larger_bounds() -> None:
    model = Model()
    model.add_at_most([model.var(index) for index in range(6)], 3)
    with pytest.raises(BoardsatError, match="only at-most-one"):
        enumerate_solutions(model, backend="cadical195", cardinality="pairwise")


def test_cpsat_agrees_on_the_same_counts() -> None:
    for size, op, bound in cases("seqcounter"):
        model = Model()
        model.add_cardinality([model.var(index) for index in range(size)], op, bound)
        found = enumerate_solutions(model)
        assert found.exhausted, (size, op, bound)
        assert found.count == expected_count(size, op, bound), (size, op, bound)
