"""`boardsat domination ... --cubes` and `boardsat proof horizon`: one proof spread over cubes;
`boardsat proof status|check`.

The proof lives in its directory, which is written as cubes settle: Ctrl-C, a killed scheduler
or a crash loses no finished cube, and the same command resumes it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

from boardsat.cli.common import (
    emit_json,
    end_at_limit,
    json_option,
    processes_option,
    progress,
    solving_command,
)
from boardsat.cli.terminal import current, session
from boardsat.core.errors import BoardsatError
from boardsat.core.model import Key
from boardsat.core.results import Status
from boardsat.core.wording import counted, data_size
from boardsat.harness.cluster import check_dask_address
from boardsat.models.domination.cubes import (
    LOOKAHEAD_CUBES,
    WINDOW_LIMIT_S,
    DominationClaim,
    split_claim,
)
from boardsat.models.domination.routes import ORDER, backend_kind
from boardsat.models.domination.rules import validate
from boardsat.models.domination.solve import DominationRequest, solve_request
from boardsat.models.instance_file import instance_data
from boardsat.models.planning.cubes import (
    HORIZON_SPLITTERS,
    PlanningClaim,
    split_horizon,
)
from boardsat.models.registry import PLANNING_PUZZLES
from boardsat.proof.check import check_proof
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.export import export_proof
from boardsat.proof.ledger import CheckLedger
from boardsat.proof.pools import open_pool
from boardsat.proof.run import Plan, open_proof, prove
from boardsat.proof.status import ProofStatus, counterexample, proof_status
from boardsat.solving.conquer import check_route

FIND_LIMIT_S = 60.0
F = TypeVar("F", bound=Callable[..., Any])


def cube_options(default_directory: str) -> Callable[[F], F]:
    """The options of every proof by cubes: where cubes run, the proof's home, the route, the
    limit per cube and the size of a lookahead split."""

    def decorate(command: F) -> F:
        for option in reversed(
            (
                click.option(
                    "--dask",
                    metavar="ADDRESS|local:N",
                    help="Run the cubes on the Dask scheduler at ADDRESS, or on N local workers"
                    " (default: one at a time here).",
                ),
                click.option(
                    "--proof-dir",
                    type=click.Path(file_okay=False),
                    help=f"The proof directory, resumed if it exists (default {default_directory}).",
                ),
                click.option(
                    "--cube-route",
                    default=Plan.route,
                    show_default=True,
                    help="cpsat, scip, or a python-sat solver (those that log proofs certify).",
                ),
                click.option(
                    "--cube-limit",
                    type=click.FloatRange(min=0, min_open=True),
                    default=Plan.cube_limit,
                    show_default=True,
                    help="Seconds per cube; a cube that outruns it is split again by lookahead.",
                ),
                click.option(
                    "--cube-count",
                    type=click.IntRange(min=1),
                    default=LOOKAHEAD_CUBES,
                    show_default=True,
                    help="How many cubes a lookahead split makes at first.",
                ),
            )
        ):
            command = option(command)
        return command

    return decorate


def cube_request(
    splitter: str,
    dask: str | None,
    proof_dir: str | None,
    cube_route: str,
    cube_limit: float,
    cube_count: int,
    lemma_limit: float = WINDOW_LIMIT_S,
) -> CubeRequest:
    """The cube options read into one request, the route and the Dask address checked before
    any work."""
    if dask is not None:
        check_dask_address(dask)
    plan = Plan(check_route(cube_route), cube_limit)
    return CubeRequest(splitter, cube_count, dask, proof_dir, plan, lemma_limit)


@dataclass(frozen=True)
class CubeRequest:
    """How ``--cubes`` runs: the splitter and its size, where cubes run, and the proof's home."""

    splitter: str
    cubes: int
    dask: str | None
    directory: str | None
    plan: Plan
    lemma_limit: float  # seconds to bound each window of a band split


