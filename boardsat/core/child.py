"""Timed work in a child process that can be killed: the one runner races, benchmarks and the
tour counter share.

Some solvers cannot be interrupted (CaDiCaL in python-sat) and a race starts children of its own,
so timed work runs in a child that leads its own process group (``own_group``); killing the
group ends everything below it, racers included, which stay in that group.

A child is never forked from the caller: the caller may hold threads (a pool's, Dask's, a
solver's, the Ctrl-C watcher), and a lock one of them holds at the fork stays held in the child
for good, which hung a lemma task once. Children come from a fork server instead, a process of
one thread started once, which first imports what the caller had imported of boardsat, so that a
child starts about as fast as a fork would. The work goes over as cloudpickle, closures included,
so a child needs nothing of the caller's ``__main__``: unlike multiprocessing's own children, it
does not run the caller's script again, which a script without a main guard would not survive.
The child takes the caller's memory ceiling, working folder and ``sys.path``.

A child also dies with the one that asked for it (a thread that waits on the caller's pidfd, and
Linux ``PR_SET_PDEATHSIG`` should the fork server die first), ignores Ctrl-C (the parent's to
handle), and sends its messages over one pipe, ending with ``("done", None)``: a pipe that
closes before that means the child died without a Python exception (a segfault, an
out-of-memory kill), which comes back as its failure naming the exit code, told apart as "out
of memory" where the death is the one a process at the memory ceiling dies
(boardsat.core.memory).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import resource
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import context as contexts
from multiprocessing import popen_forkserver, spawn
from multiprocessing.connection import Connection
from typing import Any, Generic, TypeVar, cast

import cloudpickle

from boardsat.core.deadline import cancelled, stopper
from boardsat.core.errors import BoardsatError, failures_sent

T = TypeVar("T")
Message = tuple[str, Any]
STDERR_FD = 2
REAPED_WITHIN_S = 5.0
CALLER_POLL_S = 0.5  # where no pidfd tells the caller's death at once
HUNG_AFTER = 4.0  # a child on the CPU clock is killed after this many times its CPU seconds in
# wall seconds all the same: one that hangs, using no CPU, would otherwise wait for good
# C++ aborts on an uncaught std::bad_alloc; the kernel's out-of-memory killer sends SIGKILL
OUT_OF_MEMORY_EXITS = (
    -signal.SIGABRT,
    -signal.SIGKILL,
)  # a dead child's pipe closes a moment before it can be reaped


class ChildFailed(RuntimeError):
    """The child's work raised (its traceback is the message) or the child died without a word."""


