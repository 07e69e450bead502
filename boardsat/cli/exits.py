"""Every exit status a command ends with, named once; the commands raise these, never a number."""

from __future__ import annotations

CHECK_FAILED = 1
"""A check found a problem: a proof, a sweep's rows, a differential case, an answer's cross-check."""

BAD_INPUT = 2
"""The input was refused, in one line on stderr."""

LIMIT_REACHED = 3
"""A time or memory limit ended the run before its answer."""

INTERRUPTED = 130
"""Ctrl-C ended the run (128 + SIGINT, as shells report it)."""
