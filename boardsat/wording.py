"""Counts in sentences: "1 move", "2 moves". Error lines and answers read as sentences."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun plural (``plural``, else ``noun + "s"``) unless one."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"
