"""No child is forked from a process that may hold threads: a lock that another thread holds at
a fork stays held in the child for good. Here a thread of the parent holds a lock while a child
starts, and the child takes the same lock: a forked child would wait for ever (killed at its
limit here), a child of the fork server takes it at once."""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, ClassVar

import pytest

from boardsat.core.child import Finished, child_context, run_in_child
from boardsat.differential import run_cases
from boardsat.models.domination import published_minimum
from boardsat.models.domination.proving.cubes import DominationClaim
from boardsat.proof.check import check_proof
from boardsat.proof.directory import ProofDirectory
from boardsat.solving import race as race_module
from boardsat.solving.race import Racer, Stage, race
from tests.oracles.hard_models import pigeonhole

HELD = threading.Lock()
"""Held by a thread of the parent while children start; each child takes its own copy."""
RUN_RACER = race_module._run_racer
LIMIT_S = 20.0  # far past a child's start; a forked child waits on the lock until it is killed


@contextlib.contextmanager
def held_by_another_thread() -> Iterator[None]:
    taken, release = threading.Event(), threading.Event()

    def hold() -> None:
        with HELD:
            taken.set()
            release.wait()

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()
    taken.wait()
    try:
        yield
    finally:
        release.set()
        holder.join()


def take_the_lock() -> str:
    if not HELD.acquire(timeout=LIMIT_S):
        return "the lock stayed held: the child was forked while a thread held it"
    HELD.release()
    return "taken"


def test_a_child_started_while_a_thread_holds_a_lock_can_take_it() -> None:
    with held_by_another_thread():
        assert run_in_child(take_the_lock, limit=LIMIT_S * 2) == Finished("taken")


def test_children_started_from_a_pool_of_threads_can_take_the_lock() -> None:
    """The proof pools run each cube's child from a worker thread, as a lemma task did."""
    with held_by_another_thread(), ThreadPoolExecutor(2) as pool:
        ran = list(pool.map(lambda _: run_in_child(take_the_lock, limit=LIMIT_S * 2), range(2)))
    assert ran == [Finished("taken")] * 2


def racer_taking_the_lock(send: Connection, racer: Racer, *args: Any) -> None:
    """The race's racer, once it has taken the lock."""
    if take_the_lock() == "taken":
        RUN_RACER(send, racer, *args)


def test_racers_are_not_forked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The race's children come from the same place: with the lock held they still finish."""
    monkeypatch.setattr(race_module, "_run_racer", racer_taking_the_lock)
    built = pigeonhole(3, escape=True)
    racers = [Racer(name, (Stage(built, "cadical195"),)) for name in ("a", "b")]
    with held_by_another_thread():
        outcome = race(racers, time_limit=LIMIT_S * 2)
    assert outcome.result.objective == 1  # one pigeon of four stays out of three holes


def test_the_child_context_is_never_fork() -> None:
    method = child_context().get_start_method()
    assert method != "fork"
    if "forkserver" in multiprocessing.get_all_start_methods():
        assert method == "forkserver"


def test_a_script_without_a_main_guard_is_not_run_again_in_the_child(tmp_path: Path) -> None:
    """The work goes to the child whole: multiprocessing's own children would run the caller's
    script again, and this one would start children of its own there, refused."""
    script = tmp_path / "research.py"
    script.write_text(
        "from boardsat.core.child import run_in_child\n"
        "print('started', flush=True)\n"
        "print(run_in_child(lambda: 6 * 7, limit=60).value)\n"
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=False, timeout=120
    )
    assert (done.returncode, done.stdout.split()) == (0, ["started", "42"]), done.stderr


class RecordedPool(ProcessPoolExecutor):
    """A pool of processes that notes how its workers start."""

    methods: ClassVar[list[str]] = []

    def __init__(self, *args: Any, mp_context: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, mp_context=mp_context, **kwargs)
        started = mp_context or multiprocessing.get_context()
        RecordedPool.methods.append(started.get_start_method())


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    RecordedPool.methods = []
    for module in ("boardsat.proof.check", "boardsat.differential.run"):
        monkeypatch.setattr(importlib.import_module(module), "ProcessPoolExecutor", RecordedPool)
    return RecordedPool.methods


def test_the_differential_tests_pool_does_not_fork(recorded: list[str]) -> None:
    summary = run_cases(0, 4, workers=2, kinds=("model",))
    assert summary.cases + summary.refused == 4
    assert recorded and "fork" not in recorded


def test_the_proof_checkers_pool_does_not_fork(recorded: list[str], tmp_path: Path) -> None:
    claim = DominationClaim(5, 5, "dominating", published_minimum(5, "dominating") - 1)
    manifest = {"claim": claim.spec(), "describes": "", "model_hash": "", "best": []}
    check_proof(ProofDirectory.create(str(tmp_path / "p"), manifest), jobs=2)
    assert recorded and "fork" not in recorded


@pytest.mark.slow  # a LocalCluster starts
def test_a_local_dask_clusters_workers_are_not_forked_whatever_the_settings() -> None:
    pytest.importorskip("dask.distributed")
    import dask

    from boardsat.harness.cluster import dask_client

    forked = {"distributed.worker.multiprocessing-method": "fork"}
    with dask.config.set(forked), held_by_another_thread(), dask_client("local:1") as client:
        assert client.submit(take_the_lock, pure=False).result() == "taken"
