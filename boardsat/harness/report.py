"""A sweep's summary by route: cells solved, PAR-2, median, the virtual best route, and each
route's PAR-2 against a baseline route from the same rows.

A cell counts as solved when its answer settles its question (``exact``) and passed the rules.
PAR-2 scores an unsolved cell twice its time limit; the median is of those scores. The virtual
best takes, for each instance and seed, the best score of any route. Ratios compare a route
with the baseline on the instances and seeds both ran, puzzle by puzzle.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from boardsat.harness.records import Row

VIRTUAL_BEST = "virtual best"


@dataclass(frozen=True)
class RouteSummary:
    """One route's figures over its cells; ``ratio`` is its PAR-2 over the baseline's."""

    puzzle: str
    route: str
    cells: int
    solved: int
    par2: float
    median: float
    ratio: float | None


def solved(row: Row) -> bool:
    return bool(row["exact"]) and bool(row["verified"])


def score(row: Row) -> float:
    """The PAR-2 score: the wall seconds of a solved cell, else twice its time limit."""
    return float(row["wall_s"]) if solved(row) else 2.0 * float(row["time_limit"])


def recorded_baseline(rows: Iterable[Row]) -> str | None:
    """The baseline the sweep that wrote ``rows`` named, where its rows agree on one."""
    named = {row.get("baseline") for row in rows} - {None}
    return str(named.pop()) if len(named) == 1 else None


def summary(rows: Sequence[Row], baseline: str | None = None) -> list[RouteSummary]:
    """One summary per puzzle and route in first-seen order, then each puzzle's virtual best."""
    by_route: dict[tuple[str, str], dict[tuple[str, int], Row]] = defaultdict(dict)
    for row in rows:
        by_route[row["puzzle"], row["route"]][row["instance"], row["seed"]] = row
    table = []
    best: dict[str, dict[tuple[str, int], list[Row]]] = defaultdict(lambda: defaultdict(list))
    for (puzzle, route), cells in by_route.items():
        base = by_route.get((puzzle, baseline)) if baseline is not None else None
        table.append(_summarise(puzzle, route, cells, base))
        for where, row in cells.items():
            best[puzzle][where].append(row)
    for puzzle, places in best.items():
        scores = [min(score(row) for row in group) for group in places.values()]
        table.append(
            RouteSummary(
                puzzle,
                VIRTUAL_BEST,
                len(scores),
                sum(any(solved(row) for row in group) for group in places.values()),
                statistics.fmean(scores),
                statistics.median(scores),
                None,
            )
        )
    return table


def _summarise(
    puzzle: str,
    route: str,
    cells: dict[tuple[str, int], Row],
    base: dict[tuple[str, int], Row] | None,
) -> RouteSummary:
    scores = [score(row) for row in cells.values()]
    ratio = None
    if base is not None:
        shared = [where for where in cells if where in base]
        if shared:
            ratio = _par2(cells[w] for w in shared) / _par2(base[w] for w in shared)
    return RouteSummary(
        puzzle,
        route,
        len(scores),
        sum(solved(row) for row in cells.values()),
        statistics.fmean(scores),
        statistics.median(scores),
        ratio,
    )


def _par2(rows: Iterable[Row]) -> float:
    return statistics.fmean(score(row) for row in rows)
