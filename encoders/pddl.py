"""A planning task written as PDDL, so that planners outside boardsat solve the very same task.

The text is grounded and has one shape for every puzzle. Each value of each variable is a
proposition (``(square-a1-is-b)``) and each grounded action a PDDL action without parameters.
Setting a variable deletes its old value. That value is the one the precondition names, or for
a conditional effect the one its condition names; where neither names one, every other value is
deleted. Conditional effects are written as ``when``. A goal variable that may end with several
values is written as ``or``. The requirements list only what the text uses. Goal distances and
potentials have no PDDL form and are left out: they only speed up boardsat's own encoding.

Names are lower case (PDDL ignores case) and made of letters, digits and ``-``. A name that would
repeat an earlier one gets a number, so the order of the task decides every name.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from boardsat.core.errors import BoardsatError
from boardsat.core.files import new_file_target, write_new_file
from boardsat.core.planning_task import Action, Fact, PlanningTask, Value

_SYMBOLS = {".": "dot", "+": "plus", "-": "minus", "*": "star", "#": "hash", "@": "at"}
_DASHES = re.compile(r"-+")
_UNKNOWN = object()
"""The value before an effect, where what must hold before the action does not name it."""


@dataclass(frozen=True)
class Pddl:
    """A task as PDDL text, with the task's action behind each PDDL action name and the fact
    (variable index, value) behind each proposition, so that a plan or a state reads back."""

    domain: str
    problem: str
    actions: Mapping[str, Action]
    propositions: Mapping[str, Fact]


@dataclass(frozen=True)
class ExportedPddl:
    """Which task went to which two files, and how large it is."""

    name: str
    problem_path: str
    domain_path: str
    propositions: int
    actions: int


def domain_path(path: str | Path) -> Path:
    """Where the domain of a problem written to ``path`` (``FILE.pddl``) goes: FILE-domain.pddl."""
    given = Path(path)
    return given.with_name(f"{given.stem}-domain.pddl")


def export_pddl(task: PlanningTask, path: str, name: str) -> ExportedPddl:
    """Write ``task``'s problem to the new file ``path`` and its domain beside it (domain_path).

    Both places are checked before anything is written, and each file is created exclusively;
    a problem that cannot be written takes its domain away again, so no half export is left.
    """
    if Path(path).suffix.lower() != ".pddl":
        raise BoardsatError(f"a PDDL export needs a file name ending in .pddl, not {path!r}")
    domain_file = domain_path(path)
    new_file_target(path)
    new_file_target(domain_file)
    written = pddl(task, name)
    write_new_file(domain_file, written.domain)
    try:
        write_new_file(path, written.problem)
    except BoardsatError:
        domain_file.unlink(missing_ok=True)
        raise
    return ExportedPddl(
        name, path, str(domain_file), len(written.propositions), len(written.actions)
    )


def pddl(task: PlanningTask, name: str) -> Pddl:
    """``task`` as a PDDL domain and problem called ``name``."""
    propositions = _Propositions(task)
    action_names = _unique(_identifier(action.name) for action in task.actions)
    requirements = [":strips"]
    if any(action.conditional for action in task.actions):
        requirements.append(":conditional-effects")
    goal = [_goal_fact(task, propositions, var) for var in sorted(task.goal)]
    if any(fact.startswith("(or ") for fact in goal):
        requirements.append(":disjunctive-preconditions")
    domain_name = _identifier(name)
    domain = [
        f"; boardsat planning task {name}: {len(task.variables)} variables,"
        f" {len(task.actions)} actions",
        f"(define (domain {domain_name})",
        f"  (:requirements {' '.join(requirements)})",
        "  (:predicates",
        *(
            "    " + " ".join(f"({propositions.name(var, value)})" for value in variable.values)
            for var, variable in enumerate(task.variables)
        ),
        "  )",
    ]
    for action, action_name in zip(task.actions, action_names, strict=True):
        domain += [
            f"  (:action {action_name}",
            "    :parameters ()",
            f"    :precondition {_conjunction(propositions.facts(action.pre))}",
            "    :effect (and",
            *(f"      {effect}" for effect in _effects(task, propositions, action)),
            "    ))",
        ]
    domain.append(")")
    problem = [
        f"(define (problem {domain_name}-problem)",
        f"  (:domain {domain_name})",
        "  (:init",
        *(f"    {fact}" for fact in propositions.facts(enumerate(task.initial))),
        "  )",
        f"  (:goal {_conjunction([fact for fact in goal if fact])})",
        ")",
    ]
    return Pddl(
        domain="\n".join(domain) + "\n",
        problem="\n".join(problem) + "\n",
        actions=dict(zip(action_names, task.actions, strict=True)),
        propositions={name: fact for fact, name in propositions.names.items()},
    )


class _Propositions:
    """The proposition of each variable's each value: ``VARIABLE-is-VALUE``, unique."""

    def __init__(self, task: PlanningTask) -> None:
        keys = [(var, value) for var, v in enumerate(task.variables) for value in v.values]
        variables = [_identifier(v.name) for v in task.variables]
        raw = (f"{variables[var]}-is-{_identifier(value)}" for var, value in keys)
        self.names = dict(zip(keys, _unique(raw), strict=True))

    def name(self, var: int, value: Value) -> str:
        return self.names[(var, value)]

    def facts(self, facts: Iterator[Fact] | Sequence[Fact]) -> list[str]:
        return [f"({self.name(var, value)})" for var, value in facts]


