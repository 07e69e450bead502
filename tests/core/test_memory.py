"""The memory ceiling: sizes read as a person writes them, held while a command runs, lifted after."""

from __future__ import annotations

import resource
import threading

import pytest

from boardsat.core.errors import BoardsatError
from boardsat.core.memory import (
    GIB,
    MIB,
    SMALLEST_CEILING,
    MemoryLimitReached,
    default_ceiling,
    describe_size,
    memory_ceiling,
    parse_memory_size,
    physical_memory,
    watched,
)


@pytest.mark.parametrize(
    ("text", "size"),
    [("4G", 4 * GIB), ("500M", 500 * MIB), ("1.5GiB", 3 * GIB // 2), ("300mb", 300 * MIB)],
)
def test_sizes_are_read_in_binary_units(text: str, size: int) -> None:
    assert parse_memory_size(text) == size


@pytest.mark.parametrize("text", ["", "G", "4X", "-1G", "nan", "4 G B", "1e9"])
def test_a_size_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(BoardsatError, match="such as 4G"):
        parse_memory_size(text)


def test_a_ceiling_below_what_boardsat_itself_needs_is_refused() -> None:
    with pytest.raises(BoardsatError, match=f"at least {describe_size(SMALLEST_CEILING)}"):
        parse_memory_size("10M")


def test_the_default_is_at_most_4_gib_and_half_the_machine() -> None:
    physical = physical_memory()
    assert default_ceiling() <= 4 * GIB
    assert physical is None or default_ceiling() <= physical // 2


def current_data() -> int:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmData:"))


def test_a_ceiling_holds_while_in_force_says_so_in_one_line_and_is_lifted_after() -> None:
    before = resource.getrlimit(resource.RLIMIT_DATA)
    ceiling = current_data() + 300 * MIB
    reached = r"memory limit \d+ MiB reached while solving"
    with pytest.raises(MemoryLimitReached, match=reached), memory_ceiling(ceiling):
        assert resource.getrlimit(resource.RLIMIT_DATA)[0] == ceiling
        bytearray(2 * GIB)
    assert resource.getrlimit(resource.RLIMIT_DATA) == before
    assert len(bytearray(400 * MIB)) == 400 * MIB  # lifted: what failed inside fits now


def test_a_watched_ceiling_stops_the_work_instead_of_refusing_its_memory() -> None:
    """CP-SAT dies without a word when an allocation is refused, so it runs watched: the
    allocation goes through, the watcher sees the ceiling passed and stops the work."""
    ceiling = current_data() + 100 * MIB
    stopped = threading.Event()
    with memory_ceiling(ceiling):
        with watched(stopped.set) as passed:
            held = bytearray(300 * MIB)  # refused outright under the ceiling itself
            assert stopped.wait(5.0) and passed()
        assert resource.getrlimit(resource.RLIMIT_DATA)[0] == ceiling  # enforced again
        del held
    with watched(stopped.clear) as passed:  # no ceiling: nothing is watched
        assert not passed()
