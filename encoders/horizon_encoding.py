"""A planning task unrolled over horizons on the solver-neutral model, one layer at a time.

Keys: ``("at", t, var_name, value)`` for the state after ``t`` moves, ``("do", t, action_name)`` for
the move from ``t`` to ``t + 1``, ``("fire", t, action_name, k)`` for a conditional effect that
takes place, and ``("goal", h)`` for "the goal holds after ``h`` moves". Exactly one action per step,
so the first horizon whose goal literal is satisfiable is the fewest moves. Frame axioms are
explanatory: a value appears only when an action (or a fired conditional effect) sets it.
``canonical_order`` adds, for step ``t``, ``("earlier", t, k)``: its action is one of the first
``k``; and for variables with many users, ``("uses", t, var_name, m)`` and
``("writes", t, var_name, m)``: it is one of the first ``m`` actions that read or write, or that
write, the variable (each defined as the disjunction of the ``do`` literals it names).

Layers are only ever appended, so an incremental solver keeps what it learnt; everything that
depends on the horizon being asked (goal, goal-distance pruning) hangs off ``("goal", h)`` and only
binds when that literal is assumed.

Strengthenings (each admissible: some shortest plan satisfies it, so the optimum is kept):

- ``no_undo``: an action is not followed by one that restores what it changed (drop the pair to get
  a shorter plan);
- ``canonical_order``: of two adjacent independent actions, the smaller index comes first (a
  lexicographically least shortest plan has this form). Stated per action, not per pair: if
  step ``t``'s action has a smaller index than step ``t - 1``'s, it must be one of the
  smaller-indexed actions that use a variable that one writes or write one it reads, so a layer
  grows with the actions' variables and their users (ladders take over for crowded variables),
  not with the square of the number of actions;
- ``reachability``: facts and actions outside the relaxed reachability layer ``t`` are false;
- ``goal_distance``: a fact the task says needs ``d`` more moves is false after ``t`` moves when
  ``h - t < d``;
- ``potential``: with the task's potential ``P`` (admissible, lowered by at most one per move),
  a plan of ``h`` moves from ``P(initial)`` to 0 has ``h - P(initial)`` moves of slack, and a move
  that raises ``P`` by ``k`` spends ``k + 1`` of it (``("spend", t, level)`` for each level up to
  its cost): one cardinality constraint per horizon;
- ``symmetry``: where a reflection of the board keeps the start and the goal (``mirror``), it maps
  every plan to a plan, and the first move is not the larger-indexed action of a mirrored pair.
  The encoding lists those actions last, which keeps it sound beside ``canonical_order``: if the
  least move that could open a plan (swapping independent moves) is listed last, every such move
  is, so their mirror images are all listed earlier and the mirrored plan opens with one of them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, fields, replace

from boardsat.core.deadline import CHECK_EVERY, Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key, Model
from boardsat.core.planning_task import Action, Fact, PlanningTask


@dataclass(frozen=True)
class Strengthenings:
    """Which admissible redundant constraints the encoding adds."""

    no_undo: bool = True
    canonical_order: bool = True
    reachability: bool = True
    goal_distance: bool = True
    potential: bool = True
    symmetry: bool = True

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(field.name for field in fields(cls))

    @classmethod
    def none(cls) -> Strengthenings:
        return cls(**dict.fromkeys(cls.names(), False))

    @classmethod
    def parse(cls, text: str) -> Strengthenings:
        """``all``, ``none``, or a comma-separated list of names to switch on."""
        chosen = [name.strip() for name in text.split(",") if name.strip()]
        if chosen == ["all"]:
            return cls()
        if chosen == ["none"]:
            return cls.none()
        if not chosen:
            raise BoardsatError("no strengthening named: give all, none, or names of them")
        alone = next((name for name in chosen if name in ("all", "none")), None)
        if alone is not None:  # all beside none, or beside names, says two things at once
            raise BoardsatError(f"{alone} stands alone: give all, none, or names of them")
        unknown = [name for name in chosen if name not in cls.names()]
        if unknown:
            raise BoardsatError(
                f"unknown strengthening {unknown[0]!r}; known: all, none, {', '.join(cls.names())}"
            )
        return cls(**{name: name in chosen for name in cls.names()})

    def label(self) -> str:
        on = [name for name in self.names() if getattr(self, name)]
        return "+".join(on) if on else "none"


def undoes(first: Action, second: Action) -> bool:
    """Whether ``second`` right after ``first`` always restores the state before ``first``."""
    if first.conditional or second.conditional:
        return False
    before = dict(first.pre)
    written = {var for var, _ in second.effects}
    return written >= first.changed_vars() and all(
        before.get(var, object()) == value for var, value in second.effects
    )


def independent(first: Action, second: Action) -> bool:
    """Neither action writes a variable the other reads or writes, so they commute."""
    a_writes, b_writes = first.changed_vars(), second.changed_vars()
    return not (a_writes & (second.read_vars() | b_writes) or b_writes & first.read_vars())


def undoers(task: PlanningTask) -> list[list[int]]:
    """For each action, the actions that undo it, looked up by effect instead of over all pairs.

    An undoer writes the first action's precondition value back to every variable it changed, so
    it is among the unconditional actions with one such effect; an action that changes nothing is
    undone by any action that only rewrites values it requires, so all actions are its candidates.
    """
    actions = task.actions
    writing: dict[Fact, list[int]] = {}
    for index, action in enumerate(actions):
        if not action.conditional:
            for fact in action.effects:
                writing.setdefault(fact, []).append(index)
    found: list[list[int]] = []
    for action in actions:
        changed, before = action.changed_vars(), dict(action.pre)
        candidates: Sequence[int] = []
        if not changed:
            candidates = range(len(actions))
        elif not action.conditional and (var := min(changed)) in before:
            candidates = writing.get((var, before[var]), [])
        found.append([j for j in candidates if undoes(action, actions[j])])
    return found


def slack_costs(task: PlanningTask) -> list[int]:
    """Each action's change of the task's potential plus one (0: it lowers the potential)."""
    weights = task.potential or {}
    weighted = {var for var, _ in weights}
    costs = []
    for action in task.actions:
        before = dict(action.pre)
        if any(effect.var in weighted for effect in action.conditional) or any(
            var in weighted and var not in before for var, _ in action.effects
        ):
            raise BoardsatError(f"action {action.name!r}: its change of the potential is not fixed")
        change = sum(
            weights.get((var, value), 0) - weights.get((var, before[var]), 0)
            for var, value in action.effects
            if var in weighted
        )
        if change < -1:
            raise BoardsatError(f"action {action.name!r} lowers the potential by {-change}")
        costs.append(change + 1)
    return costs


def reachability_layers(
    task: PlanningTask, deadline: Deadline | None = None
) -> tuple[dict[Fact, int], dict[int, int]]:
    """The first relaxed layer of every reachable fact and action (index), ignoring deletions.
    A long line's layers take seconds, so ``deadline`` is looked at as they go (OutOfTime)."""
    clock = deadline or Deadline(None)
    facts: dict[Fact, int] = {(var, value): 0 for var, value in enumerate(task.initial)}
    actions: dict[int, int] = {}
    layer = 0
    while True:
        added: list[Fact] = []
        for index, action in enumerate(task.actions):
            if index % CHECK_EVERY == 0:
                clock.check()
            if index not in actions:
                if not all(fact in facts for fact in action.pre):
                    continue
                actions[index] = layer
            produced = list(action.effects)
            produced += [
                (effect.var, effect.value)
                for effect in action.conditional
                if all(fact in facts for fact in effect.condition)
            ]
            added += [fact for fact in produced if fact not in facts]
        if not added:
            return facts, actions
        layer += 1
        for fact in added:
            facts.setdefault(fact, layer)


