"""The routes that solve knight domination, as data: which route ``auto`` takes, and every setting.

Proving an optimum costs more than finding it, and each prover fails differently by variant and
board size, so the routes and their solver settings are tables that a benchmark run can retune
in one place. The figures behind every entry are in bench/results/domination.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from boardsat.core.backends import CPSAT, MIP_BACKENDS, SCIP, capabilities, seed_parameters
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Model
from boardsat.solving.race import Stage

# What a backend can run: CP-SAT; a SAT solver that RC2 drives as a core-guided prover; another
# SAT solver; a MIP solver.
KINDS: dict[str, str] = {
    "cpsat": "CP-SAT",
    "rc2": "a SAT solver that runs RC2",
    "sat": "a SAT solver",
    "mip": "a MIP solver",
}


def backend_kind(backend: str) -> str:
    """The row of the tables below that ``backend`` reads (BoardsatError if it is unusable)."""
    if backend == CPSAT:
        return "cpsat"
    if backend in MIP_BACKENDS:
        capabilities(backend)
        return "mip"
    return "rc2" if "maxsat" in capabilities(backend).optimisation else "sat"


@dataclass(frozen=True)
class Setting:
    """One solver job's options; the run's seed joins its ``parameters`` when a stage is made."""

    options: Mapping[str, Any]
    backend: str | None = None  # None: the backend the caller chose

    def stage(
        self,
        model: Model,
        backend: str,
        seed: int,
        *,
        seconds: float | None = None,
        hinted: bool = False,
    ) -> Stage:
        name = self.backend or backend
        options = dict(self.options)
        seeded = seed_parameters(name, seed)
        if seeded:
            options["parameters"] = {**options.get("parameters", {}), **seeded}
        return Stage(model, name, options, seconds, hinted)


# The solver settings every route and race draws on.
CPSAT_CORE_SEARCH = Setting({"workers": 1, "parameters": {"optimize_with_core": True}}, CPSAT)
RC2 = Setting({"optimisation": "maxsat"})
CORE_PROVER = {"cpsat": CPSAT_CORE_SEARCH, "rc2": RC2}  # the core-guided prover, by kind
CPSAT_LOCAL_SEARCH = Setting({"workers": 1, "parameters": {"use_ls_only": True}}, CPSAT)
CPSAT_SHARED_LOCAL_SEARCH = Setting({"workers": 2, "parameters": {"use_ls_only": True}}, CPSAT)
# SAT-UNSAT: placements, each bound below the last, until one knight fewer is refuted; on the
# ordered formula this proves as fast as RC2 (the domination-order record)
SAT_DESCENT = Setting({"optimisation": "linear-down"})
SCIP_DEFAULTS = Setting({}, SCIP)
SCIP_ROOT_CUTS_ONLY = Setting({"parameters": {"separating/maxrounds": 0}}, SCIP)
# the portfolio's one full-problem worker, beside CP-SAT's local search and LNS on the second
# thread (with one named subsolver, that is what CP-SAT runs there)
PORTFOLIO_WORKER = {"independent": "core", "dominating": "max_lp", "total": "core"}
PORTFOLIO = {
    variant: Setting({"workers": 2, "parameters": {"subsolvers": [worker]}}, CPSAT)
    for variant, worker in PORTFOLIO_WORKER.items()
}


@dataclass(frozen=True)
class Single:
    """The single route's defaults for a backend kind; the caller's options override them."""

    options: Mapping[str, Any]
    symmetry: bool  # the lex-leader break (the MIP solvers find the board's symmetry themselves)


SINGLE = {
    "cpsat": Single({"workers": 8}, symmetry=True),
    "rc2": Single({"optimisation": "maxsat"}, symmetry=True),
    "sat": Single({}, symmetry=True),
    "mip": Single({}, symmetry=False),
}


# The square order (order.py) each backend kind builds its model in, chosen from the order
# matrix's record (bench/records/domination-order.jsonl): along the Hilbert curve CaDiCaL proves
# 14x14 to 16x16 within a minute where row by row it proves none; CP-SAT and SCIP gain nothing.
ORDER: dict[str, str] = {"cpsat": "row", "rc2": "hilbert", "sat": "hilbert", "mip": "row"}
# The square order of a total proof's half lemmas on a SAT route: the gilbert curve, fitted to
# any board, refuted them in 0.12 to 1.74 times the Hilbert curve's CPU on 24 to 33, about a
# tenth on 33 (bench/results/open_terms.md, "A stronger half lemma")
HALF_ORDER = "gilbert"


def proof_order(variant: str, route: str) -> str:
    """The square order a proof by cubes of ``variant`` states its claim in on ``route``: a
    total claim on a python-sat solver (of either kind) takes ``HALF_ORDER``."""
    kind = backend_kind(route)
    return HALF_ORDER if variant == "total" and kind in ("sat", "rc2") else ORDER[kind]


@dataclass(frozen=True)
class Route:
    """What a route does, in one line, the backend kinds that can run it, and whether its model
    carries the lex-leader break by default (the single route asks SINGLE, by kind)."""

    summary: str
    kinds: tuple[str, ...]
    symmetry: bool = False


ROUTES: dict[str, Route] = {
    "auto": Route("the route AUTO picks by backend kind and board size", tuple(KINDS)),
    "race": Route("two provers on two processes, lined up by LINE_UPS", ("cpsat", "rc2")),
    "core": Route("the core-guided prover alone, in this process", ("cpsat", "rc2")),
    "portfolio": Route("one CP-SAT worker beside CP-SAT's local search, two threads", ("cpsat",)),
    "descent": Route(
        "a SAT solver alone: placements, then one knight fewer refuted (SAT-UNSAT)",
        ("rc2", "sat"),
    ),
    "search": Route(
        "the placement search alone (searching/): the fewest knights found in the time, proven"
        " only where CP-SAT proves them",
        ("cpsat",),
    ),
    "single": Route("one backend with its own options", tuple(KINDS)),
}

# ``auto``: per backend kind, the route for boards up to a number of squares (None: any larger);
# a half of a split total board counts the squares its knights may stand on.
AUTO: dict[str, tuple[tuple[int | None, str], ...]] = {
    "cpsat": ((100, "core"), (169, "portfolio"), (None, "race")),
    "rc2": ((100, "core"), (None, "race")),
    "sat": ((None, "single"),),
    "mip": ((None, "single"),),
}


# ``auto`` on one colour's half of a split total board: past the largest half the race proves
# within 600 s (total 24's; bench/results/domination.md, the 600 s frontier), the search alone
# finds the best placement, and a proof is the cube route's (bench/results/open_terms.md)
HALF_AUTO: dict[str, tuple[tuple[int | None, str], ...]] = AUTO | {
    "cpsat": ((100, "core"), (169, "portfolio"), (24 * 24 // 2, "race"), (None, "search")),
}


def auto_route(kind: str, squares: int, half: bool = False) -> str:
    """The route ``auto`` stands for on a board (or a total board's ``half``) of ``squares``
    squares."""
    steps = (HALF_AUTO if half else AUTO)[kind]
    return next(route for up_to, route in steps if up_to is None or squares <= up_to)


def describe_auto() -> str:
    """AUTO in words, for help texts: generated, so that it cannot drift from the table."""

    def said(steps: tuple[tuple[int | None, str], ...]) -> str:
        return ", ".join(
            route if up_to is None else f"{route} up to {up_to}" for up_to, route in steps
        )

    parts = [f"{kind}: {said(steps)}" for kind, steps in AUTO.items()]
    parts += [
        f"a total board's half on {kind}: {said(steps)}"
        for kind, steps in HALF_AUTO.items()
        if steps != AUTO[kind]
    ]
    return "; ".join(parts)


def check_route(route: str, backend: str) -> str:
    """The backend's kind, once ``route`` is known and can run on it; else one line saying why."""
    if route not in ROUTES:
        raise BoardsatError(f"unknown route {route!r}; known: {', '.join(ROUTES)}")
    kind = backend_kind(backend)
    kinds = ROUTES[route].kinds
    if kind not in kinds:
        needs = " or ".join(KINDS[k] for k in kinds)
        raise BoardsatError(
            f"the {route} route needs {needs}, not {backend!r}; the single route runs any backend"
        )
    return kind


def default_symmetry(route: str, kind: str) -> bool:
    """Whether ``route`` (not auto) builds its model with the lex-leader break by default."""
    return SINGLE[kind].symmetry if route == "single" else ROUTES[route].symmetry


def in_process_stage(
    route: str, kind: str, model: Model, backend: str, variant: str, seed: int
) -> Stage:
    """The one stage of the ``core``, ``portfolio`` or ``descent`` route (``search`` runs the
    placement search, not one stage)."""
    if route == "descent":
        setting = SAT_DESCENT
    elif route == "core":
        setting = CORE_PROVER[kind]
    else:
        setting = PORTFOLIO[variant]
    return setting.stage(model, backend, seed)


def single_options(kind: str, backend: str, seed: int, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The single route's backend options: its defaults, the caller's ``chosen`` over them, and
    the seed under any ``parameters`` the caller set."""
    options = {**SINGLE[kind].options, **chosen}
    seeded = seed_parameters(backend, seed)
    if seeded:
        options["parameters"] = seeded | dict(options.get("parameters", {}))
    return options
