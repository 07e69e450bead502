"""Every command's --json output holds to the JSON Schema shipped for it (boardsat/schemas/),
whichever route answered: one command, one schema."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.conftest import CliRun

SCHEMAS = ("domination", "tour", "planning")
RUNS = {
    "domination": [
        ("domination", "5"),
        ("domination", "6", "--variant", "total", "--backend", "cadical195"),
        ("domination", "4", "--time-limit", "0"),
        ("domination", "5", "--variant", "dominating", "--count"),
        ("domination", "5", "--variant", "total", "--count", "zdd"),
        ("domination", "6", "--variant", "total", "--count"),
        ("domination", "8", "--count", "--time-limit", "0"),
    ],
    "tour": [
        ("tour", "6"),
        ("tour", "5", "--open", "--start", "a1", "--count"),
        ("tour", "5", "--open", "--start", "a1", "--count", "--counter", "enumerate"),
        ("tour", "6", "--all", "--limit", "2"),
    ],
    "planning": [
        ("exchange", "--verify", "--farthest"),
        ("flipit", "--board", "line:8", "--start", "BBB.BBBB", "--route", "sat"),
        ("shogi", "--route", "bfs"),
        ("shogi", "--time-limit", "0"),
        ("exchange", "--start", ".../.B./...", "--goal", "B../.../..."),
    ],
}


def schema(name: str) -> dict[str, Any]:
    text = resources.files("boardsat").joinpath(f"schemas/{name}.json").read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


@pytest.mark.parametrize("name", SCHEMAS)
def test_each_shipped_schema_is_a_valid_schema(name: str) -> None:
    Draft202012Validator.check_schema(schema(name))


@pytest.mark.parametrize(
    ("name", "args"),
    [(name, args) for name, runs in RUNS.items() for args in runs],
    ids=lambda value: value if isinstance(value, str) else " ".join(value),
)
def test_every_commands_json_holds_to_its_schema(
    run_cli: CliRun, name: str, args: tuple[str, ...]
) -> None:
    code, out, err = run_cli(*args, "--json")
    assert code in (0, 3), err
    Draft202012Validator(schema(name)).validate(json.loads(out))


def test_a_proof_by_cubes_and_a_file_hold_to_their_commands_schemas(
    run_cli: CliRun, tmp_path: Path
) -> None:
    proof = tmp_path / "p"
    code, out, err = run_cli("domination", "5", "--cubes", "--proof-dir", str(proof), "--json")
    assert code == 0, err
    Draft202012Validator(schema("domination")).validate(json.loads(out))
    for instance, name in (("shogi:seed", "planning"), ("domination:seed", "domination")):
        code, out, err = run_cli("solve", instance, "--json")
        assert code == 0, err
        Draft202012Validator(schema(name)).validate(json.loads(out))


def test_a_schema_refuses_a_renamed_field(run_cli: CliRun) -> None:
    """The schemas are strict: the fields the cubes once renamed would not pass."""
    code, out, _ = run_cli("domination", "5", "--json")
    assert code == 0
    document = json.loads(out)
    document["best"] = document.pop("placement")
    assert not Draft202012Validator(schema("domination")).is_valid(document)
