"""Flip-It as text: positions in cell order, moves as the jumper's colour and its two cells."""

from __future__ import annotations

from boardsat.models.flipit.instance import Move, Position


def move_name(move: Move, before: Position) -> str:
    """``B 5-0``: the colour that jumps, from its cell to the hole's."""
    source, target = move
    return f"{before[source]} {source}-{target}"
