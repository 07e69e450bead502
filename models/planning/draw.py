"""Pictures of a plan, for every planning puzzle: a strip of numbered boards, or one animated SVG.

The strip shows the start, then the board after each move, each board captioned with its move
and marking the move's from-square (an orange outline) and to-square (a green outline, with an
arrow from the one to the other). The animation shows the same boards one after the other,
:data:`FRAME_SECONDS` each, looping, by SVG's own timed elements (SMIL ``<animate>``): it plays in
a browser with no script. A puzzle supplies only its :class:`BoardDrawing`: the board's geometry
and how a position's pieces look.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from boardsat.core.picture import (
    CAPTION,
    CELL,
    PAD,
    SHEET_BACKGROUND,
    Box,
    Group,
    Path,
    Picture,
    Point,
    Polygon,
    Rect,
    Shape,
    caption,
    square,
    tiled,
)

P_contra = TypeVar("P_contra", contravariant=True)  # a position
M_contra = TypeVar("M_contra", contravariant=True)  # a move

FROM_COLOUR, TO_COLOUR, MARK_WIDTH = "#e67e22", "#1e8449", 4
ARROW_WIDTH, ARROW_HEAD = 3, 9
FRAME_SECONDS = 1.0


class BoardDrawing(Protocol[P_contra, M_contra]):
    """A planning puzzle's board in pixels, its top-left corner at (0, 0)."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    def empty_board(self) -> tuple[Shape, ...]:
        """What every position stands on: squares, cells, lines."""
        ...

    def cell(self, index: int) -> Rect:
        """Where a cell (a square, by its row-major number) stands; moves are marked on it."""
        ...

    def pieces(self, position: P_contra) -> tuple[Shape, ...]:
        """The position's pieces, on the empty board."""
        ...

    def move_cells(self, move: M_contra) -> tuple[int, int]:
        """The cell a move leaves and the cell it lands on."""
        ...


@dataclass(frozen=True)
class SquareGrid:
    """The geometry of a board of squares, numbered row by row (the exchange's and shogi's)."""

    rows: int
    cols: int

    @property
    def width(self) -> int:
        return self.cols * CELL

    @property
    def height(self) -> int:
        return self.rows * CELL

    def cell(self, index: int) -> Rect:
        return square(*divmod(index, self.cols))


def strip(
    drawing: BoardDrawing[P_contra, M_contra],
    positions: Sequence[P_contra],
    moves: Sequence[M_contra],
    names: Sequence[str],
) -> Picture:
    """The start and the board after each move, left to right, wrapping into lines."""
    panels = []
    for step, position in enumerate(positions):
        shapes = (*drawing.empty_board(), *_frame(drawing, position, moves, names, step))
        panels.append(Group(tuple(shapes), role="board", data=(("step", step),)))
    return tiled(panels, drawing.width, drawing.height)


def animation(
    drawing: BoardDrawing[P_contra, M_contra],
    positions: Sequence[P_contra],
    moves: Sequence[M_contra],
    names: Sequence[str],
) -> str:
    """One board that plays the plan, a frame a position, looping; SVG text (no PNG form)."""
    frames = len(positions)
    shapes: list[Shape] = list(drawing.empty_board())
    for step, position in enumerate(positions):
        frame = _frame(drawing, position, moves, names, step)
        shapes.append(
            Group(
                frame,
                role="frame",
                data=(("step", step),),
                visible=step == 0,  # what a viewer without animation shows: the start
                animation=_shown_in_turn(step, frames),
            )
        )
    width, height = drawing.width + 2 * PAD, CAPTION + drawing.height + PAD
    moved = tuple(shape.moved(PAD, CAPTION) for shape in shapes)
    return Picture(width, height, moved, SHEET_BACKGROUND).svg()


def _frame(
    drawing: BoardDrawing[P_contra, M_contra],
    position: P_contra,
    moves: Sequence[M_contra],
    names: Sequence[str],
    step: int,
) -> tuple[Shape, ...]:
    """One board's pieces, its move's marks and its caption, in board coordinates."""
    text = "start" if step == 0 else f"{step}. {names[step - 1]}"
    marks = () if step == 0 else _marks(drawing, moves[step - 1], step)
    return (*drawing.pieces(position), *marks, caption(text, drawing.width))


def _marks(drawing: BoardDrawing[P_contra, M_contra], move: M_contra, step: int) -> list[Shape]:
    source, target = drawing.move_cells(move)
    leaves, lands = drawing.cell(source), drawing.cell(target)
    return [
        Box(leaves.shrunk(2), None, FROM_COLOUR, MARK_WIDTH, "move-from", _at(source, step)),
        Box(lands.shrunk(2), None, TO_COLOUR, MARK_WIDTH, "move-to", _at(target, step)),
        *_arrow(leaves.centre, lands.centre, min(lands.width, lands.height) // 2),
    ]


def _at(cell: int, step: int) -> tuple[tuple[str, int], ...]:
    return (("cell", cell), ("step", step))


def _arrow(start: Point, end: Point, short: int) -> list[Shape]:
    """A line from ``start`` to ``short`` before ``end`` (the edge of its cell), headed."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length <= short:
        return []
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * short, y1 - uy * short)
    base = (tip[0] - ux * ARROW_HEAD * 1.6, tip[1] - uy * ARROW_HEAD * 1.6)
    head = (
        _point(tip),
        _point((base[0] - uy * ARROW_HEAD, base[1] + ux * ARROW_HEAD)),
        _point((base[0] + uy * ARROW_HEAD, base[1] - ux * ARROW_HEAD)),
    )
    return [
        Path((start, _point(base)), TO_COLOUR, ARROW_WIDTH, role="move-arrow"),
        Polygon(head, TO_COLOUR, TO_COLOUR, role="move-arrow"),
    ]


def _point(point: tuple[float, float]) -> Point:
    return (round(point[0]), round(point[1]))


def _shown_in_turn(step: int, frames: int) -> str:
    """The timed element that shows frame ``step`` of ``frames`` in its turn, in a loop."""
    times, shown = [0.0], ["visible" if step == 0 else "hidden"]
    if step > 0:
        times.append(step / frames)
        shown.append("visible")
    if step < frames - 1:
        times.append((step + 1) / frames)
        shown.append("hidden")
    return (
        f'<animate attributeName="visibility" values="{";".join(shown)}" '
        f'keyTimes="{";".join(f"{t:.6g}" for t in times)}" dur="{frames * FRAME_SECONDS:g}s" '
        'calcMode="discrete" repeatCount="indefinite"/>'
    )
