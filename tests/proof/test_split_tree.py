"""A proof's splits count as one tree grown from the claim's split, whatever the file says.

Cubes are named by their content, so a hostile or broken splits.jsonl can name a cube among its
own descendants, hang splits from nothing, or list a lemma's split before the lemma. Each such
directory below states a false claim (4 dark knights attack every light square of 6x6, so "they
need more than 17" is false) or a true one with its splits reordered, and `proof check` must not
call the false one certified.
"""

from __future__ import annotations

import gzip
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from boardsat.cli.exits import CHECK_FAILED, NOT_CERTIFIED
from boardsat.models.board import Board
from boardsat.models.domination.colours import knight_squares
from boardsat.models.domination.model import knight_key
from boardsat.models.domination.proving.halves import HalfClaim
from boardsat.proof.check import check_proof
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.run import new_manifest
from boardsat.proof.status import lemma_ident, split_tree
from boardsat.solving.conquer import cube_formula, formula_hash
from boardsat.solving.cube import Cube, Split
from tests.conftest import CliRun

FALSE = HalfClaim(6, 6, "dark", 17)
TRUE_LEMMA = HalfClaim(6, 6, "dark", 2)
WHOLE = Cube()
DARK = [knight_key(square) for square in knight_squares(Board(6, 6), "dark")]
EMPTY_LRAT = gzip.compress(b"", mtime=0)  # accepted exactly where propagation refutes


def _lookahead(parent: str, *cubes: Cube, lemmas: Sequence[HalfClaim] = ()) -> Split:
    specs = tuple(lemma.spec() for lemma in lemmas)
    return Split(parent, "lookahead", cubes, specs, params={"cubes": 8})


def _refuted(task: str, cube: Cube, claim: HalfClaim = FALSE, sha256: str | None = None) -> Settled:
    """A verdict that ``cube`` of ``claim`` is refuted, for the formula it rebuilds; its
    certificate's digest ``sha256`` where one was taken from a ledger."""
    clauses, _ = cube_formula(claim, cube, "totalizer")
    return Settled(
        task,
        "cadical195",
        "UNSATISFIABLE",
        0.0,
        0.0,
        formula_hash=formula_hash(clauses),
        cardinality="totalizer",
        proof_format="lrat",
        certificate_sha256=sha256,
    )


def _directory(
    path: Path,
    splits: Sequence[Split],
    settled: Sequence[Settled] = (),
    by_propagation: Sequence[Settled] = (),
) -> ProofDirectory:
    """A proof directory of FALSE with these splits and verdicts; each of ``by_propagation``
    keeps an empty certificate, which the checker accepts exactly where propagation refutes."""
    directory = ProofDirectory.create(path, new_manifest(FALSE, None))
    for split in splits:
        directory.add_split(split)
    for verdict in settled:
        directory.add_settled(verdict, None)
    for verdict in by_propagation:
        directory.add_settled(verdict, EMPTY_LRAT)
    return directory


def _decision_list() -> tuple[list[Cube], Cube]:
    """Every case of "the first dark knight placed is the i-th", and the case "none placed",
    which propagation alone refutes: together they cover the claim."""
    cases = [Cube((*((key, False) for key in DARK[:i]), (DARK[i], True))) for i in range(len(DARK))]
    return cases, Cube(tuple((key, False) for key in DARK))


def test_splits_that_lead_back_to_their_own_cubes_certify_nothing(
    tmp_path: Path, run_cli: CliRun
) -> None:
    """Each case but "none" is split into itself, so it was a parent, not a leaf: before the
    tree was grown from the claim, the one leaf left, refuted, made the false claim certified."""
    cases, none = _decision_list()
    splits = [_lookahead("", *cases, none), *(_lookahead(case.ident, case) for case in cases)]
    directory = _directory(tmp_path / "p", splits, by_propagation=[_refuted(none.ident, none)])
    checked = check_proof(directory)
    assert not checked.certified_all and checked.certified == 1
    assert sum("leads back to" in problem for problem in checked.problems) == len(cases)
    code, out, _ = run_cli("proof", "check", str(tmp_path / "p"))
    assert code == CHECK_FAILED and "the claim is not proven" in out
    code, out, _ = run_cli("proof", "status", str(tmp_path / "p"))
    assert code == 0 and out.count("leads back to") == len(cases) and "proven" not in out
    assert out.splitlines()[0] == FALSE.describe()


