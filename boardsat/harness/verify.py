"""Rows checked against each other and against the references: a claimed optimum, count or
infeasibility that another row or an oracle contradicts.

Each row was already checked by its puzzle's rules (``problems``); here a row the rules reject
is a contradiction too. Rows of one instance are compared whatever their route or seed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from boardsat.harness.records import Row

UNSATISFIABLE = "UNSATISFIABLE"


def contradictions(rows: Iterable[Row]) -> list[str]:
    """Every contradiction among ``rows``, one line each (empty: none)."""
    found: list[str] = []
    by_instance: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row in rows:
        by_instance[row["puzzle"], row["instance"]].append(row)
        if row["problems"]:
            found.append(f"{_who(row)}: the rules reject its answer: {row['problems'][0]}")
    for (puzzle, instance), group in by_instance.items():
        found += _instance_contradictions(f"{puzzle} {instance}", group)
    return found


def _instance_contradictions(label: str, rows: Sequence[Row]) -> list[str]:
    found = []
    exact = [r for r in rows if r["exact"] and r["objective"] is not None and not r["problems"]]
    answered = [r for r in rows if r["objective"] is not None and not r["problems"]]
    unsat = [r for r in rows if r["status"] == UNSATISFIABLE]
    reference = rows[0]["reference"]
    values = {r["objective"] for r in exact}
    if len(values) > 1:
        found.append(f"{label}: exact answers disagree: " + _listed(exact))
    if reference is not None:
        found += [
            f"{_who(r)}: claims {r['objective']}, the reference ({r['reference_source']}) says"
            f" {reference}"
            for r in exact
            if r["objective"] != reference
        ]
    if rows[0]["sense"] == "min":
        best = min((r["objective"] for r in answered), default=None)
        found += [
            f"{_who(r)}: claims the optimum {r['objective']}, but {best} was found"
            for r in exact
            if best is not None and r["objective"] > best
        ]
        found += [
            f"{_who(r)}: proves a lower bound of {r['bound']}, but {best} was found"
            for r in rows
            if best is not None and r["bound"] is not None and r["bound"] > best
        ]
    if rows[0]["sense"] == "count":
        exact_count = next(iter(values), reference)
        found += [
            f"{_who(r)}: counted {r['objective']} so far, above the exact {exact_count}"
            for r in answered
            if exact_count is not None and r["objective"] > exact_count
        ]
    solved = [r for r in rows if r["status"] in ("SATISFIABLE", "OPTIMAL") and not r["problems"]]
    if unsat and (solved or (reference is not None and reference > 0)):
        found.append(
            f"{_who(unsat[0])}: claims no answer exists, but "
            + (f"{_who(solved[0])} found one" if solved else f"the reference says {reference}")
        )
    return found


def _who(row: Row) -> str:
    return f"{row['puzzle']} {row['instance']} {row['route']} seed {row['seed']}"


def _listed(rows: Sequence[Row]) -> str:
    return ", ".join(f"{r['route']} seed {r['seed']}: {r['objective']}" for r in rows)
