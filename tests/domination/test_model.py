"""Knight domination: every optimum checked against an exhaustive search and validated by the rules."""

from __future__ import annotations

import importlib
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardsat.core.backends import MAX_SEED, is_available, seed_parameters
from boardsat.core.errors import BoardsatError
from boardsat.core.results import Result, Status
from boardsat.models.board import Board
from boardsat.models.domination.answer import DominationAnswer
from boardsat.models.domination.bounds import counting_lower_bound
from boardsat.models.domination.colours import COLOURS
from boardsat.models.domination.exhaustive import minimum_knights
from boardsat.models.domination.model import VARIANTS, DominationModel, build_model, decode
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.race import LINE_UPS, PLACER, LineUpRow, domination_line_up
from boardsat.models.domination.routes import AUTO, KINDS, ROUTES, auto_route, backend_kind
from boardsat.models.domination.rules import validate
from boardsat.models.domination.seed import SEED_SAT_BACKEND, seed_check
from boardsat.models.domination.solve import solve_domination
from boardsat.solving.race import Stage, race
from boardsat.solving.solve import solve
from tests.oracles.proofcheck import check_drup

# the module, not the package's ``solve``, which names the function
domination_solve = importlib.import_module("boardsat.models.domination.solve")
SMALL = [(rows, cols) for rows in range(1, 6) for cols in range(rows, 6)]
# a backend of each kind, where the kind has one installed
BACKEND_OF_KIND = {"cpsat": "cpsat", "rc2": "cadical195", "sat": "lingeling", "mip": "highs"}
# every route on every backend that runs it
ROUTES_ON = [
    (route, backend)
    for route, known in ROUTES.items()
    for backend in ("cpsat", "cadical195", "glucose4")
    if backend_kind(backend) in known.kinds
]
SLACK_S = 10.0  # past a time limit: children killed and reaped, a placement validated
# the article's 14-knight placement of seed 003 (row 0 at the top)
SEED_PLACEMENT = [
    (0, 0), (0, 2), (1, 5), (2, 0), (2, 4), (2, 5), (3, 0),
    (4, 7), (5, 2), (5, 3), (5, 7), (6, 2), (7, 5), (7, 7),
]  # fmt: skip


def assert_matches_oracle(
    answer: DominationAnswer, rows: int, cols: int, variant: str, proven: bool = True
) -> None:
    expected = minimum_knights(rows, cols, variant)
    if expected is None:
        assert answer.result.status is Status.UNSATISFIABLE
        return
    assert answer.proven_optimal or not proven
    assert answer.knights == expected
    assert validate(rows, cols, variant, answer.placement) == []


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("symmetry", [True, False])
def test_every_small_board_matches_the_exhaustive_search(variant: str, symmetry: bool) -> None:
    for rows, cols in SMALL:
        for shape in {(rows, cols), (cols, rows)}:
            answer = solve_domination(*shape, variant, route="single", symmetry=symmetry, workers=1)
            assert_matches_oracle(answer, *shape, variant)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("tiles", [2, 3])
def test_tile_bounds_keep_the_optimum(variant: str, tiles: int) -> None:
    for rows, cols in [(4, 4), (5, 5), (4, 6), (6, 6), (5, 7)]:
        built = build_model(rows, cols, variant, tiles=tiles)
        result = solve(built.model, "cadical195")
        placement = decode(built, result)
        expected = minimum_knights(rows, cols, variant)
        assert (len(placement) if result.has_solution else None) == expected
        assert expected is None or validate(rows, cols, variant, placement) == []


