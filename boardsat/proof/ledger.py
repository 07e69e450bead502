"""The checker's own record of the certificates it has accepted, so that a long check resumes.

Checking a proof of many CPU-hours takes hours too. A ledger writes down each certificate the
checker accepts, the moment it does, by the certificate's digest and the digest of the formula it
refutes; a later check with the same ledger skips exactly those pairs and checks the rest. So a
check can stop and go on, or run while the proof still grows. The ledger belongs to whoever
checks, not to the proof: a certificate changed since has another digest and is checked again.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from boardsat.core.errors import BoardsatError
from boardsat.core.files import append_json_line

CHUNK = 1 << 20


def certificate_digest(path: Path) -> str:
    """The SHA-256 of the certificate's bytes as stored (compressed)."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


class CheckLedger:
    """The (certificate digest, formula digest) pairs accepted so far, kept in a JSON-lines file."""

    def __init__(self, path: Path, accepted: dict[str, set[str]]) -> None:
        self.path = path
        self._accepted = accepted  # formula digest -> certificate digests

    @classmethod
    def open(cls, path: str | Path) -> CheckLedger:
        """The ledger at ``path``, read back (an empty one when there is no file yet)."""
        path = Path(path)
        if path.is_dir():
            raise BoardsatError(f"the ledger {path} is a folder: give a file")
        folder = path.parent
        if not folder.is_dir():
            raise BoardsatError(f"cannot keep the ledger {path}: there is no folder {folder}")
        if not os.access(path if path.exists() else folder, os.W_OK):
            raise BoardsatError(f"cannot keep the ledger {path}: it is not writable")
        accepted: dict[str, set[str]] = {}
        read = 0  # lines read back whole
        try:
            if path.exists():
                with path.open("rb") as handle:
                    for line in handle:
                        entry = json.loads(line)
                        accepted.setdefault(entry["formula_hash"], set()).add(entry["certificate"])
                        read += 1
        except (ValueError, KeyError, TypeError):  # JSON, UTF-8, or an entry of another shape
            raise BoardsatError(
                f"{path}: line {read + 1} is no ledger entry; is it a ledger?"
            ) from None
        return cls(path, accepted)

    def accepted_for(self, formula_hash: str | None) -> frozenset[str]:
        """The certificate digests accepted for the formula with digest ``formula_hash``."""
        return frozenset(self._accepted.get(formula_hash or "", ()))

    def accept(self, certificate: str, formula_hash: str) -> None:
        """Write down that ``certificate`` refutes the formula ``formula_hash``; synced at once."""
        known = self._accepted.setdefault(formula_hash, set())
        if certificate not in known:
            known.add(certificate)
            append_json_line(self.path, {"certificate": certificate, "formula_hash": formula_hash})
