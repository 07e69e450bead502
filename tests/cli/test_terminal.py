"""The terminal: colour only on a terminal that allows it, the same text otherwise, and quiet
stderr with --quiet or --json."""

from __future__ import annotations

import re

import pytest

from tests.conftest import CliRun

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
SECONDS = re.compile(r"\d+\.\d+ s\b")  # timings differ from run to run
BOARD_COMMANDS = [  # one route each: a race's winner, named in the text, depends on timing
    ("domination", "5", "--route", "core"),
    ("exchange", "--route", "search"),
    ("shogi", "--route", "search"),
    ("flipit", "--route", "search"),
]


@pytest.mark.parametrize("args", BOARD_COMMANDS, ids=lambda args: args[0])
def test_forced_colour_paints_the_boards_and_only_adds_escapes(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, plain, _ = run_cli(*args, "--quiet")
    assert code == 0 and not ESCAPE.search(plain)
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich then treats stdout as a terminal
    code, coloured, _ = run_cli(*args, "--quiet")
    assert code == 0 and ESCAPE.search(coloured)
    assert SECONDS.sub("", ESCAPE.sub("", coloured)) == SECONDS.sub("", plain)


def test_no_color_wins_over_a_terminal(run_cli: CliRun, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, err = run_cli("domination", "5")
    assert code == 0 and "K" in out
    assert not ESCAPE.search(out) and not ESCAPE.search(err)


def test_json_stays_plain_on_a_terminal(run_cli: CliRun, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    code, out, _ = run_cli("domination", "5", "--json")
    assert code == 0 and not ESCAPE.search(out)


@pytest.mark.parametrize(
    "args",
    [
        ("exchange",),
        ("domination", "6"),
        ("tour", "5", "--open", "--start", "a1"),
        ("tour", "5", "--count", "--open", "--start", "a1", "--counter", "enumerate"),
    ],
    ids=" ".join,
)
@pytest.mark.parametrize("silencer", ["--quiet", "--json"])
def test_quiet_and_json_write_nothing_to_stderr(
    run_cli: CliRun, args: tuple[str, ...], silencer: str
) -> None:
    code, out, err = run_cli(*args, silencer)
    assert code == 0 and out and err == ""


def test_horizon_verdicts_go_to_stderr_on_a_terminal_only(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, out, err = run_cli("exchange", "--route", "sat")
    assert code == 0 and "horizon" not in out and err == ""  # stderr is not a terminal here
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich then treats stderr as a terminal
    code, out, err = run_cli("exchange", "--route", "sat")
    assert code == 0 and "horizon" not in ESCAPE.sub("", out)
    assert re.search(r"horizon \d+: SATISFIABLE in [\d.]+ s\n", err)  # among the live line's
    code, out, err = run_cli("exchange")  # the race: the search's verdicts name it
    assert code == 0
    assert re.search(r"horizon \d+: SATISFIABLE( \(A\*\))? in [\d.]+ s\n", err)
