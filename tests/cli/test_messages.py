"""What the command line says at a mistake: the name it was given, in the user's words, and the
way out (issue 65, item 6)."""

from __future__ import annotations

import pytest

from tests.conftest import CliRun


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["flipit", "--board", ""], "boardsat: error: an empty board name: name star, line:N"),
        (["solve", ""], "'': an empty name names no instance file"),
        (["solve", "--check", ""], "'': an empty name names no instance file"),
        (["proof", "horizon", "", "3"], "boardsat: error: '': an empty name names no instance"),
    ],
)
def test_an_empty_name_is_refused_as_empty_not_as_the_working_folder(
    run_cli: CliRun, args: list[str], said: str
) -> None:
    """Path('') is '.', which once read as a folder: ".: cannot read it (Is a directory)"."""
    code, out, err = run_cli(*args)
    assert code == 2 and out == "" and err.startswith(said), err
    assert len(err.splitlines()) == 1 and "Is a directory" not in err


@pytest.mark.parametrize(
    ("given", "alone"), [("all,none", "all"), ("no_undo, all", "all"), ("none,symmetry", "none")]
)
def test_all_or_none_beside_other_strengthenings_is_refused_as_a_contradiction(
    run_cli: CliRun, given: str, alone: str
) -> None:
    """Once "unknown strengthening 'all'; known: all, none, ...": 'all' both known and not."""
    code, out, err = run_cli("exchange", "--strengthen", given)
    assert code == 2 and out == "" and "unknown" not in err
    assert err == f"boardsat: error: {alone} stands alone: give all, none, or names of them\n"
