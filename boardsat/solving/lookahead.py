"""The general splitter: lookahead on the model's variables, as march-style cubers do.

Each leaf of a growing binary tree is a cube; the leaf with the most unassigned variables is
split on the variable whose two branches imply the most (the product of both branches' implied
literals, so a variable that is decisive both ways wins), measured by unit propagation on the
claim's CNF. A literal whose propagation fails is never split on: its complement joins the
probing's assumptions, not the cube. Each split fixes one variable both ways, so the leaves cover
their parent exactly: ``coverage_formula`` lets a checker confirm it rather than assume it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from boardsat.core.deadline import Deadline
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key
from boardsat.solving.conquer import model_formula
from boardsat.solving.cube import Claim, Cube, claim_model, literal

PROPAGATOR = "glucose4"  # propagates under assumptions without a search


@dataclass
class _Leaf:
    fixed: list[tuple[Key, bool]]
    open_vars: int
    failed: bool


def lookahead_cubes(
    claim: Claim,
    within: Cube,
    cubes: int,
    over: Sequence[Key] | None = None,
    deadline: Deadline | None = None,
) -> list[Cube]:
    """About ``cubes`` cubes whose disjunction is ``within`` (fewer when the tree runs out of
    variables, or when ``deadline`` passes first), split on the variables of ``over`` (all the
    model's by default; a puzzle names its decisions, not its encoders' auxiliaries)."""
    if cubes < 1:
        raise BoardsatError(f"a split needs at least 1 cube, got {cubes}")
    from pysat.solvers import Solver

    deadline = deadline or Deadline(None)
    model = claim_model(claim, within)
    clauses, _ = model_formula(model)
    keys = model.keys()
    fixed = {model.lit(key) for key, _ in within.fixed}  # units: they would pass for failed
    candidates = [
        var
        for var in (
            range(1, model.num_vars + 1) if over is None else [model.lit(key) for key in over]
        )
        if var not in fixed
    ]
    with Solver(name=PROPAGATOR, bootstrap_with=clauses) as solver:

        def assumptions(fixed: list[tuple[Key, bool]]) -> list[int]:
            return [literal(model, key, value) for key, value in fixed]

        def probe(fixed: list[tuple[Key, bool]]) -> _Leaf:
            ok, implied = solver.propagate(assumptions=assumptions(fixed))
            assigned = {abs(lit) for lit in implied}
            open_vars = sum(1 for var in candidates if var not in assigned)
            return _Leaf(fixed, open_vars, not ok)

        leaves = [probe([])]
        while len(leaves) < cubes and not deadline.expired():
            splittable = [leaf for leaf in leaves if not leaf.failed and leaf.open_vars]
            if not splittable:
                break
            leaf = max(splittable, key=lambda leaf: leaf.open_vars)
            var = _best_variable(solver, assumptions(leaf.fixed), candidates)
            if var is None:
                leaf.open_vars = 0
                continue
            leaves.remove(leaf)
            for value in (True, False):
                leaves.append(probe([*leaf.fixed, (keys[var - 1], value)]))
    return [within.extended(leaf.fixed) for leaf in leaves]


def _best_variable(solver: object, base: list[int], candidates: list[int]) -> int | None:
    """The candidate whose two branches under ``base`` imply the most, or None where none is
    left open (or ``base`` fails outright). Every score is measured against the same
    assumptions: ``base`` and what its failed literals force."""
    probed = _forced(solver, base, candidates)
    if probed is None:
        return None
    forced, assigned = probed
    _, listed = solver.propagate(assumptions=forced)  # type: ignore[attr-defined]
    best, best_score = None, -1
    for var in candidates:
        if var in assigned:
            continue
        score = 1
        for lit in (var, -var):  # both lists leave out what the root fixes, so the gain is true
            _, implied = solver.propagate(assumptions=[*forced, lit])  # type: ignore[attr-defined]
            score *= len(implied) - len(listed)
        if score > best_score:
            best, best_score = var, score
    return best


def _forced(
    solver: object, base: list[int], candidates: list[int]
) -> tuple[list[int], set[int]] | None:
    """``base`` and the complement of each failed literal among the candidates, until no
    candidate fails either way, with the variables they assign; None where they fail together.

    A failed literal is no split: its complement follows from ``base``. Literals the formula
    fixes at the root are such literals too, and propagation does not list them as assigned:
    taken for splits, they made cubes that died at once beside a copy of their parent, split
    after split.
    """
    forced = list(base)
    assigned = _assigned(solver, forced)
    grew = True
    while grew:
        grew = False
        for var in candidates:
            if assigned is None:
                return None
            if var in assigned:
                continue
            for lit in (var, -var):
                ok, _ = solver.propagate(assumptions=[*forced, lit])  # type: ignore[attr-defined]
                if not ok:
                    forced.append(-lit)
                    assigned, grew = _assigned(solver, forced), True
                    break
    return None if assigned is None else (forced, assigned)


def _assigned(solver: object, assumptions: list[int]) -> set[int] | None:
    """The variables ``assumptions`` assign, themselves included (None: they fail).
    Propagation leaves out an assumption the formula fixes at its root, so it is added here."""
    ok, implied = solver.propagate(assumptions=assumptions)  # type: ignore[attr-defined]
    return {abs(lit) for lit in (*implied, *assumptions)} if ok else None


def coverage_formula(claim: Claim, parent: Cube, children: list[Cube]) -> list[list[int]]:
    """Clauses that are unsatisfiable exactly when ``children`` cover ``parent``: the parent's
    CNF and, for each child, the negation of what it fixes beyond the parent.

    Children that add counts are not literal cubes; their coverage is the splitter's to show.
    """
    model = claim_model(claim, parent)
    clauses, _ = model_formula(model)
    known = set(parent.fixed)
    for child in children:
        if child.counts != parent.counts:
            raise BoardsatError("coverage_formula covers literal cubes only")
        extra = [(key, value) for key, value in child.fixed if (key, value) not in known]
        clauses.append([literal(model, key, not value) for key, value in extra])
    return clauses
