"""Differential testing: random small cases of every puzzle and of the solver-neutral model, each
solved on a backend and encoding drawn for it and compared with an oracle that shares no code with
the builders (brute force over the model, the exhaustive domination search, the tour DFS counter,
the BFS oracle).

A case is named ``SEED:INDEX`` and rebuilt from that name alone, so any disagreement replays.

>>> from boardsat.differential import run_cases
>>> summary = run_cases(seed=1, cases=6)
>>> summary.cases, summary.disagreements
(6, ())
"""

from boardsat.differential.cases import KINDS, Outcome, check_case, parse_case_id
from boardsat.differential.routes import Route
from boardsat.differential.run import Summary, run_cases

__all__ = ["KINDS", "Outcome", "Route", "Summary", "check_case", "parse_case_id", "run_cases"]