@pytest.mark.parametrize(
    ("backend", "options"),
    [
        ("cadical195", {"optimisation": "linear-up"}),
        ("cadical195", {"optimisation": "linear-down"}),
        ("cadical195", {"optimisation": "maxsat", "cardinality": "seqcounter"}),
        ("glucose4", {"optimisation": "linear-up", "cardinality": "seqcounter"}),
        ("minisat22", {}),
        ("kissat404", {}),
    ],
)
@pytest.mark.parametrize("variant", VARIANTS)
def test_sat_backends_agree_with_the_exhaustive_search(
    backend: str, options: dict[str, str], variant: str
) -> None:
    for rows, cols in [(3, 3), (4, 4), (3, 5), (5, 5), (4, 6)]:
        answer = solve_domination(rows, cols, variant, route="single", backend=backend, **options)
        assert_matches_oracle(answer, rows, cols, variant)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    rows=st.integers(1, 7),
    cols=st.integers(1, 7),
    variant=st.sampled_from(VARIANTS),
    symmetry=st.booleans(),
    route_on=st.sampled_from(ROUTES_ON),
    seed=st.integers(0, 9),
)
def test_random_rectangles(
    rows: int, cols: int, variant: str, symmetry: bool, route_on: tuple[str, str], seed: int
) -> None:
    route, backend = route_on
    answer = solve_domination(
        rows, cols, variant, route=route, backend=backend, symmetry=symmetry, seed=seed
    )
    # the search proves only where its counting bound meets it (not on dominating 2x3, say)
    assert_matches_oracle(answer, rows, cols, variant, proven=route != "search")


def test_counting_bound_never_exceeds_the_optimum() -> None:
    for rows in range(1, 7):
        for cols in range(1, 7):
            for variant in VARIANTS:
                optimum = minimum_knights(rows, cols, variant)
                bound = counting_lower_bound(Board(rows, cols), variant)
                assert optimum is None or bound <= optimum


def test_the_seed_placement_is_valid_and_the_validator_catches_breaks() -> None:
    assert validate(8, 8, "independent", SEED_PLACEMENT) == []
    assert validate(8, 8, "independent", SEED_PLACEMENT[1:])  # (0, 0) left unattacked
    assert validate(8, 8, "independent", [*SEED_PLACEMENT, (1, 2)])  # attacks (0, 0)
    assert validate(8, 8, "dominating", [*SEED_PLACEMENT, (1, 2)]) == []
    assert validate(8, 8, "total", SEED_PLACEMENT)  # (0, 0) itself is not attacked
    assert validate(8, 8, "independent", [*SEED_PLACEMENT, (8, 0)])  # off the board


@pytest.mark.parametrize(
    ("route", "backend"), [pair for pair in ROUTES_ON if pair[1] != "glucose4"]
)
def test_seed_figure_fourteen_is_proven(backend: str, route: str) -> None:
    answer = solve_domination(8, 8, "independent", route=route, backend=backend)
    assert answer.proven_optimal
    assert answer.knights == 14 == answer.lower_bound
    assert validate(8, 8, "independent", answer.placement) == []


@pytest.mark.parametrize("symmetry", [True, False])
def test_drup_proof_of_no_thirteen_checks_independently(tmp_path: Path, symmetry: bool) -> None:
    proof = tmp_path / "no13.drup"
    answer = solve_domination(
        8,
        8,
        "independent",
        route="single",
        backend="cadical195",
        optimisation="linear-up",
        proof=str(proof),
        symmetry=symmetry,
    )
    assert answer.knights == 14 and answer.result.proof == str(proof)
    assert check_drup(f"{proof}.cnf", proof)
    # the same proof must not refute the formula without its "at most 13" clause
    lines = Path(f"{proof}.cnf").read_text().splitlines()
    header = lines[0].split()
    weakened = tmp_path / "weakened.cnf"
    weakened.write_text("\n".join([f"p cnf {header[2]} {int(header[3]) - 1}", *lines[1:-1]]) + "\n")
    assert not check_drup(weakened, proof)


TIME_LIMITED = [
    ("single", "cpsat", {"workers": 2}),
    ("portfolio", "cpsat", {}),
    ("core", "cpsat", {}),
    ("race", "cpsat", {}),
    ("race", "cadical195", {}),
]


@pytest.mark.parametrize(("route", "backend", "options"), TIME_LIMITED)
def test_a_limit_spent_before_the_solver_starts_gives_unknown(
    route: str, backend: str, options: dict[str, int]
) -> None:
    """The limit counts from the call, so a limit of 0 is spent before any solver starts (the
    build stops at once): no route can prove anything, on any machine, and a bound it gives
    still holds."""
    started = time.perf_counter()
    answer = solve_domination(
        20, 20, "independent", route=route, backend=backend, time_limit=0, **options
    )
    assert time.perf_counter() - started < SLACK_S
    assert answer.result.status is Status.UNKNOWN
    best = published_minimum(20, "independent")
    assert best is not None
    assert answer.lower_bound is None or answer.lower_bound < best
    if answer.knights is not None:
        assert answer.lower_bound is not None
        assert answer.lower_bound <= best <= answer.knights
        assert validate(20, 20, "independent", answer.placement) == []


