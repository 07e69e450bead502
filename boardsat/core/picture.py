"""Pictures as a list of shapes, written as SVG text or painted by Pillow from that one list.

Every puzzle's drawing lays its answer out once, in pixels, as the shapes below; :class:`Picture`
writes them as SVG or paints them as PNG, so the two forms cannot drift apart. A shape may carry
a ``role`` and ``data`` (the SVG ``class`` and ``data-*`` attributes) so that a reader, a test or
a style sheet, finds the knights, counts and moves in the SVG. PNG needs Pillow (the optional
``png`` extra), imported only when a PNG is asked for, so the rest of boardsat runs without it.
"""

from __future__ import annotations

import importlib
import io
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, ClassVar, NamedTuple, Protocol

from boardsat.core.errors import BoardsatError

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont

CELL = 40
SHEET_WIDTH = 1200
"""A strip or sheet of boards wraps onto a new line before it grows wider than this (pixels)."""
PAD, CAPTION, CAPTION_SIZE = 10, 26, 14
"""A board's margin in its panel, the caption's height above it, and the caption's font size."""
SHEET_BACKGROUND = "#ffffff"
LIGHT, DARK = "#f0d9b5", "#b58863"
FONT_FAMILY = "DejaVu Sans, Verdana, sans-serif"
KANJI_FONT_FAMILY = (
    "'Noto Sans CJK JP', 'Noto Sans JP', 'Source Han Sans', 'Hiragino Sans', 'Yu Gothic',"
    " Meiryo, 'MS Gothic', IPAGothic, 'Droid Sans Fallback', 'DejaVu Sans', sans-serif"
)
"""The fonts a label with kanji asks for, CJK fonts first: a viewer without them would
otherwise draw boxes, since DejaVu has no kanji."""
MISSING_PILLOW = "PNG output needs Pillow: pip install 'boardsat[png]'"
CJK_FONTS = (
    "NotoSansCJK-Regular.ttc",
    "NotoSansCJKjp-Regular.otf",
    "NotoSerifCJK-Regular.ttc",
    "ipag.ttf",
    "ipagp.ttf",
    "fonts-japanese-gothic.ttf",
    "DroidSansFallbackFull.ttf",
    "Hiragino Sans GB.ttc",
    "msgothic.ttc",
    "YuGothM.ttc",
)
"""Font files with kanji that Pillow finds by name in the system's font folders; without any,
a PNG shows a label's plain-letter fallback instead of boxes."""
NO_KANJI_FONT = (
    "no font with kanji is installed (such as Noto Sans CJK, fonts-noto-cjk): the PNG shows"
    " letters in their place (SFEN letters for shogi pieces)"
)

Point = tuple[int, int]
Data = tuple[tuple[str, str | int], ...]