class Child:
    """One child running ``work(send, *args)``; the parent reads what it sends.

    Not a daemon process, since daemons may start no children and a timed benchmark run starts
    a race's racers; ``kill`` and the parent-death signal end it instead.
    """

    def __init__(self, work: Callable[..., None], *args: Any, own_group: bool = False) -> None:
        context = child_context()
        self.connection, send = context.Pipe(duplex=False)
        self.own_group = own_group
        setup = Setup(own_group, os.getpid(), resource.getrlimit(resource.RLIMIT_DATA))
        job = cloudpickle.dumps((work, args))
        self.process = context.Process(target=_child_main, args=(setup, job, send))
        with contextlib.closing(send):  # the child's end: the parent keeps none open
            self.process.start()

    def receive(self) -> Message:
        """The child's next message; its death before ``done`` comes back as ``("failed", why)``,
        or as ``("out of memory", why)`` when it died the way a process at the memory ceiling
        dies (OUT_OF_MEMORY_EXITS).

        A child killed halfway through a message leaves an OSError instead of an EOFError.
        """
        try:
            return cast(Message, self.connection.recv())
        except (EOFError, OSError):
            self.process.join(REAPED_WITHIN_S)
            code = self.process.exitcode
            kind = "out of memory" if code in OUT_OF_MEMORY_EXITS else "failed"
            return (kind, f"it died without finishing, exit code {code}")

    def stop(self) -> None:
        """Kill the child at once, unreaped: safe from a signal handler or another thread (a
        cancelled run's stopper); ``kill`` reaps it after."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.process.pid, signal.SIGKILL)

    def kill(self) -> None:
        """Kill the child (with its group, which holds what it started, when it leads one), then
        reap it."""
        if self.own_group:
            with contextlib.suppress(ProcessLookupError):  # the group may have ended already
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.kill()
        self.process.join()
        self.connection.close()


PRELOADED = ("boardsat", "ortools", "pysat", "pysolvers", "pyscipopt", "highspy", "graphillion")
"""The packages whose modules the fork server imports first, where this process has them: what a
child would otherwise import again (CP-SAT's takes a second). Dask is left out: it starts threads."""
_launching = threading.local()


def _prepared(name: str) -> dict[str, Any]:
    """multiprocessing's preparation of a child, less the caller's ``__main__`` while one of
    ours starts (see the module's docstring); other processes are prepared as before."""
    data: dict[str, Any] = _PREPARED(name)
    if getattr(_launching, "served", False):
        data.pop("init_main_from_path", None)
        data.pop("init_main_from_name", None)
    return data


_PREPARED = spawn.get_preparation_data
spawn.get_preparation_data = _prepared


class _ServedPopen(popen_forkserver.Popen):
    def _launch(self, process_obj: Any) -> None:
        _launching.served = True
        try:
            super()._launch(process_obj)  # type: ignore[misc]  # typeshed leaves it out
        finally:
            _launching.served = False


class _ServedProcess(contexts.ForkServerProcess):
    @staticmethod
    def _Popen(process_obj: Any) -> Any:
        return _ServedPopen(process_obj)


class _ServedContext(contexts.ForkServerContext):
    Process = _ServedProcess


def child_context() -> Any:
    """The fork server's context (spawn where there is none), never fork: see the module's
    docstring. The server's first start imports what this process has of PRELOADED."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    loaded = [
        name
        for name in list(sys.modules)
        if name.split(".")[0] in PRELOADED and not name.endswith("__main__")
    ]
    context = _ServedContext()
    context.set_forkserver_preload(loaded)  # heeded only where the server is not yet running
    return context


@dataclass(frozen=True)
class Setup:
    """What a child takes from its caller, which a fork would have handed down."""

    own_group: bool
    caller: int
    memory: tuple[int, int]  # RLIMIT_DATA, the ceiling (boardsat.core.memory)


def _child_main(setup: Setup, job: bytes, send: Connection) -> None:
    """Set the child up, run its work, and say ``done`` as its last act."""
    end_with(setup.caller, setup.own_group)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _take_ceiling(*setup.memory)
    with contextlib.closing(send):
        with failures_sent(send):
            work, args = cloudpickle.loads(job)
            work(send, *args)
        send.send(("done", None))


def _take_ceiling(soft: int, hard: int) -> None:
    """The caller's memory ceiling; the hard limit stays the fork server's, which only root
    could raise."""
    _, own_hard = resource.getrlimit(resource.RLIMIT_DATA)
    if own_hard != resource.RLIM_INFINITY and (soft == resource.RLIM_INFINITY or soft > own_hard):
        soft = own_hard
    resource.setrlimit(resource.RLIMIT_DATA, (soft, own_hard))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def end_with(caller: int, own_group: bool) -> None:
    """Have this process die with ``caller``. With ``own_group`` it first leads a process group
    of its own, which the terminal's Ctrl-C does not reach (python-sat catches SIGINT itself,
    ignored or not, in a solve on the main thread), and it takes that group with it."""
    if own_group:
        os.setpgrp()
    _die_with_parent()
    threading.Thread(target=_end_when_gone, args=(caller, own_group), daemon=True).start()


def _end_when_gone(caller: int, own_group: bool) -> None:
    """End this child, and its group when it leads one, once the caller has died. The fork
    server outlives the caller while any of its children lives (each holds the server's
    "alive" pipe), so its death signal alone would leave a solver running after a Ctrl-C."""
    try:
        watch = os.pidfd_open(caller)  # Linux: readable once the caller has exited
    except (AttributeError, OSError):  # no pidfd here, or the caller is gone already
        watch = None
    if watch is not None:
        select.select([watch], [], [])
    else:
        while _alive(caller):
            time.sleep(CALLER_POLL_S)
    if own_group:
        os.killpg(0, signal.SIGKILL)
    os._exit(1)


def _die_with_parent() -> None:
    """On Linux, have the kernel kill this child when its parent dies: no solver runs unwatched."""
    if sys.platform.startswith("linux"):
        import ctypes

        set_parent_death_signal = 1  # PR_SET_PDEATHSIG
        ctypes.CDLL(None).prctl(set_parent_death_signal, signal.SIGKILL)


@dataclass(frozen=True)
class Finished(Generic[T]):
    """The value the child's job returned."""

    value: T


