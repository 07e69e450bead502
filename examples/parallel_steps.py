"""Does a parallel-step SAT encoding refute "no plan of at most optimum - 1 moves" faster?

boardsat proves fewest-move plans with a sequential encoding (one action per step, horizons
refuted one by one on one incremental CaDiCaL). Madagascar-style planners put several
non-interfering actions in one step. This script asks the same question of such an encoding:
``T`` forall-steps (actions in a step pairwise ``independent``, per variable at most one writer
and no writer beside a reader), with "at most ``L`` actions in all" as one cardinality
constraint. Any plan of at most ``L`` actions fits ``T = L`` steps, so ``T = L`` refutes soundly;
the row with ``T*``, the fewest steps holding an optimal plan, proves nothing when ``T* < L``.

Redundant constraints given to the parallel encoding, each kept by a plan of fewest actions
that, among those, has the least sum of step numbers:
relaxed reachability per step (the planning graph over-approximates what ``t`` parallel steps
reach), no undo across adjacent steps (the pair could be dropped), the potential as one bound on
the slack of all actions (independent actions change it additively), and "earliest steps" (an
action independent of every action in the step before could move there), which also puts empty
steps last. Goal distances count actions, not steps, so they are left out.

Every plan is linearised, replayed with ``validate_plan`` and its length compared with the BFS
oracle's; the exit status is 1 when any check fails.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from boardsat.core.deadline import Deadline, OutOfTime
from boardsat.core.model import Key, Model
from boardsat.core.planning_task import Action, PlanningTask, validate_plan
from boardsat.core.results import EncodingSize, Result, Status
from boardsat.encoders.horizon_encoding import (
    HorizonEncoding,
    independent,
    reachability_layers,
    slack_costs,
    undoers,
)
from boardsat.models.exchange import bench as exchange_bench
from boardsat.models.exchange.solve import ROUTE as EXCHANGE
from boardsat.models.flipit import bench as flipit_bench
from boardsat.models.flipit.solve import ROUTE as FLIPIT
from boardsat.models.planning.puzzle import PlanningPuzzle
from boardsat.models.shogi import bench as shogi_bench
from boardsat.models.shogi.solve import ROUTE as SHOGI
from boardsat.reference.oracle import shortest_path
from boardsat.solving.solve import open_session

SOLVER = "cadical195"
PUZZLES: dict[str, tuple[Callable[[str], tuple[Any, Any]], Any]] = {
    "flipit": (flipit_bench.resolve, FLIPIT),
    "exchange": (exchange_bench.resolve, EXCHANGE),
    "shogi": (shogi_bench.resolve, SHOGI),
}
MEASURED = ("flipit:seed", "exchange:seed", "shogi:seed", "flipit:line:12:B.BWWBBWWBBB")
QUICK = ("exchange:seed",)
NOISE = 1.25
"""Ratios of seconds within this factor are called a tie on the shared 2-core machine."""
TOO_FAST = 0.2
"""Refutations all below this many seconds are not compared."""


class ParallelEncoding:
    """``steps`` forall-steps of ``task`` with at most ``limit`` actions over all of them.

    Keys: ``("at", t, var, value)``, ``("do", t, action)``, ``("fire", t, action, k)`` as in
    the sequential encoding; ``("writes", t, var)`` and ``("uses", t, var)``: some action of step
    ``t`` writes (reads or writes) the variable; ``("stop", t)``: step ``t`` is empty;
    ``("spend", t, action, k)``: the ``k``-th unit of potential slack the action spends.
    """

    def __init__(self, task: PlanningTask, steps: int, limit: int, deadline: Deadline) -> None:
        self.task, self.steps = task, steps
        self.model = Model("parallel")
        self.fact_layer, self.action_layer = reachability_layers(task)
        self.writes = [action.changed_vars() for action in task.actions]
        self.reads = [action.read_vars() - action.changed_vars() for action in task.actions]
        self.undoers = undoers(task)
        self.taken: list[tuple[int, int, int]] = []  # (step, action, its do literal)
        self.mentions: list[tuple[dict[int, int], dict[int, int]]] = []  # writes, uses per step
        for t in range(steps + 1):
            self._state(t)
        for var, value in enumerate(task.initial):
            self.model.add_clause([self.at(0, var, value)])
        for t in range(steps):
            deadline.check()
            self._step(t)
        for var, allowed in task.goal.items():
            self.model.add_clause(
                [self.at(steps, var, value) for value in sorted(allowed, key=str)]
            )
        self.model.add_at_most([act for _, _, act in self.taken], limit)
        self._limit_slack(limit)

    def at(self, t: int, var: int, value: Hashable) -> int:
        return self.model.var(("at", t, self.task.variables[var].name, value))

    def do(self, t: int, action: int) -> int:
        return self.model.var(("do", t, self.task.actions[action].name))

    def available(self, t: int) -> list[int]:
        """The actions whose relaxed reachability layer is at most ``t``."""
        return [i for i in range(len(self.task.actions)) if self.action_layer.get(i, t + 1) <= t]

    def stop(self, t: int) -> int:
        """A literal that, assumed, empties step ``t``, and so every later step (each action
        takes its earliest step); made on first use."""
        key = ("stop", t)
        if key not in self.model:
            for index in self.available(t):
                self.model.add_implication(self.model.var(key), -self.do(t, index))
        return self.model.var(key)

    def _state(self, t: int) -> None:
        """State ``t``: one value per variable, none beyond relaxed reachability layer ``t``."""
        for var, variable in enumerate(self.task.variables):
            lits = [self.at(t, var, value) for value in variable.values]
            self.model.add_exactly(lits, 1)
            for value, lit in zip(variable.values, lits, strict=True):
                if self.fact_layer.get((var, value), t + 1) > t:
                    self.model.add_clause([-lit])

    def _step(self, t: int) -> None:
        """Actions of step ``t``: conditions before, effects after, frame, mutex, order."""
        model, task = self.model, self.task
        chosen = {index: self.do(t, index) for index in self.available(t)}
        self.taken += [(t, index, act) for index, act in chosen.items()]
        support: dict[tuple[int, Hashable], list[int]] = {}
        for index, act in chosen.items():
            action = task.actions[index]
            for var, value in action.pre:
                model.add_implication(act, self.at(t, var, value))
            for var, value in action.effects:
                model.add_implication(act, self.at(t + 1, var, value))
                support.setdefault((var, value), []).append(act)
            for k, effect in enumerate(action.conditional):
                fired = model.var(("fire", t, action.name, k))
                conditions = [self.at(t, var, value) for var, value in effect.condition]
                for lit in (act, *conditions):
                    model.add_implication(fired, lit)
                model.add_clause([-act, *(-lit for lit in conditions), fired])
                model.add_implication(fired, self.at(t + 1, effect.var, effect.value))
                support.setdefault((effect.var, effect.value), []).append(fired)
        for var, variable in enumerate(task.variables):
            for value in variable.values:
                after, before = self.at(t + 1, var, value), self.at(t, var, value)
                model.add_clause([-after, before, *support.get((var, value), [])])
        self.mentions.append(self._mutex(t, chosen))
        if t == 0:
            return
        wrote, used = self.mentions[t - 1]
        for undone in self.available(t - 1):
            for index in self.undoers[undone]:
                if index in chosen:
                    model.add_clause([-self.do(t - 1, undone), -chosen[index]])
        for index, act in chosen.items():
            blockers = [used[v] for v in self.writes[index] if v in used]
            blockers += [wrote[v] for v in self.reads[index] if v in wrote]
            model.add_clause([-act, *blockers])

    def _mutex(self, t: int, chosen: Mapping[int, int]) -> tuple[dict[int, int], dict[int, int]]:
        """At most one writer per variable and no reader beside it; the ``writes`` and ``uses``
        literals of step ``t`` by variable, each equal to the disjunction of its actions."""
        writes: dict[int, int] = {}
        uses: dict[int, int] = {}
        for var, variable in enumerate(self.task.variables):
            writers = [act for index, act in chosen.items() if var in self.writes[index]]
            readers = [act for index, act in chosen.items() if var in self.reads[index]]
            if len(writers) > 1:
                self.model.add_at_most(writers, 1)
            if writers:
                writes[var] = self._either(("writes", t, variable.name), writers)
                for lit in readers:
                    self.model.add_implication(lit, -writes[var])
            if readers:
                uses[var] = self._either(("uses", t, variable.name), writers + readers)
            elif writers:
                uses[var] = writes[var]
        return writes, uses

    def _either(self, key: Key, lits: list[int]) -> int:
        """A literal equal to the disjunction of ``lits``."""
        if len(lits) == 1:
            return lits[0]
        named = self.model.var(key)
        self.model.add_clause([-named, *lits])
        for lit in lits:
            self.model.add_implication(lit, named)
        return named

    def _limit_slack(self, limit: int) -> None:
        """The potential's slack, summed over every action taken, is at most ``limit - P0``."""
        potential = self.task.potential
        if not potential:
            return
        costs = slack_costs(self.task)
        spent: list[int] = []
        for t, index, act in self.taken:
            if costs[index]:
                spent.append(act)
            for k in range(1, costs[index]):
                unit = self.model.var(("spend", t, self.task.actions[index].name, k))
                self.model.add_implication(act, unit)
                spent.append(unit)
        initial = sum(potential.get(fact, 0) for fact in enumerate(self.task.initial))
        self.model.add_at_most(spent, limit - initial)

    def decode(self, assignment: Mapping[Key, bool]) -> list[list[Action]]:
        """The actions of each step in a satisfying assignment."""
        return [
            [a for a in self.task.actions if assignment.get(("do", t, a.name), False)]
            for t in range(self.steps)
        ]


