"""`boardsat domination ... --cubes`: one proof spread over cubes; `boardsat proof status|check`.

The proof lives in its directory, which is written as cubes settle: Ctrl-C, a killed scheduler
or a crash loses no finished cube, and the same command resumes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import click

from boardsat.cli.common import emit_json, end_at_limit
from boardsat.cli.terminal import current
from boardsat.errors import BoardsatError
from boardsat.models.domination.cubes import DominationClaim, split_claim
from boardsat.models.domination.solve import DominationRequest, solve_request
from boardsat.proof.check import check_proof
from boardsat.proof.directory import ProofDirectory, Settled
from boardsat.proof.pools import open_pool
from boardsat.proof.run import Plan, open_proof, prove
from boardsat.proof.status import ProofStatus, counterexample, proof_status
from boardsat.wording import counted

FIND_LIMIT_S = 60.0


@dataclass(frozen=True)
class CubeRequest:
    """How ``--cubes`` runs: the splitter and its size, where cubes run, and the proof's home."""

    splitter: str
    cubes: int
    dask: str | None
    directory: str | None
    plan: Plan


def prove_domination(
    rows: int,
    cols: int,
    variant: str,
    request: CubeRequest,
    find_limit: float | None,
    as_json: bool,
) -> None:
    """Find a placement, then prove by cubes that one knight fewer cannot do it."""
    path = request.directory or f"domination-{rows}x{cols}-{variant}.proof"
    terminal = current()
    if ProofDirectory.exists(path):
        best = ProofDirectory.open(path).manifest()["best"]
        terminal.note(f"resuming the proof in {path}")
    else:
        terminal.show("searching a placement to prove optimal")
        found = solve_request(
            DominationRequest(rows, cols, variant, time_limit=find_limit or FIND_LIMIT_S)
        )
        if not found.placement:
            raise BoardsatError("no placement was found to prove optimal; give more --time-limit")
        best = sorted([row, col] for row, col in found.placement)
    claim = DominationClaim(rows, cols, variant, len(best) - 1)
    directory = open_proof(
        path, claim, best, lambda: split_claim(claim, request.splitter, request.cubes)
    )

    def settled(entry: Settled, status: ProofStatus) -> None:
        terminal.show(_progress(status))

    with open_pool(request.dask, 1) as pool:
        status = prove(directory, pool, request.plan, claim.decisions(), settled)
    terminal.stop()
    _report(directory, status, as_json)


def _progress(status: ProofStatus) -> str:
    lemmas = (
        f" and {status.lemmas_refuted} of {counted(status.lemmas, 'lemma')}" if status.lemmas else ""
    )
    return (
        f"{status.refuted} of {counted(status.leaves, 'cube')}{lemmas} refuted"
        f" ({status.certified} cubes certified), {status.split_again} split again,"
        f" CPU {status.cpu:.1f} s"
    )


def _report(directory: ProofDirectory, status: ProofStatus, as_json: bool) -> None:
    manifest = directory.manifest()
    claim = manifest["describes"]
    knights = len(manifest["best"])
    found = counterexample(directory)
    if status.proven:
        verdict = f"{knights} knights: optimal, proven by cubes"
    elif found is not None:
        verdict = f"the claim is false: cube {found.task} holds a placement with fewer knights"
    else:
        verdict = f"{knights} knights found; the proof is not finished (status UNKNOWN)"
    lines = [
        verdict,
        f"claim: {claim}",
        _progress(status),
        f"proof directory: {directory.path} (check it: boardsat proof check {directory.path})",
    ]
    if as_json:
        emit_json(_document(directory, status, verdict))
    else:
        click.echo("\n".join(lines))
    end_at_limit(not status.proven and found is None)


def _document(directory: ProofDirectory, status: ProofStatus, verdict: str) -> dict[str, Any]:
    manifest = directory.manifest()
    return {
        "verdict": verdict,
        "claim": manifest["claim"],
        "best": manifest["best"],
        "proven": status.proven,
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
    click.echo(_progress(state))
    click.echo(
        f"{state.remaining} remaining;"
        + (" proven" if state.proven else " a counterexample" if state.counterexample else "")
    )


@command.command()
@click.argument("directory", type=click.Path(file_okay=False))
def check(directory: str) -> None:
    """Check every cube's certificate, the splits' coverage and the best answer, without
    trusting the solvers that wrote them."""
    proof = ProofDirectory.open(directory)
    result = check_proof(proof)
    manifest = proof.manifest()
    for problem in result.problems:
        click.echo(f"problem: {problem}")
    click.echo(f"claim: {result.describes}")
    click.echo(
        f"{counted(result.certified, 'refutation')} certified, {result.uncertified} refuted without"
        " a certificate"
    )
    knights = len(manifest["best"])
    if result.certified_all:
        click.echo(f"{knights} is optimal, certified")
    elif not result.problems:
        click.echo(f"{knights} is optimal, proven but not certified")
    else:
        raise SystemExit(1)