def test_a_cycle_through_two_splits_is_found_on_its_path(tmp_path: Path) -> None:
    placed, empty = Cube(((DARK[0], True),)), Cube(((DARK[0], False),))
    splits = [
        Split("", "whole", (WHOLE,)),
        _lookahead(WHOLE.ident, placed, empty),
        _lookahead(placed.ident, WHOLE),
        _lookahead(empty.ident, WHOLE),
    ]
    tree = split_tree(splits)
    assert tree.leaves() == [] and len(tree.problems) == 2
    assert all(problem.endswith(f"leads back to {WHOLE.ident}") for problem in tree.problems)
    assert not check_proof(_directory(tmp_path / "p", splits)).certified_all


def test_a_split_that_hangs_from_a_lemma_it_brings_covers_no_claim(tmp_path: Path) -> None:
    """A true lemma, split into its one whole cube and refuted, says nothing of the claim when
    no split of the claim rests on it."""
    lemma = lemma_ident(TRUE_LEMMA.spec())
    splits = [_lookahead(lemma, WHOLE, lemmas=[TRUE_LEMMA])]
    settled = [_refuted(f"{lemma}-{WHOLE.ident}", WHOLE, TRUE_LEMMA)]
    tree = split_tree(splits)
    assert tree.leaves() == [] and tree.splits == ()
    assert tree.problems == (
        "no split covers the claim itself",
        f"the split of {lemma} divides nothing the claim's split reaches",
    )
    checked = check_proof(_directory(tmp_path / "p", splits, settled))
    assert "no split covers the claim itself" in checked.problems and not checked.certified_all


def test_the_order_of_the_splits_on_file_decides_no_leaf_or_its_formula() -> None:
    """A lemma's split listed before the split that brings the lemma still divides the lemma's
    formula: its cubes are named under the lemma, not taken for cubes of the claim."""
    lemma = lemma_ident(TRUE_LEMMA.spec())
    placed, empty = Cube(((DARK[0], True),)), Cube(((DARK[0], False),))
    root = _lookahead("", placed, empty, lemmas=[TRUE_LEMMA])
    of_lemma = _lookahead(lemma, placed, empty)
    in_order, reordered = split_tree([root, of_lemma]), split_tree([of_lemma, root])
    assert in_order.problems == reordered.problems == ()
    assert in_order.leaves() == reordered.leaves()
    names = sorted(leaf.ident for leaf in reordered.leaves())
    assert names == sorted(
        [placed.ident, empty.ident, f"{lemma}-{placed.ident}", f"{lemma}-{empty.ident}"]
    )
    assert [leaf.lemma for leaf in reordered.leaves() if leaf.ident.startswith(lemma)] == [
        TRUE_LEMMA.spec()
    ] * 2


def test_a_cube_split_twice_is_refused() -> None:
    placed, empty = Cube(((DARK[0], True),)), Cube(((DARK[0], False),))
    other = Cube(((DARK[1], True),)), Cube(((DARK[1], False),))
    tree = split_tree(
        [
            Split("", "whole", (WHOLE,)),
            _lookahead(WHOLE.ident, placed, empty),
            _lookahead(WHOLE.ident, *other),
        ]
    )
    assert tree.problems == (f"{WHOLE.ident} is split twice",)
    assert sorted(leaf.ident for leaf in tree.leaves()) == sorted([placed.ident, empty.ident])


def test_a_refutation_without_its_certificate_must_still_name_the_formula_rebuilt(
    tmp_path: Path, run_cli: CliRun
) -> None:
    """A leaf taken from a ledger keeps its certificate's digest, not the certificate: the check
    cannot call it certified (exit status 4), and a digest for another formula is a problem."""
    taken = _refuted(WHOLE.ident, WHOLE, sha256="a" * 64)
    _directory(tmp_path / "taken", [Split("", "whole", (WHOLE,))], [taken])
    code, out, _ = run_cli("proof", "check", str(tmp_path / "taken"))
    assert code == NOT_CERTIFIED and out.splitlines()[-1] == "the claim is proven but not certified"
    forged = replace(taken, formula_hash="f" * 64)
    directory = _directory(tmp_path / "forged", [Split("", "whole", (WHOLE,))], [forged])
    assert check_proof(directory).problems == (
        f"{WHOLE.ident}: its certificate refutes another formula than the claim and cube rebuild",
    )