def mirror(task: PlanningTask, deadline: Deadline | None = None) -> tuple[int, ...] | None:
    """The action permutation of the first of the task's symmetries that holds, or None.

    A symmetry holds when it is its own inverse, keeps the initial state and the goal, and maps
    every action (preconditions, effects and conditional effects, variable by variable) onto an
    action; then it maps every plan onto a plan of the same length. Listing the actions takes
    seconds on a long line, so ``deadline`` is looked at as they go (OutOfTime once it passed).
    """
    clock = deadline or Deadline(None)

    def content(action: Action, var: Sequence[int]) -> Hashable:
        clock.check()
        return (
            frozenset((var[v], value) for v, value in action.pre),
            frozenset((var[v], value) for v, value in action.effects),
            frozenset(
                (frozenset((var[v], value) for v, value in e.condition), var[e.var], e.value)
                for e in action.conditional
            ),
        )

    same = range(len(task.variables))
    kept = [
        var
        for var in task.symmetries
        if all(var[var[v]] == v and task.initial[var[v]] == task.initial[v] for v in same)
        and all(task.goal.get(var[v]) == task.goal.get(v) for v in same)
    ]  # checked first: the actions' contents take seconds to list on a long line
    if not kept:
        return None
    index = {content(action, same): i for i, action in enumerate(task.actions)}
    for var in kept:
        image = [index.get(content(action, var), -1) for action in task.actions]
        if all(j >= 0 and image[j] == i for i, j in enumerate(image)):
            return tuple(image)
    return None


DIRECT_USERS = 64
"""Canonical order names up to this many interfering actions of a variable directly, and through a
ladder beyond: ladders alone slowed CaDiCaL by orders of magnitude on the exchange
(bench/results/exchange_beyond_bfs.md)."""


