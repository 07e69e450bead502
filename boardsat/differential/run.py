"""Many cases, on one process or several, and the summary they add up to."""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from boardsat.differential.cases import KINDS, Outcome, check_case, died

CHUNK = 25  # cases per task handed to a worker process
IN_FLIGHT = 2  # batches handed to the pool per worker at a time: what a dead worker costs again


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
    """Check cases ``0 .. cases - 1`` of ``seed``; ``on_outcomes`` hears of each finished batch."""
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    batches = [range(start, min(start + CHUNK, cases)) for start in range(0, cases, CHUNK)]
    if workers <= 1:
        results = (_chunk(seed, batch, kinds) for batch in batches)
        for batch_outcomes in results:
            outcomes += batch_outcomes
            if on_outcomes is not None:
                on_outcomes(batch_outcomes)
    else:
        for batch_outcomes in _pooled(seed, batches, workers, kinds):
            outcomes += batch_outcomes
            if on_outcomes is not None:
                on_outcomes(batch_outcomes)
    return summarise(seed, outcomes, time.perf_counter() - started)


def _pooled(
    seed: int, batches: Sequence[range], workers: int, kinds: tuple[str, ...]
) -> Iterator[list[Outcome]]:
    """The batches' outcomes in order, a few batches in flight per worker. A worker that dies
    breaks its pool: the batches still in flight are checked again case by case (``_alone``),
    and the rest go on in a fresh pool."""
    queue = deque(batches)
    while queue:
        unfinished: list[range] = []
        with ProcessPoolExecutor(workers) as pool:
            flying: deque[tuple[range, Future[list[Outcome]]]] = deque()
            while queue or flying:
                while queue and len(flying) < IN_FLIGHT * workers:
                    batch = queue.popleft()
                    flying.append((batch, pool.submit(_chunk, seed, batch, kinds)))
                batch, future = flying.popleft()
                try:
                    yield future.result()
                except BrokenProcessPool:
                    unfinished = [batch, *(batch for batch, _ in flying)]
                    break
        for batch in unfinished:
            yield from _alone(seed, batch, kinds)


def _alone(seed: int, indices: range, kinds: tuple[str, ...]) -> Iterator[list[Outcome]]:
    """Each case in turn on one worker process, so that a case which kills its process is
    known: it is a disagreement, and the cases after it go on in a fresh process."""
    left = deque(indices)
    while left:
        with ProcessPoolExecutor(1) as pool:  # one worker runs its tasks in order
            futures = [
                (index, pool.submit(_chunk, seed, range(index, index + 1), kinds)) for index in left
            ]
            for index, future in futures:
                left.popleft()
                try:
                    yield future.result()
                except BrokenProcessPool as error:
                    yield [died(seed, index, kinds, str(error) or type(error).__name__)]
                    break


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
