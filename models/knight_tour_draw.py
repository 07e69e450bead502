"""An SVG drawing of a tour: a chequered board, the knight's path, and its first square marked.

SVG is plain text, so no drawing library is needed; a file the user names is created, never
overwritten.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from boardsat.errors import BoardsatError
from boardsat.models.board import Board, Square

CELL = 40


def tour_svg(board: Board, tour: Sequence[Square], closed: bool) -> str:
    """The drawing as SVG text; square (row, col) has its top-left corner at (col, row) * CELL."""
    width, height = board.cols * CELL, board.rows * CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">'
    ]
    for row, col in board.squares():
        shade = "#f0d9b5" if (row + col) % 2 == 0 else "#b58863"
        parts.append(
            f'<rect x="{col * CELL}" y="{row * CELL}" width="{CELL}" height="{CELL}" fill="{shade}"/>'
        )
    centres = [(col * CELL + CELL // 2, row * CELL + CELL // 2) for row, col in tour]
    if centres:
        points = " ".join(f"{x},{y}" for x, y in centres)
        shape = "polygon" if closed else "polyline"
        parts.append(f'<{shape} points="{points}" fill="none" stroke="#1a4d8f" stroke-width="3"/>')
        x, y = centres[0]
        parts.append(f'<circle cx="{x}" cy="{y}" r="{CELL // 5}" fill="#c0392b"/>')
        if not closed:
            x, y = centres[-1]
            parts.append(f'<rect x="{x - 6}" y="{y - 6}" width="12" height="12" fill="#1a4d8f"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def write_new_file(path: str, text: str) -> None:
    """Create ``path`` with ``text``; an existing file is left alone and reported in one line."""
    try:
        with Path(path).open("x", encoding="utf-8") as handle:
            handle.write(text)
    except FileExistsError:
        raise BoardsatError(f"{path} exists already; it is not overwritten") from None
    except OSError as error:
        raise BoardsatError(f"cannot write {path}: {error.strerror}") from None
