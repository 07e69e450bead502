"""Every command, driven with generated garbage on its command line: it runs (a valid input, kept
cheap by tiny sizes and a time limit of at most a second) or ends with exactly one line on stderr,
``boardsat: error: ...``, and exit status 2; never a traceback, and no file it was pointed at is
overwritten.

Each ``@example`` is a command line that once broke its command.
"""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from boardsat.cli import main
from tests.cli.garbage import (
    broken_json_lines,
    exchange_text,
    flipit_text,
    garbage,
    huge_numbers,
    memory_text,
    sfen_text,
    square_text,
)
from tests.conftest import CliRun

EXAMPLES = 150
"""Generated command lines per test (each test also tries its ``@example`` lines)."""
fuzzed = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
TAKEN = "taken.svg"
"""A file that exists in the working folder: every picture or output option may point at it."""

# a valid side is tiny; the rest is refused
sides = st.one_of(st.integers(min_value=-3, max_value=7).map(str), garbage)
time_limits = st.one_of(st.sampled_from(["0", "0.5", "1"]), garbage)
"""Valid time limits are at most a second, so that a valid command line stays cheap."""
backends = st.one_of(st.sampled_from(["cpsat", "cadical195", "highs", "minisat22"]), garbage)
paths = st.sampled_from([TAKEN, "", "folder/", "missing/out.svg", "/", "\x01"])


def options(pairs: dict[str, st.SearchStrategy[str]]) -> st.SearchStrategy[list[str]]:
    """Some of the options ``pairs`` names, each with a generated value, in a generated order."""
    return st.lists(
        st.sampled_from(sorted(pairs)).flatmap(
            lambda name: pairs[name].map(lambda value: [name, value])
        ),
        max_size=4,
    ).map(lambda chosen: [token for pair in chosen for token in pair])


COMMON = {
    "--time-limit": time_limits,
    "--memory-limit": st.one_of(st.just("4G"), memory_text),
    "--backend": backends,
    "--svg": paths,
    "--png": paths,
}
PLANNING = COMMON | {
    "--max-horizon": sides,
    "--strengthen": st.one_of(st.sampled_from(["all", "none", "no_undo"]), garbage),
    "--animate": paths,
    "--export": paths,
}
FLAGS = st.lists(st.sampled_from(["--json", "--open", "--count", "--all", "--verify"]), max_size=2)


def check(run_cli: CliRun, command: list[str]) -> None:
    """Run ``boardsat COMMAND`` under a one-second limit given first (a generated one, later,
    wins) and assert the property; the taken file keeps its content."""
    code, _, err = run_cli(command[0], "--time-limit", "1", "--quiet", *command[1:])
    assert "Traceback" not in err
    if code == 2:
        assert err.startswith("boardsat: error: ") and err.count("\n") == 1, err
    else:
        assert code in (0, 1, 3), (code, err)
    assert Path(TAKEN).read_text() == "taken"


@pytest.fixture(autouse=True)
def _working_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path(TAKEN).write_text("taken")


@fuzzed
@given(
    sides,
    st.none() | sides,
    options(
        COMMON
        | {
            "--variant": st.one_of(st.just("total"), garbage),
            "--route": st.one_of(st.just("single"), garbage),
            "--seed": garbage,
            "--workers": garbage,
            "--tiles": sides,
            "--optimisation": garbage,
            "--proof": paths,
            "--export": paths,
        }
    ),
)
@example("1000000000", None, [])
@example("-3", None, [])
def test_domination(run_cli: CliRun, rows: str, cols: str | None, more: list[str]) -> None:
    check(run_cli, ["domination", rows, *([cols] if cols else []), *more])


@fuzzed
@given(
    sides,
    st.none() | sides,
    FLAGS,
    options(
        COMMON
        | {
            "--start": square_text,
            "--end": square_text,
            "--limit": sides,
            "--counter": garbage,
            "--encoding": garbage,
            "--route": garbage,
        }
    ),
)
@example("3", None, ["--open"], ["--start", "999999999999999999999999,1"])
def test_tour(
    run_cli: CliRun, rows: str, cols: str | None, flags: list[str], more: list[str]
) -> None:
    check(run_cli, ["tour", rows, *([cols] if cols else []), *flags, *more])


