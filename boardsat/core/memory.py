"""A ceiling on the memory a run may take, so that a count or a build that grows without end stops
with one line instead of taking the machine's memory.

The ceiling is the soft ``RLIMIT_DATA``: the writable private memory of the process (heap, anonymous
maps, thread stacks). ``RLIMIT_AS`` was tried first and refused: it counts the address space that
threads reserve but never touch, and CP-SAT with 8 workers failed to start its threads under a
512 MiB address-space ceiling while using 216 MiB. Children (racers, the tour counter) inherit the
ceiling, each process holding its own. Past it, Python raises MemoryError and C++ code aborts
(``std::bad_alloc``), so work that may abort runs in a child (:mod:`boardsat.core.child`).
"""

from __future__ import annotations

import contextlib
import os
import re
import resource
import threading
from collections.abc import Callable, Iterator

from boardsat.core.errors import BoardsatError

GIB = 2**30
MIB = 2**20
DEFAULT_CEILING_CAP = 4 * GIB
LARGEST_CEILING = 2**50  # far above any machine, and within what setrlimit takes
SMALLEST_CEILING = 256 * MIB  # boardsat with its solvers loaded already takes about 130 MiB
_UNITS = {"": 1, "K": 2**10, "M": MIB, "G": GIB, "T": 2**40}
_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*([KMGT]?)(?:I?B)?")


class MemoryLimitReached(MemoryError):
    """Work stopped at the memory ceiling: no answer, said in one line (exit status 3)."""


def physical_memory() -> int | None:
    """The machine's memory in bytes, where the system says."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, OSError, ValueError):
        return None


def default_ceiling() -> int:
    """The smaller of 4 GiB and half the machine's memory: room for every seed and benchmark
    instance, and far from the swapping that a runaway count brings."""
    physical = physical_memory()
    return DEFAULT_CEILING_CAP if physical is None else min(DEFAULT_CEILING_CAP, physical // 2)


def parse_memory_size(text: str) -> int:
    """Bytes from ``4G``, ``500M``, ``1.5GiB`` or ``2048K`` (binary units; a bare number is
    bytes), refused in one line when unreadable or under SMALLEST_CEILING."""
    match = _SIZE.fullmatch(text.strip().upper())
    if match is None:
        raise BoardsatError(f"memory limit must be a size such as 4G, 500M or 1.5GiB, got {text!r}")
    size = float(match[1]) * _UNITS[match[2]]
    if not size <= LARGEST_CEILING:  # also refuses a number too long to be finite
        raise BoardsatError(f"memory limit must be at most 1024 TiB, got {text!r}")
    if size < SMALLEST_CEILING:
        raise BoardsatError(
            f"memory limit must be at least {describe_size(SMALLEST_CEILING)}"
            f" (boardsat itself takes about 130 MiB), got {text!r}"
        )
    return int(size)


def describe_size(size: int) -> str:
    """``4.0 GiB`` or ``500 MiB``: the unit a person would say."""
    return f"{size / GIB:.1f} GiB" if size >= GIB else f"{size / MIB:.0f} MiB"


def current_ceiling() -> int | None:
    """The ceiling in force in this process, or None where there is none."""
    soft, _ = resource.getrlimit(resource.RLIMIT_DATA)
    return None if soft == resource.RLIM_INFINITY else soft


@contextlib.contextmanager
def watched(stop: Callable[[], None], every_s: float = 0.05) -> Iterator[Callable[[], bool]]:
    """Within: the ceiling is watched instead of enforced, for a library (CP-SAT) that dies
    without a word (C++ ``std::bad_alloc``) when an allocation is refused. A thread reads the
    process's data size, the measure the ceiling uses, every ``every_s`` seconds and calls
    ``stop`` once it passes the ceiling; the value yielded says whether it did."""
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if soft == resource.RLIM_INFINITY:
        yield lambda: False
        return
    passed = threading.Event()
    done = threading.Event()

    def watch() -> None:
        while not done.wait(every_s):
            if _data_size() > soft:
                passed.set()
                stop()
                return

    resource.setrlimit(resource.RLIMIT_DATA, (hard, hard))
    watcher = threading.Thread(target=watch, name="memory watcher", daemon=True)
    watcher.start()
    try:
        yield passed.is_set
    finally:
        done.set()
        watcher.join()
        resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))


def _data_size() -> int:
    """The process's data size in bytes (``VmData``: what ``RLIMIT_DATA`` counts)."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[5]) * resource.getpagesize()


def limit_reached(doing: str) -> MemoryLimitReached:
    """The one-line failure for work that hit the ceiling while ``doing`` (e.g. "counting tours")."""
    ceiling = current_ceiling()
    said = "the memory limit" if ceiling is None else f"memory limit {describe_size(ceiling)}"
    return MemoryLimitReached(f"{said} reached while {doing}; --memory-limit sets it")


@contextlib.contextmanager
def memory_ceiling(size: int) -> Iterator[None]:
    """Hold this process (and the children it starts) under ``size`` bytes, then lift the
    ceiling back to what it was; refused in one line above the system's hard limit. A
    MemoryError inside comes out as MemoryLimitReached."""
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY and size > hard:
        raise BoardsatError(
            f"memory limit {describe_size(size)} is above this system's limit of"
            f" {describe_size(hard)}"
        )
    resource.setrlimit(resource.RLIMIT_DATA, (size, hard))
    try:
        yield
    except MemoryLimitReached:
        raise  # it says already what was being done
    except MemoryError:  # said while the ceiling still stands
        raise limit_reached("solving") from None
    finally:
        resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))