class Rect(NamedTuple):
    """An axis-aligned rectangle in pixels, as SVG states it."""

    x: int
    y: int
    width: int
    height: int

    def corners(self) -> tuple[int, int, int, int]:
        """Inclusive pixel corners, as Pillow takes them."""
        return (self.x, self.y, self.x + self.width - 1, self.y + self.height - 1)

    @property
    def centre(self) -> Point:
        return (self.x + self.width // 2, self.y + self.height // 2)

    def moved(self, dx: int, dy: int) -> Rect:
        return self._replace(x=self.x + dx, y=self.y + dy)

    def shrunk(self, by: int) -> Rect:
        return Rect(self.x + by, self.y + by, self.width - 2 * by, self.height - 2 * by)


class Shape(Protocol):
    """What a picture is made of: it writes itself as SVG, paints itself, and moves."""

    def svg(self) -> str: ...

    def paint(self, canvas: Canvas) -> None: ...

    def moved(self, dx: int, dy: int) -> Shape: ...


@dataclass(frozen=True)
class Canvas:
    """Pillow's drawing surface, and the fonts a label asks for."""

    draw: ImageDraw.ImageDraw

    def font(self, size: int, kanji: bool) -> ImageFont.FreeTypeFont | None:
        """Pillow's own scalable font, or one with kanji (None where none is installed)."""
        return _kanji_font(size) if kanji else _latin_font(size)


@cache
def _latin_font(size: int) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    font = ImageFont.load_default(size)
    assert isinstance(font, ImageFont.FreeTypeFont)  # Pillow built with FreeType, as wheels are
    return font


@cache
def _kanji_font(size: int) -> ImageFont.FreeTypeFont | None:
    from PIL import ImageFont

    for name in CJK_FONTS:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return None


def _attributes(role: str, data: Data) -> str:
    """The ``class`` and ``data-*`` attributes; none at all for a shape with neither."""
    from xml.sax.saxutils import quoteattr  # it loads urllib: here, only when a picture is drawn

    parts = [f' class="{role}"'] if role else []
    parts += [f" data-{name}={quoteattr(str(value))}" for name, value in data]
    return "".join(parts)


def _points(points: Iterable[Point]) -> str:
    return " ".join(f"{x},{y}" for x, y in points)


def _paint(fill: str | None, stroke: str | None, width: int, role: str, data: Data) -> str:
    """A filled or outlined shape's paint, then its class and data."""
    paint = f'fill="{fill or "none"}"'
    if stroke is not None:
        paint += f' stroke="{stroke}" stroke-width="{width}"'
    return paint + _attributes(role, data)


def _through(
    tag: str, points: Iterable[Point], fill: str, stroke: str, width: int, role: str, data: Data
) -> str:
    """A line or an outline through ``points``, with round joints."""
    return (
        f'<{tag} points="{_points(points)}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{width}" stroke-linejoin="round"{_attributes(role, data)}/>'
    )


def _shifted(points: Iterable[Point], dx: int, dy: int) -> tuple[Point, ...]:
    return tuple((x + dx, y + dy) for x, y in points)


@dataclass(frozen=True)
class Box:
    """A rectangle, filled, outlined or both."""

    rect: Rect
    fill: str | None
    stroke: str | None = None
    width: int = 0
    role: str = ""
    data: Data = ()

    def svg(self) -> str:
        r, paint = self.rect, _paint(self.fill, self.stroke, self.width, self.role, self.data)
        return f'<rect x="{r.x}" y="{r.y}" width="{r.width}" height="{r.height}" {paint}/>'

    def paint(self, canvas: Canvas) -> None:
        outline = self.stroke if self.width else None
        canvas.draw.rectangle(
            self.rect.corners(), fill=self.fill, outline=outline, width=self.width
        )

    def moved(self, dx: int, dy: int) -> Box:
        return replace(self, rect=self.rect.moved(dx, dy))


@dataclass(frozen=True)
class Disc:
    """A circle, filled, outlined (a ring) or both."""

    centre: Point
    radius: int
    fill: str | None
    stroke: str | None = None
    width: int = 0
    role: str = ""
    data: Data = ()

    def svg(self) -> str:
        (x, y), paint = (
            self.centre,
            _paint(self.fill, self.stroke, self.width, self.role, self.data),
        )
        return f'<circle cx="{x}" cy="{y}" r="{self.radius}" {paint}/>'

    def paint(self, canvas: Canvas) -> None:
        (x, y), r = self.centre, self.radius
        outline = self.stroke if self.width else None
        canvas.draw.ellipse(
            (x - r, y - r, x + r, y + r), fill=self.fill, outline=outline, width=self.width
        )

    def moved(self, dx: int, dy: int) -> Disc:
        x, y = self.centre
        return replace(self, centre=(x + dx, y + dy))


@dataclass(frozen=True)
class Path:
    """An open line through points, with round joints."""

    points: tuple[Point, ...]
    colour: str
    width: int
    role: str = ""
    data: Data = ()

    def svg(self) -> str:
        return _through(
            "polyline", self.points, "none", self.colour, self.width, self.role, self.data
        )

    def paint(self, canvas: Canvas) -> None:
        canvas.draw.line(self.points, fill=self.colour, width=self.width, joint="curve")

    def moved(self, dx: int, dy: int) -> Path:
        return replace(self, points=_shifted(self.points, dx, dy))


@dataclass(frozen=True)
class Polygon:
    """A closed outline, filled."""

    points: tuple[Point, ...]
    fill: str
    stroke: str
    width: int = 1
    role: str = ""
    data: Data = ()

    def svg(self) -> str:
        return _through(
            "polygon", self.points, self.fill, self.stroke, self.width, self.role, self.data
        )

    def paint(self, canvas: Canvas) -> None:
        canvas.draw.polygon(self.points, fill=self.fill, outline=self.stroke, width=self.width)

    def moved(self, dx: int, dy: int) -> Polygon:
        return replace(self, points=_shifted(self.points, dx, dy))


@dataclass(frozen=True)
class Label:
    """Text centred on a point. ``fallback`` is what a PNG shows where no installed font has the
    text's kanji (SVG leaves the font to the viewer, which finds one)."""

    text: str
    centre: Point
    size: int
    colour: str = "#000000"
    fallback: str | None = None
    role: str = ""
    data: Data = ()

    def svg(self) -> str:
        from xml.sax.saxutils import escape  # as in _attributes

        x, y = self.centre
        return (
            f'<text x="{x}" y="{y}" font-size="{self.size}" fill="{self.colour}" '
            f'font-family="{self.family}" text-anchor="middle" dominant-baseline="central"'
            f"{_attributes(self.role, self.data)}>{escape(self.text)}</text>"
        )

    @property
    def family(self) -> str:
        """The SVG font stack: CJK fonts first where the text has kanji (a fallback)."""
        return FONT_FAMILY if self.fallback is None else KANJI_FONT_FAMILY

    def paint(self, canvas: Canvas) -> None:
        font = canvas.font(self.size, kanji=self.fallback is not None)
        text = self.text
        if font is None:
            font, text = canvas.font(self.size, kanji=False), self.fallback or ""
        canvas.draw.text(self.centre, text, fill=self.colour, font=font, anchor="mm")

    def moved(self, dx: int, dy: int) -> Label:
        x, y = self.centre
        return replace(self, centre=(x + dx, y + dy))


@dataclass(frozen=True)
class Group:
    """Shapes that belong together (one board of a strip, one frame of an animation).

    ``animation`` is SVG only: timed elements (SMIL) that show or hide the group; a PNG paints
    the group as it stands when ``visible``.
    """

    shapes: tuple[Shape, ...]
    role: str = ""
    data: Data = ()
    visible: bool = True
    animation: str = ""

    def svg(self) -> str:
        hidden = "" if self.visible else ' visibility="hidden"'
        inner = [self.animation] if self.animation else []
        inner += [shape.svg() for shape in self.shapes]
        return "\n".join([f"<g{_attributes(self.role, self.data)}{hidden}>", *inner, "</g>"])

    def paint(self, canvas: Canvas) -> None:
        if self.visible:
            for shape in self.shapes:
                shape.paint(canvas)

    def moved(self, dx: int, dy: int) -> Group:
        return replace(self, shapes=tuple(shape.moved(dx, dy) for shape in self.shapes))


@dataclass(frozen=True)
class Picture:
    """A whole picture: its size in pixels, its shapes in painting order, and its background
    (None: SVG leaves it transparent and Pillow's canvas starts black, for pictures whose
    shapes cover every pixel)."""

    width: int
    height: int
    shapes: tuple[Shape, ...]
    background: str | None = None

    def svg(self) -> str:
        w, h = self.width, self.height
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">'
        ]
        if self.background is not None:
            parts.append(Box(Rect(0, 0, w, h), self.background, role="background").svg())
        parts += [shape.svg() for shape in self.shapes]
        parts.append("</svg>")
        return "\n".join(parts) + "\n"

    def png_notice(self) -> str | None:
        """Why its PNG looks other than its SVG here, or None: a label with kanji and no font
        to paint them (Pillow has to be installed to ask)."""
        if any(map(_has_kanji, self.shapes)) and _kanji_font(CAPTION_SIZE) is None:
            return NO_KANJI_FONT
        return None

    def png(self) -> bytes:
        require_pillow()
        from PIL import Image, ImageDraw

        image = Image.new("RGB", (self.width, self.height), self.background or "black")
        canvas = Canvas(ImageDraw.Draw(image))
        for shape in self.shapes:
            shape.paint(canvas)
        buffer = io.BytesIO()
        image.save(buffer, format="PNG")
        return buffer.getvalue()


