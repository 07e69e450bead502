"""Counts by cubes: the same representatives as one enumeration, a folder that resumes, and a
completeness proof that catches an enumeration which missed a placement."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from boardsat.core.errors import BoardsatError
from boardsat.models.domination import Domination, count_minimum_placements
from boardsat.proof.check import check_proof
from boardsat.proof.count import ENUMERATION, count_by_cubes
from boardsat.proof.cubes import CubeRequest
from boardsat.proof.directory import ProofDirectory
from tests.cli.test_json_schemas import schema
from tests.conftest import CliRun


def _request(folder: Path, cubes: int = 6, dask: str | None = None) -> CubeRequest:
    return CubeRequest("lookahead", cubes=cubes, directory=str(folder), dask=dask)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("n", "variant"), [(6, "dominating"), (6, "independent"), (5, "total"), (7, "total")]
)
def test_the_cubes_find_what_one_enumeration_finds_and_certify_it(
    tmp_path: Path, n: int, variant: str
) -> None:
    board = Domination(n, n, variant)
    by_cubes = count_by_cubes(board, _request(tmp_path / "count"), check=True)
    whole = count_minimum_placements(board)
    assert by_cubes.count.representatives == whole.representatives
    assert by_cubes.count.complete and by_cubes.count.certified
    assert by_cubes.proof is not None and by_cubes.proof.status.proven
    assert check_proof(ProofDirectory.open(tmp_path / "count" / "proof")).certified_all


@pytest.mark.slow  # a count by cubes, run twice
def test_a_count_cut_short_resumes_where_it_stopped(tmp_path: Path) -> None:
    """Keep the header and the first two cubes of a finished enumeration: the rerun lists only
    the others, and the count comes out the same."""
    folder = tmp_path / "count"
    board = Domination(6, 6, "dominating")
    first = count_by_cubes(board, _request(folder)).count
    lines = (folder / ENUMERATION).read_text().splitlines()
    assert len(lines) == 1 + 6  # the header, then one line per cube listed
    (folder / ENUMERATION).write_text("\n".join(lines[:3]) + "\n")
    again = count_by_cubes(board, _request(folder)).count
    relisted = (folder / ENUMERATION).read_text().splitlines()
    assert relisted[:3] == lines[:3] and len(relisted) == len(lines)
    assert again.representatives == first.representatives and again.complete
    assert not again.certified  # its certificates are kept, and checked only when asked


def test_the_completeness_proof_catches_a_placement_the_enumeration_lost(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "count"
    board = Domination(6, 6, "dominating")
    count_by_cubes(board, _request(folder, cubes=2))
    header, *entries = (folder / ENUMERATION).read_text().splitlines()
    listed = [json.loads(entry) for entry in entries]
    richest = max(listed, key=lambda entry: len(entry["placements"]))
    richest["placements"].pop()
    tampered = tmp_path / "tampered"
    tampered.mkdir()
    kept = [header, *(json.dumps(entry) for entry in listed)]
    (tampered / ENUMERATION).write_text("\n".join(kept) + "\n")
    with pytest.raises(AssertionError, match="the enumeration missed"):
        count_by_cubes(board, _request(tampered, cubes=2))


def test_a_folder_keeps_the_count_it_was_made_for(tmp_path: Path) -> None:
    folder = tmp_path / "count"
    count_by_cubes(Domination(5, 5, "dominating"), _request(folder, cubes=2))
    with pytest.raises(BoardsatError, match="another board"):
        count_by_cubes(Domination(5, 5, "independent"), _request(folder, cubes=2))


@pytest.mark.slow
def test_a_count_runs_on_dask_workers(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed")
    board = Domination(6, 6, "independent")
    on_dask = count_by_cubes(board, _request(tmp_path / "count", dask="local:2"), check=True)
    assert on_dask.count.representatives == count_minimum_placements(board).representatives
    assert on_dask.count.certified


def test_the_command_counts_by_cubes_and_the_check_reads_the_count(
    run_cli: CliRun, tmp_path: Path
) -> None:
    folder = tmp_path / "count"
    args = ("--variant", "dominating", "--count", "--cubes", "lookahead", "--cube-count", "4")
    code, out, _ = run_cli("domination", "6", *args, "--proof-dir", str(folder), "--json")
    answer = json.loads(out)
    assert code == 0 and (answer["count"], answer["count_up_to_symmetry"]) == (127, 23)
    assert answer["certificate"] is None and answer["directory"] == str(folder / "proof")
    Draft202012Validator(schema("domination")).validate(answer)
    code, out, _ = run_cli("proof", "check", str(folder / "proof"))
    assert code == 0 and out.splitlines()[-1] == "the count of 23 orbits is complete, certified"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--count", "--cubes"], "give --cubes lookahead"),
        (["--count", "--cubes", "lookahead", "--backend", "cpsat"], "--cube-route names"),
        (["--count", "--dask", "local:2"], "--dask needs --cubes"),
        (["--count", "zdd", "--cubes", "lookahead"], "belongs to --count enumerate"),
    ],
)
def test_what_a_count_by_cubes_refuses_is_one_line(
    run_cli: CliRun, args: list[str], says: str
) -> None:
    code, out, err = run_cli("domination", "5", *args)
    assert code == 2 and says in err and out == ""
