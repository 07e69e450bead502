"""An exported proof checked by a checker that shares no code with boardsat (dratify, from
PyPI): every formula with its DRAT certificate, every file against the manifest's SHA-256."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from pathlib import Path

import pytest
from dratify import check_proof, parse_dimacs

from boardsat.certificates.lrat import check_lrat
from tests.conftest import CliRun


def outside_check(out: Path) -> list[str]:
    """What a referee with only the folder finds wrong (empty: everything verified)."""
    manifest = json.loads((out / "manifest.json").read_text())
    problems = [
        f"{name}: its SHA-256 differs"
        for name, digest in manifest["files"].items()
        if hashlib.sha256((out / name).read_bytes()).hexdigest() != digest
    ]
    pairs = [*manifest["refutations"], *(s for s in manifest["splits"] if "formula" in s)]
    for entry in pairs:
        formula = parse_dimacs((out / entry["formula"]).read_text())
        result = check_proof(formula, (out / entry["drat"]).read_text())
        if not (result.ok and result.reached_empty):
            problems.append(f"{entry['drat']} does not refute {entry['formula']}")
    return problems


def test_a_band_split_proof_exports_and_every_certificate_checks_outside(
    run_cli: CliRun, tmp_path: Path
) -> None:
    proof, out = tmp_path / "p", tmp_path / "out"
    args = ("domination", "5", "--cubes", "bands", "--proof-dir", str(proof), "--quiet")
    code, _, err = run_cli(*args)
    assert code == 0, err
    code, said, err = run_cli("proof", "export", str(proof), str(out))
    assert code == 0, err
    assert "README says how to check them" in said
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["describes"].startswith("no independent placement of 4 knights")
    kinds = {entry["kind"] for entry in manifest["refutations"]}
    assert kinds == {"cube", "lemma"} and outside_check(out) == []
    for entry in manifest["refutations"]:  # each LRAT numbers the clauses of the exported CNF
        if "lrat" in entry:
            text = (out / entry["formula"]).read_text().splitlines()[1:]
            cnf = [[int(x) for x in line.split()[:-1]] for line in text]
            assert check_lrat(cnf, (out / entry["lrat"]).read_text().splitlines()).valid
    code, _, err = run_cli("proof", "export", str(proof), str(out))
    assert code == 2 and "not overwritten" in err


def test_a_literal_split_exports_its_coverage_refutation(run_cli: CliRun, tmp_path: Path) -> None:
    proof, out = tmp_path / "h", tmp_path / "out"
    code, _, err = run_cli("proof", "horizon", "shogi:seed", "4", "--proof-dir", str(proof))
    assert code == 0, err
    code, _, err = run_cli("proof", "export", str(proof), str(out))
    assert code == 0, err
    manifest = json.loads((out / "manifest.json").read_text())
    assert any("formula" in split for split in manifest["splits"])
    assert outside_check(out) == []


def test_a_tampered_certificate_is_caught_by_the_outside_check(
    run_cli: CliRun, tmp_path: Path
) -> None:
    proof, out = tmp_path / "p", tmp_path / "out"
    assert run_cli("domination", "4", "--cubes", "--proof-dir", str(proof), "--quiet")[0] == 0
    assert run_cli("proof", "export", str(proof), str(out))[0] == 0
    manifest = json.loads((out / "manifest.json").read_text())
    entry = next(e for e in manifest["refutations"] if (out / e["drat"]).read_text() != "0\n")
    (out / entry["drat"]).write_text("0\n")  # the bare empty clause: not a refutation here
    found = outside_check(out)
    assert any("SHA-256" in line for line in found)
    assert any(entry["drat"] in line for line in found)


def recorded_anew(proof: Path, text: bytes) -> None:
    """Give every LRAT certificate of ``proof`` the gzipped ``text``, and record its SHA-256
    as a run would have: a certificate that is wrong from the start, not tampered with."""
    data = gzip.compress(text)
    digest = hashlib.sha256(data).hexdigest()
    for certificate in (proof / "certificates").glob("*.lrat.gz"):
        certificate.write_bytes(data)
    lines = (proof / "settled.jsonl").read_text().splitlines()
    entries = [json.loads(line) for line in lines]
    for entry in entries:
        if entry.get("proof_format") == "lrat":
            entry["certificate_sha256"] = digest
    (proof / "settled.jsonl").write_text("".join(json.dumps(e) + "\n" for e in entries))


def refused(run_cli: CliRun, proof: Path, out: Path) -> str:
    """The export's one line of refusal (exit 2, nothing on stdout, no folder left behind)."""
    code, said, err = run_cli("proof", "export", str(proof), str(out))
    assert code == 2 and said == "", err
    assert len(err.strip().splitlines()) == 1
    left = os.listdir(out.parent) if out.parent.is_dir() else []  # a name too long to stat
    assert out.name not in left  # no half export left to refuse the next one
    return err