def _has_kanji(shape: Shape) -> bool:
    """Whether ``shape`` is, or holds, a label that a PNG paints only with a kanji font."""
    if isinstance(shape, Label):
        return shape.fallback is not None
    return isinstance(shape, Group) and any(map(_has_kanji, shape.shapes))


Drawings = Mapping[str, Callable[[], str | bytes]]
"""What draws each picture form (``svg``, ``png``, ``animate``) of one answer."""


class Drawn(ABC):
    """An answer that draws itself: a research script calls ``answer.svg()``."""

    drawn: ClassVar[str]
    """What the picture shows (``placement``, ``tour``, ``plan``), for the line saying it is missing."""

    @abstractmethod
    def picture(self) -> Picture:
        """The answer laid out; BoardsatError when it has nothing to draw."""

    @property
    @abstractmethod
    def drawable(self) -> bool:
        """Whether there is something to draw (an UNKNOWN answer may have nothing)."""

    def drawings(self) -> Drawings | None:
        """Each picture form's drawer, or None when there is nothing to draw."""
        return {"svg": self.svg, "png": self.png} if self.drawable else None

    def svg(self) -> str:
        """:meth:`picture` as SVG text."""
        return self.picture().svg()

    def png(self) -> bytes:
        """:meth:`picture` as PNG bytes (needs Pillow)."""
        return self.picture().png()

    def png_notice(self) -> str | None:
        """Why :meth:`png` looks other than :meth:`svg` on this machine (no kanji font), or
        None; the CLI shows it beside the file it wrote (needs Pillow)."""
        return self.picture().png_notice() if self.drawable else None

    def _repr_svg_(self) -> str | None:
        """The picture a notebook shows for the answer; None when there is nothing to draw, and
        IPython shows plain text instead (an answer's text, by ``Readable._repr_pretty_``)."""
        return self.svg() if self.drawable else None