def _effects(task: PlanningTask, propositions: _Propositions, action: Action) -> list[str]:
    """Adds and deletes, the old value taken from what must hold before (see the module)."""
    known = dict(action.pre)
    effects = [
        part
        for var, value in action.effects
        for part in _assignment(task, propositions, var, value, known.get(var, _UNKNOWN))
    ]
    for effect in action.conditional:
        before = {**known, **dict(effect.condition)}
        old = before.get(effect.var, _UNKNOWN)
        body = _assignment(task, propositions, effect.var, effect.value, old)
        if body and effect.condition:
            condition = _conjunction(propositions.facts(effect.condition))
            effects.append(f"(when {condition} {_conjunction(body)})")
        else:
            effects += body
    return effects


def _assignment(
    task: PlanningTask, propositions: _Propositions, var: int, value: Value, old: Value
) -> list[str]:
    """``var := value`` as deletes and an add; nothing when it keeps the value it is known to
    hold (``old``, or _UNKNOWN)."""
    if old == value:
        return []
    values = task.variables[var].values
    replaced = [old] if old is not _UNKNOWN else [v for v in values if v != value]
    return [f"(not ({propositions.name(var, v)}))" for v in replaced] + [
        f"({propositions.name(var, value)})"
    ]


def _goal_fact(task: PlanningTask, propositions: _Propositions, var: int) -> str:
    """One goal variable's condition ("" when it allows every value)."""
    values = task.variables[var].values
    allowed = [f"({propositions.name(var, v)})" for v in values if v in task.goal[var]]
    if len(allowed) == len(values):
        return ""
    return allowed[0] if len(allowed) == 1 else f"(or {' '.join(allowed)})"


def _conjunction(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else "(and" + "".join(f" {part}" for part in parts) + ")"


def _identifier(key: Hashable) -> str:
    """A PDDL name for a key: its parts lower-cased and joined by ``-``, other characters spelt
    out (``.`` as ``dot``), starting with a letter."""
    text = " ".join(str(part).lower() for part in _flatten(key))
    spelt = "".join(c if c.isascii() and c.isalnum() else f"-{_spelt(c)}-" for c in text)
    name = _DASHES.sub("-", spelt).strip("-")
    return name if name[:1].isalpha() else f"n{name}"


def _spelt(char: str) -> str:
    if char in " _":
        return ""
    return _SYMBOLS.get(char, f"u{ord(char):x}")


def _flatten(key: Hashable) -> list[Hashable]:
    if isinstance(key, tuple):
        return [part for item in key for part in _flatten(item)]
    return [key]


def _unique(names: Iterator[str] | Sequence[str]) -> list[str]:
    """``names`` in order, each repeat given the first free ``-2``, ``-3``, ... suffix."""
    seen: set[str] = set()
    chosen = []
    for name in names:
        unique, number = name, 1
        while unique in seen:
            number += 1
            unique = f"{name}-{number}"
        seen.add(unique)
        chosen.append(unique)
    return chosen
