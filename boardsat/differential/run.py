"""Many cases, on one process or several, and the summary they add up to."""

from __future__ import annotations

import os
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from boardsat.core.child import child_context, end_with
from boardsat.core.deadline import cancelled
from boardsat.differential.cases import KINDS, Outcome, check_case, died

CHUNK = 25  # cases per task handed to a worker process
IN_FLIGHT = 2  # batches handed to the pool per worker at a time: what a dead worker costs again
LOOK_UP_S = 0.25  # how often a wait for a batch looks up for a cancel (Ctrl-C)


@dataclass(frozen=True)
class Summary:
    """What a run checked, counted by kind, by backend and by encoding option; its
    disagreements (each replayable by its case id), and refusals."""

    seed: int
    cases: int
    refused: int
    seconds: float
    by_kind: dict[str, int]
    by_backend: dict[str, int]
    by_option: dict[str, int]
    disagreements: tuple[Outcome, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "cases": self.cases,
            "refused": self.refused,
            "disagreements": [
                {
                    "case": outcome.case_id,
                    "kind": outcome.kind,
                    "backend": outcome.route.backend,
                    "encoding": outcome.route.encoding,
                    "expected": outcome.expected,
                    "got": outcome.got,
                }
                for outcome in self.disagreements
            ],
            "seconds": round(self.seconds, 1),
            "by_kind": self.by_kind,
            "by_backend": self.by_backend,
            "by_option": self.by_option,
        }


def _chunk(seed: int, indices: Sequence[int], kinds: tuple[str, ...]) -> list[Outcome]:
    return [check_case(seed, index, kinds) for index in indices]


def run_cases(
    seed: int,
    cases: int,
    workers: int = 1,
    kinds: tuple[str, ...] = tuple(KINDS),
    on_outcomes: Callable[[Sequence[Outcome]], None] | None = None,
) -> Summary:
    """Check cases ``0 .. cases - 1`` of ``seed``; ``on_outcomes`` hears of each finished batch.
    Cancelled (Ctrl-C), the run stops at once and sums up the cases finished: one cut short is
    left out, since its answer may be the interrupt's rather than its solver's."""
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    batches = [range(start, min(start + CHUNK, cases)) for start in range(0, cases, CHUNK)]
    pooled = workers > 1
    found = _pooled(seed, batches, workers, kinds) if pooled else _here(seed, batches, kinds)
    for batch_outcomes in found:
        outcomes += batch_outcomes
        if on_outcomes is not None:
            on_outcomes(batch_outcomes)
    return summarise(seed, outcomes, time.perf_counter() - started)


def _here(seed: int, batches: Sequence[range], kinds: tuple[str, ...]) -> Iterator[list[Outcome]]:
    """The batches checked in this process, case by case, until a cancel."""
    for batch in batches:
        checked: list[Outcome] = []
        for index in batch:
            outcome = check_case(seed, index, kinds)
            if cancelled():  # this case's solves were cut short
                yield checked
                return
            checked.append(outcome)
        yield checked


def _pooled(
    seed: int, batches: Sequence[range], workers: int, kinds: tuple[str, ...]
) -> Iterator[list[Outcome]]:
    """The batches' outcomes in order, a few batches in flight per worker. A worker that dies
    breaks its pool: the batches still in flight are checked again case by case (``_alone``),
    and the rest go on in a fresh pool."""
    queue = deque(batches)
    while queue:
        unfinished: list[range] = []
        with _pool(workers) as pool:
            flying: deque[tuple[range, Future[list[Outcome]]]] = deque()
            while queue or flying:
                while queue and len(flying) < IN_FLIGHT * workers:
                    batch = queue.popleft()
                    flying.append((batch, pool.submit(_chunk, seed, batch, kinds)))
                batch, future = flying.popleft()
                try:
                    if not _finished(future):
                        _stop_at_once(pool)
                        return
                    yield future.result()
                except BrokenProcessPool:
                    unfinished = [batch, *(batch for batch, _ in flying)]
                    break
        for batch in unfinished:
            if cancelled():
                return
            yield from _alone(seed, batch, kinds)


def _alone(seed: int, indices: range, kinds: tuple[str, ...]) -> Iterator[list[Outcome]]:
    """Each case in turn on one worker process, so that a case which kills its process is
    known: it is a disagreement, and the cases after it go on in a fresh process."""
    left = deque(indices)
    while left:
        with _pool(1) as pool:  # one worker runs its tasks in order
            futures = [
                (index, pool.submit(_chunk, seed, range(index, index + 1), kinds)) for index in left
            ]
            for index, future in futures:
                left.popleft()
                try:
                    if not _finished(future):
                        _stop_at_once(pool)
                        return
                    yield future.result()
                except BrokenProcessPool as error:
                    yield [died(seed, index, kinds, str(error) or type(error).__name__)]
                    break


def _pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes out of the terminal's Ctrl-C, each in a process group of its own: this
    process takes it, and stops them. Ignoring SIGINT was not enough: python-sat catches it
    during a solve all the same, and a worker's cases after it came back cut short."""
    return ProcessPoolExecutor(
        workers, mp_context=child_context(), initializer=end_with, initargs=(os.getpid(), True)
    )


def _finished(future: Future[list[Outcome]]) -> bool:
    """Wait for ``future``, looking up for a cancel now and then: False once cancelled."""
    while not cancelled():
        if wait([future], timeout=LOOK_UP_S).done:
            return True
    return False


def _stop_at_once(pool: ProcessPoolExecutor) -> None:
    """Drop the batches not begun and end the workers in the middle of theirs, whose cases are
    not counted (Python 3.14's ``terminate_workers``)."""
    processes = list(pool._processes.values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()


def summarise(seed: int, outcomes: Sequence[Outcome], seconds: float) -> Summary:
    checked = [outcome for outcome in outcomes if not outcome.refused]
    by_option: Counter[str] = Counter()
    for outcome in checked:
        for name, value in outcome.route.options:
            by_option[f"{outcome.kind} {name}={value}"] += 1
    return Summary(
        seed,
        len(checked),
        len(outcomes) - len(checked),
        seconds,
        dict(sorted(Counter(outcome.kind for outcome in checked).items())),
        dict(sorted(Counter(f"{o.kind} {o.route.backend}" for o in checked).items())),
        dict(sorted(by_option.items())),
        tuple(outcome for outcome in outcomes if not outcome.agrees),
    )
