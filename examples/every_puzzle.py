"""Solve and check all five puzzles through the same verbs: the research script of the README.

    python examples/every_puzzle.py

Each puzzle package takes its instance value and offers ``solve``, ``validate``, ``build_model``
and ``decode``; each answer has ``.to_json()`` and ``.svg()``.
"""

from __future__ import annotations

from boardsat.models import domination, exchange, flipit, shogi, tour

PUZZLES = [
    (domination, domination.Domination(8, 8, "dominating")),
    (tour, tour.TourSpec(tour.Board(8, 8), closed=True)),
    (exchange, exchange.seed_instance()),
    (flipit, flipit.seed_instance()),
    (shogi, shogi.seed_instance()),
]


def main() -> None:
    for package, instance in PUZZLES:
        answer = package.solve(instance)
        problems = package.validate(instance, answer)
        name = package.__name__.rsplit(".", 1)[-1]
        print(
            f"{name:<10} rules: {'; '.join(problems) or 'valid'},"
            f" JSON with {len(answer.to_json())} fields, SVG of {len(answer.svg())} characters"
        )


if __name__ == "__main__":
    main()
