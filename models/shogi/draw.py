"""Shogi drawn: positions as SFEN board text and as kanji diagrams, moves in USI (``2b1a``) and
in Japanese (``１一銀``), and the board in pixels for the plan's pictures."""

from __future__ import annotations

from dataclasses import dataclass

from boardsat.core.picture import CELL, Box, Label, Polygon, scaled
from boardsat.models.planning.draw import SquareGrid
from boardsat.models.shogi.instance import EMPTY, Move, Position, ShogiBoard

NAMES = {
    "K": "玉", "R": "飛", "B": "角", "G": "金", "S": "銀", "N": "桂", "L": "香", "P": "歩",
    "+R": "龍", "+B": "馬", "+S": "成銀", "+N": "成桂", "+L": "成香", "+P": "と",
}  # fmt: skip
SYMBOLS = NAMES | {"+S": "全", "+N": "圭", "+L": "杏"}
"""One character a piece, as board diagrams print the promoted silver, knight and lance."""
_FILES = "１２３４５６７８９"  # noqa: RUF001 (the full-width digits shogi writes files in)
_RANKS = "一二三四五六七八九"


def usi_square(board: ShogiBoard, square: int) -> str:
    """``1a``: the file (numbered from the right) and the rank letter (``a`` the top row)."""
    row, col = divmod(square, board.cols)
    return f"{board.cols - col}{chr(ord('a') + row)}"


def usi(board: ShogiBoard, move: Move) -> str:
    return usi_square(board, move[0]) + usi_square(board, move[1])


def japanese(board: ShogiBoard, move: Move, before: Position) -> str:
    """``１一銀``: the square moved to, then the piece that moves."""
    row, col = divmod(move[1], board.cols)
    return f"{_FILES[board.cols - col - 1]}{_RANKS[row]}{NAMES[before[move[0]]]}"


def move_name(board: ShogiBoard, move: Move, before: Position) -> str:
    """Both notations: ``2b1a １一銀``."""
    return f"{usi(board, move)} {japanese(board, move, before)}"


def picture(board: ShogiBoard, position: Position) -> list[str]:
    """The board as a diagram: one character a square, ``・`` for an empty one."""
    return [
        "".join(
            "・" if code == EMPTY else SYMBOLS[code]
            for code in position[row * board.cols : (row + 1) * board.cols]
        )
        for row in range(board.rows)
    ]


BOARD_FILL, GRID = "#e9c98a", "#5a4320"
PIECE_FILL, PROMOTED = "#f7e7c4", "#c0392b"
PIECE_OUTLINE = ((0.5, 0.08), (0.78, 0.2), (0.88, 0.92), (0.12, 0.92), (0.22, 0.2))
"""A shogi piece's pentagon, pointing up the board, in a unit square."""


@dataclass(frozen=True)
class ShogiDrawing(SquareGrid):
    """A plain wooden grid, and each piece as a pentagon with its kanji (red once promoted)."""

    def empty_board(self) -> tuple[Box, ...]:
        return tuple(
            Box(self.cell(index), BOARD_FILL, GRID, 1, role="square", data=(("cell", index),))
            for index in range(self.rows * self.cols)
        )

    def pieces(self, position: Position) -> tuple[Polygon | Label, ...]:
        shapes: list[Polygon | Label] = []
        for index, code in enumerate(position):
            if code == EMPTY:
                continue
            cell = self.cell(index)
            x, y = cell.centre
            shapes += [
                Polygon(scaled(PIECE_OUTLINE, cell), PIECE_FILL, GRID, role="piece-shape"),
                Label(
                    SYMBOLS[code],
                    (x, y + CELL // 16),
                    CELL // 2,
                    PROMOTED if code.startswith("+") else "#000000",
                    fallback=code,
                    role="piece",
                    data=(("cell", index), ("code", code)),
                ),
            ]
        return tuple(shapes)

    def move_cells(self, move: Move) -> tuple[int, int]:
        return move
