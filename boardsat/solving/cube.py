"""Cubes: the independent pieces one refutation is split into.

A claim says that a model has no solution ("no placement of 46 knights or fewer"). A cube adds
constraints to that model: fixed variables, and exact counts over sets of variables (how many
knights stand in a band of rows). When the cubes' disjunction covers every assignment, refuting
each cube refutes the claim, and each cube can be refuted anywhere, by any backend, at any time.

Cubes are written in the model's own keys, never in solver numbers, so every backend route reads
the same cube and a proof directory stays meaningful across encoder versions.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key, Model


def literal(model: Model, key: Key, value: bool) -> int:
    """The literal that gives ``key`` its ``value``. A cube read from a proof directory may name
    any key, so one the model lacks is one line of error, not a KeyError."""
    try:
        lit = model.lit(key)
    except KeyError:
        message = f"a cube names {key!r}, which the claim's model has no variable for"
        raise BoardsatError(message) from None
    return lit if value else -lit


@dataclass(frozen=True)
class Cube:
    """The claim's model restricted by ``fixed`` (key, value) pairs and by ``counts``: exactly
    ``count`` of the variables ``keys`` are true."""

    fixed: tuple[tuple[Key, bool], ...] = ()
    counts: tuple[tuple[tuple[Key, ...], int], ...] = ()

    def apply(self, model: Model) -> None:
        """Add the cube's constraints to ``model`` (a fresh build of the claim's model)."""
        for key, value in self.fixed:
            model.add_clause([literal(model, key, value)])
        for keys, count in self.counts:
            model.add_exactly([literal(model, key, True) for key in keys], count)

    def extended(self, fixed: Sequence[tuple[Key, bool]]) -> Cube:
        """This cube with more variables fixed (a cube split again)."""
        return Cube((*self.fixed, *fixed), self.counts)

    @cached_property
    def ident(self) -> str:
        """A short name drawn from the cube's content, the same on every machine (kept once
        drawn: a proof's status names thousands of cubes after every settled one)."""
        return hashlib.sha256(json.dumps(self.to_json(), sort_keys=True).encode()).hexdigest()[:16]

    def to_json(self) -> dict[str, Any]:
        return {
            "fixed": [[_key_json(key), value] for key, value in self.fixed],
            "counts": [[[_key_json(key) for key in keys], count] for keys, count in self.counts],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Cube:
        return cls(
            tuple((_key_value(key), bool(value)) for key, value in data["fixed"]),
            tuple(
                (tuple(_key_value(key) for key in keys), int(count))
                for keys, count in data["counts"]
            ),
        )


@dataclass(frozen=True)
class Split:
    """Cubes whose disjunction covers ``parent`` ("" for the claim itself), by ``splitter``;
    ``lemmas`` are sub-claims (specs) the split rests on, each settled like a cube."""

    parent: str
    splitter: str
    cubes: tuple[Cube, ...]
    lemmas: tuple[Mapping[str, Any], ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "parent": self.parent,
            "splitter": self.splitter,
            "params": dict(self.params),
            "lemmas": [dict(lemma) for lemma in self.lemmas],
            "cubes": [cube.to_json() for cube in self.cubes],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Split:
        lemmas, params = data["lemmas"], data["params"]
        named = isinstance(data["parent"], str) and isinstance(data["splitter"], str)
        if not named or not isinstance(params, dict) or not isinstance(lemmas, list):
            raise ValueError("a split's parent, splitter, params or lemmas is not of its kind")
        if not all(isinstance(lemma, dict) for lemma in lemmas):
            raise ValueError("a split's lemma is no table of a claim's fields")
        return cls(
            data["parent"],
            data["splitter"],
            tuple(Cube.from_json(cube) for cube in data["cubes"]),
            tuple(data["lemmas"]),
            data["params"],
        )


class Claim(Protocol):
    """A statement that a model has no solution, rebuilt from its spec wherever a cube runs.

    A claim must be picklable (it travels to cluster workers) and its model deterministic: the
    same spec builds the same model, which ``model_hash`` checks. A claim may name the
    cardinality encoding of its certificates as ``cardinality`` (conquer.certifying_cardinality).
    """

    def spec(self) -> dict[str, Any]:
        """What rebuilds the claim (puzzle, instance, bound), as JSON."""
        ...

    def describe(self) -> str:
        """The claim in words."""
        ...

    def grounds(self) -> str | None:
        """Why refuting the model proves the claim, where the model states less than the claim
        (a symmetry break keeps one solution of each class); None where it states the claim."""
        ...

    def model(self) -> Model:
        """The model whose solutions would refute the claim (no objective)."""
        ...


def model_hash(model: Model) -> str:
    """A digest of the model's keys and constraints: a proof directory made for one model is
    refused for another."""
    digest = hashlib.sha256()
    digest.update(repr(list(model.keys())).encode())
    for constraint in model.constraints:
        digest.update(repr(constraint).encode())
    return digest.hexdigest()


def claim_model(claim: Claim, cube: Cube) -> Model:
    """The claim's model with the cube's constraints added."""
    model = claim.model()
    cube.apply(model)
    return model


def _key_json(key: Key) -> Any:
    return [_key_json(part) for part in key] if isinstance(key, tuple) else key


def _key_value(data: Any) -> Key:
    return tuple(_key_value(part) for part in data) if isinstance(data, list) else data
