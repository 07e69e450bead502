"""Circuit constraints in CNF: the registry of encodings, selectable by name.

An encoding either adds a complete CNF for the circuit, or adds a relaxation and returns a
:class:`Refiner` that cuts the subtours it sees in each model (lazy subtour elimination).

* ``lazy``: degree constraints and the redundant no-2-cycle clauses, then two cutset clauses for
  every subtour a model shows (some arc leaves it, some arc enters it), on the same incremental
  solver until a model is one circuit.
* ``lazy-leaving``: the same with the leaving cut only; ``lazy-bare``: leaving cuts and no
  no-2-cycle clauses. Both are kept to measure what each strengthening buys.
* ``vertex-elimination``: degrees plus the vertex-elimination acyclicity encoding of the rooted
  graph (Rankooh and Rintanen, AAAI 2022); complete, size set by the elimination fill.
* ``ordering``: degrees plus binary positions increasing along every rooted arc; complete,
  ``O(arcs * log nodes)`` clauses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from boardsat.core.errors import BoardsatError
from boardsat.core.model import Cardinality, Circuit
from boardsat.encoders.cnf import circuit_acyclic
from boardsat.encoders.cnf.cardinality import encode_cardinality
from boardsat.encoders.cnf.formula import CnfFormula

LitMap = Callable[[int], int]


class Refiner(Protocol):
    def refine(self, holds: Callable[[int], bool]) -> list[list[int]]:
        """Cuts (CNF clauses) violated by the model ``holds`` describes; empty if it is a circuit."""
        ...


CircuitEncoder = Callable[[Circuit, LitMap, CnfFormula, str], "Refiner | None"]


def check_circuit_encoding(name: str) -> str:
    if name not in CIRCUIT_ENCODINGS:
        known = ", ".join(CIRCUIT_ENCODINGS)
        raise BoardsatError(f"unknown circuit encoding {name!r}; known: {known}")
    return name


def encode_circuit(
    circuit: Circuit, lit: LitMap, name: str, formula: CnfFormula, cardinality: str
) -> Refiner | None:
    """Encode ``circuit`` (model literals, mapped by ``lit``) into ``formula``."""
    return CIRCUIT_ENCODINGS[name](circuit, lit, formula, cardinality)


def encode_degrees(circuit: Circuit, lit: LitMap, formula: CnfFormula, cardinality: str) -> None:
    """Every node has exactly one true outgoing and one true incoming arc (a self-loop counts)."""
    outgoing: list[list[int]] = [[] for _ in range(circuit.nodes)]
    incoming: list[list[int]] = [[] for _ in range(circuit.nodes)]
    for arc in circuit.arcs:
        outgoing[arc.tail].append(lit(arc.lit))
        incoming[arc.head].append(lit(arc.lit))
    for lits in (*outgoing, *incoming):
        encode_cardinality(Cardinality(tuple(lits), "==", 1), cardinality, formula)


class SubtourCuts:
    """Lazy subtour elimination: each cycle that misses an active node gets cutset clauses.

    For a cycle S and an active node v outside it, any circuit through both an active u in S and v
    leaves S and enters it again, so ``loop(u) or loop(v) or (some arc leaves S)`` holds in every
    solution, and so does the same clause on the arcs entering S (added when ``entering``; the
    degree constraints do not imply one from the other by propagation).
    """

    def __init__(self, circuit: Circuit, lit: LitMap, entering: bool = True) -> None:
        self.nodes = circuit.nodes
        self.sides = 2 if entering else 1
        self.loop: dict[int, int] = {}
        self.out: list[list[tuple[int, int]]] = [[] for _ in range(circuit.nodes)]
        self.into: list[list[tuple[int, int]]] = [[] for _ in range(circuit.nodes)]
        for arc in circuit.arcs:
            if arc.tail == arc.head:
                self.loop[arc.tail] = lit(arc.lit)
            else:
                self.out[arc.tail].append((arc.head, lit(arc.lit)))
                self.into[arc.head].append((arc.tail, lit(arc.lit)))

    def refine(self, holds: Callable[[int], bool]) -> list[list[int]]:
        successor: dict[int, int] = {}
        for tail, arcs in enumerate(self.out):
            for head, arc_lit in arcs:
                if holds(arc_lit):
                    successor[tail] = head
        cycles: list[list[int]] = []
        seen: set[int] = set()
        for start in successor:
            if start in seen:
                continue
            cycle = [start]
            seen.add(start)
            node = successor[start]
            while node != start:
                cycle.append(node)
                seen.add(node)
                node = successor[node]
            cycles.append(cycle)
        if len(cycles) <= 1:
            return []
        cuts = []
        for index, cycle in enumerate(cycles):
            inside = set(cycle)
            witness = cycles[(index + 1) % len(cycles)][0]
            loops = [self.loop[node] for node in (cycle[0], witness) if node in self.loop]
            for across in (self.out, self.into)[: self.sides]:
                cut = [arc_lit for v in cycle for w, arc_lit in across[v] if w not in inside]
                cuts.append(cut + loops)
        return cuts


def forbid_two_cycles(circuit: Circuit, lit: LitMap, formula: CnfFormula) -> None:
    """No a -> b -> a while some third node must be on the circuit: it could not be reached.

    Redundant for a complete encoding, but without them the lazy loop spends most of its rounds
    cutting 2-cycles one model at a time (bench/results/tour.md, "No-2-cycle clauses").
    """
    looped = {arc.tail for arc in circuit.arcs if arc.tail == arc.head}
    mandatory = set(range(circuit.nodes)) - looped
    arc_lit = {(arc.tail, arc.head): arc.lit for arc in circuit.arcs if arc.tail != arc.head}
    for (tail, head), forward in arc_lit.items():
        backward = arc_lit.get((head, tail))
        if tail < head and backward is not None and mandatory - {tail, head}:
            formula.add_clause([-lit(forward), -lit(backward)])


def _lazy(circuit: Circuit, lit: LitMap, formula: CnfFormula, cardinality: str) -> Refiner:
    encode_degrees(circuit, lit, formula, cardinality)
    forbid_two_cycles(circuit, lit, formula)
    return SubtourCuts(circuit, lit)


def _lazy_leaving(circuit: Circuit, lit: LitMap, formula: CnfFormula, cardinality: str) -> Refiner:
    encode_degrees(circuit, lit, formula, cardinality)
    forbid_two_cycles(circuit, lit, formula)
    return SubtourCuts(circuit, lit, entering=False)


def _lazy_bare(circuit: Circuit, lit: LitMap, formula: CnfFormula, cardinality: str) -> Refiner:
    encode_degrees(circuit, lit, formula, cardinality)
    return SubtourCuts(circuit, lit, entering=False)


def _vertex_elimination(
    circuit: Circuit, lit: LitMap, formula: CnfFormula, cardinality: str
) -> None:
    encode_degrees(circuit, lit, formula, cardinality)
    circuit_acyclic.eliminate(
        circuit.nodes, circuit_acyclic.rooted_arcs(circuit, lit, formula), formula
    )


def _ordering(circuit: Circuit, lit: LitMap, formula: CnfFormula, cardinality: str) -> None:
    encode_degrees(circuit, lit, formula, cardinality)
    circuit_acyclic.order(
        circuit.nodes, circuit_acyclic.rooted_arcs(circuit, lit, formula), formula
    )


CIRCUIT_ENCODINGS: dict[str, CircuitEncoder] = {
    "lazy": _lazy,
    "lazy-leaving": _lazy_leaving,
    "lazy-bare": _lazy_bare,
    "vertex-elimination": _vertex_elimination,
    "ordering": _ordering,
}
DEFAULT_CIRCUIT_ENCODING = "lazy"
COMPLETE_CIRCUIT_ENCODINGS = ("vertex-elimination", "ordering")  # no cuts while solving
