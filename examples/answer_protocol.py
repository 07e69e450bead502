"""Five puzzles, one protocol: the same fields on every answer, in one loop, notebook style.

    python examples/answer_protocol.py

Each ``# %%`` cell runs on its own in a notebook (Jupyter's percent format, VS Code). There, an
answer alone on a cell's last line shows its picture: every answer that draws has
``_repr_svg_()``. docs/protocol.md shows this script and what it prints.
"""

# %% Each puzzle is a package with the same verbs and its seed instance
from __future__ import annotations

from boardsat.core.answer import Answer
from boardsat.core.picture import Drawn
from boardsat.models import domination, exchange, flipit, shogi, tour

PACKAGES = {
    "domination": domination,
    "tour": tour,
    "exchange": exchange,
    "flipit": flipit,
    "shogi": shogi,
}


# %% Solve every seed: no branch per puzzle, and the puzzle's own rules check each answer
def solve_seeds() -> dict[str, Answer]:
    answers: dict[str, Answer] = {}
    for name, package in PACKAGES.items():
        instance = package.seed_instance()
        answer = package.solve(instance, time_limit=120)
        assert package.validate(instance, answer) == [], name
        answers[name] = answer
    return answers


# %% The protocol's fields: status, proven_optimal, lower_bound, seconds, to_json()
def fields(answers: dict[str, Answer]) -> list[str]:
    lines = [f"{'puzzle':<11}{'status':<12}{'optimal':<9}{'bound':>5}{'seconds':>9}  JSON"]
    for name, answer in answers.items():
        bound = "-" if answer.lower_bound is None else str(answer.lower_bound)
        document = answer.to_json()
        assert document["status"] == answer.status.value
        lines.append(
            f"{name:<11}{answer.status.value:<12}{answer.proven_optimal!s:<9}{bound:>5}"
            f"{answer.seconds:>9.2f}  {len(document)} fields"
        )
    return lines


# %% Pictures: in a notebook, `answers["tour"]` alone in a cell draws the tour
def pictures(answers: dict[str, Answer]) -> list[str]:
    return [
        f"{name}: {len(answer.svg())} characters of SVG, {len(answer.png())} bytes of PNG"
        for name, answer in answers.items()
        if isinstance(answer, Drawn)  # every answer with a board to show
    ]


# %% Run as a script (racers start in processes of their own, which import this file again)
if __name__ == "__main__":
    answers = solve_seeds()
    print("\n".join(fields(answers) + pictures(answers)))
