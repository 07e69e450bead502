"""The one exception a user sees: bad input or an impossible request, said in one line."""

from __future__ import annotations

import contextlib
import traceback
from collections.abc import Iterator
from typing import Any


class BoardsatError(ValueError):
    """Input or options that cannot be honoured; the CLI prints its message and exits with 2."""


class WrongType(BoardsatError, TypeError):
    """A value of a type the caller does not take (text for a board's rows): refused in one line
    like any bad input, and a TypeError too, as Python's own checks would raise."""


@contextlib.contextmanager
def failures_sent(send: Any) -> Iterator[None]:
    """A child process's work, whose failure goes to its parent over ``send`` instead of dying
    on the child's stderr: a refusal as ``("refused", its one line)``, a MemoryError as
    ``("out of memory", ...)``, anything else as ``("failed", the traceback)``, so the parent
    can keep the one-line rule for bad input and for the memory ceiling."""
    try:
        yield
    except BoardsatError as refusal:
        send.send(("refused", str(refusal)))
    except MemoryError:
        send.send(("out of memory", "MemoryError"))
    except Exception:
        send.send(("failed", traceback.format_exc()))
