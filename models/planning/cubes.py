"""Planning split into cubes: the claim "no plan of exactly H moves", and the first-moves splitter.

The claim is what the horizon search refutes at one horizon: the goal after exactly H moves, one
action per step, under the route's strengthenings (each admissible for shortest plans, so below
the optimum they refute nothing that a plan needs). A claim holds its instance in the instance
file's own keys (the puzzle's board text), so it rebuilds anywhere through the reader that
`boardsat solve` uses.

The encoding takes exactly one action per step, so the cubes fixing each action of step 0 cover
the claim, and so do those fixing each pair of actions at steps 0 and 1. The splitter keeps only
the sequences unit propagation on the claim's CNF leaves open: a move not legal where it stands,
or one the strengthenings forbid (undoing the last move, two independent moves out of order),
is refuted by that propagation alone, so ``coverage_formula`` still shows the cubes cover the
claim without them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key, Model
from boardsat.core.wording import counted
from boardsat.encoders.horizon_encoding import HorizonEncoding, Strengthenings
from boardsat.models.instance_file import read_table
from boardsat.models.planning.puzzle import PlanningPuzzle
from boardsat.models.planning.solve import PlanRequest
from boardsat.models.registry import PLANNING_PUZZLES
from boardsat.solving.conquer import model_formula
from boardsat.solving.cube import Cube, Split, claim_model
from boardsat.solving.lookahead import PROPAGATOR, lookahead_cubes


@dataclass(frozen=True)
class PlanningClaim:
    """No plan of exactly ``horizon`` moves for the instance whose instance-file keys (``start``,
    ``goal``, Flip-It's ``board``) are ``instance``, under the strengthenings ``strengthen`` names
    as ``Strengthenings.parse`` reads them (None: the puzzle's route's default)."""

    puzzle: str
    instance: tuple[tuple[str, str], ...]
    horizon: int
    strengthen: str | None = None

    def __post_init__(self) -> None:
        if self.puzzle not in PLANNING_PUZZLES:
            raise BoardsatError(
                f"unknown planning puzzle {self.puzzle!r}; known: {', '.join(PLANNING_PUZZLES)}"
            )
        if self.horizon < 0:
            raise BoardsatError(f"the horizon must be non-negative, got {self.horizon}")
        self.request()  # a bad instance is refused here, not on a worker

    @classmethod
    def of(
        cls, puzzle: str, instance: Mapping[str, str], horizon: int, strengthen: str | None = None
    ) -> PlanningClaim:
        """The claim of the instance given as its instance-file keys."""
        return cls(puzzle, tuple(sorted(instance.items())), horizon, strengthen)

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any]) -> PlanningClaim:
        """The claim ``spec()`` wrote, rebuilt (BoardsatError names what a spec lacks)."""
        try:
            instance = {str(key): str(value) for key, value in dict(spec["instance"]).items()}
            return cls.of(str(spec["puzzle"]), instance, int(spec["horizon"]), spec["strengthen"])
        except (KeyError, TypeError, ValueError) as error:
            raise BoardsatError(f"not a planning claim's spec ({error!r})") from None

    def spec(self) -> dict[str, Any]:
        return {
            "puzzle": self.puzzle,
            "instance": dict(self.instance),
            "horizon": self.horizon,
            "strengthen": strengthen_text(self.request().strengthenings),
        }

    def describe(self) -> str:
        given = ", ".join(f"{key} {value}" for key, value in self.instance)
        label = self.request().strengthenings.label()
        return (
            f"no {self.puzzle} plan of exactly {counted(self.horizon, 'move')} ({given}; {label})"
        )

    def grounds(self) -> str | None:
        return None  # the strengthenings keep a shortest plan; describe() names them

    def request(self) -> PlanRequest[Any, Any]:
        """The request the puzzle's instance file would build: its puzzle and strengthenings."""
        solving = {} if self.strengthen is None else {"strengthen": self.strengthen}
        data = {"kind": self.puzzle, **dict(self.instance), "solve": solving}
        request: PlanRequest[Any, Any] = read_table(f"{self.puzzle} claim", data, {}).request
        return request

    def planning_puzzle(self) -> PlanningPuzzle[Any, Any]:
        return self.request().puzzle

    def model(self) -> Model:
        """The horizon encoding with ``horizon`` steps and its goal as a unit clause."""
        request = self.request()
        encoding = HorizonEncoding(request.puzzle.planning_task(), request.strengthenings)
        for _ in range(self.horizon):
            encoding.extend()
        encoding.model.add_clause([encoding.goal(self.horizon)])
        return encoding.model

    def decisions(self) -> tuple[Key, ...]:
        """Every step's actions: what a lookahead split fixes."""
        return tuple(filter(_is_action, self.model().keys()))

    def moves(self, solution: Iterable[Key]) -> list[Any]:
        """The puzzle's moves of the plan in a solution (its true keys), for its rules to replay."""
        request = self.request()
        encoding = HorizonEncoding(request.puzzle.planning_task(), request.strengthenings)
        plan = encoding.decode(dict.fromkeys(solution, True), self.horizon)
        return request.puzzle.plan_moves(plan)


def _is_action(key: Key) -> bool:
    return isinstance(key, tuple) and key[0] == "do"


def strengthen_text(options: Strengthenings) -> str:
    """The strengthenings as ``Strengthenings.parse`` reads them back."""
    chosen = [field.name for field in fields(options) if getattr(options, field.name)]
    return ",".join(chosen) if chosen else "none"


def first_moves_cubes(
    claim: PlanningClaim, depth: int = 1, within: Cube | None = None
) -> list[Cube]:
    """One cube per sequence of the first ``depth`` moves (fewer when the horizon is shorter)
    that unit propagation leaves open, each ``within`` extended by its ``("do", t, action)``
    keys; ``within`` alone when propagation refutes every sequence."""
    if depth < 1:
        raise BoardsatError(f"the first moves need a depth of at least 1, got {depth}")
    from pysat.solvers import Solver

    within = within or Cube()
    model = claim_model(claim, within)
    clauses, _ = model_formula(model)
    steps: dict[int, list[Key]] = {}  # each step's action keys, in the task's order
    keys = model.keys()
    for key in keys:
        if isinstance(key, tuple) and key[0] == "do":
            steps.setdefault(key[1], []).append(key)
    prefixes: list[list[Key]] = [[]]
    with Solver(name=PROPAGATOR, bootstrap_with=clauses) as solver:

        def open_after(prefix: list[Key]) -> bool:
            ok, _ = solver.propagate(assumptions=[model.lit(key) for key in prefix])
            return bool(ok)

        if not open_after([]):
            return [within]
        for t in range(min(depth, claim.horizon)):
            prefixes = [
                [*prefix, key]
                for prefix in prefixes
                for key in steps[t]
                if open_after([*prefix, key])
            ]
    if not prefixes:
        return [within]
    known = set(within.fixed)
    return [
        within.extended([(key, True) for key in prefix if (key, True) not in known])
        for prefix in prefixes
    ]


HORIZON_SPLITTERS = ("first-moves", "lookahead")


def split_horizon(claim: PlanningClaim, splitter: str, size: int) -> Split:
    """The root split of a horizon: by the first ``size`` moves, or about ``size`` lookahead
    cubes on the actions."""
    if splitter == "first-moves":
        return Split("", splitter, tuple(first_moves_cubes(claim, size)), params={"depth": size})
    if splitter == "lookahead":
        found = lookahead_cubes(claim, Cube(), size, over=claim.decisions())
        return Split("", splitter, tuple(found), params={"cubes": size})
    raise BoardsatError(f"unknown splitter {splitter!r}; known: {', '.join(HORIZON_SPLITTERS)}")


def describe_cube(claim: PlanningClaim, cube: Cube) -> str:
    """The cube's first moves in the puzzle's own notation (``first moves: B a1-b3, W c4-b2``),
    then whatever else it fixes, as keys."""
    puzzle = claim.planning_puzzle()
    task = puzzle.planning_task()
    chosen = {
        key[1]: key[2]
        for key, value in cube.fixed
        if value and isinstance(key, tuple) and key[0] == "do"
    }
    named, position, t = [], puzzle.start, 0
    while t in chosen:
        move = puzzle.plan_moves([task.action_named(chosen[t])])[0]
        after = [there for legal, there in puzzle.successors(position) if legal == move]
        if not after:
            break
        named.append(puzzle.move_name(move, position))
        position, t = after[0], t + 1
    shown = {("do", step, chosen[step]) for step in range(t)}
    parts = [f"first moves: {', '.join(named)}"] if named else []
    parts += [f"{key} {str(value).lower()}" for key, value in cube.fixed if key not in shown]
    parts += [f"{count} of {counted(len(keys), 'key')}" for keys, count in cube.counts]
    return "; ".join(parts) if parts else "the whole claim"
