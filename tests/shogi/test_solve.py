"""The shogi sliding puzzle solved by the planners: optima equal the BFS distance, plans replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core import picture
from boardsat.core.picture import CAPTION_SIZE
from boardsat.models.shogi import Shogi, replay, seed_instance, shortest_plan
from boardsat.models.shogi.bounds import lower_bound
from boardsat.models.shogi.instance import EMPTY
from boardsat.models.shogi.published import SEED_MOVES
from boardsat.models.shogi.rules import successors
from boardsat.models.shogi.seed import seed_check
from boardsat.reference.oracle import shortest_path
from boardsat.solving.horizon_search import Ending
from tests.conftest import CliRun

PIECES_USED = ("K", "R", "B", "G", "S", "N", "L", "P", "+B", "+P")


def bfs_distance(puzzle: Shogi) -> int | None:
    path = shortest_path(
        lambda p: successors(puzzle.board, p), puzzle.start, lambda p: p == puzzle.goal
    )
    return None if path is None else len(path)


@st.composite
def puzzles(draw: st.DrawFn) -> Shogi:
    """A random 3 x 3 start, and as goal the end of a random walk from it (reachable), or the
    start turned round (often unreachable)."""
    squares = draw(
        st.lists(st.one_of(st.just(EMPTY), st.sampled_from(PIECES_USED)), min_size=9, max_size=9)
    )
    squares[draw(st.integers(0, 8))] = EMPTY
    start = tuple(squares)
    board = seed_instance().board
    goal = start[::-1]
    if draw(st.booleans()):
        goal = start
        for _ in range(draw(st.integers(0, 12))):
            moves = sorted(after for _, after in successors(board, goal))
            if not moves:
                break
            goal = draw(st.sampled_from(moves))
    return Shogi(board, start, goal)


def test_seed_check_is_verified() -> None:
    assert seed_check().verified


def test_cpsat_proves_the_seed_optimum_too() -> None:
    answer = shortest_plan(seed_instance(), "cpsat", route="sat")
    assert answer.outcome.proven_optimal and answer.moves is not None
    assert len(answer.moves) == SEED_MOVES
    assert replay(seed_instance(), answer.moves)[-1] == seed_instance().goal


@settings(max_examples=30, deadline=None)
@given(puzzles(), st.sampled_from(["cadical195", "glucose4", "cpsat"]))
def test_the_planner_optimum_is_the_bfs_distance(puzzle: Shogi, backend: str) -> None:
    answer = shortest_plan(puzzle, backend, max_horizon=30, route="sat")
    best = bfs_distance(puzzle)
    if best is None:
        assert answer.outcome.ending is Ending.NO_PLAN and answer.moves is None
    else:
        assert best <= 30 and answer.outcome.proven_optimal and answer.moves is not None
        assert len(answer.moves) == best
        assert replay(puzzle, answer.moves)[-1] == puzzle.goal


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(puzzles())
def test_the_lower_bound_never_exceeds_the_bfs_distance(puzzle: Shogi) -> None:
    best, bound = bfs_distance(puzzle), lower_bound(puzzle)
    if bound is None:
        assert best is None  # "no plan of any length" must be true
    elif best is not None:
        assert bound <= best


def test_cli_json_with_verify_and_farthest(run_cli: CliRun) -> None:
    code, out, _ = run_cli("shogi", "--verify", "--farthest", "--json")
    document = json.loads(out)
    assert code == 0 and document["moves"] == SEED_MOVES == document["oracle_moves"]
    notation = re.compile(r"([1-3][a-c])([1-3][a-c]) [１-３][一二三][歩銀角]")  # noqa: RUF001
    written = [notation.fullmatch(name) for name in document["plan"]]
    moves = [(_square(m.group(1)), _square(m.group(2))) for m in written if m is not None]
    assert len(moves) == len(written)  # every move in both notations
    assert replay(seed_instance(), moves)[-1] == seed_instance().goal
    assert document["farthest_distance"] == 9 and document["reachable_states"] == 132


def _square(usi: str) -> int:
    """A USI square of 3 x 3 (``1a`` is the top right) as a row-major index."""
    return (ord(usi[1]) - ord("a")) * 3 + 3 - int(usi[0])


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--start", "BP1/1S1/P1p"], "only the first player's (uppercase) pieces play"),
        (["--goal", "1PP/1S1/P1+B"], "a move never takes, adds or promotes a piece"),
        (["--start", "BP1/1S/P1P"], "rows of different lengths"),
    ],
)
def test_cli_refuses_bad_input_in_one_line(run_cli: CliRun, args: list[str], problem: str) -> None:
    code, out, err = run_cli("shogi", *args)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("boardsat: error: ") and problem in err


@pytest.mark.parametrize("kanji_font", [False, True])
def test_a_png_without_a_kanji_font_says_so(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, kanji_font: bool
) -> None:
    """Without a font that has kanji the PNG paints SFEN letters: the answer says so, and the
    command prints it beside the file, on stderr; with one, nothing is said."""
    found = picture._latin_font(CAPTION_SIZE) if kanji_font else None
    monkeypatch.setattr(picture, "_kanji_font", lambda size: found)
    notice = shortest_plan(seed_instance()).png_notice()
    assert notice == (None if kanji_font else picture.NO_KANJI_FONT)
    target = tmp_path / "seed.png"
    code, out, err = run_cli("shogi", "--png", str(target))
    assert code == 0 and target.read_bytes().startswith(b"\x89PNG") and f"to {target}" in out
    assert err == ("" if kanji_font else f"boardsat: note: {picture.NO_KANJI_FONT}\n")
    assert "SFEN letters" in picture.NO_KANJI_FONT
