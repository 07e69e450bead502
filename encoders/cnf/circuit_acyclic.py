"""Complete CNF circuit encodings: degree constraints plus "no cycle avoids the root".

Under exactly-one in/out degree constraints the true arcs form disjoint cycles. They form one
circuit exactly when the graph left after dropping the arcs *into* one active root is acyclic, so
a complete circuit encoding is an acyclicity encoding of that rooted graph. Two are here:

* ``eliminate``: vertex elimination (Rankooh and Rintanen, AAAI 2022). Each arc implies an edge
  variable e; eliminating v adds, for each in-neighbour u and out-neighbour w, the implication
  ``e(u,v) and e(v,w) -> e(u,w)`` (a new variable when u -> w is no edge yet), and forbids the 2-cycle when u == w. Every cycle shrinks
  to a forbidden 2-cycle, and the size is the fill of the elimination order (min-degree here):
  about ``sum(indeg * outdeg)`` clauses, small on boards whose knight graph is narrow.
* ``order``: every node gets a binary position and each rooted arc demands a strictly larger
  position at its head (a Miller-Tucker-Zemlin ordering); ``3 * ceil(log2 n)`` clauses per arc.

The root is the first node without a self-loop (it must be on the circuit); when every node may be
skipped, the root is chosen as the first active node through a prefix chain.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from itertools import count

from boardsat.core.model import Circuit
from boardsat.encoders.cnf.formula import CnfFormula

RootedArc = tuple[int, int, int]
"""(tail, head, literal): the literal is implied by the arc being used and its head not the root."""


def rooted_arcs(
    circuit: Circuit, lit: Callable[[int], int], formula: CnfFormula
) -> list[RootedArc]:
    """The arcs an acyclicity encoding must see: every used non-loop arc except those into the root."""
    loops = {arc.tail: lit(arc.lit) for arc in circuit.arcs if arc.tail == arc.head}
    moves = [(arc.tail, arc.head, lit(arc.lit)) for arc in circuit.arcs if arc.tail != arc.head]
    mandatory = [node for node in range(circuit.nodes) if node not in loops]
    if mandatory:
        root = mandatory[0]
        return [(tail, head, used) for tail, head, used in moves if head != root]
    is_root = _first_active(circuit.nodes, loops, formula)
    rooted = []
    for tail, head, used in moves:
        shown = formula.new_var()
        formula.add_clause([-used, is_root[head], shown])
        rooted.append((tail, head, shown))
    return rooted


def _first_active(nodes: int, loops: dict[int, int], formula: CnfFormula) -> list[int]:
    """Root literals: at most one, on an active node, and one whenever some node is active."""
    roots = []
    earlier = None  # "some node before this one is active"
    for node in range(nodes):
        active = -loops[node]
        root = formula.new_var()
        formula.add_clause([-root, active])
        if earlier is not None:
            formula.add_clause([-root, -earlier])
            formula.add_clause([-active, earlier, root])
        else:
            formula.add_clause([-active, root])
        after = formula.new_var()
        formula.add_clause([-active, after])
        if earlier is not None:
            formula.add_clause([-earlier, after])
        earlier = after
        roots.append(root)
    return roots


def eliminate(nodes: int, arcs: list[RootedArc], formula: CnfFormula) -> None:
    """Acyclicity by vertex elimination, in greedy min-degree order (fewest in x out first)."""
    succ: list[dict[int, int]] = [{} for _ in range(nodes)]
    pred: list[dict[int, int]] = [{} for _ in range(nodes)]
    for tail, head, used in arcs:
        # the elimination's variables mean "reaches": implied by an arc, never forcing one
        reaches = succ[tail].get(head)
        if reaches is None:
            reaches = succ[tail][head] = pred[head][tail] = formula.new_var()
        formula.add_clause([-used, reaches])
    tie = count()
    heap = [(len(pred[v]) * len(succ[v]), next(tie), v) for v in range(nodes)]
    heapq.heapify(heap)
    gone = [False] * nodes
    while heap:
        cost, _, v = heapq.heappop(heap)
        if gone[v] or cost != len(pred[v]) * len(succ[v]):
            continue  # a stale entry: v was eliminated, or its degree changed since
        gone[v] = True
        for u in pred[v]:
            del succ[u][v]
        for w in succ[v]:
            del pred[w][v]
        for u, into in pred[v].items():
            for w, out in succ[v].items():
                if u == w:
                    formula.add_clause([-into, -out])
                    continue
                shortcut = succ[u].get(w)
                if shortcut is None:
                    shortcut = formula.new_var()
                    succ[u][w] = shortcut
                    pred[w][u] = shortcut
                formula.add_clause([-into, -out, shortcut])
        for touched in {*pred[v], *succ[v]}:
            heapq.heappush(heap, (len(pred[touched]) * len(succ[touched]), next(tie), touched))


def order(nodes: int, arcs: list[RootedArc], formula: CnfFormula) -> None:
    """Acyclicity by binary positions: a used rooted arc u -> v forces position(u) < position(v)."""
    width = max(1, (nodes - 1).bit_length())
    bits = [[formula.new_var() for _ in range(width)] for _ in range(nodes)]
    for tail, head, used in arcs:
        # ``need`` says "tail < head on bits i..0"; the arc literal itself is the need on all bits
        need = used
        for i in reversed(range(width)):
            low, high = bits[tail][i], bits[head][i]
            formula.add_clause([-need, -low, high])
            rest = formula.new_var() if i else None
            equal_low = [-need, low, high]
            equal_high = [-need, -low, -high]
            if rest is not None:
                equal_low.append(rest)
                equal_high.append(rest)
            formula.add_clause(equal_low)
            formula.add_clause(equal_high)
            if rest is None:
                break
            need = rest
