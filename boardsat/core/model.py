"""The solver-neutral model: Boolean variables keyed by tuples, and constraints over their literals.

A puzzle states its problem once on a :class:`Model`; every backend reads the same model and none
writes to it. Literals follow the DIMACS convention (a variable's id, or its negation), so building
large encodings stays cheap, while every variable keeps the meaningful key it was created under so
that answers come back as ``{key: bool}`` and decoders read keys, never numbers.

The model is append-only: an incremental session (planning adds one layer per horizon) translates
only the constraints added since its last solve.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from boardsat.core.deadline import CHECK_EVERY, Deadline

Key: TypeAlias = Hashable
Comparator: TypeAlias = Literal["<=", ">=", "=="]


@dataclass(frozen=True)
class Clause:
    """At least one of ``lits`` holds."""

    lits: tuple[int, ...]


@dataclass(frozen=True)
class Cardinality:
    """The number of true literals in ``lits`` compares to ``bound`` by ``op``."""

    lits: tuple[int, ...]
    op: Comparator
    bound: int


@dataclass(frozen=True)
class Arc:
    """A directed arc of a circuit, used exactly when ``lit`` is true; ``tail == head`` is a skip."""

    tail: int
    head: int
    lit: int


@dataclass(frozen=True)
class Circuit:
    """The true arcs form one directed cycle through every node that does not take its self-loop.

    Nodes are ``0 .. nodes-1``. This is CP-SAT's circuit semantics: a node with a true self-loop
    stays out of the cycle; a node without a self-loop arc must be on it.
    """

    nodes: int
    arcs: tuple[Arc, ...]


Constraint: TypeAlias = Clause | Cardinality | Circuit


@dataclass(frozen=True)
class Objective:
    """Minimise ``sum(weight * lit)``; ``lower_bound`` is a bound the builder has proven by reasoning.

    Backends may start their search from ``lower_bound`` (an UNSAT-SAT search does), so it must be
    valid: a builder that cannot justify one leaves it at 0.
    """

    terms: tuple[tuple[int, int], ...]
    lower_bound: int = 0

    def value(self, holds: Callable[[int], bool]) -> int:
        """The objective under an assignment, given as a test of whether a literal holds."""
        return sum(weight for weight, lit in self.terms if holds(lit))


class Model:
    """Variables keyed by hashable keys and an append-only list of constraints."""

    def __init__(self, name: str = "model") -> None:
        self.name = name
        self._ids: dict[Key, int] = {}
        self._keys: list[Key] = []
        self.constraints: list[Constraint] = []
        self.objective: Objective | None = None

    # -- variables ---------------------------------------------------------------------------
    def var(self, key: Key) -> int:
        """The variable for ``key``, created on first use (the literal is its positive id)."""
        found = self._ids.get(key)
        if found is not None:
            return found
        self._keys.append(key)
        self._ids[key] = len(self._keys)
        return len(self._keys)

    def lit(self, key: Key) -> int:
        """The literal of an existing variable; a KeyError names a key that was never declared."""
        return self._ids[key]

    def key(self, lit: int) -> Key:
        """The key of the variable under ``lit`` (its sign is ignored)."""
        return self._keys[abs(lit) - 1]

    def __contains__(self, key: object) -> bool:
        return key in self._ids

    @property
    def num_vars(self) -> int:
        return len(self._keys)

    def keys(self) -> Sequence[Key]:
        """All keys, in creation order (the key of variable ``i`` is at index ``i - 1``)."""
        return self._keys

    @property
    def has_circuit(self) -> bool:
        """Whether a circuit is among the constraints: the one a backend may lack, or a file
        form may not hold."""
        return any(isinstance(constraint, Circuit) for constraint in self.constraints)

    # -- constraints -------------------------------------------------------------------------
    def _checked(self, lits: Iterable[int]) -> tuple[int, ...]:
        out = tuple(lits)
        for lit in out:
            if lit == 0 or abs(lit) > len(self._keys):
                raise ValueError(f"literal {lit} names no variable of model {self.name!r}")
        return out

    def add_clause(self, lits: Iterable[int]) -> None:
        self.constraints.append(Clause(self._checked(lits)))

    def add_implication(self, premise: int, conclusion: int) -> None:
        self.add_clause((-premise, conclusion))

    def add_cardinality(self, lits: Iterable[int], op: Comparator, bound: int) -> None:
        if op not in ("<=", ">=", "=="):
            raise ValueError(f"unknown comparator {op!r}")
        self.constraints.append(Cardinality(self._checked(lits), op, bound))

    def add_at_most(self, lits: Iterable[int], bound: int) -> None:
        self.add_cardinality(lits, "<=", bound)

    def add_at_least(self, lits: Iterable[int], bound: int) -> None:
        self.add_cardinality(lits, ">=", bound)

    def add_exactly(self, lits: Iterable[int], bound: int) -> None:
        self.add_cardinality(lits, "==", bound)

    def add_circuit(
        self, nodes: int, arcs: Iterable[tuple[int, int, int]], deadline: Deadline | None = None
    ) -> None:
        """A circuit through ``arcs``; ``deadline`` is checked as they go in (OutOfTime once it
        has passed): an open tour of 300x300 has about 900,000 arcs."""
        built = []
        for index, (tail, head, lit) in enumerate(arcs):
            if deadline is not None and index % CHECK_EVERY == 0:
                deadline.check()
            built.append(Arc(tail, head, lit))
        self._checked(arc.lit for arc in built)
        for arc in built:
            if not (0 <= arc.tail < nodes and 0 <= arc.head < nodes):
                raise ValueError(f"arc {arc.tail}->{arc.head} leaves nodes 0..{nodes - 1}")
        self.constraints.append(Circuit(nodes, tuple(built)))

    def minimize(self, terms: Iterable[int | tuple[int, int]], lower_bound: int = 0) -> None:
        """Set the objective; a plain literal counts with weight 1. Weights must be positive."""
        weighted = tuple(term if isinstance(term, tuple) else (1, term) for term in terms)
        if any(weight <= 0 for weight, _ in weighted):
            raise ValueError("objective weights must be positive (negate the literal instead)")
        self._checked(lit for _, lit in weighted)
        self.objective = Objective(weighted, lower_bound)

    # -- pickling ------------------------------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """A compact state: each run of clauses as two flat integer arrays (the literals, and the
        clauses' lengths). A child process gets the model this way, and a board of 10^5 clauses
        pickled clause by clause took seconds of the run's time limit."""
        blocks: list[Any] = []
        literals, lengths = array("i"), array("i")
        for constraint in self.constraints:
            if type(constraint) is Clause:
                literals.extend(constraint.lits)
                lengths.append(len(constraint.lits))
                continue
            if lengths:
                blocks.append((literals, lengths))
                literals, lengths = array("i"), array("i")
            blocks.append(constraint)
        if lengths:
            blocks.append((literals, lengths))
        return {
            "name": self.name,
            "keys": self._keys,
            "blocks": blocks,
            "objective": self.objective,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.name = state["name"]
        self._keys = list(state["keys"])
        self._ids = {key: index for index, key in enumerate(self._keys, start=1)}
        self.objective = state["objective"]
        self.constraints = []
        for block in state["blocks"]:
            if not isinstance(block, tuple):
                self.constraints.append(block)
                continue
            literals, lengths = block
            flat = literals.tolist()
            start = 0
            for length in lengths:
                self.constraints.append(Clause(tuple(flat[start : start + length])))
                start += length

    # -- copies --------------------------------------------------------------------------------
    def copy(self) -> Model:
        """The same model, to add constraints to without touching this one (a search's
        restricted start, say); its constraints are immutable, so they are shared."""
        twin = Model(self.name)
        twin._ids, twin._keys = dict(self._ids), list(self._keys)
        twin.constraints, twin.objective = list(self.constraints), self.objective
        return twin

    def shuffled(self, seed: int, deadline: Deadline | None = None) -> Model:
        """The same problem with variables, constraints and their literals in a seeded order.

        Solvers' run times hang on such orders (a core-guided proof's time varies several-fold
        on the same board: bench/results/domination.md), so racing shuffled copies cuts the
        heavy tail. Keys are unchanged, so
        answers decode exactly as on the original. ``deadline`` is checked as the constraints
        are copied (OutOfTime once it has passed): a large board's copy takes seconds.
        """
        rng = random.Random(seed)
        copy = Model(f"{self.name}~{seed}")
        keys = list(self._keys)
        rng.shuffle(keys)
        for key in keys:
            copy.var(key)

        def move(lit: int) -> int:
            var = copy.lit(self.key(lit))
            return var if lit > 0 else -var

        def moved(lits: Iterable[int]) -> list[int]:
            out = [move(lit) for lit in lits]
            rng.shuffle(out)
            return out

        constraints = list(self.constraints)
        rng.shuffle(constraints)
        for index, constraint in enumerate(constraints):
            if deadline is not None and index % CHECK_EVERY == 0:
                deadline.check()
            if isinstance(constraint, Clause):
                copy.add_clause(moved(constraint.lits))
            elif isinstance(constraint, Cardinality):
                copy.add_cardinality(moved(constraint.lits), constraint.op, constraint.bound)
            else:
                arcs = [(arc.tail, arc.head, move(arc.lit)) for arc in constraint.arcs]
                rng.shuffle(arcs)
                copy.add_circuit(constraint.nodes, arcs)
        if self.objective is not None:
            terms = [(weight, move(lit)) for weight, lit in self.objective.terms]
            rng.shuffle(terms)
            copy.minimize(terms, self.objective.lower_bound)
        return copy