@pytest.mark.slow
@fuzzed
@given(options(PLANNING | {"--start": exchange_text, "--goal": exchange_text}))
@example(["--start", "N" * 2000 + "/" + "." * 2000, "--goal", "." * 2000 + "/" + "N" * 2000])
def test_exchange(run_cli: CliRun, more: list[str]) -> None:
    check(run_cli, ["exchange", *more])


@pytest.mark.slow  # about 20 s: many command lines solve a Flip-It board
@fuzzed
@given(
    options(
        PLANNING
        | {
            "--board": st.one_of(st.sampled_from(["star", "line:5", TAKEN]), garbage),
            "--start": flipit_text,
            "--goal": flipit_text,
        }
    )
)
@example(["--board", "line:99999999999999999999"])
def test_flipit(run_cli: CliRun, more: list[str]) -> None:
    check(run_cli, ["flipit", *more])


@fuzzed
@given(options(PLANNING | {"--start": sfen_text, "--goal": sfen_text}))
@example(["--start", "999999999999/9", "--goal", "9/9"])
def test_shogi(run_cli: CliRun, more: list[str]) -> None:
    check(run_cli, ["shogi", *more])


@fuzzed
@given(
    st.lists(st.one_of(st.sampled_from(["shogi:seed", "x:y", TAKEN]), garbage), max_size=2),
    options(COMMON | {"--animate": paths}),
)
def test_solve(run_cli: CliRun, files: list[str], more: list[str]) -> None:
    """A file's mistakes are one line each (``FILE: ...``), every other refusal one line."""
    code, _, err = run_cli("solve", "--time-limit", "1", "--quiet", *files, *more)
    assert "Traceback" not in err
    assert code in (0, 1, 2, 3)
    if code == 2 and not err.startswith("boardsat: error: "):
        # after a "--", every later word is a file too
        named = [*files, *more]
        positional = len(files) + (len(named) - named.index("--") - 1 if "--" in named else 0)
        assert err.count("\n") <= positional
    elif code == 2:
        assert err.count("\n") == 1


@fuzzed
@given(
    st.one_of(
        st.sampled_from(["domination", "tour", "exchange", "flipit", "shogi", "tour-counting"]),
        garbage,
    ),
    options(
        {
            "--time-limit": time_limits,
            "--memory-limit": st.one_of(st.just("4G"), memory_text),
            "--threads": sides,
            "--seeds": st.one_of(st.just("0,1"), garbage),
            "--scatter": st.one_of(st.just("cpsat/auto,cpsat/textbook"), garbage),
            "--baseline": garbage,
            "--plot": paths,
        }
    ),
)
@example(matrix="N" * 5000, more=[])  # a name too long for the file system, found by this test
def test_bench_run(run_cli: CliRun, matrix: str, more: list[str]) -> None:
    """Every sweep is pointed at a taken record (and no --resume), so that a valid command line
    is refused before it runs a cell."""
    code, out, err = run_cli("bench", "run", matrix, *more, "--out", TAKEN)
    assert code == 2 and out == "" and err.startswith("boardsat: error: ")
    assert err.count("\n") == 1 and Path(TAKEN).read_text() == "taken"


@fuzzed
@given(
    st.lists(st.one_of(garbage, st.sampled_from(["-h", "--json", "backends", "demo"])), max_size=3)
)
@example(["domination", "-3"])
@example(["dominaton"])
@example(["backends", "\n"])
def test_any_command_line(run_cli: CliRun, argv: list[str]) -> None:
    """Garbage where the command goes; `demo` is left out, since it solves every seed."""
    if "demo" in argv[:1]:
        argv = argv[1:]
    code, _, err = run_cli(*argv)
    assert "Traceback" not in err
    assert code == 0 or (code == 2 and err.startswith("boardsat: error: ") and err.count("\n") == 1)


def one_line_or_done(code: int, err: str) -> None:
    """The property for commands that read files: an answer (0, or 1 for a check that fails),
    or one line and exit status 2; never a traceback."""
    assert "Traceback" not in err
    assert code in (0, 1, 2, 3), (code, err)
    if code == 2:
        assert err.startswith("boardsat: error: ") and err.count("\n") == 1, err