@dataclass
class Row:
    """One encoding on one instance: refuting ``optimum - 1`` actions, then finding a plan."""

    instance: str
    encoding: str
    steps: str
    refuted: str = "?"
    refute_s: float | None = None
    find_s: float | None = None
    size: EncodingSize | None = None
    verdict: str = ""
    proof: bool = True
    problems: list[str] | None = None

    def line(self) -> str:
        size = ("-", "-") if self.size is None else (self.size.variables, self.size.constraints)
        return (
            f"{self.instance:<34} {self.encoding:<11} {self.steps:>6} {self.refuted:>9} "
            f"{_seconds(self.refute_s):>9} {_seconds(self.find_s):>8} {size[0]:>9} "
            f"{size[1]:>9}  {self.verdict}"
        )


HEADER = (
    f"{'instance':<34} {'encoding':<11} {'T':>6} {'L refuted':>9} {'refute s':>9} {'find s':>8} "
    f"{'vars':>9} {'clauses':>9}  verdict"
)


def _seconds(value: float | None) -> str:
    return ">limit" if value is None else f"{value:.2f}"


def plan_problems(
    task: PlanningTask, steps: Sequence[Sequence[Action]], optimum: int, limit: int
) -> list[str]:
    """What is wrong with a plan of at most ``limit`` actions found in parallel ``steps``:
    interfering actions in a step, a failed replay of its linearisation, or a length the BFS
    oracle's ``optimum`` contradicts."""
    problems = [
        f"step {t}: {a.name} and {b.name} interfere"
        for t, step in enumerate(steps)
        for a, b in combinations(step, 2)
        if not independent(a, b)
    ]
    plan = [action for step in steps for action in step]
    checked = validate_plan(task, plan)
    if not checked.ok:
        problems.append(f"the plan does not replay: {checked.reason}")
    elif len(plan) < optimum:
        problems.append(f"a plan of {len(plan)} actions, below the oracle's {optimum}")
    if len(plan) > limit:
        problems.append(f"{len(plan)} actions, above the bound of {limit}")
    return problems