@pytest.mark.slow  # runs out a time limit
@pytest.mark.parametrize(("route", "backend", "options"), TIME_LIMITED)
def test_a_time_limit_keeps_a_valid_placement_and_a_sound_bound(
    route: str, backend: str, options: dict[str, int]
) -> None:
    """Whatever a route reaches within 1.5 s on 20x20, its answer is consistent with the
    published optimum, its placement obeys the rules, and it ends within the limit."""
    started = time.perf_counter()
    answer = solve_domination(
        20, 20, "independent", route=route, backend=backend, time_limit=1.5, **options
    )
    assert time.perf_counter() - started < 1.5 + SLACK_S
    best = published_minimum(20, "independent")
    assert best is not None and answer.lower_bound is not None
    assert answer.lower_bound <= best
    assert answer.proven_optimal == (answer.lower_bound == answer.knights == best)
    if answer.knights is not None:
        assert best <= answer.knights
        assert validate(20, 20, "independent", answer.placement) == []


@pytest.mark.parametrize("backend", ["glucose4", "minisat22", "cadical195"])
def test_a_generous_time_limit_does_not_stop_rc2(backend: str) -> None:
    """RC2 caps its core-minimisation calls at 1000 conflicts; running out of that cap is not the
    deadline (on 11x11 it happens within the first second on interruptible solvers)."""
    answer = solve_domination(11, 11, "independent", route="core", backend=backend, time_limit=60)
    assert answer.proven_optimal and answer.knights == published_minimum(11, "independent")
    assert validate(11, 11, "independent", answer.placement) == []


def test_symmetry_breaking_uses_the_whole_symmetry_group_of_the_board() -> None:
    def symmetries(rows: int, cols: int) -> set[object]:
        created = build_model(rows, cols).model.keys()
        return {key[1] for key in created if isinstance(key, tuple) and key[0] == "lex"}

    assert len(symmetries(6, 6)) == 7
    assert len(symmetries(5, 6)) == 3
    assert len(symmetries(1, 6)) == 1  # flipping the single row changes nothing
    assert build_model(6, 6, symmetry=False).model.num_vars == 36


def test_seed_check_is_verified() -> None:
    outcome = seed_check()
    assert outcome.verified
    proofs = [line for line in outcome.answer.splitlines() if "14 knights" in line]
    assert len(proofs) == 2 and all("proven optimal" in line for line in proofs)
    assert SEED_SAT_BACKEND in proofs[1]


@pytest.mark.parametrize(
    ("route", "backend"),
    [
        pair
        for pair in ROUTES_ON
        if pair[0] not in ("auto", "single", "search") and pair[1] != "glucose4"
    ],
)
@pytest.mark.parametrize("variant", VARIANTS)
def test_race_core_and_portfolio_routes_match_the_exhaustive_search(
    variant: str, backend: str, route: str
) -> None:
    for rows, cols in [(1, 1), (2, 3), (3, 3), (4, 4), (3, 5), (5, 5), (4, 6)]:
        answer = solve_domination(rows, cols, variant, route=route, backend=backend)
        assert answer.routes == (route,)
        assert_matches_oracle(answer, rows, cols, variant)


AUTO_STEPS = [
    (kind, up_to)
    for kind, steps in AUTO.items()
    for up_to, _ in steps
    if up_to is not None and kind in ("cpsat", "rc2")
]


@pytest.mark.parametrize("variant", ["independent", "dominating"])
@pytest.mark.parametrize(("kind", "up_to"), AUTO_STEPS)
def test_auto_runs_the_table_s_route_either_side_of_each_step(
    kind: str, up_to: int, variant: str
) -> None:
    """A single row has no knight moves, so every square holds a knight in these variants: each
    route auto takes at a step of its table proves that, whatever the steps are."""
    for cols in (up_to, up_to + 1):
        answer = solve_domination(1, cols, variant, backend=BACKEND_OF_KIND[kind])
        assert answer.routes == (auto_route(kind, cols),)
        assert answer.proven_optimal and answer.knights == cols
        assert validate(1, cols, variant, answer.placement) == []


