"""A knight exchange as text: positions as one-line board text, moves in chess notation."""

from __future__ import annotations

from boardsat.models.board import Board
from boardsat.models.exchange.instance import Move, Position


def position_text(board: Board, position: Position) -> str:
    """The position as board text, rows top to bottom separated by ``/`` (as it is read in)."""
    text = position.decode("ascii")
    return "/".join(text[r * board.cols : (r + 1) * board.cols] for r in range(board.rows))


def move_name(board: Board, move: Move, position: Position) -> str:
    """``B a4-b2``: the colour moving in ``position``, from-square and to-square."""
    source, target = (board.name(board.square(index)) for index in move)
    return f"{chr(position[move[0]])} {source}-{target}"
