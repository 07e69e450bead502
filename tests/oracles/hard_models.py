"""Models whose refutation is provably out of reach within a test's time limit, for time-limit tests.

A time-limit test must not depend on a solver's speed: it needs an instance whose proof is far
beyond the limit on any machine. Both families here are unsatisfiable (or, with ``escape``, have
the optimum 1 whose proof is the same refutation), and both are exponentially hard for resolution,
so for every CDCL SAT solver:

- ``pigeonhole``: n+1 pigeons, n holes, in clause form (Haken: resolution needs size 2^Omega(n)).
  Hard only for resolution: CP-SAT, SCIP and HiGHS find each hole's at-most-one as a clique and
  refute it at once by their linear relaxation, so use it for the SAT backends alone.
- ``tseitin``: an odd charge on a random 4-regular graph, one XOR per vertex as clauses
  (Urquhart: resolution needs 2^Omega(n) on expanders). Its linear relaxation is satisfied by
  every variable at 1/2, so the LP bounds of CP-SAT, SCIP and HiGHS are no help either: use it for
  every backend.
"""

from __future__ import annotations

import itertools
import random

from boardsat import Model

HARD_PIGEONHOLE_HOLES = 13
"""PHP(14, 13): CDCL solvers need minutes to hours to refute it, far past a 1 s limit."""

HARD_TSEITIN_VERTICES = 100
"""At 38 vertices CP-SAT and CaDiCaL already take seconds; each six more multiply that tenfold."""


def pigeonhole(holes: int, escape: bool = False) -> Model:
    """holes+1 pigeons in ``holes`` holes; with ``escape``, a pigeon may stay out at cost 1."""
    model = Model("pigeonhole")
    for pigeon in range(holes + 1):
        places = [model.var(("in", pigeon, hole)) for hole in range(holes)]
        if escape:
            places.append(model.var(("out", pigeon)))
        model.add_clause(places)
    for hole in range(holes):
        for first, second in itertools.combinations(range(holes + 1), 2):
            model.add_clause([-model.lit(("in", first, hole)), -model.lit(("in", second, hole))])
    if escape:
        model.minimize([model.lit(("out", pigeon)) for pigeon in range(holes + 1)])
    return model


def tseitin(vertices: int, seed: int = 1, escape: bool = False) -> Model:
    """Edge variables whose parity at each vertex is its charge, the charges summing to an odd
    number; with ``escape``, a vertex may break its parity at cost 1 (the optimum is 1).

    The graph is two seeded random Hamiltonian cycles on the vertices, so every vertex has degree
    four (parallel edges allowed): an expander with high probability.
    """
    rng = random.Random(seed)
    edges = []
    for _ in range(2):
        order = list(range(vertices))
        rng.shuffle(order)
        edges += list(zip(order, order[1:] + order[:1], strict=True))
    model = Model("tseitin")
    edge = [model.var(("edge", index)) for index in range(len(edges))]
    for vertex in range(vertices):
        incident = [edge[index] for index, ends in enumerate(edges) if vertex in ends]
        charge = int(vertex == 0)
        relax = [model.var(("out", vertex))] if escape else []
        for values in itertools.product((True, False), repeat=len(incident)):
            if sum(values) % 2 != charge:  # forbid this assignment of the incident edges
                model.add_clause(
                    [-lit if on else lit for on, lit in zip(values, incident, strict=True)] + relax
                )
    if escape:
        model.minimize([model.lit(("out", vertex)) for vertex in range(vertices)])
    return model