@pytest.mark.skipif(not is_available("highs"), reason="needs OR-Tools' HiGHS")
def test_a_mip_backend_solves_alone_unless_a_core_guided_route_is_asked_for() -> None:
    answer = solve_domination(5, 5, "dominating", backend="highs")
    assert answer.routes == ("single",)
    assert_matches_oracle(answer, 5, 5, "dominating")
    for route in ("core", "race"):
        with pytest.raises(BoardsatError, match="single route"):
            solve_domination(4, 4, route=route, backend="highs")


REFUSED = [
    (route, kind)
    for route, known in ROUTES.items()
    for kind in KINDS
    if kind not in known.kinds and is_available(BACKEND_OF_KIND[kind])
]


@pytest.mark.parametrize(("route", "kind"), REFUSED)
def test_a_route_refuses_a_backend_that_cannot_run_it_in_one_line(route: str, kind: str) -> None:
    backend = BACKEND_OF_KIND[kind]
    assert backend_kind(backend) == kind
    with pytest.raises(BoardsatError, match=f"^the {route} route needs .*single route") as refused:
        solve_domination(4, 4, route=route, backend=backend)
    assert "\n" not in str(refused.value)


def test_the_lp_route_is_gone() -> None:
    """Its record: at most about 20 ms saved, on boards already solved under 0.1 s."""
    with pytest.raises(BoardsatError, match=r"^unknown route 'lp'; known: "):
        solve_domination(6, 6, "dominating", route="lp")


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_portfolio_proves_the_published_optimum_whatever_the_seed(variant: str) -> None:
    """On 11x11, a board auto gives the portfolio, seeds 1 to 3 each prove the published value."""
    for seed in (1, 2, 3):
        answer = solve_domination(11, 11, variant, route="portfolio", seed=seed)
        assert answer.proven_optimal and answer.knights == published_minimum(11, variant)
        assert validate(11, 11, variant, answer.placement) == []


@pytest.mark.parametrize("backend", ["cpsat", "cadical195"])
def test_race_reports_how_bound_and_placement_met(backend: str) -> None:
    answer = solve_domination(10, 10, "dominating", route="race", backend=backend)
    assert answer.proven_optimal and answer.knights == published_minimum(10, "dominating")
    racers = domination_line_up(10, 10, "dominating", backend).racers
    assert answer.finisher in {racer.name for racer in racers}
    bounds = [event.bound for event in answer.events if event.bound is not None]
    found = [event.objective for event in answer.events if event.objective is not None]
    assert bounds == sorted(bounds) and found == sorted(found, reverse=True)
    assert max(bounds, default=0) <= answer.knights == min(found)


def row_cases(row: LineUpRow) -> list[tuple[str, str | None]]:
    """The variants (and for a half, the colours) a row of LINE_UPS races."""
    variants = [row.variant] if row.variant is not None else list(VARIANTS)
    cases: list[tuple[str, str | None]] = []
    for variant in variants:
        if row.half is not False and variant == "total":
            cases += [(variant, colour) for colour in COLOURS]
        if row.half is not True:
            cases.append((variant, None))
    return cases


ROW_CASES = [
    pytest.param(row, variant, knights_on, id=f"{row.kind}-{index}-{variant}-{knights_on}")
    for index, row in enumerate(LINE_UPS)
    for variant, knights_on in row_cases(row)
]


