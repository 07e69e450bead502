"""Every exit status a command ends with, named once; the commands raise these, never a number."""

from __future__ import annotations

CHECK_FAILED = 1
"""A check found a problem: a proof, a sweep's rows, a differential case, an answer's cross-check."""

BAD_INPUT = 2
"""The input was refused, in one line on stderr."""

LIMIT_REACHED = 3
"""A time or memory limit ended the run before its answer."""

NOT_CERTIFIED = 4
"""A proof check found no problem, yet some refutations have no certificate to check here:
taken from a ledger, lost, or refuted by a route that writes none."""

INTERRUPTED = 130
"""Ctrl-C ended the run (128 + SIGINT, as shells report it)."""