def prove_domination(
    rows: int,
    cols: int,
    variant: str,
    request: CubeRequest,
    find_limit: float | None,
    as_json: bool,
    order: str | None = None,
) -> None:
    """Find a placement, then prove by cubes that one knight fewer cannot do it, on the model
    with its squares in ``order`` (None: the cube route's kind's ORDER, or a resumed proof's)."""
    started = time.perf_counter()
    path = request.directory or f"domination-{rows}x{cols}-{variant}.proof"
    terminal = current()
    if ProofDirectory.exists(path):
        manifest = ProofDirectory.open(path).manifest()
        best = manifest["best"]
        if not isinstance(best, list) or not best:
            raise BoardsatError(f"{path} holds the proof of another claim: {manifest['describes']}")
        terminal.note(f"resuming the proof in {path}")
        order = order or DominationClaim.from_spec(manifest["claim"]).order
    else:
        terminal.show("searching a placement to prove optimal")
        found = solve_request(
            DominationRequest(rows, cols, variant, time_limit=find_limit or FIND_LIMIT_S)
        )
        if found.result.status is Status.UNSATISFIABLE:
            raise BoardsatError(f"{found.summary()}, so there is no minimum to prove by cubes")
        if not found.placement:
            raise BoardsatError("no placement was found to prove optimal; give more --time-limit")
        best = sorted([row, col] for row, col in found.placement)
    order = order or ORDER[backend_kind(request.plan.route)]
    claim = DominationClaim(rows, cols, variant, len(best) - 1, order=order)
    directory = open_proof(
        path,
        claim,
        best,
        lambda: split_claim(
            claim, request.splitter, request.cubes, window_limit=request.lemma_limit
        ),
    )
    status = _run(directory, request, claim.decisions())
    witness = counterexample(directory)
    better = None
    if witness is not None:
        better = claim.placement(witness.solution)
        problems = validate(rows, cols, variant, [(row, col) for row, col in better])
        if problems:
            raise BoardsatError(f"cube {witness.task} solved to a placement that breaks the rules")
        verdict = (
            f"{counted(len(better), 'knight')} can do it (cube {witness.task}), so {len(best)} is"
            f" not optimal; prove {len(better)} in a new --proof-dir"
        )
    elif status.proven:
        verdict = f"{counted(len(best), 'knight')}: optimal, proven by cubes"
    else:
        verdict = (
            f"{counted(len(best), 'knight')} found; the proof is not finished (status UNKNOWN)"
        )
    placement = better if better is not None else best
    proven = status.proven and better is None
    fields = {  # the fields of `domination --json`, so that one schema reads both
        "rows": rows,
        "cols": cols,
        "variant": variant,
        "status": "OPTIMAL" if proven else "SATISFIABLE" if better is not None else "UNKNOWN",
        "knights": len(placement),
        "proven_optimal": proven,
        "lower_bound": len(best) if proven else None,
        "placement": placement,
        "backend": request.plan.route,
        "encoding": f"{directory.manifest()['describes']}, split into cubes",
        "order": claim.order,
        "seconds": round(time.perf_counter() - started, 3),
        "proof": str(directory.path),
        "route": "cubes",
        "split": None,
        "events": [],
    }
    _report(directory, status, verdict, as_json, fields)


def _run(directory: ProofDirectory, request: CubeRequest, decisions: Sequence[Key]) -> ProofStatus:
    terminal = current()

    def settled(entry: Settled, status: ProofStatus) -> None:
        terminal.show(_progress(status))

    with open_pool(request.dask, 1) as pool:
        status = prove(directory, pool, request.plan, decisions, settled)
    terminal.stop()
    return status


def _progress(status: ProofStatus) -> str:
    lemmas = (
        f" and {status.lemmas_refuted} of {counted(status.lemmas, 'lemma')}"
        if status.lemmas
        else ""
    )
    return (
        f"{status.refuted} of {counted(status.leaves, 'cube')}{lemmas} refuted"
        f" ({status.certified} certified), {status.split_again} split again,"
        f" CPU {status.cpu:.1f} s"
    )


def _report(
    directory: ProofDirectory,
    status: ProofStatus,
    verdict: str,
    as_json: bool,
    answer: dict[str, Any] | None = None,
) -> None:
    """Print where the proof ended: ``verdict``, and in JSON the ``answer`` fields of the
    command the proof stands for (default: the best answer and whether it is proven)."""
    found = counterexample(directory)
    lines = [
        verdict,
        f"claim: {directory.manifest()['describes']}",
        _progress(status),
        f"proof directory: {directory.path} (check it: boardsat proof check {directory.path})",
    ]
    if as_json:
        manifest = directory.manifest()
        given = answer or {"best": manifest["best"], "proven": status.proven}
        emit_json({**given, **_document(directory, status, verdict)})
    else:
        click.echo("\n".join(lines))
    end_at_limit(not status.proven and found is None)


def _document(directory: ProofDirectory, status: ProofStatus, verdict: str) -> dict[str, Any]:
    """The proof's own fields, added to the answer's."""
    return {
        "verdict": verdict,
        "claim": directory.manifest()["claim"],
        "cubes": status.leaves,
        "refuted": status.refuted,
        "certified": status.certified,
        "split_again": status.split_again,
        "lemmas": status.lemmas,
        "lemmas_refuted": status.lemmas_refuted,
        "cpu_seconds": round(status.cpu, 3),
        "directory": str(directory.path),
    }


@click.group(name="proof")
def command() -> None:
    """Proof directories written by --cubes: where they stand, and their certificates checked."""


@command.command()
@click.argument("directory", type=click.Path(file_okay=False))
def status(directory: str) -> None:
    """How many cubes are settled, how many remain, and the CPU time spent."""
    proof = ProofDirectory.open(directory)
    state = proof_status(proof)
    click.echo(proof.manifest()["describes"])
    if not state.split:
        click.echo("not split into cubes yet: the same command that began the proof resumes it")
        return
    click.echo(_progress(state))
    ending = "; proven" if state.proven else "; a counterexample" if state.counterexample else ""
    click.echo(f"{state.remaining} remaining{ending}")
    sizes = proof.certificate_sizes()
    if sizes:
        click.echo(
            f"{counted(len(sizes), 'certificate')}: {data_size(sum(sizes))},"
            f" the largest {data_size(max(sizes))}"
        )


