"""The examples in the docstrings run: boardsat's own, and each puzzle package's.

Every puzzle of the registry (``boardsat.models.registry``) is held to it, so a new puzzle is held
to it from its first commit: its ``__init__`` (or a name it exports) must carry an example.
"""

from __future__ import annotations

import doctest
import importlib
from types import ModuleType

import pytest

from boardsat.models.registry import PUZZLES


def examples(module: ModuleType) -> list[doctest.DocTest]:
    """The module docstring's examples and those of the names it exports, wherever defined."""
    finder = doctest.DocTestFinder(recurse=False)
    found = {test.name: test for test in finder.find(module) if test.examples}
    for name in getattr(module, "__all__", ()):
        exported = getattr(module, name)
        for test in finder.find(exported, f"{module.__name__}.{name}", globs=vars(module)):
            if test.examples:
                found.setdefault(test.name, test)
    return list(found.values())


def run_examples(module: ModuleType) -> None:
    tests = examples(module)
    assert tests, f"{module.__name__} has no docstring example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    summary = runner.summarize(verbose=False)
    assert summary.failed == 0, f"{summary.failed} of {summary.attempted} examples failed"


def test_there_are_puzzle_packages() -> None:
    assert PUZZLES


@pytest.mark.parametrize(
    "module",
    [
        "boardsat",
        "boardsat.differential",
        "boardsat.proof.minimum",
        "boardsat.models.domination.counting.count",
    ],
)
def test_the_library_examples_run(module: str) -> None:
    run_examples(importlib.import_module(module))


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_each_puzzle_package_has_an_example_that_runs(puzzle: str) -> None:
    run_examples(importlib.import_module(f"boardsat.models.{puzzle}"))
