"""The same sweep on a Dask distributed cluster: one task per cell, each running its cell in a
child process on the worker (:func:`boardsat.harness.execute.run_cell`), so the limits hold there
as they do here.

Tasks are never retried (``retries=0``); a task whose worker dies, or that fails outside its
cell, comes back as an ERROR row. Workers must not be daemonic processes, since a daemon may
start no child: a LocalCluster is started so, and workers started elsewhere need
``DASK_DISTRIBUTED__WORKER__DAEMON=False`` (the README shows the commands).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator, Sequence
from typing import Any

from boardsat.core.cells import Cell
from boardsat.core.errors import BoardsatError
from boardsat.harness.execute import failed_row, key_of, run_cell
from boardsat.harness.records import Row
from boardsat.harness.sweep import Runner

LOCAL = "local:"
CONNECT_TIMEOUT_S = 20
SETTINGS = {"distributed.worker.daemon": False, "distributed.scheduler.allowed-failures": 0}
SPAWNED = {"distributed.worker.multiprocessing-method": "spawn"}
"""A LocalCluster's workers start afresh, whatever the user's Dask settings say: a worker forked
from this process, which holds threads (Dask's own among them), could find a lock held for good."""


def dask_runner(address: str) -> Runner:
    """A runner on the cluster at ``address`` (``tcp://HOST:PORT``), or on a LocalCluster of
    N worker processes with one thread each, bound to the loopback (``local:N``)."""
    check_dask_address(address)

    def run(cells: Sequence[Cell]) -> Iterator[Row]:
        if not cells:
            return
        with dask_client(address) as client:
            yield from _rows(client, cells)

    return run


def check_dask_address(address: str) -> None:
    """Refuse a malformed ``local:N`` or scheduler address, or a missing Dask, before any work:
    Dask itself finds a bad address only when it connects, mid-run, with a traceback."""
    if address.startswith(LOCAL):
        workers = address.removeprefix(LOCAL)
        if not workers.isdigit() or int(workers) < 1:
            raise BoardsatError(f"--dask local:N needs a number of workers, got {address!r}")
    try:
        import dask.distributed  # noqa: F401  (checked before any cell runs)
    except ImportError:
        raise BoardsatError(
            "--dask needs dask[distributed]: pip install 'boardsat[cluster]'"
        ) from None
    problem = None if address.startswith(LOCAL) else _scheduler_address_problem(address)
    if problem is not None:
        raise BoardsatError(
            f"--dask {address!r} is no scheduler address ({problem}); give tcp://HOST:PORT or"
            " local:N"
        )


def _scheduler_address_problem(address: str) -> str | None:
    """Why Dask could not connect to ``address`` as written, or None when it can try."""
    from distributed.comm.addressing import parse_address
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address)
        get_backend(scheme)
    except ValueError as error:  # an unknown scheme
        return str(error)
    if scheme not in ("tcp", "tls"):
        return None
    _, colon, port = location.rpartition(":")
    if not colon or not port.isdigit():
        return "no port number after the host"
    return None if 0 < int(port) < 2**16 else f"port {port} is out of range"


@contextlib.contextmanager
def dask_client(address: str, settings: dict[str, object] | None = None) -> Iterator[Any]:
    """A client of the cluster at ``address``, or of a LocalCluster for ``local:N``, under
    ``settings`` (the harness's own, which retry nothing, by default)."""
    import dask
    from dask.distributed import Client, LocalCluster

    # a local cluster's shutdown logs each task it cancels, which is not the user's business
    logging.getLogger("distributed").setLevel(logging.ERROR)
    with (
        dask.config.set({**(SETTINGS if settings is None else settings), **SPAWNED}),
        contextlib.ExitStack() as stack,
    ):
        if address.startswith(LOCAL):
            cluster = stack.enter_context(
                LocalCluster(  # type: ignore[no-untyped-call]
                    # the workers' warnings, as above, and the error a worker logs when its
                    # heartbeat meets the scheduler shutting down; a task that fails still
                    # reaches the caller as its result
                    silence_logs=logging.CRITICAL,
                    n_workers=int(address.removeprefix(LOCAL)),
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address=":0",  # any free port: two clusters on one machine never clash
                )
            )
            target: Any = cluster
        else:
            target = address
        try:
            client = stack.enter_context(
                Client(target, timeout=CONNECT_TIMEOUT_S)  # type: ignore[no-untyped-call]
            )
        except (OSError, ValueError) as error:  # ValueError: an address Dask cannot read
            raise BoardsatError(f"cannot reach the Dask scheduler at {address}: {error}") from None
        yield client


def _rows(client: Any, cells: Sequence[Cell]) -> Iterator[Row]:
    from dask.distributed import as_completed

    futures = {
        client.submit(
            run_cell, cell, key=f"boardsat-cell-{key_of(cell)}", pure=False, retries=0
        ): cell
        for cell in cells
    }
    try:
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            cell = futures[future]
            try:
                yield future.result()
            except Exception as error:  # a dead worker, or a failure outside the cell's child
                why = f"the Dask task failed: {type(error).__name__}: {error}"
                if "daemonic" in str(error):
                    why += "; start the workers with DASK_DISTRIBUTED__WORKER__DAEMON=False"
                yield failed_row(cell, why)
    finally:
        client.cancel(list(futures))
