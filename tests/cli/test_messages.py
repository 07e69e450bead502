"""What the command line says at a mistake: the name it was given, in the user's words, and the
way out (issue 65, item 6)."""

from __future__ import annotations

from pathlib import Path

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


@pytest.mark.parametrize(
    "args",
    [
        ["domination", "6", "--cubes"],
        ["domination", "6", "--variant", "total", "--cubes", "colours"],
        ["domination", "6", "--count", "enumerate", "--cubes", "lookahead"],
        ["proof", "horizon", "flipit:seed", "3"],
    ],
)
@pytest.mark.parametrize("route", ["highs", "gurobi"])
def test_a_cube_route_that_cannot_settle_cubes_is_refused_before_any_work(
    run_cli: CliRun,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    route: str,
) -> None:
    """HiGHS once ran the placement search and the split (6.6 s), then failed in the first
    cube, naming an internal class: "cube 5075...: BoardsatError: backend 'highs' cannot run
    optimisation 'linear-down'"."""
    from boardsat.proof import minimum

    def no_work(*_args: object, **_options: object) -> None:
        raise AssertionError("the search ran before the route was refused")

    monkeypatch.setattr(minimum, "solve_request", no_work)
    monkeypatch.setattr(minimum, "search_total", no_work)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(*args, "--cube-route", route)
    assert code == 2 and out == "" and list(tmp_path.iterdir()) == []
    assert err == (
        f"boardsat: error: the cube route {route} is a MIP backend, which settles no cube here:"
        " give cpsat, scip, or a python-sat solver name\n"
    )
