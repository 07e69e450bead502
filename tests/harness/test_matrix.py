"""Matrices: read from TOML or named by options, every name checked before anything runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardsat.core.errors import BoardsatError
from boardsat.harness.matrix import Limits, cross, load_matrix, shipped_matrices
from tests.conftest import CliRun

SMALL = """
description = "two shogi instances"
time_limit = 5
seeds = [0, 1]
baseline = "bfs"

[[sweep]]
puzzle = "shogi"
instances = ["seed", "seed-farthest"]
routes = ["bfs", "cadical195/all"]

[[sweep]]
puzzle = "tour"
instances = ["closed:6"]
routes = ["cpsat"]
seeds = [3]
time_limit = 2.5
"""


def test_a_toml_matrix_is_the_cross_product_of_each_sweep_table(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    matrix = load_matrix(str(path), {})
    assert matrix.name == "small" and matrix.baseline == "bfs"
    assert len(matrix.cells) == 2 * 2 * 2 + 1
    shogi = [cell for cell in matrix.cells if cell.puzzle == "shogi"]
    assert {cell.seed for cell in shogi} == {0, 1} and {c.time_limit for c in shogi} == {5.0}
    (tour,) = [cell for cell in matrix.cells if cell.puzzle == "tour"]
    assert (tour.seed, tour.time_limit, tour.threads) == (3, 2.5, 1)


def test_the_command_line_limits_replace_the_files(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    matrix = load_matrix(str(path), {"time_limit": 1.0, "threads": 2, "memory_limit": None})
    assert {(cell.time_limit, cell.threads) for cell in matrix.cells} == {(1.0, 2)}


@pytest.mark.slow
def test_every_shipped_matrix_reads() -> None:
    names = shipped_matrices()
    assert {"domination", "tour", "tour-counting", "exchange", "flipit", "shogi"} <= set(names)
    for name in names:
        assert load_matrix(name, {}).cells


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("nonsense = 1\n[[sweep]]\npuzzle='shogi'\ninstances=['seed']\nroutes=['bfs']", "nonsense"),
        ("[[sweep]]\npuzzle='shogi'\ninstances=['seed']\nroutes=['nosuch/all']", "nosuch"),
        ("[[sweep]]\npuzzle='shogi'\ninstances=['nowhere']\nroutes=['bfs']", "nowhere"),
        ("[[sweep]]\npuzzle='tour'\ninstances=['closed:8']\nroutes=['zdd']", "does not find"),
        ("[[sweep]]\npuzzle='chess'\ninstances=['seed']\nroutes=['bfs']", "chess"),
        (
            "time_limit = -1\n[[sweep]]\npuzzle='shogi'\ninstances=['seed']\nroutes=['bfs']",
            "time_limit",
        ),
        (
            "memory_limit = 'lots'\n[[sweep]]\npuzzle='shogi'\ninstances=['seed']\nroutes=['bfs']",
            "memory_limit",
        ),
        ("[[sweep]]\npuzzle='shogi'\ninstances='seed'\nroutes=['bfs']", "instances"),
        ("seeds = []\n[[sweep]]\npuzzle='shogi'\ninstances=['seed']\nroutes=['bfs']", "seeds"),
        ("description = 'no sweep'", "sweep"),
        ("[[sweep]]\npuzzle='shogi'\ninstances=['seed', 'seed']\nroutes=['bfs']", "twice"),
        ("[[sweep", "not TOML"),
    ],
)
def test_a_bad_matrix_file_is_one_line_and_exit_status_2(
    text: str, said: str, tmp_path: Path, run_cli: CliRun
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    code, out, err = run_cli("bench", "run", str(path), "--out", str(tmp_path / "rows.jsonl"))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and said in err and err.startswith("boardsat: error:")
    assert not (tmp_path / "rows.jsonl").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--puzzle", "shogi", "--instances", "seed"], "--routes"),
        (
            ["--puzzle", "shogi", "--instances", "seed", "--routes", "bfs", "--seeds", "x"],
            "--seeds",
        ),
        (["--puzzle", "shogi", "--instances", "seed", "--routes", "bfs,bfs"], "twice"),
        (["shogi", "--puzzle", "shogi"], "not both"),
        (["no-such-matrix"], "no-such-matrix"),
        (["shogi", "--time-limit", "nan"], "time limit"),
        (["shogi", "--memory-limit", "1K"], "memory limit"),
        (["shogi", "--dask", "local:x"], "local:N"),
        (["shogi", "--dask", "nonsense"], "tcp://HOST:PORT"),
        (["shogi", "--baseline", "nosuch"], "'nosuch' is no route of this matrix"),
    ],
)
def test_bad_options_are_one_line_and_exit_status_2(
    args: list[str], said: str, tmp_path: Path, run_cli: CliRun
) -> None:
    code, out, err = run_cli("bench", "run", *args, "--out", str(tmp_path / "rows.jsonl"))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and said in err


def test_a_route_the_puzzle_does_not_know_is_refused_by_its_module() -> None:
    with pytest.raises(BoardsatError, match="unknown tour route"):
        cross("tour", ["closed:8"], ["cadical195/nosuch"], [0], Limits())
