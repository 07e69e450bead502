"""The model's own behaviour: a pickled model (as a child process receives it) is the same
model, constraint by constraint and in order, and a copy leaves the original alone."""

from __future__ import annotations

import pickle

import cloudpickle
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.model import Model


@st.composite
def models(draw: st.DrawFn) -> Model:
    model = Model(draw(st.text(max_size=5)))
    count = draw(st.integers(1, 8))
    lits = [model.var(("x", index)) for index in range(count)]
    literal = st.sampled_from(lits).flatmap(lambda lit: st.sampled_from([lit, -lit]))
    for kind in draw(st.lists(st.sampled_from(["clause", "card", "circuit"]), max_size=12)):
        if kind == "clause":
            model.add_clause(draw(st.lists(literal, min_size=1, max_size=4)))
        elif kind == "card":
            model.add_cardinality(
                draw(st.lists(literal, max_size=4)),
                draw(st.sampled_from(["<=", ">=", "=="])),
                draw(st.integers(0, 3)),
            )
        else:
            model.add_circuit(2, [(0, 1, lits[0]), (1, 0, lits[-1]), (0, 0, lits[0])])
    if draw(st.booleans()):
        model.minimize(draw(st.lists(st.sampled_from(lits), max_size=4)), draw(st.integers(0, 2)))
    return model


def same(one: Model, other: Model) -> bool:
    return (
        one.name == other.name
        and list(one.keys()) == list(other.keys())
        and one.constraints == other.constraints
        and one.objective == other.objective
        and all(other.lit(key) == one.lit(key) for key in list(one.keys()))
    )


@settings(max_examples=100, deadline=None)
@given(models())
def test_a_pickled_model_is_the_same_model(model: Model) -> None:
    for dumps in (pickle.dumps, cloudpickle.dumps):
        assert same(pickle.loads(dumps(model)), model)


@settings(max_examples=30, deadline=None)
@given(models())
def test_a_copy_grows_apart_from_its_original(model: Model) -> None:
    copy = model.copy()
    assert same(copy, model)
    copy.add_clause([copy.var(("new", 0))])
    assert ("new", 0) not in model and len(copy.constraints) == len(model.constraints) + 1
