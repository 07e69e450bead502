"""Counts in sentences: "1 move", "2 moves". Error lines and answers read as sentences."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun plural (``plural``, else ``noun + "s"``) unless one."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def data_size(size: int) -> str:
    """``812 bytes``, ``215.3 kB``, ``6,239.6 MB``: a size in bytes, in the largest decimal unit
    it reaches up to megabytes, the unit the benchmark records use."""
    for unit, scale in (("MB", 10**6), ("kB", 10**3)):
        if size >= scale:
            return f"{size / scale:,.1f} {unit}"
    return counted(size, "byte")


def with_article(noun: str) -> str:
    """``noun`` after ``a``, or ``an`` before a vowel: "an Exchange", "a FlipIt". The letter
    decides, not the sound, which serves the class and option names an error line gives."""
    return f"{'an' if noun[:1].lower() in tuple('aeiou') else 'a'} {noun}"
