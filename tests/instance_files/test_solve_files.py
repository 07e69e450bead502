"""Instance files: each goes down its command's route, the seeds reach their published figures,
and every mistake is one line, ``FILE: key: what``, with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import boardsat.cli.solve as solve_cli
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.rules import validate
from boardsat.models.exchange import published as exchange_seed
from boardsat.models.exchange.rules import replay as exchange_replay
from boardsat.models.flipit import published as flipit_seed
from boardsat.models.flipit.rules import replay as flipit_replay
from boardsat.models.instance_file import FileAnswer, Instance, read_instance, shipped_instances
from boardsat.models.shogi import published as shogi_seed
from boardsat.models.shogi.rules import replay as shogi_replay
from boardsat.models.tour.published import SEED_COUNTS
from boardsat.models.tour.rules import validate_tour
from tests.conftest import CliRun

COMMANDS = {
    "domination:seed": ["domination", "8", "--variant", "independent"],
    "domination:dominating-8": ["domination", "8", "--variant", "dominating"],
    "domination:total-10": ["domination", "10", "--variant", "total"],
    "tour:seed": [
        *("tour", "5", "--open", "--start", "a5", "--count"),
        *("--counter", "enumerate", "--backend", "cpsat"),
    ],
    "tour:closed-8": ["tour", "8"],
    "exchange:seed": ["exchange", "--start", "BBB/.../.../WWW", "--goal", "WWW/.../.../BBB"],
    "exchange:five-a-side": [
        *("exchange", "--start", "BBBBB/...../...../...../WWWWW"),
        *("--goal", "WWWWW/...../...../...../BBBBB"),
    ],
    "exchange:seventh-guest": [
        *("exchange", "--start", "BBBBW/BBBWW/BB.WW/BBWWW/BWWWW"),
        *("--goal", "WWWWB/WWWBB/WW.BB/WWBBB/WBBBB"),
    ],
    "flipit:seed": ["flipit", "--board", "star", "--start", ".BBBBBBBBBBB"],
    "flipit:line-20": ["flipit", "--board", "line:20", "--start", "BBBBBBBBBB.BBBBBBBBB"],
    "flipit:farthest": ["flipit", "--start", ".BBBBBBBWWBB"],
    "shogi:seed": ["shogi", "--start", "BP1/1S1/P1P", "--goal", "1PP/1S1/P1B"],
    "shogi:deep": ["shogi", "--start", "SRR/+BP+S/1B+P", "--goal", "S1R/RP+S/+BB+P"],
}
"""Each shipped instance as its own command would be typed."""


def command_request(args: list[str], run_cli: CliRun, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The request the command builds, caught where it is handed to the puzzle's solve."""
    caught: list[Any] = []

    def catch(request: Any, *_: Any) -> None:
        caught.append(request)
        raise SystemExit(0)

    monkeypatch.setattr("boardsat.cli.domination.solve_request", catch)
    monkeypatch.setattr("boardsat.cli.tour.solve_request", catch)
    monkeypatch.setattr("boardsat.models.planning.solve.solve", catch)
    code, _, err = run_cli(*args)
    assert code == 0, err
    return caught[0]


