"""Thousands of odd command lines, in-process and fast: every command's own options (read from the
command, so that an option added later is fuzzed too), each given an odd value most of the time
and a plausible one sometimes, beside odd positional arguments. Each line ends with a documented
exit status (0, 1, 2, 3 or 4), a refusal with one line on stderr, and never a traceback.

Cheap by construction: boards of at most 4 squares a side, a time limit of 0 on every solving
line (prepended, unless the line exports or checks, which solve nothing; an odd limit of its own
may follow), no Dask address that would start a cluster, no HiGHS backend (a child process each),
no instance name a proof would run on, and every sweep pointed at a taken record. The slower fuzz
of whole runs is test_fuzz_commands.py.

Each ``@example`` is a command line that once broke its command.
"""

from __future__ import annotations

import contextlib
import random
from functools import cache
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from boardsat.cli import cli, main
from boardsat.models.instance_file import shipped_instances
from tests.cli.garbage import AWKWARD

EXAMPLES = 1_000
LINES = 5
"""Generated examples, each of LINES command lines (5,000 lines in all): the command lines
of one example share hypothesis's cost of making an example, which is more than a refusal's."""
TAKEN = "taken.svg"
"""A file in the working folder: an output option pointed at it must refuse to overwrite it."""
RECORDS = {"text.jsonl": "not json at all", "cut.jsonl": '{"key": "a"\n', "empty.jsonl": ""}
"""Files that are no sweep record, for `bench report`; and one that is not text (below)."""
SAFE_TIME = ["--time-limit", "0"]
ODD_PATHS = ["", "/", ".", "..", "folder/", "missing/out.svg", TAKEN, "\n", "N" * 300]
NEW_PATHS = ["out.svg", "out.png", "out.toml", "out.jsonl", "out.lp", "out.cnf", "out.pddl"]
ODD_NUMBERS = ["-3", "-1", "0", "1.5", "nan", "inf", "-inf", "1e309", "9" * 30, "", "x", "٣"]
NAMED = {
    "--backend": ["cpsat", "scip", "gurobi", "cadical195", "nosuch", ""],  # HiGHS: a child each
    "--cube-route": ["cpsat", "highs", "scip", "gurobi", "cadical195", "nosuch", ""],
    "--strengthen": ["all", "none", "all,none", "no_undo, all", "none,symmetry", ",", "no_undo"],
    "--board": ["star", "line:4", "line:", "line:1", "line:99999999999999", "", ".", TAKEN],
    "--dask": ["local:0", "local:x", "nonsense", "tcp://host:99999", "nosuch://host", ""],
    "--memory-limit": ["4G", "1K", "-1G", "9999T", "x", ""],
    "--time-limit": ["0", "0.001", "-1", "nan", "inf", "1e309", "", "x"],
    "--start": ["a1", "0,0", "9,9", "h8", "", "BBB.", "N./.n", "BP1/1S1/P1P", "z0"],
    "--goal": ["a1", "", "WWW.", "n./.N", "1PP/1S1/P1B", "///"],
    "--end": ["a1", "b3", "", "0,0", "99,99"],
    "--out": [TAKEN],
}
"""Values worth trying for some options, beside the odd words; the rest take their choices,
or paths or numbers by their type."""
NO_TIME_LIMIT = {"--export", "--check", "--list"}
"""Options beside which --time-limit is refused, or which solve nothing: no safe limit then."""


def _odd_words(count: int) -> list[str]:
    """Words no parser expects, made once (drawing text for every input would cost more than
    running the command): other scripts, control characters, digits and board letters."""
    alphabet = "NnBbWwKkPp.+-/,:0123456789 \t\n\x00\x7f\u0663\u00b2\u00e9\u4e00\U0001f600"
    chance = random.Random(65)
    return [
        "".join(chance.choice(alphabet) for _ in range(chance.choice((1, 2, 5, 12, 40, 300))))
        for _ in range(count)
    ]


ODD = [*AWKWARD, *_odd_words(200)]


def command_named(path: str) -> click.Command:
    context = click.Context(cli)
    found: click.Command | None = cli
    for name in path.split():
        assert isinstance(found, click.Group)
        found = found.get_command(context, name)
    assert found is not None
    return found


def values(option: click.Option) -> st.SearchStrategy[list[str]]:
    """The option's tokens: its name alone (a flag, an optional value left out, or a value
    missing), or with an odd value or a plausible one."""
    name = max(option.opts, key=len)
    names = st.sampled_from([*option.opts, *option.secondary_opts])
    if option.is_flag:
        return names.map(lambda chosen: [chosen])
    value = st.sampled_from(ODD)
    plausible = NAMED.get(name) or typed_values(option.type)
    if plausible:
        value = st.one_of(st.sampled_from(plausible), value)
    return st.one_of(value.map(lambda text: [name, text]), st.just([name]))


def typed_values(kind: click.ParamType) -> list[str]:
    if isinstance(kind, click.Choice):
        return [str(choice) for choice in kind.choices]
    if isinstance(kind, click.Path):
        return ODD_PATHS + NEW_PATHS
    if isinstance(kind, (click.types.IntParamType, click.types.FloatParamType)):
        return ["1", "2", "0.01", *ODD_NUMBERS]
    return []