@dataclass(frozen=True)
class TimedOut:
    """The job was still running at its limit (None: when the run was cancelled) and was
    killed, having used ``cpu`` seconds of CPU where the system tells them."""

    limit: float | None
    cpu: float | None = None


class ChildOutOfMemory(ChildFailed):
    """The child ran out of memory: Python's MemoryError, or a death in OUT_OF_MEMORY_EXITS."""


def run_in_child(
    job: Callable[[], T],
    limit: float | None,
    grace: float = 2.0,
    *,
    quiet: bool = False,
    cpu_clock: bool = False,
) -> Finished[T] | TimedOut:
    """Run ``job`` in a child killed ``grace`` seconds past ``limit`` (None: never), or as soon
    as the run is cancelled.

    A job with a grace stops itself at its own limit, counted from its own start, and the kill
    is only a net. With no grace the kill is the limit, for a job that cannot stop itself (a
    decision diagram's C++), so it counts from this call: a command's first child starts the
    fork server, which under load took half a second of a one-second limit.

    ``cpu_clock`` counts ``limit`` and ``grace`` in the child's CPU seconds, for a job whose
    solver stops itself by that clock (a cube's): on a loaded machine the wall clock runs ahead,
    and killed by it, a cube that barely ran would count as one that outran its limit.

    A BoardsatError inside the job is raised here as itself (bad input stays one line); running
    out of memory raises ChildOutOfMemory; any other failure, or the child's death, raises
    ChildFailed. ``quiet`` sends the child's stderr to /dev/null, since a C++ library's dying
    words (``terminate called after throwing ...``) would break the one-line rule; the child's
    failures come over the pipe all the same.
    """
    called = time.monotonic()
    child = Child(_send_value, job, quiet, own_group=True)
    within = None if limit is None else limit + grace
    if within is not None and not grace and not cpu_clock:  # the kill is the limit: see above
        within = max(within - (time.monotonic() - called), 0.0)
    try:
        with stopper(child.stop):  # a cancelled run (Ctrl-C) kills the child, ending the wait
            ready = _answered(child, within, cpu_clock)
        if cancelled():
            return TimedOut(None)
        if not ready:
            return TimedOut(limit, _cpu_seconds(child.process.pid))
        kind, extra = child.receive()
    finally:
        child.kill()
    if kind == "refused":
        raise BoardsatError(extra)
    if kind == "out of memory":
        raise ChildOutOfMemory(extra)
    if kind == "failed":
        raise ChildFailed(extra)
    return Finished(cast(T, extra))


def _answered(child: Child, within: float | None, cpu_clock: bool) -> bool:
    """Whether the child answers (or dies) before ``within`` seconds, on its CPU clock or the
    wall's; the wall's where the system does not tell a process's CPU seconds."""
    if within is None or not cpu_clock:
        return bool(child.connection.poll(within))
    started = time.monotonic()
    while True:
        waited = time.monotonic() - started
        used = _cpu_seconds(child.process.pid)
        left = within - (waited if used is None else used)
        left = min(left, HUNG_AFTER * within - waited)
        if child.connection.poll(max(left, 0.0)):  # its CPU seconds come no faster than wall's,
            return True  # but for its threads: then it is looked at again
        if left <= 0:
            return False


def _cpu_seconds(pid: int) -> float | None:
    """The CPU seconds (user and system) process ``pid`` has used, where Linux's /proc says."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()  # after the command's name
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def _send_value(send: Connection, job: Callable[[], object], quiet: bool) -> None:
    if quiet:
        os.dup2(os.open(os.devnull, os.O_WRONLY), STDERR_FD)  # sys.stderr may be replaced
    send.send(("value", job()))
