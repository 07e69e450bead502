"""A knight exchange drawn: positions as one-line board text, moves in chess notation, and the
board in pixels for the plan's pictures (knights of each colour on a chequered board)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import cycle

from boardsat.core.picture import Box, Polygon, chequered, knight
from boardsat.models.board import Board
from boardsat.models.exchange.instance import EMPTY, Move, Position
from boardsat.models.planning.draw import SquareGrid

KNIGHT_COLOURS = {"B": ("#1b1b1b", "#f8f8f8"), "W": ("#fafafa", "#1b1b1b")}
"""Fill and outline of the knights lettered B and W; other letters take :data:`OTHER_FILLS`."""
OTHER_FILLS = ("#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d4ac0d", "#16a085")


def position_text(board: Board, position: Position) -> str:
    """The position as board text, rows top to bottom separated by ``/`` (as it is read in)."""
    text = position.decode("ascii")
    return "/".join(text[r * board.cols : (r + 1) * board.cols] for r in range(board.rows))


def move_name(board: Board, move: Move, position: Position) -> str:
    """``B a4-b2``: the colour moving in ``position``, from-square and to-square."""
    source, target = (board.name(board.square(index)) for index in move)
    return f"{chr(position[move[0]])} {source}-{target}"


@dataclass(frozen=True)
class ExchangeDrawing(SquareGrid):
    """The board's squares, and a knight in its colour on each occupied one."""

    colours: tuple[str, ...]  # the instance's letters, each drawn in a colour of its own

    def empty_board(self) -> tuple[Box, ...]:
        return chequered(self.rows, self.cols, role="square")

    def pieces(self, position: Position) -> tuple[Polygon, ...]:
        others = cycle(OTHER_FILLS)
        paint = {
            letter: KNIGHT_COLOURS.get(letter) or (next(others), "#1b1b1b")
            for letter in self.colours
        }
        return tuple(
            knight(self.cell(index), *paint[chr(code)], (("cell", index), ("colour", chr(code))))
            for index, code in enumerate(position)
            if code != EMPTY
        )

    def move_cells(self, move: Move) -> tuple[int, int]:
        return move