@pytest.fixture
def band_proof(run_cli: CliRun, tmp_path: Path) -> Path:
    proof = tmp_path / "p"
    code, _, err = run_cli(
        "domination", "5", "--cubes", "bands", "--proof-dir", str(proof), "--quiet"
    )
    assert code == 0, err
    return proof


@pytest.mark.parametrize("garbage", [b"1\n", b"7 d x 0\n", b"\xff\xfe 0\n"])
def test_a_certificate_of_valid_gzip_holding_garbage_is_refused_in_one_line(
    run_cli: CliRun, tmp_path: Path, band_proof: Path, garbage: bytes
) -> None:
    recorded_anew(band_proof, garbage)
    assert "is no LRAT step" in refused(run_cli, band_proof, tmp_path / "out")


@pytest.mark.parametrize(
    "text",
    [b"", b"c nothing but a comment\n", b"100000 1 0 1 2 0\n100000 d 1 0\n"],
    ids=["empty", "comment", "no-empty-clause"],
)
def test_a_certificate_that_derives_no_empty_clause_is_refused_not_exported(
    run_cli: CliRun, tmp_path: Path, band_proof: Path, text: bytes
) -> None:
    """Its SHA-256 is the one recorded, and each line is an LRAT step, yet it refutes nothing:
    the export said so with exit status 0, where proof check rejects it."""
    recorded_anew(band_proof, text)
    assert "without the empty clause" in refused(run_cli, band_proof, tmp_path / "out")


def test_a_certificate_swapped_for_another_is_refused_by_its_sha256(
    run_cli: CliRun, tmp_path: Path, band_proof: Path
) -> None:
    """Another refutation's certificate parses and ends in the empty clause, so only the digest
    the directory recorded tells it apart, before any of it is converted."""
    first, second, *_ = sorted((band_proof / "certificates").glob("*.lrat.gz"))
    first.write_bytes(second.read_bytes())
    err = refused(run_cli, band_proof, tmp_path / "out")
    assert "SHA-256" in err and first.name.split(".")[0] in err


def test_an_out_folder_whose_parent_is_missing_is_refused_and_nothing_is_made(
    run_cli: CliRun, tmp_path: Path, band_proof: Path
) -> None:
    err = refused(run_cli, band_proof, tmp_path / "none" / "out")
    assert "there is no folder" in err and not (tmp_path / "none").exists()


def test_an_out_folder_whose_name_is_too_long_is_one_line(
    run_cli: CliRun, tmp_path: Path, band_proof: Path
) -> None:
    assert "cannot write" in refused(run_cli, band_proof, tmp_path / ("N" * 3000))


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_an_out_folder_the_system_will_not_make_is_one_line(
    run_cli: CliRun, band_proof: Path
) -> None:
    """/proc takes no new folder, not even from root: mkdir fails there (ENOENT)."""
    assert "cannot write /proc/boardsat-export" in refused(
        run_cli, band_proof, Path("/proc/boardsat-export")
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder")
def test_an_out_folder_in_a_folder_not_writable_is_refused(
    run_cli: CliRun, tmp_path: Path, band_proof: Path
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    assert "is not writable" in refused(run_cli, band_proof, locked / "out")


def test_a_split_naming_a_parent_no_split_made_is_refused_in_one_line(
    run_cli: CliRun, tmp_path: Path
) -> None:
    """The fuzz broke a whole proof's split so: its parent became a string no cube has, and the
    export raised KeyError. It is one line now, and no half export is left behind."""
    proof, out = tmp_path / "p", tmp_path / "out"
    code, _, err = run_cli("domination", "5", "--cubes", "--proof-dir", str(proof), "--quiet")
    assert code == 0, err
    splits = proof / "splits.jsonl"
    split, *rest = splits.read_text().splitlines()
    splits.write_text("\n".join([json.dumps({**json.loads(split), "parent": "x"}), *rest]) + "\n")
    code, said, err = run_cli("proof", "export", str(proof), str(out))
    assert code == 2 and said == "" and err.count("\n") == 1
    assert "no split covers the claim itself" in err
    assert not out.exists()
