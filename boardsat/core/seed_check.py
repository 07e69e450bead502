"""A seed instance's answer as its puzzle checked it: the value each puzzle's ``seed_check`` returns."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeedCheck:
    """One seed instance's answer text, and whether the puzzle's own rules and figures confirm it."""

    title: str
    answer: str
    verified: bool
    seconds: float
