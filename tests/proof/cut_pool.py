"""A local pool for proof tests: it names what it was given, and its run is cut after ``settle``
tasks (None: never), as Ctrl-C or a killed scheduler cuts a run. With ``cardinality`` its tasks
solve in that encoding instead of their claims' own."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from boardsat.proof.pools import LocalPool, Task
from boardsat.solving.conquer import Verdict


class CutPool(LocalPool[Task]):
    def __init__(self, settle: int | None = None, cardinality: str | None = None) -> None:
        super().__init__(1)
        self.settle = settle
        self.cardinality = cardinality
        self.submitted: list[str] = []

    def submit(self, task: Task) -> None:
        self.submitted.append(task.ident)
        super().submit(
            task if self.cardinality is None else replace(task, cardinality=self.cardinality)
        )

    def completed(self) -> Iterator[tuple[Task, Verdict | str]]:
        for count, done in enumerate(super().completed(), 1):
            yield done
            if count == self.settle:
                return
