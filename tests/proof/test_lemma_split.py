"""A lemma too hard for one run is split into cubes of its own formula, like any claim: its cubes
are refuted one by one, the run resumes after a kill, and proof check certifies the split.

No test here times anything. Under a limit CaDiCaL runs in conflict budgets and looks at its
deadline only between two, so a limit far below a second lets each task exactly one budget
(1,000 conflicts). Each half's lemma of total 11x11 needs more, its lookahead cubes fewer, in
the totalizer; the sequential counter, a half lemma's own encoding, refutes the light one within
one budget, so the pool here solves in the totalizer.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from boardsat.core.results import Status
from boardsat.models.domination import Domination, solve
from boardsat.models.domination.proving.cubes import DominationClaim, split_claim
from boardsat.models.domination.proving.halves import HalfClaim, colour_cubes, half_counts
from boardsat.proof.check import check_proof
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.export import export_proof
from boardsat.proof.leaf_ledger import LeafLedger
from boardsat.proof.run import Plan, open_proof, prove
from boardsat.proof.status import LEMMA_PREFIX, ProofStatus, lemma_ident
from boardsat.solving.conquer import conquer
from boardsat.solving.cube import Cube, Split
from boardsat.solving.lookahead import lookahead_cubes
from tests.proof.cut_pool import CutPool

N = 11
ONE_BUDGET = Plan(cube_limit=1e-6, resplit=4, lemma_limit=1e-6)  # one budget a task


@functools.cache
def _best() -> list[list[int]]:
    answer = solve(Domination(N, N, "total"))
    assert answer.proven_optimal
    return sorted([row, col] for row, col in answer.placement)


def _claim() -> DominationClaim:
    return DominationClaim(N, N, "total", len(_best()) - 1)


def _open(path: Path) -> ProofDirectory:
    """The colour split from an optimal placement: two lemmas, which leave no cube."""
    claim = _claim()
    halves = half_counts(N, N, _best())
    return open_proof(
        str(path), claim, _best(), lambda: split_claim(claim, "colours", 8, halves=halves)
    )


def _pool(settle: int | None = None) -> CutPool:
    return CutPool(settle, cardinality="totalizer")


def _prove(
    directory: ProofDirectory, pool: CutPool, plan: Plan = ONE_BUDGET, **options: object
) -> ProofStatus:
    try:
        return prove(directory, pool, plan, _claim().decisions(), **options)  # type: ignore[arg-type]
    finally:
        pool.close()


def _lemmas(directory: ProofDirectory) -> list[str]:
    return [lemma_ident(dict(spec)) for spec in directory.splits()[0].lemmas]


@pytest.mark.slow
def test_a_lemma_that_outruns_its_limit_is_split_and_refuted_by_cubes_and_certified(
    tmp_path: Path,
) -> None:
    directory = _open(tmp_path / "proof")
    lemmas = _lemmas(directory)
    assert len(lemmas) == 2 and not directory.splits()[0].cubes
    ledger = tmp_path / "ledger.jsonl"
    status = _prove(directory, _pool(), ledger=LeafLedger.open(ledger))
    assert status.proven and status.lemmas_refuted == 2 and status.leaves == status.certified
    split_lemmas = {split.parent for split in directory.splits() if split.parent in lemmas}
    assert split_lemmas == set(lemmas)  # each lemma outran one budget and was split
    settled = directory.settled()
    assert all(settled[lemma].status == "UNKNOWN" for lemma in lemmas)
    refuted = [ident for ident, entry in settled.items() if entry.status == "UNSATISFIABLE"]
    assert len(refuted) == status.leaves and all(
        any(ident.startswith(f"{lemma}-") for lemma in lemmas) for ident in refuted
    )
    checked = check_proof(directory)
    assert checked.certified_all and checked.certified == status.leaves, checked.problems
    exported = export_proof(directory, tmp_path / "referee")
    assert (exported.cubes, exported.lemmas) == (status.leaves, 0)

    # the ledger says the lemmas outran this limit in the totalizer: a new directory solves them
    # once more, since they would solve in their own counter, and takes every cube refuted
    outran = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert sorted(entry["task"] for entry in outran if entry["verdict"] == "UNKNOWN") == sorted(
        lemmas
    )
    again, pool = _open(tmp_path / "again"), _pool()
    status = _prove(again, pool, ledger=LeafLedger.open(ledger))
    assert status.proven and sorted(pool.submitted) == sorted(lemmas)
    assert again.splits() == directory.splits()


@pytest.mark.slow
def test_a_lemma_runs_whole_within_its_own_limit_however_short_the_cube_limit(
    tmp_path: Path,
) -> None:
    directory = _open(tmp_path / "proof")
    status = _prove(directory, _pool(), plan=Plan(cube_limit=1e-6, lemma_limit=None))
    assert status.proven and status.lemmas_refuted == 2 and len(directory.splits()) == 1


@pytest.mark.slow
def test_a_lemma_split_resumes_after_a_kill_before_its_split_and_after_some_cubes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "proof"

    def killed(entry: Settled, status: ProofStatus) -> None:
        raise KeyboardInterrupt  # as a kill between keeping the verdict and writing the split

    with pytest.raises(KeyboardInterrupt):
        _prove(_open(path), _pool(), on_settled=killed)
    directory = ProofDirectory.open(path)
    (outran,) = directory.settled()
    assert outran.startswith(LEMMA_PREFIX) and len(directory.splits()) == 1
    second = _pool(3)
    status = _prove(_open(path), second)
    assert [split.parent for split in directory.splits()][1] == outran  # split on resuming
    assert outran not in second.submitted and not status.proven
    before = set(directory.settled())
    third = _pool()
    status = _prove(_open(path), third)
    assert status.proven and not before & set(third.submitted)
    assert check_proof(directory).certified_all


def test_a_lemma_split_that_misses_a_case_of_the_lemma_fails_the_check(tmp_path: Path) -> None:
    """Leaving out the cube that holds a solution of a lemma's formula would prove a false lemma:
    here the dark half's, which asks for one knight more than its minimum."""
    claim, halves = _claim(), half_counts(N, N, _best())
    false = HalfClaim(N, N, "dark", halves["dark"])
    lemmas = (false, HalfClaim(N, N, "light", halves["light"] - 1))
    root = Split("", "colours", colour_cubes(claim, lemmas), tuple(half.spec() for half in lemmas))
    over = [key for key in claim.decisions() if key in false.model()]
    cubes = lookahead_cubes(false, Cube(), 4, over=over)
    found = conquer(false, Cube(), "cadical195", None)
    assert found.status is Status.SATISFIABLE
    solution = set(found.solution)
    missed = f"the split of {lemma_ident(false.spec())} misses a case"
    for name, kept in (
        ("whole", cubes),
        ("cut", [cube for cube in cubes if any((k in solution) != v for k, v in cube.fixed)]),
    ):
        directory = open_proof(str(tmp_path / name), claim, _best(), lambda: root)
        directory.add_split(Split(lemma_ident(false.spec()), "lookahead", tuple(kept)))
        assert (missed in check_proof(directory).problems) is (name == "cut")


def test_a_cube_split_again_branches_only_on_knights_it_left_open() -> None:
    """A knight the cube fixes is a unit of its formula; probed, its other value fails at once,
    so it would win as a failed literal and split the cube into itself and a contradiction."""
    lemma = HalfClaim(N, N, "light", half_counts(N, N, _best())["light"] - 1)
    over = [key for key in _claim().decisions() if key in lemma.model()]
    (parent, *_) = lookahead_cubes(lemma, Cube(), 4, over=over)
    children = lookahead_cubes(lemma, parent, 4, over=over)
    assert len(children) == 4
    fixed = {key for key, _ in parent.fixed}
    for child in children:
        assert child.fixed[: len(parent.fixed)] == parent.fixed
        assert not fixed & {key for key, _ in child.fixed[len(parent.fixed) :]}