class HorizonEncoding:
    """The task's layers ``0 .. horizon`` on ``model``; ``extend`` appends the next step."""

    def __init__(
        self,
        task: PlanningTask,
        strengthenings: Strengthenings | None = None,
        deadline: Deadline | None = None,
    ) -> None:
        self.model = Model("planning")
        self.options = strengthenings or Strengthenings()
        self.mirrored = range(0)  # the actions no first move takes, listed last
        reflection = mirror(task, deadline) if self.options.symmetry else None
        if reflection is not None:
            first = [i for i, j in enumerate(reflection) if j >= i]
            last = [i for i, j in enumerate(reflection) if j < i]
            task = replace(task, actions=tuple(task.actions[i] for i in (*first, *last)))
            self.mirrored = range(len(first), len(task.actions))
        self.task = task
        self.horizon = 0
        self.adders: dict[Fact, list[tuple[int, int | None]]] = {}
        for index, action in enumerate(task.actions):
            for fact in action.effects:
                self.adders.setdefault(fact, []).append((index, None))
            for k, effect in enumerate(action.conditional):
                self.adders.setdefault((effect.var, effect.value), []).append((index, k))
        self.undoers = undoers(task) if self.options.no_undo else []
        self.writers: dict[int, list[int]] = {}  # for canonical_order: who may write a variable,
        self.users: dict[int, list[int]] = {}  # and who reads or writes it
        for index, action in enumerate(task.actions):
            for var in action.changed_vars():
                self.writers.setdefault(var, []).append(index)
            for var in action.changed_vars() | action.read_vars():
                self.users.setdefault(var, []).append(index)
        self.fact_layer: dict[Fact, int] = {}
        self.action_layer: dict[int, int] = {}
        if self.options.reachability:
            self.fact_layer, self.action_layer = reachability_layers(task, deadline)
        self.costs: list[int] = []
        if self.options.potential and task.potential:
            self.costs = slack_costs(task)
            self.initial_potential = sum(task.potential.get(f, 0) for f in enumerate(task.initial))
        # a step spends one unit per level up to its action's cost, one literal per level
        self.levels = range(1, max(self.costs, default=0) + 1)
        self._state_layer(0)
        for var, value in enumerate(task.initial):
            self.model.add_clause([self.at(0, var, value)])

    # -- keys -----------------------------------------------------------------------------------
    def at(self, t: int, var: int, value: Hashable) -> int:
        return self.model.var(("at", t, self.task.variables[var].name, value))

    def do(self, t: int, action: int) -> int:
        return self.model.var(("do", t, self.task.actions[action].name))

    def fire(self, t: int, action: int, k: int) -> int:
        return self.model.var(("fire", t, self.task.actions[action].name, k))

    # -- layers ---------------------------------------------------------------------------------
    def _state_layer(self, t: int) -> None:
        for var, variable in enumerate(self.task.variables):
            lits = [self.at(t, var, value) for value in variable.values]
            self.model.add_exactly(lits, 1)
            if self.options.reachability:
                for value, lit in zip(variable.values, lits, strict=True):
                    if self.fact_layer.get((var, value), t + 1) > t:
                        self.model.add_clause([-lit])

    def extend(self, deadline: Deadline | None = None) -> None:
        """Add step ``horizon -> horizon + 1``: its actions, effects and frame axioms. One step
        of a large task takes seconds, so ``deadline`` is looked at as each action goes in
        (OutOfTime once it has passed; the half-built step is never solved)."""
        t, task, model = self.horizon, self.task, self.model
        self._state_layer(t + 1)
        chosen = [self.do(t, index) for index in range(len(task.actions))]
        model.add_exactly(chosen, 1)
        for index, action in enumerate(task.actions):
            if deadline is not None:
                deadline.check()
            act = chosen[index]
            if self.options.reachability and self.action_layer.get(index, t + 1) > t:
                model.add_clause([-act])
            for var, value in action.pre:
                model.add_implication(act, self.at(t, var, value))
            for var, value in action.effects:
                model.add_implication(act, self.at(t + 1, var, value))
            for k, effect in enumerate(action.conditional):
                fired = self.fire(t, index, k)
                conditions = [self.at(t, var, value) for var, value in effect.condition]
                model.add_implication(fired, act)
                for lit in conditions:
                    model.add_implication(fired, lit)
                model.add_clause([-act, *(-lit for lit in conditions), fired])
                model.add_implication(fired, self.at(t + 1, effect.var, effect.value))
        for var, variable in enumerate(task.variables):
            for value in variable.values:
                support = [
                    chosen[index] if k is None else self.fire(t, index, k)
                    for index, k in self.adders.get((var, value), [])
                ]
                model.add_clause([-self.at(t + 1, var, value), self.at(t, var, value), *support])
        for level in self.levels:
            spent = model.var(("spend", t, level))
            for index, cost in enumerate(self.costs):
                if cost >= level:
                    model.add_implication(chosen[index], spent)
        if t == 0:
            for index in self.mirrored:
                model.add_clause([-chosen[index]])
        if t > 0:
            for index, later in enumerate(self.undoers):
                for other in later:
                    model.add_clause([-self.do(t - 1, index), -chosen[other]])
            if self.options.canonical_order:
                self._canonical_order(t, chosen)
        self.horizon += 1

    def _canonical_order(self, t: int, chosen: list[int]) -> None:
        """Step ``t``'s action has a larger index than step ``t - 1``'s, or the two interfere.

        ``earlier[k]`` holds when the action of step ``t`` is one of the first ``k + 1``. The
        interfering smaller-indexed actions are named by their ``do`` literals while a variable
        has at most ``DIRECT_USERS`` of them, and by a prefix ladder over its users beyond that.
        """
        earlier = self._ladder(("earlier", t), chosen[:-1])
        ladders: dict[tuple[str, int], list[int]] = {}

        def before(kind: str, var: int, index: int) -> list[int]:
            doers = (self.users if kind == "uses" else self.writers).get(var, [])
            count = bisect_left(doers, index)
            if count <= DIRECT_USERS:
                return [chosen[j] for j in doers[:count]]
            if (kind, var) not in ladders:
                name = (kind, t, self.task.variables[var].name)
                ladders[kind, var] = self._ladder(name, [chosen[j] for j in doers])
            return [ladders[kind, var][count - 1]]

        for index in range(1, len(chosen)):
            action = self.task.actions[index]
            changed = action.changed_vars()
            interfering = {lit for var in changed for lit in before("uses", var, index)}
            for var in action.read_vars() - changed:
                interfering.update(before("writes", var, index))
            self.model.add_clause(
                [-self.do(t - 1, index), -earlier[index - 1], *sorted(interfering)]
            )

    def _ladder(self, name: tuple[Hashable, ...], lits: list[int]) -> list[int]:
        """One literal per prefix of ``lits``, true exactly when some literal of the prefix is.

        The first is ``lits[0]`` itself; the one for the first ``m`` is a new variable ``(*name, m)``.
        """
        ladder = lits[:1]
        for k in range(1, len(lits)):
            step = self.model.var((*name, k + 1))
            self.model.add_clause([-step, ladder[-1], lits[k]])
            self.model.add_implication(ladder[-1], step)
            self.model.add_implication(lits[k], step)
            ladder.append(step)
        return ladder

    def goal(self, h: int) -> int:
        """A literal that, when assumed, asks for the goal after exactly ``h`` moves."""
        if h > self.horizon:
            raise ValueError(f"horizon {h} is not built yet (built: {self.horizon})")
        key = ("goal", h)
        fresh = key not in self.model
        literal = self.model.var(key)
        if not fresh:
            return literal
        for var, allowed in self.task.goal.items():
            values = self.task.variables[var].values
            self.model.add_clause(
                [-literal, *(self.at(h, var, value) for value in values if value in allowed)]
            )
        if self.options.goal_distance and self.task.goal_distance:
            for (var, value), needed in self.task.goal_distance.items():
                for t in range(max(0, h - needed + 1), h + 1):
                    self.model.add_clause([-literal, -self.at(t, var, value)])
        if self.costs:
            self._limit_slack(literal, h)
        return literal

    def _limit_slack(self, literal: int, h: int) -> None:
        """When ``literal`` holds, the slack spent in steps ``0 .. h-1`` is at most ``h - P0``."""
        slack = h - self.initial_potential
        if slack < 0:
            self.model.add_clause([-literal])
            return
        spent = [self.model.lit(("spend", t, level)) for t in range(h) for level in self.levels]
        if len(spent) <= slack:
            return
        # g -> sum(spent) <= slack, as sum(spent) + (n - slack) switches <= n with g -> switch
        switches = [self.model.var(("slack", h, k)) for k in range(len(spent) - slack)]
        for switch in switches:
            self.model.add_implication(literal, switch)
        self.model.add_at_most([*spent, *switches], len(spent))

    def decode(self, assignment: Mapping[Key, bool], h: int) -> list[Action]:
        """The actions of the plan of length ``h`` in a satisfying assignment."""
        plan = []
        for t in range(h):
            taken = [a for a in self.task.actions if assignment.get(("do", t, a.name), False)]
            if len(taken) != 1:
                raise BoardsatError(f"step {t}: {len(taken)} actions in the assignment")
            plan.append(taken[0])
        return plan
