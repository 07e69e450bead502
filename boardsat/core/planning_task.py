"""The planning task: finite-domain state variables, grounded actions, and a plan validator.

Puzzles that are solved by a sequence of moves (knight exchange, Flip-It, sliding pieces) state
their moves once as grounded actions over finite-domain variables; the horizon encoder unrolls
them and the validator simulates them. Everything here is immutable, so a task can be shared by
encodings, tests and the validator without defensive copies.

Semantics (the usual ones for SAS+ with conditional effects): an action applies when all its
preconditions hold; its effects and the conditional effects whose conditions hold *in the state
before the action* all take place at once; two effects setting one variable to different values
in the same application are an error of the task.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from boardsat.core.errors import BoardsatError

Value = Hashable
Fact = tuple[int, Value]
"""A variable (by its index in the task) holding a value."""
State = tuple[Value, ...]


@dataclass(frozen=True)
class Variable:
    """A state variable: a meaningful name and its finite domain."""

    name: Hashable
    values: tuple[Value, ...]


@dataclass(frozen=True)
class ConditionalEffect:
    """``var := value`` when every fact of ``condition`` holds before the action."""

    condition: tuple[Fact, ...]
    var: int
    value: Value


@dataclass(frozen=True)
class Action:
    """A grounded action; ``name`` is the meaningful key a decoder reads back."""

    name: Hashable
    pre: tuple[Fact, ...]
    effects: tuple[Fact, ...] = ()
    conditional: tuple[ConditionalEffect, ...] = ()

    def changed_vars(self) -> frozenset[int]:
        """Every variable the action may write."""
        return frozenset(var for var, _ in self.effects) | {eff.var for eff in self.conditional}

    def read_vars(self) -> frozenset[int]:
        """Every variable the action's applicability or effects depend on."""
        read = {var for var, _ in self.pre}
        for effect in self.conditional:
            read.update(var for var, _ in effect.condition)
        return frozenset(read)


@dataclass(frozen=True)
class PlanningTask:
    """Variables, an initial state, a goal (allowed values per variable) and grounded actions.

    ``goal`` maps a variable index to the values it may end with; unmentioned variables are free.
    ``goal_distance`` optionally gives, for some facts, a number of moves that any state holding
    the fact still needs before a goal state: the puzzle knows these (a knight farther from every
    goal square of its colour than the moves left cannot be there), the encoder can use them.
    ``potential`` optionally gives weights whose sum over the facts of a state is a lower bound on
    the moves it still needs (zero in goal states) and which no action lowers by more than one;
    for knights, the sum of every knight's distance to its nearest goal square.
    ``symmetries`` optionally lists permutations of the variables (by index) that the board
    allows, its reflections: candidates only, since a start or goal may break them; the encoder
    keeps one that maps the initial state, the goal and the actions onto themselves.
    """

    variables: tuple[Variable, ...]
    initial: State
    goal: Mapping[int, frozenset[Value]]
    actions: tuple[Action, ...]
    goal_distance: Mapping[Fact, int] | None = None
    potential: Mapping[Fact, int] | None = None
    symmetries: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        for permutation in self.symmetries:
            if sorted(permutation) != list(range(len(self.variables))):
                raise BoardsatError(
                    f"symmetry {list(permutation)} is not a permutation of the variables"
                )
        if len(self.initial) != len(self.variables):
            raise BoardsatError(
                f"initial state has {len(self.initial)} values for {len(self.variables)} variables"
            )
        for index, value in enumerate(self.initial):
            self._check_fact((index, value), "initial state")
        for var, allowed in self.goal.items():
            if not allowed:
                raise BoardsatError(f"goal allows no value for variable {self._name(var)!r}")
            for value in allowed:
                self._check_fact((var, value), "goal")
        facts = {
            (var, value) for var, variable in enumerate(self.variables) for value in variable.values
        }
        for action in self.actions:
            if not self._within(action, facts):
                for fact in (*action.pre, *action.effects):
                    self._check_fact(fact, f"action {action.name!r}")
                for effect in action.conditional:
                    for fact in (*effect.condition, (effect.var, effect.value)):
                        self._check_fact(fact, f"action {action.name!r}")

    @staticmethod
    def _within(action: Action, facts: set[Fact]) -> bool:
        """Whether every fact ``action`` names is one of ``facts``: set lookups, since a large
        board's task names about a million facts and is built inside the user's time limit."""
        try:
            return (
                facts.issuperset(action.pre)
                and facts.issuperset(action.effects)
                and all(
                    facts.issuperset(effect.condition) and (effect.var, effect.value) in facts
                    for effect in action.conditional
                )
            )
        except TypeError:  # an unhashable value: _check_fact names it
            return False

    def _name(self, var: int) -> Hashable:
        return self.variables[var].name if 0 <= var < len(self.variables) else var

    def _check_fact(self, fact: Fact, where: str) -> None:
        var, value = fact
        if not 0 <= var < len(self.variables):
            raise BoardsatError(f"{where}: no variable {var}")
        if value not in self.variables[var].values:
            raise BoardsatError(f"{where}: {value!r} is not a value of {self._name(var)!r}")

    # -- simulation -------------------------------------------------------------------------------
    def applicable(self, state: State, action: Action) -> bool:
        return all(state[var] == value for var, value in action.pre)

    def apply(self, state: State, action: Action) -> State:
        """The state after ``action`` (which must be applicable)."""
        writes: dict[int, Value] = {}
        fired = [
            (effect.var, effect.value)
            for effect in action.conditional
            if all(state[var] == value for var, value in effect.condition)
        ]
        for var, value in (*action.effects, *fired):
            if writes.get(var, value) != value:
                raise BoardsatError(
                    f"action {action.name!r} sets {self._name(var)!r} to two values at once"
                )
            writes[var] = value
        return tuple(writes.get(var, value) for var, value in enumerate(state))

    def successors(self, state: State) -> list[tuple[Action, State]]:
        return [(a, self.apply(state, a)) for a in self.actions if self.applicable(state, a)]

    def is_goal(self, state: State) -> bool:
        return all(state[var] in allowed for var, allowed in self.goal.items())

    def action_named(self, name: Hashable) -> Action:
        for action in self.actions:
            if action.name == name:
                return action
        raise BoardsatError(f"the task has no action {name!r}")


@dataclass(frozen=True)
class Validation:
    """What simulating a plan showed: the states it passed and, if it fails, why."""

    ok: bool
    states: tuple[State, ...]
    reason: str = ""


def validate_plan(task: PlanningTask, plan: Iterable[Action | Hashable]) -> Validation:
    """Simulate ``plan`` (actions or action names) from the initial state; it must end in a goal."""
    state = task.initial
    states: list[State] = [state]
    for step, item in enumerate(plan):
        action = item if isinstance(item, Action) else task.action_named(item)
        if not task.applicable(state, action):
            return Validation(
                False, tuple(states), f"step {step + 1}: {action.name!r} not applicable"
            )
        state = task.apply(state, action)
        states.append(state)
    if not task.is_goal(state):
        return Validation(False, tuple(states), "the plan does not end in a goal state")
    return Validation(True, tuple(states))
