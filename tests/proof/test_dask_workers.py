"""A proof by cubes on a real Dask cluster: a `dask scheduler` and two `dask worker` processes on
the loopback, as a user starts them, one worker killed mid-proof; the proof still ends proven
and its certificates check. (tests/proof/test_proof_directory.py does the same on a
LocalCluster.)"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardsat.models.domination import Domination, published_minimum, solve
from boardsat.models.domination.proving.cubes import DominationClaim, split_claim
from boardsat.proof.check import check_proof
from boardsat.proof.pools import PROOF_SETTINGS, DaskPool
from boardsat.proof.run import Plan, open_proof, prove
from boardsat.proof.status import proof_status

pytestmark = pytest.mark.slow  # a cluster of three processes starts, and a proof runs on it

N, VARIANT = 6, "dominating"
WORKERS = 2
READY_S = 120
DASK = str(Path(sys.executable).with_name("dask"))
WORKER_SETTINGS = {"DASK_DISTRIBUTED__WORKER__DAEMON": "False"}  # as the README starts them


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _started(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    """A process leading its own group, so that its children (the fork server, the cubes'
    processes) end with it."""
    with log.open("wb") as out:
        return subprocess.Popen(
            args,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=os.environ | WORKER_SETTINGS,
            start_new_session=True,
        )


def _ended(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(30)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """The scheduler's address and the two worker processes (no nanny: killing the process
    kills the worker)."""
    pytest.importorskip("dask.distributed")
    if shutil.which(DASK) is None:
        pytest.skip("the dask command is not installed")
    address = f"tcp://127.0.0.1:{_free_port()}"
    scheduler = [DASK, "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1]]
    processes = [_started([*scheduler, "--no-dashboard"], tmp_path / "scheduler.log")]
    worker = [DASK, "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard"]
    try:
        for number in range(WORKERS):
            log = tmp_path / f"worker{number}.log"
            processes.append(_started([*worker, "--host", "127.0.0.1"], log))
        yield address, processes[1:]
    finally:
        for process in processes:
            _ended(process)


def test_a_proof_on_a_scheduler_and_two_workers_survives_a_worker_killed_mid_proof(
    cluster: tuple[str, list[subprocess.Popen[bytes]]], tmp_path: Path
) -> None:
    from boardsat.harness.cluster import dask_client

    address, workers = cluster
    best = published_minimum(N, VARIANT)
    claim = DominationClaim(N, N, VARIANT, best - 1)
    answer = solve(Domination(N, N, VARIANT))
    placement = sorted([row, col] for row, col in answer.placement)
    directory = open_proof(
        str(tmp_path / "proof"), claim, placement, lambda: split_claim(claim, "lookahead", 8)
    )
    killed: list[int] = []
    with dask_client(address, PROOF_SETTINGS) as client:
        client.wait_for_workers(WORKERS, timeout=READY_S)
        pool = DaskPool(client)

        def kill_one(*_: object) -> None:
            """As the first cube settles, one worker dies with what it holds."""
            if not killed:
                os.killpg(workers[0].pid, signal.SIGKILL)
                killed.append(workers[0].pid)

        try:
            status = prove(directory, pool, Plan(), claim.decisions(), kill_one)
        finally:
            pool.close()
    assert killed and workers[0].wait(30) == -signal.SIGKILL
    assert status.proven, status
    assert check_proof(directory).certified_all
    assert proof_status(directory).refuted == status.leaves
