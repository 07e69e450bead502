"""Start-up: a command imports only what it needs, so `boardsat --version` and `--help` load no
solver, harness or Dask, and `import boardsat` loads its names on first use. The figures are
measured by bench/startup.py into bench/results/startup.md, not timed here."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

import boardsat
import boardsat.cli
from boardsat.cli import BENCH_COMMANDS, PUZZLE_COMMANDS, cli
from boardsat.cli.lazy import Lazy
from boardsat.models.flipit.published import SEED_MOVES as FLIPIT_SEED_MOVES
from boardsat.models.shogi.published import SEED_MOVES as SHOGI_SEED_MOVES
from tests.conftest import CliRun

HEAVY = {"ortools", "pysat", "pysolvers", "pyscipopt", "highspy", "gurobipy", "dask"}
HEAVY |= {"distributed", "matplotlib", "numpy", "graphillion", "hilbertcurve", "PIL"}
ROOMS_A_LISTING_NEEDS_NOT = ("models", "encoders.cnf", "encoders.mip", "solving", "harness")
ROOMS_A_LISTING_NEEDS_NOT += ("proof", "differential", "reference", "certificates")
ROOT = Path(__file__).parent.parent.parent


def modules_after(code: str) -> list[str]:
    """The modules a fresh interpreter holds after running ``code`` (its output discarded)."""
    script = (
        "import contextlib, io, json, sys\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n    {code}\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    return list(json.loads(done.stdout.splitlines()[-1]))


def after_command(*args: str) -> list[str]:
    call = (
        f"from boardsat.cli import main\n    try: main({list(args)!r})\n    except SystemExit: pass"
    )
    return modules_after(call)


def loaded(modules: list[str], roots: set[str]) -> list[str]:
    return sorted({name.split(".")[0] for name in modules} & roots)


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["bench", "--help"], ["nosuch"]])
def test_version_and_help_load_no_solver_harness_or_dask(args: list[str]) -> None:
    modules = after_command(*args)
    assert loaded(modules, HEAVY) == []
    rooms = [f"boardsat.{room}" for room in ROOMS_A_LISTING_NEEDS_NOT]
    assert [name for name in modules if name.startswith(tuple(rooms))] == []


@pytest.mark.slow  # solves the seed
def test_a_planning_command_loads_no_other_puzzle_and_no_harness() -> None:
    modules = after_command("flipit")
    assert loaded(modules, HEAVY) == []  # its SAT route, when raced, loads python-sat apart
    other_rooms = ("domination", "tour", "exchange", "shogi")
    others = tuple(f"boardsat.models.{room}" for room in other_rooms)
    others += ("boardsat.harness", "boardsat.proof", "boardsat.differential")
    assert [name for name in modules if name.startswith(others)] == []


def test_import_boardsat_loads_its_names_on_first_use() -> None:
    modules = modules_after("import boardsat")
    assert loaded(modules, HEAVY) == []
    rooms = tuple(f"boardsat.{room}" for room in ("core.model", *ROOMS_A_LISTING_NEEDS_NOT))
    assert [name for name in modules if name.startswith(rooms)] == []
    assert "boardsat.encoders.families" in modules  # every backend is known, none loaded
    for name in boardsat.__all__:
        assert getattr(boardsat, name) is not None
    assert set(boardsat.__all__) <= set(dir(boardsat))
    with pytest.raises(AttributeError, match="no attribute 'nosuch'"):
        boardsat.nosuch  # noqa: B018


def test_import_boardsat_gives_each_public_name_from_its_home() -> None:
    from boardsat.core.model import Model
    from boardsat.core.results import Status
    from boardsat.solving.solve import solve

    assert (boardsat.Model, boardsat.Status, boardsat.solve) == (Model, Status, solve)


def _every_command() -> dict[str, tuple[click.Group, Lazy]]:
    bench = cli.commands["bench"]
    assert isinstance(bench, click.Group)
    return {name: (cli, lazy) for name, lazy in PUZZLE_COMMANDS.items()} | {
        name: (bench, lazy) for name, lazy in BENCH_COMMANDS.items()
    }


@pytest.mark.parametrize("name", sorted(_every_command()))
def test_the_command_list_shows_what_each_command_says_of_itself(name: str) -> None:
    """The first sentence kept beside each lazy command is its help's, at every width."""
    _, lazy = _every_command()[name]
    command = lazy.load()
    kept = click.Command(name, help=lazy.summary)
    for limit in (30, 45, 60, 80, 120, 1000):
        assert kept.get_short_help_str(limit) == command.get_short_help_str(limit)
    assert command.name == name


def test_every_command_module_is_listed() -> None:
    """A module of boardsat.cli with a ``command`` or a ``bench`` is a lazy command."""
    listed = {(lazy.module, lazy.attribute) for _, lazy in _every_command().values()}
    for info in pkgutil.iter_modules(boardsat.cli.__path__):
        module = __import__(f"boardsat.cli.{info.name}", fromlist=["_"])
        for attribute in ("command", "bench"):
            if isinstance(getattr(module, attribute, None), click.Command):
                assert (module.__name__, attribute) in listed
        for command in getattr(module, "COMMANDS", ()):
            assert (module.__name__, command.name) in listed


def test_the_help_lists_every_command_and_runs_one(run_cli: CliRun) -> None:
    status, out, _ = run_cli("--help")
    assert status == 0
    for name in [*PUZZLE_COMMANDS, "backends", "bench", "demo"]:
        assert f"\n  {name} " in out
    status, out, _ = run_cli("bench", "--help")
    assert status == 0 and all(f"\n  {name} " in out for name in BENCH_COMMANDS)
    status, out, _ = run_cli("flipit", "--help")
    assert status == 0 and "Usage: boardsat flipit" in out


@pytest.mark.parametrize(
    ("puzzle", "moves"), [("flipit", FLIPIT_SEED_MOVES), ("shogi", SHOGI_SEED_MOVES)]
)
def test_the_bfs_baseline_finds_the_published_fewest_moves(puzzle: str, moves: int) -> None:
    script = ROOT / "bench" / "bfs_baseline.py"
    done = subprocess.run(
        [sys.executable, str(script), puzzle],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout.split() == [str(moves)]
