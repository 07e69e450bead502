"""Answer files: a board and a placement kept together, written by `domination --save` and held
to the rules by `solve --check` without solving; every committed open-term answer checks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardsat.models.domination.published import PUBLISHED_BEYOND, published_minimum
from boardsat.models.domination.rules import validate
from boardsat.models.instance_file import read_instance
from tests.conftest import CliRun

OPEN_TERMS = Path(__file__).parents[2] / "bench" / "results" / "open_terms"


@pytest.fixture
def saved(run_cli: CliRun, tmp_path: Path) -> Path:
    path = tmp_path / "total-10.toml"
    code, _, err = run_cli("domination", "10", "--variant", "total", "--save", str(path))
    assert code == 0, err
    return path


def placement_of(path: Path) -> set[tuple[int, int]]:
    instance = read_instance(str(path))
    assert instance.answer is not None
    board = instance.request
    names = instance.answer.data["knights"]
    return {(board.rows - int(name[1:]), ord(name[0]) - ord("a")) for name in names}


def test_a_saved_answer_checks_valid_and_holds_the_placement_found(
    run_cli: CliRun, saved: Path
) -> None:
    assert validate(10, 10, "total", placement_of(saved)) == []
    assert len(placement_of(saved)) == published_minimum(10, "total")
    code, out, _ = run_cli("solve", "--check", str(saved))
    assert code == 0
    assert out.strip() == (
        f"{saved}: total 10x10, 22 knights (published: 22, OEIS A261752): valid by the rules"
    )


def test_a_knight_taken_away_breaks_the_rules_and_the_exit_status_is_1(
    run_cli: CliRun, saved: Path, tmp_path: Path
) -> None:
    text = saved.read_text()
    first = re.search(r'"([a-z]+[0-9]+)", ', text)
    assert first is not None
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace(first.group(0), "", 1))
    code, out, _ = run_cli("solve", "--check", str(broken), str(saved), "--json")
    assert code == 1
    documents = [json.loads(line) for line in out.splitlines()]
    assert [document["valid"] for document in documents] == [False, True]
    assert documents[0]["knights"] == 21 and "not attacked" in documents[0]["problems"][0]


def test_a_square_listed_twice_is_a_problem_the_rules_alone_would_miss(
    run_cli: CliRun, saved: Path, tmp_path: Path
) -> None:
    twice = tmp_path / "twice.toml"
    text = saved.read_text()
    first = re.search(r'"([a-z]+[0-9]+)"', text)
    assert first is not None
    twice.write_text(text.replace("knights = [\n", f"knights = [\n    {first.group(0)},\n"))
    code, out, _ = run_cli("solve", "--check", str(twice))
    assert code == 1 and f"INVALID: {first.group(1)} is listed twice" in out


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            'kind = "domination"\nrows = 5\n[answer]\nknights = ["z9"]\n',
            "answer.knights: square 'z9' is off the 5x5 board",
        ),
        (
            'kind = "domination"\nrows = 5\n[answer]\nknights = "a1"\n',
            "answer.knights: a list of squares in chess notation",
        ),
        (
            'kind = "domination"\nrows = 5\n[answer]\nknights = []\nby = "me"\n',
            "answer.by: unknown key",
        ),
        (
            'kind = "exchange"\nstart = "BBB/.../WWW"\ngoal = "WWW/.../BBB"\n[answer]\n',
            "answer: exchange files hold no answer to check",
        ),
        ('kind = "domination"\nrows = 5\n', "answer: missing: no [answer] table to check"),
    ],
)
def test_a_file_with_no_answer_to_check_is_one_line_and_exit_status_2(
    run_cli: CliRun, tmp_path: Path, text: str, says: str
) -> None:
    path = tmp_path / "instance.toml"
    path.write_text(text)
    code, out, err = run_cli("solve", "--check", str(path))
    assert code == 2 and out == "" and says in err and len(err.strip().splitlines()) == 1


def test_save_refuses_a_taken_file_before_solving_and_goes_with_a_solve_only(
    run_cli: CliRun, saved: Path
) -> None:
    before = saved.read_bytes()
    code, _, err = run_cli("domination", "10", "--variant", "total", "--save", str(saved))
    assert code == 2 and "exists" in err and saved.read_bytes() == before
    code, _, err = run_cli("domination", "6", "--count", "--save", str(saved) + "x")
    assert code == 2 and "--save" in err
    code, _, err = run_cli("solve", "--check", str(saved), "--time-limit", "3")
    assert code == 2 and "--check solves nothing" in err


def test_every_committed_open_term_answer_checks_valid(run_cli: CliRun) -> None:
    """The placements of bench/results/open_terms/: each valid by the rules, and where a value is
    published, of exactly that size (a smaller one would refute the published table)."""
    files = sorted(OPEN_TERMS.glob("*.toml"))
    assert files, f"no answer file in {OPEN_TERMS}"
    code, out, _ = run_cli("solve", "--check", "--json", *map(str, files))
    assert code == 0
    for line in out.splitlines():
        document = json.loads(line)
        n = document["rows"]
        assert document["valid"] and document["cols"] == n
        published = document["published"]
        beyond = PUBLISHED_BEYOND["total"].get(n)
        assert published in (None, beyond) or published == published_minimum(n, "total")
        assert published is None or document["knights"] == published


def test_a_proof_starts_from_an_answer_file_without_searching(
    run_cli: CliRun, saved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardsat.proof import minimum

    def no_search(*_args: object) -> None:
        raise AssertionError("the proof searched although a placement was given")

    monkeypatch.setattr(minimum, "first_placement", no_search)
    proof = tmp_path / "p"
    args = ["domination", "10", "--variant", "total", "--cubes", "--json", "--quiet"]
    code, out, err = run_cli(*args, "--from", str(saved), "--proof-dir", str(proof))
    assert code == 0, err
    document = json.loads(out)
    assert document["proven_optimal"] and document["knights"] == len(placement_of(saved))
    code, out, _ = run_cli("proof", "check", str(proof))
    assert code == 0 and out.rstrip().endswith("22 is optimal, certified")


def test_a_start_of_another_board_or_against_the_rules_is_refused_before_any_file(
    run_cli: CliRun, saved: Path, tmp_path: Path
) -> None:
    proof = tmp_path / "p"
    other = ["domination", "12", "--variant", "total", "--cubes", "--proof-dir", str(proof)]
    code, _, err = run_cli(*other, "--from", str(saved))
    assert code == 2 and "holds total 10x10, 22 knights" in err and not proof.exists()
    broken = tmp_path / "broken.toml"
    broken.write_text(re.sub(r'"[a-z]+[0-9]+", ', "", saved.read_text(), count=1))
    same = ["domination", "10", "--variant", "total", "--cubes", "--proof-dir", str(proof)]
    code, _, err = run_cli(*same, "--from", str(broken))
    assert code == 2 and "breaks the rules" in err and not proof.exists()
    code, _, err = run_cli("domination", "10", "--variant", "total", "--from", str(saved))
    assert code == 2 and "--from" in err
