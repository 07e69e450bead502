"""Files the user names: drawings, proofs, benchmark results. Each is created, never overwritten.

A path is checked before the long work that fills it, so that a taken name or a missing folder
costs one error line instead of the answer; the file is still created exclusively at the end, so
a name taken meanwhile is kept as it is.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from boardsat.core.errors import BoardsatError


def new_file_target(path: str | Path) -> Path:
    """The resolved place ``path`` would be created, refused in one line if it cannot be."""
    text = str(path)
    if not text or text.endswith((os.sep, "/")):
        raise BoardsatError(f"{text!r} names no file: give a file name")
    given = Path(path)
    try:
        taken = given.exists() or given.is_symlink()
        folder = given.parent
        missing = not folder.is_dir()
    except OSError as error:  # such as a name too long: exists() says False only to some
        shown = text if len(text) <= 80 else f"{text[:80]}..."
        raise BoardsatError(f"cannot write {shown}: {error.strerror or error}") from None
    if taken:
        raise BoardsatError(f"{path} exists already; it is not overwritten")
    if missing:
        raise BoardsatError(f"cannot write {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise BoardsatError(f"cannot write {path}: the folder {folder} is not writable")
    return given.resolve()


def write_new_file(path: str | Path, content: str | bytes) -> None:
    """Create ``path`` with ``content``; an existing file is left alone and reported in one line.

    A file this call created but could not fill is removed again, so no truncated file is left.
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    target = Path(path)
    try:
        handle = target.open("xb")
    except FileExistsError:
        raise BoardsatError(f"{path} exists already; it is not overwritten") from None
    except OSError as error:
        raise BoardsatError(f"cannot write {path}: {error.strerror or error}") from None
    try:
        with handle:
            handle.write(data)
    except OSError as error:
        target.unlink(missing_ok=True)
        raise BoardsatError(f"cannot write {path}: {error.strerror or error}") from None


def append_json_line(path: Path, entry: Mapping[str, Any]) -> None:
    """Append ``entry`` to ``path`` as one line of JSON, synced to disk before returning, so a
    killed process loses no line it had written."""
    with path.open("a") as handle:
        handle.write(json.dumps(entry, separators=(",", ":")) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