def test_every_puzzle_ships_its_seed_and_every_instance_is_listed(run_cli: CliRun) -> None:
    assert set(shipped_instances()) == set(COMMANDS)
    code, out, _ = run_cli("solve", "--list", "--json")
    listed = {item["name"]: item for item in json.loads(out)["instances"]}
    assert code == 0 and set(listed) == set(COMMANDS)
    assert all(item["kind"] == name.split(":")[0] for name, item in listed.items())
    assert all(item["description"] for item in listed.values())


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_shipped_file_builds_the_request_its_command_builds(
    name: str, run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    from_file = read_instance(name).request
    assert command_request(COMMANDS[name], run_cli, monkeypatch) == from_file


def test_a_written_file_with_solve_options_builds_the_commands_request(
    tmp_path: Path, run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "shogi.toml"
    path.write_text(
        'kind = "shogi"\nstart = "BP1/1S1/P1P"\ngoal = "1PP/1S1/P1B"\n'
        '[solve]\nbackend = "glucose4"\nstrengthen = "none"\nbounds = false\nverify = true\n'
        'max_horizon = 9\ntime_limit = 30\nroute = "auto"\n'
    )
    command = [
        *COMMANDS["shogi:seed"],
        *("--backend", "glucose4", "--strengthen", "none", "--no-bounds", "--verify"),
        *("--route", "auto"),
        *("--max-horizon", "9", "--time-limit", "30"),
    ]
    assert command_request(command, run_cli, monkeypatch) == read_instance(str(path)).request


def test_a_domination_file_with_a_square_order_builds_the_commands_request(
    tmp_path: Path, run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "knights.toml"
    path.write_text('kind = "domination"\nrows = 8\n[solve]\norder = "zorder"\nsymmetry = true\n')
    command = [*COMMANDS["domination:seed"], "--order", "zorder", "--symmetry"]
    assert command_request(command, run_cli, monkeypatch) == read_instance(str(path)).request


def test_the_command_line_overrides_the_files_backend_and_time_limit() -> None:
    request = read_instance("tour:closed-8", {"backend": "cadical195", "time_limit": 7.0}).request
    assert (request.backend, request.time_limit) == ("cadical195", 7.0)


def solved_through_the_cli(
    name: str, run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> tuple[dict[str, Any], FileAnswer]:
    """`boardsat solve NAME --json`: its document and the answer it printed it from."""
    answers: list[FileAnswer] = []
    run = solve_cli._run

    def keep(instance: Instance) -> FileAnswer:
        answers.append(run(instance))
        return answers[-1]

    monkeypatch.setattr(solve_cli, "_run", keep)
    code, out, err = run_cli("solve", name, "--json")
    assert code == 0, err
    return json.loads(out), answers[0]


def test_the_domination_seed_is_a_valid_placement_of_the_published_size(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    document, answer = solved_through_the_cli("domination:seed", run_cli, monkeypatch)
    placement = answer.answer.placement  # type: ignore[attr-defined]
    assert validate(8, 8, "independent", placement) == []
    assert document["knights"] == len(placement) == published_minimum(8, "independent")
    assert document["proven_optimal"] is True


def test_the_tour_seed_counts_every_valid_open_tour_the_seed_counted(
    run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    document, answer = solved_through_the_cli("tour:seed", run_cli, monkeypatch)
    tours = answer.answer.tours  # type: ignore[attr-defined]
    assert document["count"] == len(set(tours)) == SEED_COUNTS[(5, 5)] and document["exact"]
    assert all(validate_tour(5, 5, list(tour), closed=False, start=(0, 0)) == [] for tour in tours)


@pytest.mark.parametrize(
    ("name", "replay", "moves"),
    [
        ("exchange:seed", exchange_replay, exchange_seed.SEED_MOVES),
        ("flipit:seed", flipit_replay, flipit_seed.SEED_MOVES),
        ("shogi:seed", shogi_replay, shogi_seed.SEED_MOVES),
    ],
)
def test_a_planning_seed_replays_to_its_goal_in_the_published_moves(
    name: str, replay: Any, moves: int, run_cli: CliRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    document, answer = solved_through_the_cli(name, run_cli, monkeypatch)
    plan = answer.answer  # a PlanAnswer
    instance = read_instance(name).request.puzzle
    positions = replay(getattr(instance, "exchange", None) or instance.instance, plan.moves)  # type: ignore[attr-defined]
    assert instance.is_goal(positions[-1])
    assert document["moves"] == len(plan.moves) == moves  # type: ignore[attr-defined]
    assert document["proven_optimal"] is True


def test_a_file_answers_what_its_command_answers(run_cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text('kind = "domination"\nrows = 5\ncols = 6\nvariant = "total"\n')
    _, by_command, _ = run_cli("domination", "5", "6", "--variant", "total", "--json")
    _, by_file, _ = run_cli("solve", str(path), "--json")
    fields = ("knights", "proven_optimal", "lower_bound", "route", "split")
    assert [json.loads(by_file)[f] for f in fields] == [json.loads(by_command)[f] for f in fields]


def test_several_files_give_one_line_each(run_cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "line.toml"
    path.write_text('kind = "flipit"\nboard = "line:5"\n')
    code, out, _ = run_cli("solve", "shogi:seed", str(path))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0].split()[:4] == ["shogi:seed", "shogi", "OPTIMAL", str(shogi_seed.SEED_MOVES)]
    assert lines[1].split()[:3] == [str(path), "flipit", "OPTIMAL"]
    code, out, _ = run_cli("solve", "shogi:seed", str(path), "--json")
    documents = [json.loads(line) for line in out.splitlines()]
    assert [(d["file"], d["kind"]) for d in documents] == [
        ("shogi:seed", "shogi"),
        (str(path), "flipit"),
    ]
    assert documents[0]["value"] == documents[0]["answer"]["moves"] == shogi_seed.SEED_MOVES


@pytest.mark.parametrize("name", ["shogi:deep", "domination:seed", "tour:closed-8"])
def test_one_file_left_without_an_answer_ends_as_its_command_does(
    run_cli: CliRun, name: str
) -> None:
    code, out, _ = run_cli("solve", name, "--time-limit", "0", "--json")
    assert code == 3 and json.loads(out)  # the answer (UNKNOWN) is printed all the same


def test_files_left_without_an_answer_end_with_status_3_as_each_alone_does(
    run_cli: CliRun,
) -> None:
    code, out, _ = run_cli("solve", "shogi:seed", "shogi:deep", "--time-limit", "0")
    statuses = [line.split()[2] for line in out.splitlines()]
    assert code == 3 and statuses == ["UNKNOWN", "UNKNOWN"]
    assert run_cli("solve", "shogi:seed", "--time-limit", "0")[0] == 3


BAD = {
    "TOML syntax": ('kind = "shogi"\nstart =\n', "line 2, column 8"),
    "missing kind": ('start = "B"\n', "kind"),
    "unknown kind": ('kind = "chess"\n', "kind"),
    "unknown key": ('kind = "exchange"\nstrat = "BB/../WW"\n', "strat"),
    "unknown solve key": ('kind = "tour"\nrows = 5\n[solve]\nroute = "x"\n', "solve.route"),
    "wrong type": ('kind = "domination"\nrows = "8"\n', "rows"),
    "size below 1": ('kind = "tour"\nrows = 0\n', "rows"),
    "solve not a table": ('kind = "tour"\nrows = 5\nsolve = 3\n', "solve"),
    "bad time limit": ('kind = "tour"\nrows = 5\n[solve]\ntime_limit = -1\n', "solve.time_limit"),
    "unknown backend": ('kind = "tour"\nrows = 5\n[solve]\nbackend = "x"\n', "solve.backend"),
    "bad exchange board": ('kind = "exchange"\nstart = "B#/.."\ngoal = "B./.."\n', "start"),
    "bad shogi piece": ('kind = "shogi"\nstart = "BX1"\ngoal = "1PB"\n', "start"),
    "goal with other pieces": ('kind = "shogi"\nstart = "BP1"\ngoal = "1PP"\n', "goal"),
    "bad flipit line": ('kind = "flipit"\ncells = 4\nlines = [[0, 9]]\n', "lines"),
    "square off the board": ('kind = "tour"\nrows = 5\nopen = true\nstart = "z9"\n', "start"),
    "unknown variant": ('kind = "domination"\nrows = 5\nvariant = "x"\n', "variant"),
    "unknown order": ('kind = "domination"\nrows = 5\n[solve]\norder = "x"\n', "solve.order"),
    "unknown planning route": (
        'kind = "shogi"\nstart = "BP1"\ngoal = "1PB"\n[solve]\nroute = "x"\n',
        "solve.route",
    ),
    "a backend beside a route that runs on none": (
        'kind = "shogi"\nstart = "BP1"\ngoal = "1PB"\n[solve]\nroute = "bfs"\nbackend = "highs"\n',
        "solve.backend",
    ),
}


@pytest.mark.parametrize(("text", "key"), BAD.values(), ids=BAD.keys())
def test_a_files_mistake_is_one_line_naming_the_file_and_the_key(
    text: str, key: str, run_cli: CliRun, tmp_path: Path
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    code, out, err = run_cli("solve", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"{path}: {key}: ")


def test_every_bad_file_is_named_before_anything_is_solved(run_cli: CliRun, tmp_path: Path) -> None:
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text('kind = "chess"\n')
    second.write_text("rows = 3\n")
    code, out, err = run_cli("solve", "shogi:seed", str(first), str(second), "no:such")
    lines = err.splitlines()
    assert code == 2 and out == "" and len(lines) == 3
    assert [line.split(": ")[0] for line in lines] == [str(first), str(second), "no:such"]
