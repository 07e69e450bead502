"""Small random models for the backend tests, and the brute-force reading they are checked by.

The reading itself is :mod:`boardsat.reference.brute_force` (``boardsat bench differential`` uses it too);
here are the hypothesis strategy that draws models it can afford to read, and the projection on
their plain variables that the tests count.
"""

from __future__ import annotations

from hypothesis import strategies as st

from boardsat import Model
from boardsat.core.model import Key
from boardsat.reference.brute_force import Truth, brute_force


def plain_keys(model: Model) -> list[Key]:
    """The keys of the plain variables (not arcs or skips), the projection the tests count."""
    every = model.keys()
    return [key for key in every if isinstance(key, tuple) and key[0] == "x"]


def projected_truth(model: Model) -> Truth:
    """Brute force's answer, with the distinct solutions counted on the plain variables."""
    return brute_force(model, plain_keys(model))


@st.composite
def models(draw: st.DrawFn, with_objective: bool) -> Model:
    model = Model("random")
    plain = [model.var(("x", index)) for index in range(draw(st.integers(1, 5)))]
    if draw(st.booleans()):
        nodes = 3
        arcs = [
            (t, h, model.var(("arc", t, h))) for t in range(nodes) for h in range(nodes) if t != h
        ]
        loops = [(n, n, model.var(("skip", n))) for n in range(nodes) if draw(st.booleans())]
        model.add_circuit(nodes, arcs + loops)
    every = list(range(1, model.num_vars + 1))
    literal = st.sampled_from(every).flatmap(lambda v: st.sampled_from((v, -v)))
    for clause in draw(st.lists(st.lists(literal, min_size=1, max_size=3), max_size=4)):
        model.add_clause(clause)
    for _ in range(draw(st.integers(0, 2))):
        lits = draw(st.lists(literal, min_size=1, max_size=5, unique_by=abs))
        op = draw(st.sampled_from(("<=", ">=", "==")))
        model.add_cardinality(lits, op, draw(st.integers(-1, len(lits) + 1)))
    if with_objective:
        terms = draw(st.lists(st.tuples(st.integers(1, 3), literal), min_size=1, max_size=6))
        model.minimize(terms or plain)
    return model