def caption(text: str, width: int) -> Label:
    """A caption centred above a board ``width`` pixels wide, in its panel's top margin; a PNG
    without a kanji font keeps the caption's plain words."""
    plain = " ".join(word for word in text.split() if word.isascii())
    fallback = None if text.isascii() else plain
    return Label(text, (width // 2, -CAPTION // 2), CAPTION_SIZE, fallback=fallback, role="caption")


def tiled(panels: Sequence[Group], width: int, height: int) -> Picture:
    """Boards of one size (``width`` x ``height`` pixels, each laid out from (0, 0), captions
    above) in panels left to right, wrapping into lines as even as they can be before the
    picture passes :data:`SHEET_WIDTH`: a plan's strip of boards, a count's contact sheet."""
    panel_width, panel_height = width + 2 * PAD, CAPTION + height + PAD
    widest = max(1, SHEET_WIDTH // panel_width)
    lines = max(1, math.ceil(len(panels) / widest))
    across = max(1, math.ceil(len(panels) / lines))
    placed = []
    for number, panel in enumerate(panels):
        line, place = divmod(number, across)
        placed.append(panel.moved(place * panel_width + PAD, line * panel_height + CAPTION))
    return Picture(across * panel_width, lines * panel_height, tuple(placed), SHEET_BACKGROUND)


def require_pillow() -> None:
    """Fail in one line before a long solve, not after it, when no PNG can be made."""
    try:
        importlib.import_module("PIL.Image")
        importlib.import_module("PIL.ImageDraw")
    except ImportError:
        raise BoardsatError(MISSING_PILLOW) from None


def square_colour(row: int, col: int) -> str:
    """Light where row + col is even, so the top-left square is light."""
    return LIGHT if (row + col) % 2 == 0 else DARK


def square(row: int, col: int) -> Rect:
    """Where square (row, col) of a board stands: its top-left corner at (col, row) * CELL."""
    return Rect(col * CELL, row * CELL, CELL, CELL)


def chequered(rows: int, cols: int, role: str = "") -> tuple[Box, ...]:
    """A chequered board's squares, row by row; with a ``role``, each carries its row-major
    ``cell`` number too."""
    return tuple(
        Box(
            square(row, col),
            square_colour(row, col),
            role=role,
            data=(("cell", row * cols + col),) if role else (),
        )
        for row in range(rows)
        for col in range(cols)
    )


def scaled(outline: Sequence[tuple[float, float]], cell: Rect) -> tuple[Point, ...]:
    """An outline drawn in a unit square, placed in ``cell``."""
    return tuple(
        (cell.x + round(x * cell.width), cell.y + round(y * cell.height)) for x, y in outline
    )


KNIGHT_OUTLINE = (
    (0.22, 0.88), (0.80, 0.88), (0.78, 0.76), (0.70, 0.70), (0.78, 0.50), (0.74, 0.30),
    (0.60, 0.16), (0.50, 0.12), (0.46, 0.04), (0.40, 0.14), (0.32, 0.20), (0.16, 0.44),
    (0.16, 0.54), (0.24, 0.58), (0.32, 0.52), (0.44, 0.46), (0.40, 0.60), (0.30, 0.70),
    (0.28, 0.76),
)  # fmt: skip
"""A knight's head in profile, facing left, drawn in a unit square."""


def knight(cell: Rect, fill: str, stroke: str, data: Data = ()) -> Polygon:
    """A knight standing on ``cell``."""
    return Polygon(scaled(KNIGHT_OUTLINE, cell), fill, stroke, 2, role="knight", data=data)
