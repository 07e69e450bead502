"""A plan's pictures: the strip has the start and one board a move, each move's from-square and
to-square marked where the move names them, the pieces of each board those of the position the
rules replayed; the animation plays the same boards in turn, by timed elements and no script."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, cast

import pytest

from boardsat.core import picture
from boardsat.core.errors import BoardsatError
from boardsat.core.picture import Canvas, Label
from boardsat.models.exchange import Exchange
from boardsat.models.exchange import solve as solve_exchange
from boardsat.models.flipit import STAR, FlipIt, line_board, successors
from boardsat.models.flipit import solve as solve_flipit
from boardsat.models.planning.answer import PlanAnswer
from boardsat.models.shogi import Shogi
from boardsat.models.shogi import solve as solve_shogi
from boardsat.models.shogi.draw import SYMBOLS
from tests.pictures.svg import SVG, cell, centre, having, parse, png_size, svg_size

Contents = Callable[[ET.Element], dict[int, str]]


def knights(board: ET.Element) -> dict[int, str]:
    return {cell(k): k.attrib["data-colour"] for k in having(board, "knight")}


def sides(board: ET.Element) -> dict[int, str]:
    return {cell(p): p.attrib["data-side"] for p in having(board, "piece")}


def kanji(board: ET.Element) -> dict[int, str]:
    return {cell(p): p.text or "" for p in having(board, "piece")}


def exchange_pieces(position: bytes) -> dict[int, str]:
    return {i: chr(code) for i, code in enumerate(position) if chr(code) != "."}


def flipit_pieces(position: str) -> dict[int, str]:
    return {i: side for i, side in enumerate(position) if side != "."}


def shogi_pieces(position: Sequence[str]) -> dict[int, str]:
    return {i: SYMBOLS[code] for i, code in enumerate(position) if code != "."}


def three_jumps_from_white() -> FlipIt:
    """A star start three jumps (at most) from all white, the goal the all-white position."""
    goal = position = ".WWWWWWWWWWW"
    for _ in range(3):
        _, position = sorted(successors(STAR, position))[0]
    return FlipIt.parse(STAR, position, goal)


PUZZLES: dict[
    str, tuple[Callable[[], PlanAnswer[Any, Any]], Contents, Callable[[Any], dict[int, str]]]
] = {
    "exchange": (
        lambda: solve_exchange(Exchange.parse("BR./.../..W", "W../.../.RB")),
        knights,
        exchange_pieces,
    ),
    "flipit line": (
        lambda: solve_flipit(FlipIt.parse(line_board(6), ".BBBBB")),
        sides,
        flipit_pieces,
    ),
    "flipit star": (lambda: solve_flipit(three_jumps_from_white()), sides, flipit_pieces),
    "shogi": (
        lambda: solve_shogi(Shogi.parse("+RS1/G2/3", "3/G2/S+R1")),
        kanji,
        shogi_pieces,
    ),
}


@pytest.fixture(scope="module", params=list(PUZZLES))
def solved(
    request: pytest.FixtureRequest,
) -> tuple[PlanAnswer[Any, Any], Contents, Callable[[Any], dict[int, str]]]:
    answer, drawn, expected = PUZZLES[request.param]
    return answer(), drawn, expected


def check_board(
    board: ET.Element,
    step: int,
    answer: PlanAnswer[Any, Any],
    drawn: Contents,
    expected: Callable[[Any], dict[int, str]],
) -> None:
    """One board of a strip, or one frame of an animation: its pieces, its marks, its caption."""
    assert answer.positions is not None and answer.moves is not None
    assert drawn(board) == expected(answer.positions[step])
    captions = having(board, "caption")
    assert len(captions) == 1
    froms, tos = having(board, "move-from"), having(board, "move-to")
    if step == 0:
        assert captions[0].text == "start" and froms == tos == []
        return
    name, _ = answer.plan()[step - 1]
    assert captions[0].text == f"{step}. {name}"
    source, target = answer.moves[step - 1]  # every planning puzzle's move: (from cell, to cell)
    assert [cell(mark) for mark in froms] == [source]
    assert [cell(mark) for mark in tos] == [target]


def cell_centres(root: ET.Element) -> dict[int, tuple[float, float]]:
    return {cell(c): centre(c) for c in [*having(root, "square"), *having(root, "cell")]}


def test_the_strip_has_a_board_a_position_and_a_mark_a_move(
    solved: tuple[PlanAnswer[Any, Any], Contents, Callable[[Any], dict[int, str]]],
) -> None:
    answer, drawn, expected = solved
    assert answer.moves is not None
    root = parse(answer.svg())
    boards = having(root, "board")
    assert [int(b.attrib["data-step"]) for b in boards] == list(range(len(answer.moves) + 1))
    assert len(having(root, "move-from")) == len(having(root, "move-to")) == len(answer.moves)
    for step, board in enumerate(boards):
        check_board(board, step, answer, drawn, expected)
        places = cell_centres(board)  # this board's own squares or cells
        for mark in [*having(board, "move-from"), *having(board, "move-to")]:
            assert centre(mark) == places[cell(mark)]
        for piece in [*having(board, "knight"), *having(board, "piece")]:
            assert centre(piece) == pytest.approx(places[cell(piece)], abs=4)
    assert png_size(answer.png()) == svg_size(root)


def visible_between(animate: ET.Element) -> list[tuple[float, float]]:
    """The spans of the loop, as fractions, in which a discrete visibility animation shows."""
    values = animate.attrib["values"].split(";")
    times = [float(t) for t in animate.attrib["keyTimes"].split(";")]
    ends = [*times[1:], 1.0]
    return [
        (t, end) for t, end, value in zip(times, ends, values, strict=True) if value == "visible"
    ]


def test_the_animation_plays_each_board_in_turn_without_a_script(
    solved: tuple[PlanAnswer[Any, Any], Contents, Callable[[Any], dict[int, str]]],
) -> None:
    answer, drawn, expected = solved
    assert answer.moves is not None
    text = answer.animation()
    root = parse(text)
    assert not any(element.tag == f"{SVG}script" for element in root.iter())
    assert not any(name.startswith("on") for element in root.iter() for name in element.attrib)
    frames = having(root, "frame")
    count = len(answer.moves) + 1
    assert len(frames) == count
    for step, frame in enumerate(frames):
        check_board(frame, step, answer, drawn, expected)
        (animate,) = frame.findall(f"{SVG}animate")
        assert animate.attrib["attributeName"] == "visibility"
        assert animate.attrib["repeatCount"] == "indefinite"
        assert animate.attrib["dur"] == f"{count:g}s"
        assert visible_between(animate) == [
            pytest.approx((step / count, (step + 1) / count), abs=1e-5)
        ]
        assert (frame.get("visibility") == "hidden") == (step > 0)  # still, it shows the start


def test_shogi_boards_hold_each_piece_kanji_as_often_as_the_position() -> None:
    answer = solve_shogi(Shogi.parse("+RS1/G2/3", "3/G2/S+R1"))
    assert answer.positions is not None
    root = parse(answer.svg())
    shown = Counter(p.text for p in having(root, "piece"))
    wanted = Counter(
        SYMBOLS[code] for position in answer.positions for code in position if code != "."
    )
    assert shown == wanted and shown["龍"] == len(answer.positions)


def test_kanji_labels_ask_for_cjk_fonts_before_the_generic_family() -> None:
    """A viewer without a CJK font among those named would draw the kanji as boxes."""
    answer = solve_shogi(Shogi.parse("+RS1/G2/3", "3/G2/S+R1"))
    for piece in having(parse(answer.svg()), "piece"):
        fonts = [name.strip(" '") for name in piece.get("font-family", "").split(",")]
        assert fonts[0] == "Noto Sans CJK JP" and fonts[-1] == "sans-serif"
        assert {"Hiragino Sans", "Yu Gothic", "MS Gothic"} <= set(fonts)


def test_no_plan_has_no_picture() -> None:
    answer = solve_flipit(FlipIt.parse(line_board(4), ".BBB"), max_horizon=0)
    assert answer.moves is None
    for draw in (answer.svg, answer.png, answer.animation):
        with pytest.raises(BoardsatError, match="no plan to draw"):
            draw()


def test_a_plan_of_no_moves_is_its_start() -> None:
    answer = solve_flipit(FlipIt.parse(line_board(4), ".WWW"))
    assert answer.moves == ()
    root = parse(answer.svg())
    assert len(having(root, "board")) == 1 and having(root, "move-from") == []
    assert len(having(parse(answer.animation()), "frame")) == 1


class _Recorder:
    """Stands in for Pillow's drawing: keeps each text it is asked to draw."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def text(self, _at: object, text: str, **_style: object) -> None:
        self.texts.append(text)


def test_a_png_without_a_kanji_font_shows_the_piece_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(picture, "CJK_FONTS", ("no-such-font.ttf",))
    picture._kanji_font.cache_clear()
    recorder = _Recorder()
    try:
        Label("銀", (20, 20), 20, fallback="S").paint(Canvas(cast(Any, recorder)))
        Label("5", (20, 20), 20).paint(Canvas(cast(Any, recorder)))
    finally:
        picture._kanji_font.cache_clear()
    assert recorder.texts == ["S", "5"]