def _ran(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 0


@pytest.fixture(scope="module")
def proven(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished proof by cubes (5x5, one cube), whose files the tests below break."""
    folder = tmp_path_factory.mktemp("proof") / "d5.proof"
    _ran(["domination", "5", "--cubes", "--proof-dir", str(folder), "--quiet"])
    return folder


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A sweep's record of one row, which the tests below break."""
    path = tmp_path_factory.mktemp("record") / "rows.jsonl"
    cells = ["--puzzle", "shogi", "--instances", "seed", "--routes", "bfs"]
    _ran(["bench", "run", *cells, "--out", str(path), "--quiet"])
    return path


PROOF_FILES = ("manifest.json", "splits.jsonl", "settled.jsonl")


def broken_proof(proven: Path, data: st.DataObject) -> Path:
    """A copy of the proof with one of its files broken."""
    copy = Path(f"copy-{uuid.uuid4().hex}.proof")
    shutil.copytree(proven, copy)
    name = data.draw(st.sampled_from(PROOF_FILES))
    text = (proven / name).read_text()
    (copy / name).write_text(data.draw(broken_json_lines(text)))
    return copy


@fuzzed
@given(st.data(), st.sampled_from(["status", "export"]))
def test_proof_reads_a_broken_proof_directory(
    run_cli: CliRun, proven: Path, data: st.DataObject, command: str
) -> None:
    copy = broken_proof(proven, data)
    out = [f"{copy}.export"] if command == "export" else []
    one_line_or_done(*run_cli("proof", command, str(copy), *out)[::2])


@settings(fuzzed, max_examples=EXAMPLES // 3)  # each check starts a process
@given(st.data())
def test_proof_check_reads_a_broken_proof_directory(
    run_cli: CliRun, proven: Path, data: st.DataObject
) -> None:
    copy = broken_proof(proven, data)
    one_line_or_done(*run_cli("proof", "check", "--jobs", "1", str(copy))[::2])


@fuzzed
@given(
    st.one_of(st.sampled_from([TAKEN, "missing.proof", "", "/"]), garbage),
    st.sampled_from(["status", "check", "export", "regenerate", "horizon"]),
    st.lists(
        st.one_of(garbage, st.sampled_from(["--jobs", "--dask", "--ledger", "1"])), max_size=3
    ),
)
@example("N" * 3000, "status", [])  # a name too long for the file system, found by this test
def test_proof_commands_on_garbage_arguments(
    run_cli: CliRun, folder: str, command: str, more: list[str]
) -> None:
    one_line_or_done(*run_cli("proof", command, folder, *more)[::2])


@fuzzed
@given(
    st.data(),
    options(
        {
            "--baseline": st.one_of(st.just("bfs"), garbage),
            "--scatter": st.one_of(st.just("bfs,bfs"), garbage),
            "--csv": paths,
            "--plot": st.just(TAKEN),
        }
    ),
)
def test_bench_report_reads_a_broken_record(
    run_cli: CliRun, record: Path, data: st.DataObject, more: list[str]
) -> None:
    broken = Path(f"rows-{uuid.uuid4().hex}.jsonl")
    broken.write_text(data.draw(broken_json_lines(record.read_text())))
    one_line_or_done(*run_cli("bench", "report", str(broken), *more)[::2])
    assert Path(TAKEN).read_text() == "taken"


@fuzzed
@given(
    options(
        {
            "--seed": st.one_of(huge_numbers, garbage),
            "--kinds": st.one_of(st.sampled_from(["model", "shogi", "model,tour"]), garbage),
            "--replay": st.one_of(st.sampled_from(["0:3", "5:30", "x:1"]), garbage),
            "--out": paths,
        }
    )
)
def test_bench_differential(run_cli: CliRun, more: list[str]) -> None:
    """One case on one worker first (a generated option, later, wins)."""
    code, _, err = run_cli("bench", "differential", "--cases", "1", "--workers", "1", *more)
    one_line_or_done(code, err)
    assert Path(TAKEN).read_text() == "taken"


@fuzzed
@given(
    st.sampled_from(["backends", "bench matrices", "demo"]),
    st.lists(garbage.filter(lambda text: not text.startswith("-")), min_size=1, max_size=2),
)
def test_commands_that_take_no_arguments_refuse_them(
    run_cli: CliRun, command: str, more: list[str]
) -> None:
    code, out, err = run_cli(*command.split(), *more)
    assert code == 2 and out == "" and err.startswith("boardsat: error: ") and err.count("\n") == 1