def sequential(
    puzzle: PlanningPuzzle[Any, Any], task: PlanningTask, optimum: int, limit: float, bounds: bool
) -> Row:
    """boardsat's encoding on one incremental solver: every horizon below the optimum that the
    puzzle's bounds (when ``bounds``) leave open, refuted in turn, then the optimum's."""
    row = Row("", "seq" if bounds else "seq-0", "h")
    deadline = Deadline(limit)
    lower, refuted = 0, None
    if bounds:
        proven = puzzle.bounds(deadline)
        assert proven is not None, "the oracle found a plan"
        lower, refuted = proven.lower, proven.refuted
    encoding = HorizonEncoding(task)
    session = open_session(encoding.model, SOLVER)

    def ask(h: int) -> Result | None:
        try:
            while encoding.horizon < h:
                encoding.extend(deadline)
        except OutOfTime:
            return None
        result = session.solve([encoding.goal(h)], deadline)
        if result.status is Status.UNKNOWN:
            return None
        if result.status is not Status.UNSATISFIABLE:
            steps = [[action] for action in encoding.decode(result.assignment, h)]
            row.problems = plan_problems(task, steps, optimum, h)
        return result

    try:
        for h in range(lower, optimum):
            if refuted is None or refuted(h) is None:
                result = ask(h)
                if result is None:
                    return row
                if result.status is not Status.UNSATISFIABLE:
                    row.refuted = "SAT"
                    return row
                row.size = result.size
        row.refuted, row.refute_s = str(optimum - 1), deadline.elapsed()
        deadline = Deadline(limit)
        result = ask(optimum)
        if result is not None:
            row.find_s = deadline.elapsed()
            if result.status is Status.UNSATISFIABLE:
                row.problems = [f"no plan of {optimum} moves, the oracle's length"]
        return row
    finally:
        session.close()


