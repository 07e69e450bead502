"""One wall-clock budget shared by every solver call of a run (bound search, horizons, cuts)."""

from __future__ import annotations

import time

from boardsat.errors import BoardsatError


class Deadline:
    """A time limit in seconds, or none; counts from construction."""

    def __init__(self, time_limit: float | None) -> None:
        if time_limit is not None and not time_limit >= 0:
            raise BoardsatError(
                f"time limit must be a non-negative number of seconds, got {time_limit}"
            )
        self.time_limit = time_limit
        self.started = time.perf_counter()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def remaining(self) -> float | None:
        """Seconds left (never negative), or None without a limit."""
        if self.time_limit is None:
            return None
        return max(0.0, self.time_limit - self.elapsed())

    def expired(self) -> bool:
        left = self.remaining()
        return left is not None and left <= 0.0