@pytest.mark.slow
@pytest.mark.parametrize(("row", "variant", "knights_on"), ROW_CASES)
def test_every_line_up_proves_the_optimum_and_so_does_each_racer_alone(
    row: LineUpRow, variant: str, knights_on: str | None
) -> None:
    """A race is only as sound as each racer: alone, every one of every row of LINE_UPS must
    reach and prove the optimum the exhaustive search finds (on 5x5, whatever the row's least
    size), and the line-up run whole proves it too, from its shared placement where it has one."""
    built = build_model(5, 5, variant, symmetry=False, knights_on=knights_on)
    line_up = row.line_up(built, BACKEND_OF_KIND[row.kind], 30.0, seed=3)
    reference = solve(built.model, "glucose4", optimisation="maxsat")
    expected = minimum_knights(5, 5, variant) if knights_on is None else reference.objective
    for racer in line_up.racers:
        outcome = race([racer])
        assert outcome.result.status is Status.OPTIMAL, racer.name
        placement = decode(built, outcome.result)
        assert len(placement) == expected, racer.name
        if knights_on is None:
            assert validate(5, 5, variant, placement) == []
    outcome = line_up.run(30.0)
    assert outcome.result.proven_optimal and outcome.result.objective == expected
    assert outcome.finisher in {racer.name for racer in line_up.racers}
    if line_up.from_placement:  # the placer's placement first, every later event after it
        first, *later = outcome.events
        assert first.racer == PLACER and first.objective is not None
        assert all(event.seconds >= first.seconds for event in later)
        assert outcome.result.seconds >= outcome.events[-1].seconds


def seeds_of(stage: Stage) -> dict[str, object]:
    parameters: dict[str, object] = stage.options.get("parameters", {})
    return parameters


@pytest.mark.parametrize(("row", "variant", "knights_on"), ROW_CASES)
def test_the_seed_reaches_every_seeded_stage_of_the_race(
    row: LineUpRow, variant: str, knights_on: str | None
) -> None:
    """A seed sweep must vary the whole race: every stage of a solver that takes a seed runs
    the race's seed or the next, and two provers of one solver never run alike: they differ in
    their options (a seed is one) or in their model."""
    built = build_model(6, 6, variant, knights_on=knights_on)
    first, second = row.line_up(built, BACKEND_OF_KIND[row.kind], None, seed=7).racers
    for stage in (*first.stages, *second.stages):
        seeded = [seed_parameters(stage.backend, seed) for seed in (7, 8)]
        assert seeded == [{}, {}] or any(
            seeds_of(stage).items() >= one.items() for one in seeded
        ), stage
    provers = [first.stages[0], second.stages[-1]]
    if provers[0].backend == provers[1].backend:
        same_options = provers[0].options == provers[1].options
        same_model = provers[0].model.constraints == provers[1].model.constraints
        assert not (same_options and same_model)


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1])
def test_a_seed_outside_the_solvers_range_is_refused_in_one_line(seed: int) -> None:
    """CP-SAT's and SCIP's seeds are 32-bit, and a race's second prover takes seed + 1."""
    with pytest.raises(BoardsatError, match=rf"^the seed must lie in 0\.\.{MAX_SEED}, not {seed}$"):
        solve_domination(4, 4, seed=seed)


@pytest.mark.parametrize("route", [route for route in ROUTES if route != "single"])
def test_only_the_single_route_takes_backend_options(route: str) -> None:
    with pytest.raises(BoardsatError, match="single route"):
        solve_domination(6, 6, route=route, workers=2)


def test_an_unknown_route_is_refused() -> None:
    with pytest.raises(BoardsatError, match="unknown route"):
        solve_domination(6, 6, route="relay")


@pytest.mark.parametrize(
    ("variant", "options"),
    [("independent", {"route": "single", "backend": "cadical195"}), ("total", {})],
)
def test_a_decoder_that_drops_a_knight_is_caught_not_answered(
    monkeypatch: pytest.MonkeyPatch, variant: str, options: dict[str, str]
) -> None:
    """The last check before an answer: a placement breaking the rules is a bug, never returned.
    A minimum placement less one knight always breaks them (else a smaller one would exist)."""
    decoded: list[frozenset[tuple[int, int]]] = []

    def dropping(built: DominationModel, result: Result) -> frozenset[tuple[int, int]]:
        placement = decode(built, result)
        decoded.append(placement)
        return frozenset(sorted(placement)[1:]) if placement else placement

    monkeypatch.setattr(domination_solve, "decode_placement", dropping)
    with pytest.raises(AssertionError, match="returned an invalid placement"):
        solve_domination(5, 6, variant, **options)  # type: ignore[arg-type]
    assert decoded and all(decoded)