def parallel(
    task: PlanningTask, steps: int, bound: int, optimum: int, deadline: Deadline, row: Row
) -> bool | None:
    """Solve ``bound`` actions in ``steps`` parallel steps on a fresh solver: whether a plan
    exists (None: out of time). A refutation's size goes into ``row``, a plan's checks too."""
    try:
        encoding = ParallelEncoding(task, steps, bound, deadline)
    except OutOfTime:
        return None
    session = open_session(encoding.model, SOLVER)
    try:
        result = session.solve(deadline=deadline)
    finally:
        session.close()
    if result.status is Status.UNKNOWN:
        return None
    if result.status is Status.UNSATISFIABLE:
        row.size = result.size
        return False
    row.problems = plan_problems(task, encoding.decode(result.assignment), optimum, bound)
    return True


def fewest_steps(task: PlanningTask, optimum: int, deadline: Deadline, row: Row) -> int | None:
    """The fewest parallel steps holding a plan of ``optimum`` actions (None: out of time), on
    one solver: the steps from ``T`` on emptied by assumption, ``T`` growing from 1."""
    try:
        encoding = ParallelEncoding(task, optimum, optimum, deadline)
    except OutOfTime:
        return None
    session = open_session(encoding.model, SOLVER)
    try:
        for steps in range(1, optimum + 1):
            assumed = [encoding.stop(steps)] if steps < optimum else []
            result = session.solve(assumed, deadline)
            if result.status is Status.UNKNOWN:
                return None
            if result.status is not Status.UNSATISFIABLE:
                plan = encoding.decode(result.assignment)
                row.problems = plan_problems(task, plan, optimum, optimum)
                return steps
    finally:
        session.close()
    row.problems = [f"no plan of {optimum} actions in {optimum} steps"]
    return None


def parallel_rows(task: PlanningTask, optimum: int, limit: float, fewest: bool) -> Row:
    """The parallel encoding's row: with ``T = L`` (a proof), or with the fewest steps ``T*``
    that hold an optimal plan, found first (``fewest``; not a proof when ``T* < L``, since a
    shorter plan may need more steps)."""
    row = Row("", "par-T*" if fewest else "par", "")
    deadline = Deadline(limit)
    steps = optimum - 1
    if fewest:
        found = fewest_steps(task, optimum, deadline, row)
        if found is None:
            return row
        row.encoding = f"par-T*={found}"
        row.find_s, steps = deadline.elapsed(), min(found, steps)
        row.proof = steps == optimum - 1
        deadline = Deadline(limit)
    row.steps = str(steps)
    refuted = parallel(task, steps, optimum - 1, optimum, deadline, row)
    if refuted is None:
        return row
    if refuted:
        row.refuted = "SAT"
        return row
    row.refuted, row.refute_s = str(optimum - 1), deadline.elapsed()
    if fewest:
        return row
    deadline = Deadline(limit)
    found = parallel(task, optimum, optimum, optimum, deadline, row)
    if found is not None:
        row.find_s = deadline.elapsed()
    if found is False:
        row.problems = [f"no plan of {optimum} actions, the oracle's length"]
    return row


