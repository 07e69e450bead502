"""Where cubes run: worker threads here, each cube in a child process killed at its limit, or
tasks on a Dask distributed cluster, where a worker that dies costs only its cube, which the
scheduler runs again elsewhere.

A pool takes jobs while their results are being read, since a cube that outruns its limit comes
back split into new jobs. A job is any picklable value with an ``ident`` and a ``run`` method:
a cube to refute (:class:`Task`), or a cube whose placements are counted.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from boardsat.core.child import ChildFailed, TimedOut, run_in_child
from boardsat.core.deadline import stopper
from boardsat.core.results import Status
from boardsat.encoders.cnf.segments import CARRY_MAX_SIZE
from boardsat.solving.conquer import Verdict, conquer, conquer_segment, limit_counts_cpu
from boardsat.solving.cube import Claim, Cube

GRACE_S = 5.0
# the solver stops itself at the limit; the child is killed only later, since trimming a
# refutation's trace after the solve took up to a fifth of the solver's time
# (bench/results/domination_cubes.md)
CERTIFYING_SHARE = 0.5
# a worker that dies takes its task with it; the scheduler runs it again on another worker,
# up to this many deaths, before the task counts as failed
PROOF_SETTINGS: dict[str, object] = {
    "distributed.worker.daemon": False,
    "distributed.scheduler.allowed-failures": 3,
}


class Job(Protocol):
    """What a pool runs: ``run`` is called on a worker, in a thread here or on a Dask worker."""

    @property
    def ident(self) -> str: ...

    def run(self) -> Any: ...


J = TypeVar("J", bound=Job)


@dataclass(frozen=True)
class Task:
    """One cube (or lemma, a claim with the empty cube) to settle on ``route``."""

    ident: str
    claim: Claim
    cube: Cube
    route: str
    limit: float | None
    cardinality: str | None = None  # the claim's own encoding where None (conquer)

    def run(self) -> Verdict:
        """What a worker runs: the cube in a child, killed ``GRACE_S`` and a share of its limit past
        the limit, on the clock its solver's limit counts."""
        try:
            ran = run_in_child(
                lambda: conquer(self.claim, self.cube, self.route, self.limit, self.cardinality),
                self.limit,
                grace=GRACE_S + CERTIFYING_SHARE * (self.limit or 0.0),
                quiet=True,
                cpu_clock=limit_counts_cpu(self.route),
            )
        except ChildFailed:  # out of memory, or a solver that died: unsettled, like a timeout
            return Verdict(Status.UNKNOWN, self.route, 0.0)
        if isinstance(ran, TimedOut):
            return Verdict(Status.UNKNOWN, self.route, self.limit or 0.0, cpu=ran.cpu or 0.0)
        return ran.value


@dataclass(frozen=True)
class SegmentTask(Task):
    """The ``segment``-th segment of a leaf solved across runs (``conquer_segment``), from the
    carry file ``carried_in`` (None for the first): within ``limit`` CPU seconds, or, replayed,
    for exactly ``budgets`` conflict budgets, handing on clauses of ``carry_max_size`` literals
    at most, as the segment first did. A child that fails or is killed (Ctrl-C) answers UNKNOWN
    without a checkpoint: the segment's work is lost, and the next run starts where it did."""

    carried_in: bytes | None = None
    budgets: int | None = None
    segment: int = 0
    carry_max_size: int = CARRY_MAX_SIZE

    def run(self) -> Verdict:
        try:
            ran = run_in_child(
                lambda: conquer_segment(
                    self.claim,
                    self.cube,
                    self.limit,
                    self.carried_in,
                    self.budgets,
                    self.carry_max_size,
                ),
                self.limit,
                grace=GRACE_S + CERTIFYING_SHARE * (self.limit or 0.0),
                quiet=True,
                cpu_clock=True,
            )
        except ChildFailed as error:
            return Verdict(Status.UNKNOWN, self.route, 0.0, checked=f"failed: {error}")
        if isinstance(ran, TimedOut):
            return Verdict(Status.UNKNOWN, self.route, self.limit or 0.0, cpu=ran.cpu or 0.0)
        return ran.value


class Pool(Protocol[J]):
    def submit(self, task: J) -> None: ...

    def completed(self) -> Iterator[tuple[J, Any]]:
        """Each job's result, or why it failed (a string), as jobs finish, until none is
        outstanding."""
        ...


class LocalPool(Generic[J]):
    """``workers`` jobs at a time on this machine."""

    def __init__(self, workers: int) -> None:
        self.executor = ThreadPoolExecutor(max_workers=workers)
        self.futures: dict[Future[Any], J] = {}

    def submit(self, task: J) -> None:
        self.futures[self.executor.submit(task.run)] = task

    def completed(self) -> Iterator[tuple[J, Any]]:
        while self.futures:
            done, _ = wait(list(self.futures), return_when=FIRST_COMPLETED)
            for future in done:
                task = self.futures.pop(future)
                error = future.exception()
                yield task, (f"{type(error).__name__}: {error}" if error else future.result())

    def close(self) -> None:
        for future in self.futures:
            future.cancel()
        self.executor.shutdown(wait=True, cancel_futures=True)


class DaskPool(Generic[J]):
    """Jobs on a Dask cluster, one per worker process at a time."""

    def __init__(self, client: Any) -> None:
        from dask.distributed import as_completed

        self.client = client
        self.tasks: dict[str, J] = {}
        self.futures: dict[str, Any] = {}
        self.running = as_completed()  # type: ignore[no-untyped-call]

    def submit(self, task: J) -> None:
        future = self.client.submit(_run, task, key=f"boardsat-cube-{task.ident}", pure=False)
        self.tasks[future.key] = task
        self.futures[future.key] = future
        self.running.add(future)  # type: ignore[no-untyped-call]

    def completed(self) -> Iterator[tuple[J, Any]]:
        with stopper(self.running.clear):  # Ctrl-C ends the wait within a tenth of a second
            yield from self._completed()

    def _completed(self) -> Iterator[tuple[J, Any]]:
        for future in self.running:
            task = self.tasks.pop(future.key)
            self.futures.pop(future.key)
            try:
                yield task, future.result()
            except Exception as error:  # the task died on every worker it was given
                yield task, f"the Dask task failed: {type(error).__name__}: {error}"

    def close(self) -> None:
        self.client.cancel(list(self.futures.values()))


def _run(job: Job) -> Any:
    """What a Dask worker calls: the job's own ``run``."""
    return job.run()


@contextlib.contextmanager
def open_pool(dask: str | None, workers: int) -> Iterator[Pool[Any]]:
    """A Dask pool at ``dask`` (``tcp://HOST:PORT`` or ``local:N``), else ``workers`` threads."""
    if dask is None:
        local: LocalPool[Any] = LocalPool(workers)
        try:
            yield local
        finally:
            local.close()
        return
    from boardsat.harness.cluster import check_dask_address, dask_client

    check_dask_address(dask)
    with dask_client(dask, PROOF_SETTINGS) as client:
        remote: DaskPool[Any] = DaskPool(client)
        try:
            yield remote
        finally:
            remote.close()