@cache
def options_of(path: str) -> st.SearchStrategy[list[str]]:
    """Up to five of the command's options, with their values, in any order (read from the
    command: an option added later is fuzzed too)."""
    command = command_named(path)
    each = [values(param) for param in command.params if isinstance(param, click.Option)]
    if not each:
        return st.just([])
    return st.lists(st.one_of(each), max_size=5).map(
        lambda chosen: [token for tokens in chosen for token in tokens]
    )


sides = st.sampled_from(["1", "2", "3", "4", "0", "-1", "x", "", "99999999999999999999", "٣"])
odd_words = st.sampled_from(ODD)
odd_paths = st.sampled_from(ODD_PATHS + ODD)
POSITIONALS: dict[str, st.SearchStrategy[list[str]]] = {
    "domination": st.lists(sides, max_size=3),
    "tour": st.lists(sides, max_size=3),
    "exchange": st.lists(st.sampled_from(["seed", "seventh-guest", "x"]), max_size=1),
    "flipit": st.lists(st.sampled_from(["seed", "line-20", "x"]), max_size=1),
    "shogi": st.lists(st.sampled_from(["seed", "deep", "x"]), max_size=1),
    "solve": st.lists(
        st.one_of(st.sampled_from([*shipped_instances(), TAKEN, "x:y"]), odd_paths), max_size=2
    ),
    "proof status": st.lists(odd_paths, max_size=2),
    "proof check": st.lists(odd_paths, max_size=2),
    "proof regenerate": st.lists(odd_paths, max_size=2),
    "proof export": st.lists(odd_paths, max_size=2),
    "proof horizon": st.tuples(odd_paths, sides).map(list),  # no instance a proof would run on
    "bench report": st.lists(st.sampled_from([*RECORDS, "binary.jsonl", *ODD_PATHS]), max_size=2),
    "bench run": st.lists(st.one_of(st.sampled_from(["shogi", "tour"]), odd_words), max_size=1),
    "bench matrices": st.lists(odd_words, max_size=1),
    "backends": st.lists(odd_words, max_size=1),
}
"""Each command fuzzed, with its positional arguments; `demo` and `bench differential` solve
whatever they are given, so they are left to test_fuzz_commands.py."""
WEIGHTS = {"bench report": 1, "bench run": 1, "bench matrices": 1, "backends": 1}
"""How often each command is drawn, against 3 for the rest: the bench commands load backends
or matrices each time, and take few options."""


DRAWN = st.sampled_from([path for path in POSITIONALS for _ in range(WEIGHTS.get(path, 3))])


@cache
def takes_time_limit(path: str) -> bool:
    return any("--time-limit" in param.opts for param in command_named(path).params)


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    path = draw(DRAWN)
    more = draw(POSITIONALS[path]) + draw(options_of(path))
    safe = SAFE_TIME if takes_time_limit(path) and not NO_TIME_LIMIT & set(more) else []
    if path == "bench run":  # a sweep refuses a taken record before any cell
        more = [*more, "--out", TAKEN]
    return [*path.split(), *safe, *more]


def documented(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Run ``boardsat ARGV`` in-process: it ends with a documented exit status, and a refusal
    is on stderr (one line, but for `solve`'s one line per file)."""
    with pytest.raises(SystemExit) as ended:
        main(argv)
    code = ended.value.code or 0
    err = capsys.readouterr().err
    assert code in (0, 1, 2, 3, 4), (argv, code, err)
    assert "Traceback" not in err
    if code == 2:
        assert err.strip(), argv
        if argv[0] != "solve":
            assert err.startswith("boardsat: error: ") and err.count("\n") == 1, (argv, err)


@pytest.fixture
def working_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The files the command lines name; and, for speed, no Ctrl-C watcher thread started per
    line and no backends loaded ahead of a sweep's timing (neither decides what is refused)."""
    monkeypatch.setattr("boardsat.cli.common.ctrl_c_cancels", contextlib.nullcontext)
    monkeypatch.setattr("boardsat.cli.preload", lambda _backends: None)
    monkeypatch.chdir(tmp_path)
    Path(TAKEN).write_text("taken")
    (tmp_path / "folder").mkdir()
    for name, text in RECORDS.items():
        Path(name).write_text(text)
    Path("binary.jsonl").write_bytes(b"\xff\xfe\x00 rows")
    return tmp_path


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(lines=st.lists(command_lines(), min_size=LINES, max_size=LINES))
@example(lines=[["flipit", "--board", ""], ["solve", ""], ["bench", "report", "binary.jsonl"]])
@example(lines=[["exchange", "--strengthen", "all,none"], ["exchange", "seventh-guest"]])
@example(lines=[["domination", "3", "--cubes", "--cube-route", "highs"]])
@example(lines=[["domination", "3", *SAFE_TIME, "--count"]])
@example(lines=[["tour", "4", *SAFE_TIME, "--svg", "N" * 5000]])
@example(lines=[["bench", "run", "tour", "--resume", "--out", TAKEN]])
def test_odd_command_lines_end_documented(
    lines: list[list[str]], capsys: pytest.CaptureFixture[str], working_folder: Path
) -> None:
    for argv in lines:
        documented(argv, capsys)
        assert (working_folder / TAKEN).read_text() == "taken", argv