def verdict(row: Row, seq: Row, seq0: Row) -> str:
    """The row's refutation against the faster sequential one (a tie within the machine's
    noise), and its speed-up over each (above 1 when the parallel encoding is faster)."""

    def speedup(base: Row) -> str:
        if row.refute_s is None or base.refute_s is None:
            late = [r.encoding for r in (row, base) if r.refute_s is None]
            return f"{' and '.join(late)} >limit"
        return f"{base.refute_s / max(row.refute_s, 1e-3):.2f}x"

    done = [r.refute_s for r in (seq, seq0) if r.refute_s is not None]
    best = min(done) if done else None
    if row.refute_s is None or best is None:
        word = (
            "pays" if row.refute_s is not None else "undecided" if best is None else "does not pay"
        )
    elif max(row.refute_s, best) < TOO_FAST:
        word = "too fast to tell"
    elif row.refute_s * NOISE < best:
        word = "pays"
    else:
        word = "does not pay" if row.refute_s > best * NOISE else "tie"
    caveat = "" if row.proof else "not a proof; "
    return f"{caveat}{word} (vs seq: {speedup(seq)}, vs seq-0: {speedup(seq0)})"


def load(name: str) -> PlanningPuzzle[Any, Any]:
    """``PUZZLE:INSTANCE``, the instance as the puzzle's bench names it."""
    puzzle, _, instance = name.partition(":")
    resolve, route = PUZZLES[puzzle]
    adapted: PlanningPuzzle[Any, Any] = route.adapt(resolve(instance)[1])
    return adapted


def measure(name: str, limit: float) -> list[Row]:
    """The four rows of one instance, the encodings alternating."""
    puzzle = load(name)
    path = shortest_path(puzzle.successors, puzzle.start, puzzle.is_goal)
    if not path:
        raise SystemExit(f"{name}: the oracle finds no plan of one move or more to refute below")
    optimum, task = len(path), puzzle.planning_task()
    rows = [
        sequential(puzzle, task, optimum, limit, bounds=True),
        parallel_rows(task, optimum, limit, fewest=False),
        sequential(puzzle, task, optimum, limit, bounds=False),
        parallel_rows(task, optimum, limit, fewest=True),
    ]
    for row in rows:
        row.instance = f"{name} ({optimum})"
    seq, _, seq0, _ = rows
    for row in rows:
        row.verdict = "baseline" if row in (seq, seq0) else verdict(row, seq, seq0)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--instance",
        action="append",
        help=f"PUZZLE:INSTANCE, repeatable (puzzles: {', '.join(PUZZLES)}); default {QUICK[0]}",
    )
    parser.add_argument(
        "--measured", action="store_true", help=f"the measured set: {', '.join(MEASURED)}"
    )
    parser.add_argument(
        "--time-limit", type=float, default=120.0, help="seconds per phase of a row (default 120)"
    )
    args = parser.parse_args(argv)
    names = [*(MEASURED if args.measured else ()), *(args.instance or ())] or list(QUICK)
    for name in names:
        if name.partition(":")[0] not in PUZZLES:
            parser.error(f"unknown puzzle in {name!r}; known: {', '.join(PUZZLES)}")
    print(HEADER, flush=True)
    failed = False
    for name in names:
        for row in measure(name, args.time_limit):
            print(row.line(), flush=True)
            for problem in row.problems or ():
                failed = True
                print(f"  FAILED: {problem}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
