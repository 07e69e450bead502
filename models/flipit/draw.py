"""Flip-It drawn: positions as text in cell order, moves as the jumper's colour and its two
cells, and the board in pixels for the plan's pictures (the star drawn as a star)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from boardsat.core.picture import Disc, Path, Point, Rect
from boardsat.models.flipit.instance import BLACK, HOLE, STAR, WHITE, FlipBoard, Move, Position

STAR_LAYOUT = (
    (0, 6),
    (1, 0), (1, 4), (1, 8), (1, 12),
    (2, 2), (2, 10),
    (3, 0), (3, 4), (3, 8), (3, 12),
    (4, 6),
)  # fmt: skip
"""Where each star cell stands in the picture (line, column): each of the star's lines is a row
or a diagonal of the picture."""


def picture(board: FlipBoard, position: Position) -> list[str]:
    """The star drawn as a star; any other board as its position text, in cell order."""
    if board != STAR:
        return [position]
    rows = [[" "] * 13 for _ in range(5)]
    for cell, (row, column) in enumerate(STAR_LAYOUT):
        rows[row][column] = position[cell]
    return ["".join(row).rstrip() for row in rows]


def move_name(move: Move, before: Position) -> str:
    """``B 5-0``: the colour that jumps, from its cell to the hole's."""
    source, target = move
    return f"{before[source]} {source}-{target}"


SPACING, MARGIN = 48, 24
"""Pixels between neighbouring cells, and around the board."""
CELL_RADIUS, PIECE_RADIUS = 19, 14
LINE_COLOUR, CELL_FILL, CELL_STROKE = "#b9ae98", "#efe6d2", "#8a7a5a"
SIDE_COLOURS = {BLACK: ("#1b1b1b", "#1b1b1b"), WHITE: ("#ffffff", "#1b1b1b")}
"""Fill and outline of a piece by the side it shows; a hole is the bare cell."""


def cell_centres(board: FlipBoard) -> tuple[Point, ...]:
    """Where each cell stands: the star as a star (its lines straight and its cells evenly
    spaced), a single line as a row, any other board's cells evenly round a circle."""
    if board == STAR:  # a column of the text picture is a quarter spacing, a line is 2 * sqrt(3)
        across, down = SPACING / 4, SPACING * math.sqrt(3) / 2
        return tuple(
            (round(MARGIN + column * across), round(MARGIN + line * down))
            for line, column in STAR_LAYOUT
        )
    if board.lines == (tuple(range(board.cells)),):
        return tuple((MARGIN + cell * SPACING, MARGIN) for cell in range(board.cells))
    radius = max(SPACING, SPACING * board.cells / (2 * math.pi))
    return tuple(
        (
            round(MARGIN + radius + radius * math.sin(2 * math.pi * cell / board.cells)),
            round(MARGIN + radius - radius * math.cos(2 * math.pi * cell / board.cells)),
        )
        for cell in range(board.cells)
    )


@dataclass(frozen=True)
class FlipItDrawing:
    """The board's lines and round cells, and each piece showing its side."""

    board: FlipBoard

    @cached_property
    def centres(self) -> tuple[Point, ...]:
        return cell_centres(self.board)

    @property
    def width(self) -> int:
        return max(x for x, _ in self.centres) + MARGIN

    @property
    def height(self) -> int:
        return max(y for _, y in self.centres) + MARGIN

    def empty_board(self) -> tuple[Path | Disc, ...]:
        lines = tuple(
            Path(tuple(self.centres[cell] for cell in line), LINE_COLOUR, 3, role="line")
            for line in self.board.lines
        )
        cells = tuple(
            Disc(
                centre, CELL_RADIUS, CELL_FILL, CELL_STROKE, 2, role="cell", data=(("cell", cell),)
            )
            for cell, centre in enumerate(self.centres)
        )
        return lines + cells

    def cell(self, index: int) -> Rect:
        x, y = self.centres[index]
        half = CELL_RADIUS + 3
        return Rect(x - half, y - half, 2 * half, 2 * half)

    def pieces(self, position: Position) -> tuple[Disc, ...]:
        return tuple(
            Disc(
                self.centres[cell],
                PIECE_RADIUS,
                *SIDE_COLOURS[side],
                2,
                role="piece",
                data=(("cell", cell), ("side", side)),
            )
            for cell, side in enumerate(position)
            if side != HOLE
        )

    def move_cells(self, move: Move) -> tuple[int, int]:
        return move
