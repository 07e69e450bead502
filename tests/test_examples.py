"""Every script in examples/ runs to completion: they are documentation that must not rot."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from boardsat.cli.exits import LIMIT_REACHED
from boardsat.models.domination import VARIANTS, published_minimum
from boardsat.models.domination.searching.half_search import SEARCH_METHOD, SEARCH_METHODS
from boardsat.proof.check import check_proof
from boardsat.proof.directory import ProofDirectory

pytestmark = pytest.mark.slow  # every example script runs whole

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))
SLOW = {
    "farthest_exchange.py",
}  # over 5 s: SAT refutes plan lengths
RUN_BY_THEIR_OWN_TESTS = {  # with arguments, below
    "band_breaks.py",
    "cube_scaling.py",
    "count_placements.py",
    "cover_improvements.py",
    "exchange_strengthenings.py",
    "half_bound.py",
    "half_search.py",
    "prove_by_cubes.py",
}


def test_there_are_examples_and_the_slow_ones_exist() -> None:
    assert EXAMPLES and {path.name for path in EXAMPLES} >= SLOW


@pytest.mark.parametrize(
    "script",
    [
        pytest.param(path, id=path.name, marks=[pytest.mark.slow] if path.name in SLOW else [])
        for path in EXAMPLES
        if path.name not in RUN_BY_THEIR_OWN_TESTS
    ],
)
def test_example_runs(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), "an example prints what it found"


def test_cube_scaling_measures_certified_proofs_and_plots_them(tmp_path: Path) -> None:
    script = Path(__file__).parent.parent / "examples" / "cube_scaling.py"
    rows_file, stem = tmp_path / "rows.jsonl", tmp_path / "scaling"
    script_call = [sys.executable, str(script)]
    measured = [*script_call, "dominating:6", "--workers", "2,1", "--cubes", "8"]
    measured += ["--out", str(rows_file)]
    for arguments in (measured, [*script_call, "--plot", str(rows_file), str(stem)]):
        done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in rows_file.read_text().splitlines()]
    knights = {row["knights"] for row in rows if "knights" in row}
    assert knights == {published_minimum(6, "dominating")}  # the split's placement and CP-SAT's
    cube_rows = [row for row in rows if row["method"] == "cubes"]
    assert sorted(row["workers"] for row in cube_rows) == [1, 2]
    assert all(row["cubes"] >= 8 for row in cube_rows)  # the split asked for, refined if need be
    assert all(row["proven"] for row in rows if row["method"] in ("cubes", "cpsat"))
    (check,) = [row for row in rows if row["method"] == "check"]
    assert check["certified"] and check["workers"] == 2
    assert stem.with_suffix(".png").stat().st_size > 0 and stem.with_suffix(".svg").exists()


def test_certificate_formats_checks_both_certificates_of_every_cube(tmp_path: Path) -> None:
    script = Path(__file__).parent.parent / "examples" / "certificate_formats.py"
    rows_file = tmp_path / "rows.jsonl"
    arguments = [
        sys.executable,
        str(script),
        "dominating:6",
        "--cubes",
        "4",
        "--out",
        str(rows_file),
    ]
    done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    *cubes, total = [json.loads(line) for line in rows_file.read_text().splitlines()]
    assert total["knights"] == published_minimum(6, "dominating")
    assert total["cubes"] == len(cubes) >= 2 and total["all_valid"]
    assert all(cube[kind]["valid"] for cube in cubes for kind in ("drup", "lrat"))
    for kind in ("drup", "lrat"):
        assert total[kind]["size_mb"] == pytest.approx(
            sum(c[kind]["size_mb"] for c in cubes), abs=0.01
        )


def sample_band_cubes(*arguments: str) -> subprocess.CompletedProcess[str]:
    script = Path(__file__).parent.parent / "examples" / "sample_band_cubes.py"
    return subprocess.run(
        [sys.executable, str(script), "independent:7", "--count", "3", *arguments],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


@pytest.mark.parametrize("lemmas", [[], ["--lemma", "0:2:2"]])
def test_sample_band_cubes_times_distinct_profiles_of_the_split(lemmas: list[str]) -> None:
    done = sample_band_cubes(*lemmas)
    assert done.returncode == 0, done.stderr[-2000:]
    *rows, total = [json.loads(line) for line in done.stdout.splitlines()]
    profiles = [tuple(row["profile"]) for row in rows]
    assert len(set(profiles)) == len(profiles) == 6
    knights = published_minimum(7, "independent")
    assert all(sum(profile) < knights for profile in profiles)
    assert all(row["status"] == "UNSATISFIABLE" for row in rows)  # the published value is optimal
    assert total["balanced"]["refuted"] == total["random"]["refuted"] == 3
    if lemmas:  # rows 0 and 1 hold at least 2 knights in every profile left
        assert all(profile[0] >= 2 for profile in profiles)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        (["--lemma", "0:3:4"], "band cuts [0, 2, 5, 7]"),  # 7 rows cut at 0, 2, 5, 7
        (["--jobs", "0"], "give a whole number, at least 1"),
        (["--lemma", "0:2:x"], "give TOP:BOTTOM:NEED"),
    ],
)
def test_sample_band_cubes_refuses_bad_input_in_one_line(arguments: list[str], error: str) -> None:
    done = sample_band_cubes(*arguments)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].endswith(error)


def test_sample_band_cubes_reports_a_split_left_without_profiles() -> None:
    done = sample_band_cubes("--lemma", "0:7:13")  # the whole board needs the optimum: none left
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == {
        "profiles": 0,
        "balanced": {"sampled": 0, "refuted": 0, "refuted_s": []},
        "random": {"sampled": 0, "refuted": 0, "refuted_s": []},
    }


def test_trim_certificates_reads_a_proof_directory_whose_certificates_are_trimmed_already(
    tmp_path: Path,
) -> None:
    """A proof written now keeps trimmed certificates: trimming them again keeps every lemma
    (6x6's band proof holds two certificates, as 7x7's does)."""
    folder = tmp_path / "proof"
    proved = subprocess.run(
        [sys.executable, "-m", "boardsat", "domination", "6", "--variant", "independent",
         "--cubes", "bands", "--proof-dir", str(folder), "--quiet"],
        capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert proved.returncode == 0, proved.stderr[-2000:]
    script = Path(__file__).parent.parent / "examples" / "trim_certificates.py"
    done = subprocess.run(
        [sys.executable, str(script), str(folder), "--count", "3"],
        capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    *rows, total = [json.loads(line) for line in done.stdout.splitlines()]
    assert total["certificates"] == len(rows) >= 2 and total["all_valid"]
    assert all(row["kept"] == row["lemmas"] for row in rows)


def test_exchange_strengthenings_proves_the_bfs_optimum_with_every_setting() -> None:
    """On the 3x3 corner exchange, as deep as the seed (16 moves) but proven far faster: every
    setting's row is a plan of the oracle's length, proven optimal."""
    script = Path(__file__).parent.parent / "examples" / "exchange_strengthenings.py"
    done = subprocess.run(
        [sys.executable, str(script), "B.B/.../W.W", "W.W/.../B.B"],
        capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    oracle, _, *rows = done.stdout.splitlines()
    moves = int(oracle.split()[2])
    assert [row.split()[0] for row in rows] == ["none", "canonical_order", "potential", "all"]
    assert all(f"plan of {moves} moves (proven optimal)" in row for row in rows)


def test_count_placements_prints_a_row_per_board_with_both_counts() -> None:
    """The script holds its dominating column to OEIS itself; here its table's shape is read:
    one row per side, each cell ALL/ORBITS with no more orbits than placements."""
    script = Path(__file__).parent.parent / "examples" / "count_placements.py"
    done = subprocess.run(
        [sys.executable, str(script), "7"], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    header, *rows = done.stdout.splitlines()
    assert header.split() == ["n", "independent", "dominating", "total"]
    assert [int(row.split()[0]) for row in rows] == list(range(1, 8))
    for row in rows:
        for cell in row.split()[1:]:
            if cell != "-":
                every, orbits = map(int, cell.split("/"))
                assert 1 <= orbits <= every <= 8 * orbits


def test_band_breaks_refutes_the_same_cubes_under_each_break(tmp_path: Path) -> None:
    script = Path(__file__).parent.parent / "examples" / "band_breaks.py"
    out = tmp_path / "rows.jsonl"
    command = [sys.executable, str(script), "7", "dominating", "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    split, *rows = [json.loads(line) for line in out.read_text().splitlines()]
    cubes = {row["break"]: row["cubes"] for row in rows}
    assert set(cubes) == {"whole", "none", "mirror", "mirror+cols"} and "split_s" in split
    assert all(row["statuses"] == ["UNSATISFIABLE"] for row in rows)  # 10 knights are needed
    assert cubes["whole"] == cubes["none"] > cubes["mirror"] == cubes["mirror+cols"]


def test_prove_by_cubes_proves_every_variant_of_every_board_to_the_largest() -> None:
    """The script's first form, to 4x4 rather than its default 5x5: a certified line per
    variant, at the published minimum."""
    script = Path(__file__).parent.parent / "examples" / "prove_by_cubes.py"
    done = subprocess.run(
        [sys.executable, str(script), "4"], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line.split() for line in done.stdout.splitlines()]
    assert [(line[0], line[1]) for line in lines] == [("4", v) for v in VARIANTS]
    for line in lines:
        knights = published_minimum(4, line[1])
        assert line[2:5] == [str(knights), "(published", f"{knights})"]
        assert line[-1] == "certified"


def test_prove_by_cubes_certifies_chosen_boards_and_writes_a_row_each(tmp_path: Path) -> None:
    script = Path(__file__).parent.parent / "examples" / "prove_by_cubes.py"
    out = tmp_path / "rows.jsonl"
    boards = ["--boards", "total:8,independent:7", "--splitter", "whole"]
    command = [
        sys.executable,
        str(script),
        *boards,
        "--keep",
        str(tmp_path / "p"),
        "--out",
        str(out),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(row["variant"], row["n"]) for row in rows] == [("total", 8), ("independent", 7)]
    for row in rows:
        assert row["knights"] == published_minimum(row["n"], row["variant"])
        assert row["proven"] and row["verdict"] == "certified" and row["cubes"] == 1
    assert (tmp_path / "p" / "8-total").is_dir()


def test_half_search_races_every_method_to_the_published_half(tmp_path: Path) -> None:
    script = Path(__file__).parent.parent / "examples" / "half_search.py"
    rows_file = tmp_path / "rows.jsonl"
    arguments = [sys.executable, str(script), "10", "12", "--limit", "120", "--out", str(rows_file)]
    done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in rows_file.read_text().splitlines()]
    assert {(row["n"], row["method"]) for row in rows} == {
        (n, method) for n in (10, 12) for method in SEARCH_METHODS
    }
    for row in rows:
        total = published_minimum(row["n"], "total")
        assert row["reached"] and row["best"] == row["target"] and 2 * row["target"] == total
        assert row["wall_s"] <= row["limit_s"]
        if row["method"] == SEARCH_METHOD:
            assert row["ratio_to_chosen"] == 1.0
    assert len(done.stdout.splitlines()) == len(rows)


def test_cover_improvements_times_each_better_cover_down_to_the_published_half(
    tmp_path: Path,
) -> None:
    script = Path(__file__).parent.parent / "examples" / "cover_improvements.py"
    rows_file = tmp_path / "rows.jsonl"
    arguments = [sys.executable, str(script), "8", "--out", str(rows_file)]
    done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in rows_file.read_text().splitlines()]
    assert [row["colour"] for row in rows] == ["dark", "light"]
    for row in rows:  # 8x8's halves are equal: a reflection swaps the colours
        assert row["best"] == published_minimum(8, "total") // 2
        sizes, seconds = zip(*row["improvements"], strict=True)
        assert list(sizes) == sorted(sizes, reverse=True) and sizes[-1] == row["best"]
        assert list(seconds) == sorted(seconds) and seconds[-1] <= row["seconds"]
        assert row["ratio"] >= 1.0


def test_cover_improvements_searches_one_half_from_each_seed_for_the_seconds_given() -> None:
    script = Path(__file__).parent.parent / "examples" / "cover_improvements.py"
    arguments = [sys.executable, str(script), "8", "--colour", "light", "--seeds", "2-3"]
    arguments += ["--seconds", "0.5"]
    done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(row["colour"], row["seed"], row["seconds"]) for row in rows] == [
        ("light", 2, 0.5),
        ("light", 3, 0.5),
    ]
    assert all(row["best"] == published_minimum(8, "total") // 2 for row in rows)
    bad = subprocess.run(
        [*arguments, "--seeds", "two"], capture_output=True, text=True, check=False
    )
    assert bad.returncode != 0 and "seeds are N or N-M" in bad.stderr


@pytest.mark.parametrize("short", [1, 0])
def test_half_bound_certifies_the_bound_below_the_published_half_and_no_higher(
    tmp_path: Path, short: int
) -> None:
    """12x12's halves are equal (a reflection swaps the colours), so each has half of 28."""
    half = published_minimum(12, "total") // 2
    script = Path(__file__).parent.parent / "examples" / "half_bound.py"
    directory = tmp_path / "light.proof"
    arguments = [sys.executable, str(script), "12", "light", str(half - short)]
    arguments += ["--proof-dir", str(directory), "--cube-limit", "0.000001"]  # split at once
    arguments += ["--order", "hilbert"]  # in gilbert order one budget refutes it, with no split
    done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    row = json.loads(done.stdout)
    assert row["proven"] is bool(short) and row["refuted_by_a_placement"] is not bool(short)
    if short:
        assert row["cubes"] > 1 and row["refuted"] == row["cubes"]
        check = check_proof(ProofDirectory.open(str(directory)))
        assert check.certified_all and not check.problems


