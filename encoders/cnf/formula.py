"""A CNF under construction: fresh variables, clauses, and where they go.

Clauses flow straight into a python-sat solver when there is one; a copy is kept when something
needs the formula itself (a proof's DIMACS file, MaxSAT, a solver that must be rebuilt because it
ignores assumptions).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class CnfFormula:
    """Allocates variables and receives clauses for one translation."""

    def __init__(self, solver: Any | None = None, keep: bool = False) -> None:
        self.solver = solver
        self.top = 0
        self.num_clauses = 0
        self.kept: list[list[int]] | None = [] if keep else None
        self.native_at_most: list[tuple[list[int], int]] = []

    def new_var(self) -> int:
        self.top += 1
        return self.top

    def reserve(self, top: int) -> None:
        """Account for variables an outside encoder numbered up to ``top``."""
        self.top = max(self.top, top)

    def add_clause(self, clause: Iterable[int]) -> None:
        lits = list(clause)
        if not lits:
            self.add_falsum()
            return
        self.num_clauses += 1
        if self.solver is not None:
            self.solver.add_clause(lits)
        if self.kept is not None:
            self.kept.append(lits)

    def add_falsum(self) -> None:
        """An unsatisfiable pair of clauses (python-sat solvers differ on the empty clause)."""
        fresh = self.new_var()
        self.add_clause([fresh])
        self.add_clause([-fresh])

    def add_native_at_most(self, lits: list[int], bound: int) -> None:
        """A cardinality constraint kept as such, for solvers that propagate it natively."""
        self.num_clauses += 1
        self.native_at_most.append((lits, bound))
        if self.solver is not None:
            self.solver.add_atmost(lits, bound)

    def replay_into(self, solver: Any) -> None:
        """Load the kept formula into a fresh solver."""
        assert self.kept is not None, "replay needs a kept formula"
        solver.append_formula(self.kept)
        for lits, bound in self.native_at_most:
            solver.add_atmost(lits, bound)
