"""`boardsat tour --png`: the picture's pixels, the closing line, no overwriting, missing Pillow."""

from __future__ import annotations

import errno
import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageColor

from boardsat.core.errors import BoardsatError
from boardsat.core.files import write_new_file
from boardsat.core.picture import CELL, DARK, LIGHT
from boardsat.models.board import Board
from boardsat.models.tour.answer import TourAnswer
from boardsat.models.tour.draw import PATH_COLOUR, START_COLOUR, tour_picture
from boardsat.models.tour.rules import validate_tour
from boardsat.models.tour.solve import find_tour
from tests.conftest import CliRun

# the module, for monkeypatching: the package's own `solve` is the function
tour_solve = importlib.import_module("boardsat.models.tour.solve")

Pixel = tuple[int, int]


def rgb(colour: str) -> tuple[int, int, int]:
    red, green, blue = ImageColor.getrgb(colour)[:3]
    return (red, green, blue)


def centre(square: list[int]) -> Pixel:
    row, col = square
    return (col * CELL + CELL // 2, row * CELL + CELL // 2)


def test_png_shows_the_board_and_the_path(run_cli: CliRun, tmp_path: Path) -> None:
    target = tmp_path / "tour.png"
    code, out, _ = run_cli("tour", "3", "4", "--open", "--png", str(target), "--json")
    document = json.loads(out)
    assert code == 0 and document["png"] == str(target)
    with Image.open(target) as opened:
        assert opened.format == "PNG"
        image = opened.convert("RGB")
    assert image.size == (4 * CELL, 3 * CELL)  # 4 columns wide, 3 rows high
    # Knight lines run between centres and never come near a corner: corners show the chequer.
    for row in range(3):
        for col in range(4):
            expected = LIGHT if (row + col) % 2 == 0 else DARK
            assert image.getpixel((col * CELL + 1, row * CELL + 1)) == rgb(expected)
    tour = document["tour"]
    assert len(tour) == 12
    assert image.getpixel(centre(tour[0])) == rgb(START_COLOUR)
    for square in tour[1:]:
        assert image.getpixel(centre(square)) == rgb(PATH_COLOUR)


def test_closed_tour_draws_the_closing_line(run_cli: CliRun, tmp_path: Path) -> None:
    png, svg = tmp_path / "tour.png", tmp_path / "tour.svg"
    code, out, _ = run_cli("tour", "6", "--png", str(png), "--svg", str(svg), "--json")
    document = json.loads(out)
    assert code == 0 and document["closed"] and document["svg"] == str(svg)
    first, last = centre(document["tour"][0]), centre(document["tour"][-1])
    middle = ((first[0] + last[0]) // 2, (first[1] + last[1]) // 2)
    with Image.open(png) as opened:
        assert opened.convert("RGB").getpixel(middle) == rgb(PATH_COLOUR)
    points = svg.read_text().split('points="')[1].split('"')[0].split()
    assert points[0] == points[-1] == f"{first[0]},{first[1]}"


def test_png_is_never_overwritten(run_cli: CliRun, tmp_path: Path) -> None:
    target = tmp_path / "tour.png"
    target.write_bytes(b"keep me")
    code, out, err = run_cli("tour", "5", "--open", "--png", str(target))
    assert code == 2 and out == "" and target.read_bytes() == b"keep me"
    assert len(err.strip().splitlines()) == 1 and err.startswith("boardsat: error:")
    assert "not overwritten" in err


def test_a_file_taken_while_solving_is_kept_and_the_tour_still_printed(
    run_cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    svg, png = tmp_path / "late.svg", tmp_path / "late.png"

    def find_tour_while_someone_writes(*args: Any, **options: Any) -> TourAnswer:
        svg.write_text("keep me")
        return find_tour(*args, **options)

    monkeypatch.setattr(tour_solve, "find_tour", find_tour_while_someone_writes)
    code, out, err = run_cli("tour", "6", "--svg", str(svg), "--png", str(png), "--json")
    assert code == 2 and svg.read_text() == "keep me"
    assert len(err.strip().splitlines()) == 1 and "not overwritten" in err
    document = json.loads(out)
    tour = [tuple(square) for square in document["tour"]]
    assert validate_tour(6, 6, tour, closed=True) == []
    assert "svg" not in document and document["png"] == str(png)
    assert png.read_bytes().startswith(b"\x89PNG")


class _FullDisk:
    """A file handle on a full disk: it opens, but nothing can be written."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle

    def __enter__(self) -> _FullDisk:
        return self

    def __exit__(self, *raised: object) -> None:
        self.handle.close()

    def write(self, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_drawing_that_cannot_be_filled_is_not_left_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "full.png"
    real_open = Path.open
    monkeypatch.setattr(Path, "open", lambda path, *args: _FullDisk(real_open(path, *args)))
    with pytest.raises(BoardsatError, match=os.strerror(errno.ENOSPC)):
        write_new_file(str(target), tour_picture(Board(3, 4), [(0, 0), (1, 2)], closed=False).png())
    assert not target.exists()


def test_missing_pillow_is_one_clear_line(
    run_cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("PIL", "PIL.Image", "PIL.ImageDraw"):
        monkeypatch.setitem(sys.modules, name, None)  # None in sys.modules: import fails
    target = tmp_path / "tour.png"
    code, out, err = run_cli("tour", "5", "--open", "--png", str(target))
    assert code == 2 and out == "" and not target.exists()
    assert len(err.strip().splitlines()) == 1 and "pip install 'boardsat[png]'" in err
    with pytest.raises(BoardsatError, match=r"boardsat\[png\]"):
        tour_picture(Board(5, 5), [(0, 0)], closed=False).png()


@pytest.mark.parametrize(
    "args",
    [
        ["tour", "5", "--open", "--count", "--png", "{dir}/count.png"],
        ["tour", "5", "--open", "--svg", "{dir}/same", "--png", "{dir}/same"],
    ],
)
def test_bad_png_requests_are_one_line(run_cli: CliRun, tmp_path: Path, args: list[str]) -> None:
    code, _, err = run_cli(*(arg.format(dir=tmp_path) for arg in args))
    assert code == 2 and len(err.strip().splitlines()) == 1 and err.startswith("boardsat: error:")
    assert list(tmp_path.iterdir()) == []