def test_half_bound_proves_in_the_order_it_is_given_and_the_check_rebuilds_it(
    tmp_path: Path,
) -> None:
    """A lemma in the gilbert order is its own claim: the proof keeps the order, and the check
    rebuilds the formula in it."""
    half = published_minimum(12, "total") // 2
    script = Path(__file__).parent.parent / "examples" / "half_bound.py"
    directory = tmp_path / "light.proof"
    arguments = [sys.executable, str(script), "12", "light", str(half - 1), "--order", "gilbert"]
    done = subprocess.run(
        [*arguments, "--proof-dir", str(directory)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    row = json.loads(done.stdout)
    assert row["proven"] and row["order"] == "gilbert"
    manifest = json.loads((directory / "manifest.json").read_text())
    assert manifest["claim"]["order"] == "gilbert"
    check = check_proof(ProofDirectory.open(str(directory)))
    assert check.certified_all and not check.problems


def test_half_bound_ends_with_the_limit_status_when_its_budget_runs_out(tmp_path: Path) -> None:
    """24x24's light lemma at its optimum takes a minute, so a one-second budget leaves it open."""
    half = published_minimum(24, "total") // 2
    script = Path(__file__).parent.parent / "examples" / "half_bound.py"
    arguments = [sys.executable, str(script), "24", "light", str(half - 1), "--budget", "1"]
    arguments += ["--proof-dir", str(tmp_path / "light.proof")]
    done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == LIMIT_REACHED, done.stderr[-2000:]
    row = json.loads(done.stdout)
    assert not row["proven"] and not row["refuted_by_a_placement"]


@pytest.mark.gurobi
def test_prove_by_cubes_sets_gurobi_beside_each_certified_board(tmp_path: Path) -> None:
    pytest.importorskip("gurobipy")
    script = Path(__file__).parent.parent / "examples" / "prove_by_cubes.py"
    rows_file = tmp_path / "rows.jsonl"
    arguments = [sys.executable, str(script), "--boards", "total:9,total:10", "--splitter"]
    arguments += ["colours", "--peer", "--out", str(rows_file)]
    done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    for row in map(json.loads, rows_file.read_text().splitlines()):
        assert row["verdict"] == "certified" and row["gurobi_proven"]
        assert row["knights"] == row["gurobi_knights"] == row["published"]
        assert row["certificates"] and sum(row["halves"].values()) == row["knights"]


@pytest.mark.gurobi
def test_prove_by_cubes_stops_gurobi_at_its_limit_per_half(tmp_path: Path) -> None:
    """An odd board has two halves: Gurobi gets the limit for each, and the row says it stopped."""
    pytest.importorskip("gurobipy")
    script = Path(__file__).parent.parent / "examples" / "prove_by_cubes.py"
    rows_file = tmp_path / "rows.jsonl"
    arguments = [sys.executable, str(script), "--boards", "total:11", "--splitter", "colours"]
    arguments += ["--peer", "--peer-limit", "0.001", "--out", str(rows_file)]
    done = subprocess.run(arguments, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    (row,) = map(json.loads, rows_file.read_text().splitlines())
    assert row["verdict"] == "certified" and row["gurobi_limit_s"] == 0.001
    assert not row["gurobi_proven"] and row["gurobi_s"] < 5
    assert "not proven" in done.stdout
