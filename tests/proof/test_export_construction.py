"""A colour split exported by construction: no solver runs, the manifest states the arithmetic,
and each lemma names its claim in plain fields from which a referee rebuilds its coverage
clauses, with no code of boardsat's, and finds them in the exported formula."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pysat.solvers
import pytest
from dratify import check_proof, parse_dimacs

from boardsat.certificates.lrat import check_lrat
from boardsat.models.domination.proving.cubes import DominationClaim
from boardsat.models.domination.proving.halves import HalfClaim, colour_split
from tests.conftest import CliRun

KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def read_cnf(path: Path) -> list[list[int]]:
    lines = path.read_text().splitlines()
    assert lines[0].startswith("p cnf ")
    return [[int(token) for token in line.split()[:-1]] for line in lines[1:]]


def rebuilt_coverage(fields: dict[str, Any]) -> set[frozenset[int]]:
    """The coverage clauses from the lemma's fields alone: each square of the other colour, the
    OR of the variables of the knights that attack it. The colour rule is the one the manifest
    states (row 0 at the top; dark when rows - 1 - r + c is even)."""
    rows, cols = fields["rows"], fields["cols"]

    def colour(row: int, col: int) -> str:
        return "dark" if (rows - 1 - row + col) % 2 == 0 else "light"

    number = {(row, col): int(var) for var, (row, col) in fields["variables"].items()}
    board = [(row, col) for row in range(rows) for col in range(cols)]
    assert sorted(number) == [square for square in board if colour(*square) == fields["colour"]]
    assert sorted(number.values()) == list(range(1, len(number) + 1))
    return {
        frozenset(
            number[(row + down, col + right)]
            for down, right in KNIGHT_STEPS
            if (row + down, col + right) in number
        )
        for row, col in board
        if colour(row, col) != fields["colour"]
    }


class NoSolver:
    def __init__(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("the export ran a solver")


@pytest.mark.slow
def test_a_total_16_colour_split_exports_with_no_solver_and_each_pair_checks_outside(
    run_cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    proof, out = tmp_path / "proof", tmp_path / "out"
    code, _, err = run_cli(
        "domination", "16", "--variant", "total", "--cubes", "--proof-dir", str(proof), "--quiet"
    )
    assert code == 0, err
    monkeypatch.setattr(pysat.solvers, "Solver", NoSolver)
    code, said, err = run_cli("proof", "export", str(proof), str(out))
    assert code == 0, err
    assert "1 lemma" in said
    manifest = json.loads((out / "manifest.json").read_text())
    assert not list(out.glob("coverage-*"))  # covered by construction: no formula, no solve
    (split,) = manifest["splits"]
    assert split["splitter"] == "colours" and "formula" not in split
    assert split["arithmetic"][-1] == "48 > 47: no profile is left, the lemmas alone prove it"
    assert any("(r, c) -> (r, 15 - c)" in line for line in split["arithmetic"])
    readme = (out / "README").read_text()
    assert "48 > 47" in readme and "Lex-leader:" in readme and "Counter:" in readme
    (lemma,) = manifest["refutations"]
    fields = lemma["claim"]
    assert (fields["rows"], fields["cols"], fields["at_most"]) == (16, 16, 23)
    assert fields["counter"]["encoding"] == lemma["cardinality"] == "seqcounter"
    assert set(fields["symmetry_break"]["symmetries"]) == {"rot180", "transpose", "anti-transpose"}
    cnf = read_cnf(out / lemma["formula"])
    assert lemma["units_propagated"] == 0 and lemma["as_built"]
    clauses = {frozenset(clause) for clause in cnf}
    coverage = rebuilt_coverage(fields)
    assert len(coverage) == 128 and coverage <= clauses
    knights = set(range(1, len(fields["variables"]) + 1))
    positive = {clause for clause in clauses if min(clause) > 0 and clause <= knights}
    assert positive == coverage  # nothing else in it speaks of the knights alone
    assert check_lrat(cnf, (out / lemma["lrat"]).open("rb")).valid
    outside = check_proof(
        parse_dimacs((out / lemma["formula"]).read_text()), (out / lemma["drat"]).read_text()
    )
    assert outside.ok and outside.reached_empty


def test_the_arithmetic_lists_the_profiles_a_colour_split_leaves() -> None:
    """Above the optimum the lemmas leave profiles: the arithmetic names each, and the budget."""
    claim = DominationClaim(6, 6, "total", 9, symmetry=False)
    split = colour_split(claim, None, 10.0)
    lines = claim.split_arithmetic(split)
    assert lines is not None and len(split.cubes) > 1
    assert lines[0] == "lemma: the light half needs more than 3 knights, so at least 4"
    assert (
        lines[2]
        == "budget: the claim allows at most 9; the halves need at least 4 dark + 4 light = 8"
    )
    profiles = [f"({cube.counts[0][1]}, {cube.counts[1][1]})" for cube in split.cubes]
    assert (
        lines[3]
        == f"profiles left (dark, light): {', '.join(profiles)}; each is a cube of the proof"
    )
    assert "(4, 4)" in lines[3] and "(5, 4)" in lines[3]


def test_a_lemmas_fields_name_each_knights_variable_and_the_rest_as_auxiliaries() -> None:
    lemma = HalfClaim(7, 7, "dark", 5)
    fields = lemma.formula_fields("seqcounter")
    model = lemma.model()
    assert len(fields["variables"]) == 25 and model.num_vars > 25
    chains = fields["symmetry_break"]["chain_variables"]
    assert chains == f"26 to {model.num_vars}"
    assert fields["counter"]["variables"] == f"{model.num_vars + 1} to the DIMACS header's count"
    assert len(fields["symmetry_break"]["symmetries"]) == 7  # an odd square keeps every colour
