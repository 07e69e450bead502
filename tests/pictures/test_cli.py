"""`--svg`, `--png` and `--animate` on every puzzle command: files checked before solving, written
after, never overwritten, and none written when the answer has nothing to draw."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CliRun
from tests.pictures.svg import having, parse, png_size, svg_size

COMMANDS = {
    "domination": ["domination", "5"],
    "tour": ["tour", "5", "--open"],
    "exchange": ["exchange", "--start", "BR./.../..W", "--goal", "W../.../.RB"],
    "flipit": ["flipit", "--board", "line:6"],
    "shogi": ["shogi", "--start", "BP1/1S1/P1P", "--goal", "1PP/1S1/P1B"],
}
PLANNING = ("exchange", "flipit", "shogi")


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_pictures_are_written(run_cli: CliRun, tmp_path: Path, name: str) -> None:
    files = {
        form: tmp_path / f"{form}.{'png' if form == 'png' else 'svg'}" for form in ("svg", "png")
    }
    if name in PLANNING:
        files["animate"] = tmp_path / "animated.svg"
    options = [part for form, path in files.items() for part in (f"--{form}", str(path))]
    code, out, _ = run_cli(*COMMANDS[name], *options)
    assert code == 0
    for path in files.values():
        assert f"written to {path}" in out
    picture = parse(files["svg"].read_text())
    assert png_size(files["png"].read_bytes()) == svg_size(picture)
    if "animate" in files:
        assert having(parse(files["animate"].read_text()), "frame")


@pytest.mark.parametrize("name", ["domination", "shogi"])
def test_json_names_the_files(run_cli: CliRun, tmp_path: Path, name: str) -> None:
    target = tmp_path / "answer.svg"
    code, out, _ = run_cli(*COMMANDS[name], "--svg", str(target), "--json")
    assert code == 0 and json.loads(out)["svg"] == str(target) and target.exists()


@pytest.mark.parametrize(
    ("name", "form"),
    [(name, form) for name in COMMANDS for form in ("svg", "png")]
    + [(name, "animate") for name in PLANNING],
)
def test_an_existing_file_is_refused_before_solving(
    run_cli: CliRun, tmp_path: Path, name: str, form: str
) -> None:
    taken, other = tmp_path / "taken", tmp_path / "other.svg"
    taken.write_text("keep me")
    other_form = "png" if form == "svg" else "svg"
    code, out, err = run_cli(
        *COMMANDS[name], f"--{form}", str(taken), f"--{other_form}", str(other)
    )
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "not overwritten" in err
    assert taken.read_text() == "keep me" and not other.exists()


def test_one_file_named_twice_is_refused(run_cli: CliRun, tmp_path: Path) -> None:
    same = str(tmp_path / "same.svg")
    code, _, err = run_cli(*COMMANDS["flipit"], "--svg", same, "--animate", same)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "same file" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("form", "name"), [("svg", "a.png"), ("png", "a.svg"), ("animate", "a.gif")]
)
def test_a_file_whose_ending_is_not_its_form_is_refused(
    run_cli: CliRun, tmp_path: Path, form: str, name: str
) -> None:
    code, _, err = run_cli(*COMMANDS["flipit"], f"--{form}", str(tmp_path / name))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "does not end in" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "missing"),
    [
        (["domination", "2", "--variant", "total"], "placement"),
        (["flipit", "--board", "line:4", "--start", ".BBB", "--max-horizon", "0"], "plan"),
    ],
)
def test_nothing_to_draw_is_said_and_nothing_written(
    run_cli: CliRun, tmp_path: Path, args: list[str], missing: str
) -> None:
    target = tmp_path / "none.svg"
    code, out, _ = run_cli(*args, "--svg", str(target))
    assert code == 0 and f"no {missing}, so no svg written" in out
    assert not target.exists()


def test_export_draws_nothing(run_cli: CliRun, tmp_path: Path) -> None:
    code, _, err = run_cli(
        *COMMANDS["shogi"], "--export", str(tmp_path / "t.pddl"), "--svg", str(tmp_path / "a.svg")
    )
    assert code == 2 and "--svg" in err and list(tmp_path.iterdir()) == []


def test_an_instance_file_draws_its_plan(run_cli: CliRun, tmp_path: Path) -> None:
    """`boardsat solve` draws as the commands do: a strip of one board per position."""
    strip, animation = tmp_path / "strip.svg", tmp_path / "animated.svg"
    code, out, _ = run_cli("solve", "shogi:seed", "--svg", str(strip), "--animate", str(animation))
    assert code == 0 and f"written to {strip}" in out
    boards = having(parse(strip.read_text()), "board")
    assert len(boards) == len(having(parse(animation.read_text()), "frame")) >= 2


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["tour:seed", "--svg"], "draws a single tour"),
        (["domination:seed", "--animate"], "animates a plan"),
        (["shogi:seed", "exchange:seed", "--svg"], "one file's answer"),
    ],
)
def test_an_instance_file_without_that_picture_is_refused_before_solving(
    run_cli: CliRun, tmp_path: Path, args: list[str], refusal: str
) -> None:
    target = tmp_path / "picture.svg"
    code, out, err = run_cli("solve", *args, str(target))
    assert code == 2 and refusal in err and len(err.strip().splitlines()) == 1
    assert not out and not target.exists()
