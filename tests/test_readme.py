"""The console blocks of the README and of every guide in docs/, run as a newcomer would run them:
each command's output must keep the shape the page shows, so no page can drift from the code.

A shape is the text with what a run may change masked: numbers (timings, counts), square names,
boards and pieces (another optimal plan or placement is as good), kanji. Every word stays, so a
new route name, an encoding or a legend line that changed fails here. ``...`` in a block stands
for any lines. A page's commands run in order in one folder of its own, since later ones read what
earlier ones wrote (a proof directory); the few whose words depend on timing are left out, and said
why, whichever page shows them.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # every documented command runs as a user runs it

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
LEFT_OUT = {
    "domination 12 --variant dominating": "a race: which prover closes it depends on timing",
    "tour 8 --count --time-limit 3": "a decision diagram may or may not finish in 3 s",
    "bench differential": "its draws depend on the optional backends installed",
}
FILES = {
    "typo.toml": 'kind = "exchange"\nstrat = "BBB/.../.../WWW"\ngoal = "WWW/.../.../BBB"\n',
}
BOARDISH = re.compile(r"[BWK.#/+・]+")
KANJI = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def console_commands(text: str) -> list[tuple[str, list[str], str]]:
    """Each ``$ boardsat ...`` line of a console block, the lines it shows, and the nearest TOML
    block above it (the file a `solve` command reads)."""
    found: list[tuple[str, list[str], str]] = []
    toml, block, inside = "", "", False
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("```"):
            if inside and block == "toml":
                toml = "\n".join(lines) + "\n"
            inside = not inside
            block, lines = line[3:], []
            continue
        if not inside:
            continue
        lines.append(line)
        if block != "console":
            continue
        if line.startswith("$ "):
            found.append((line[2:], [], toml))
        elif found and lines[0].startswith("$ "):
            found[-1][1].append(line)
    return found


def shape(line: str) -> str:
    line = KANJI.sub("漢", line)
    line = re.sub(r"\d+(\.\d+)?", "#", line)
    line = re.sub(r"\b[a-z]#", "§", line)
    return " ".join("▦" if BOARDISH.fullmatch(token) else token for token in line.split())


def same_shape(shown: list[str], got: list[str]) -> bool:
    """``got`` has the shape of ``shown``, where a ``...`` line stands for any lines."""
    pattern = "".join(
        r"(?:.*\n)*?" if line == "..." else re.escape(shape(line)) + r"\n" for line in shown
    )
    return re.fullmatch(pattern, "".join(shape(line) + "\n" for line in got)) is not None


def runnable(page: Path) -> list[tuple[str, list[str], str]]:
    """The page's ``$ boardsat ...`` commands this test runs: all but those left out."""
    return [
        found
        for found in console_commands(page.read_text(encoding="utf-8"))
        if found[0].startswith("boardsat ") and not any(part in found[0] for part in LEFT_OUT)
    ]


def page_name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def test_the_pages_show_enough_commands_and_leave_out_only_what_they_show() -> None:
    counts = {page_name(page): len(runnable(page)) for page in PAGES}
    assert counts["README.md"] >= 1 and sum(counts.values()) >= 15, counts
    shown = [
        command for page in PAGES for command, _, _ in console_commands(page.read_text("utf-8"))
    ]
    stale = [part for part in LEFT_OUT if not any(part in command for command in shown)]
    assert not stale, f"LEFT_OUT names commands no page shows: {stale}"


def test_a_changed_word_changes_the_shape() -> None:
    shown = ["14 knights (independent), proven optimal; race on cpsat, 0.37 s"]
    assert same_shape(shown, ["17 knights (independent), proven optimal; race on cpsat, 12.5 s"])
    assert not same_shape(
        shown, ["14 knights (independent), proven optimal; descent on cpsat, 1 s"]
    )
    assert not same_shape(
        shown, ["14 knights (independent), proven optimal; race on cpsat, 1 s", "x"]
    )
    assert same_shape(["first", "...", "last"], ["first", "a", "b", "last"])


@pytest.mark.slow
@pytest.mark.parametrize("page", [page for page in PAGES if runnable(page)], ids=page_name)
def test_the_console_blocks_show_what_the_commands_print(page: Path, tmp_path: Path) -> None:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text)
    wrong = []
    for command, shown, toml in runnable(page):
        for name in re.findall(r"\S+\.toml", command):
            if toml and not (tmp_path / name).exists():
                (tmp_path / name).write_text(toml)
        line = command.replace("boardsat ", f"{sys.executable} -m boardsat ", 1)
        done = subprocess.run(
            ["bash", "-c", f"{line} 2>&1"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=600,
        )
        got = done.stdout.splitlines()
        if not same_shape(shown, got):
            wrong.append(f"$ {command}\n  {page_name(page)}: {shown}\n  now: {got}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(("page", "most"), [("README.md", 1500), ("docs/ARCHITECTURE.md", 2000)])
def test_the_pages_a_newcomer_reads_first_stay_short(page: str, most: int) -> None:
    """Words as `wc -w` counts them, code blocks included: read whole, they must stay brief."""
    words = len((ROOT / page).read_text(encoding="utf-8").split())
    assert words <= most, f"{page} has {words} words, more than {most}"