@command.command()
@click.argument("directory", type=click.Path(file_okay=False))
@processes_option("--jobs", "Certificates checked at once, each in a process of its own.")
@click.option(
    "--ledger",
    type=click.Path(dir_okay=False),
    help="A file of the certificates this check accepts, written as it goes; a later check with"
    " the same file skips them, so a long check stops and goes on, or runs while the proof grows.",
)
def check(directory: str, jobs: int, ledger: str | None) -> None:
    """Check every cube's certificate, the splits' coverage and the best answer, without
    trusting the solvers that wrote them."""
    proof = ProofDirectory.open(directory)
    kept = None if ledger is None else CheckLedger.open(ledger)

    def checked(done: int, total: int) -> None:
        if done % max(1, total // 10) == 0 or done == total:
            progress(f"{done} of {counted(total, 'certificate')} checked")

    with session(quiet=False):
        result = check_proof(proof, jobs, checked, kept)
    manifest = proof.manifest()
    for problem in result.problems:
        click.echo(f"problem: {problem}")
    click.echo(f"claim: {result.describes}")
    if result.grounds is not None:
        click.echo(f"why the formula proves it: {result.grounds}")
    earlier = f" ({result.from_ledger} by the ledger {ledger})" if kept is not None else ""
    click.echo(
        f"{counted(result.certified, 'refutation')} certified{earlier},"
        f" {result.uncertified} refuted without a certificate"
    )
    if result.problems:
        raise SystemExit(1)
    how = "certified" if result.certified_all else "proven but not certified"
    best = manifest["best"]
    click.echo(f"{len(best)} is optimal, {how}" if best else f"the claim is {how}")


@command.command("export")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("out", type=click.Path(file_okay=False))
def export(directory: str, out: str) -> None:
    """Write a finished proof for outside checkers into the new folder OUT: each refuted
    formula as DIMACS with its certificate (DRAT, and LRAT where CaDiCaL made one), a manifest
    with every file's SHA-256, and a README on checking them with drat-trim."""
    done = export_proof(ProofDirectory.open(directory), Path(out))
    click.echo(
        f"wrote {counted(done.cubes, 'cube')}, {counted(done.lemmas, 'lemma')} and"
        f" {counted(done.coverage, 'split')} to {done.folder}; its README says how to check them"
    )


@command.command()
@click.argument("instance")
@click.argument("horizon", type=click.IntRange(min=0))
@click.option(
    "--split",
    "splitter",
    type=click.Choice(HORIZON_SPLITTERS),
    default="first-moves",
    show_default=True,
    help="first-moves: one cube per sequence of the first --depth moves; lookahead: about"
    " --cube-count cubes on the actions.",
)
@click.option(
    "--depth",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="first-moves: how many first moves each cube fixes.",
)
@click.option(
    "--strengthen",
    default=None,
    help="The strengthenings (default: the puzzle's route's); they keep shortest plans only.",
)
@cube_options("PUZZLE-NAME-hHORIZON.proof")
@json_option
@solving_command
def horizon(
    instance: str,
    horizon: int,
    splitter: str,
    depth: int,
    strengthen: str | None,
    dask: str | None,
    proof_dir: str | None,
    cube_route: str,
    cube_limit: float,
    cube_count: int,
    as_json: bool,
) -> None:
    """Prove by cubes that INSTANCE (a planning instance file, or a shipped one such as
    flipit:seed) has no plan of exactly HORIZON moves."""
    data = instance_data(instance)
    kind = str(data.get("kind"))
    if kind not in PLANNING_PUZZLES:
        raise BoardsatError(
            f"{instance}: horizons belong to planning puzzles ({', '.join(PLANNING_PUZZLES)})"
        )
    keys: dict[str, str] = {k: str(data[k]) for k in ("board", "start", "goal") if k in data}
    claim = PlanningClaim.of(kind, keys, horizon, strengthen)
    request = cube_request(splitter, dask, proof_dir, cube_route, cube_limit, cube_count)
    name = Path(instance).stem.replace(":", "-")
    path = proof_dir or f"{name}-h{horizon}.proof"
    size = depth if splitter == "first-moves" else cube_count
    directory = open_proof(path, claim, None, lambda: split_horizon(claim, splitter, size))
    status = _run(directory, request, claim.decisions())
    verdict = (
        f"no plan of exactly {counted(horizon, 'move')}: proven by cubes"
        if status.proven
        else "the proof is not finished (status UNKNOWN)"
    )
    found = counterexample(directory)
    if found is not None:
        verdict = f"the claim is false: cube {found.task} has a plan of exactly {horizon} moves"
    _report(directory, status, verdict, as_json)
