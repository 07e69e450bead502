"""`boardsat proof horizon|status|check|export`, and the cube options `domination --cubes`
shares. The workflows themselves are ``boardsat.proof.minimum`` and ``boardsat.proof.horizon``;
this module reads options into their request and prints what they return.

The proof lives in its directory, which is written as cubes settle: Ctrl-C, a killed scheduler
or a crash loses no finished cube, and the same command resumes it.
"""

from __future__ import annotations

from collections.abc import Callable
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
from boardsat.cli.exits import CHECK_FAILED, NOT_CERTIFIED
from boardsat.cli.terminal import Terminal, current, session
from boardsat.core.wording import counted, data_size
from boardsat.models.domination.proving.cubes import LOOKAHEAD_CUBES
from boardsat.models.planning.cubes import HORIZON_SPLITTERS
from boardsat.proof.check import check_proof
from boardsat.proof.claims import claim_from_spec, what_it_proves
from boardsat.proof.cubes import CubeProof, CubeRequest, progress_line
from boardsat.proof.directory import ProofDirectory
from boardsat.proof.export import export_proof
from boardsat.proof.horizon import prove_no_plan
from boardsat.proof.ledger import CheckLedger
from boardsat.proof.regenerate import copy_certificates, missing_certificates
from boardsat.proof.regenerate import regenerate as regenerate_certificates
from boardsat.proof.run import Plan
from boardsat.proof.status import counterexample, proof_status

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
                    help="Seconds per cube (a proof's cube on a python-sat solver: the solver's CPU"
                    " seconds); a cube that outruns it is split again by lookahead.",
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


LEDGER_OPTION = click.option(
    "--ledger",
    type=click.Path(dir_okay=False),
    help="The ledger of settled leaves (a JSON-lines file, such as"
    " bench/results/open_terms_ledger.jsonl): a cube or lemma it settled is taken from it, not"
    " solved again, and each one this run settles is checked and written into it.",
)

WHOLE_LEMMA_LIMIT_OPTION = click.option(
    "--whole-lemma-limit",
    type=click.FloatRange(min=0, min_open=True),
    default=Plan.lemma_limit,
    show_default=True,
    help="Seconds a lemma runs whole, counted as --cube-limit counts them; one that outruns it is"
    " split by lookahead into cubes of its own, each within --cube-limit.",
)


CHECKPOINT_EVERY_OPTION = click.option(
    "--checkpoint-every",
    type=click.FloatRange(min=0, min_open=True),
    metavar="SECONDS",
    help="Solve each lemma (and a claim whole) across runs: it gets at most so many CPU seconds"
    " in this run, never split into cubes; if it is not refuted by then, its learnt clauses are"
    " kept in the proof directory as a checkpoint, with a certificate of their derivation, the"
    " run ends with status 3, and the same command goes on from the checkpoint. Ctrl-C loses"
    " the segment in flight. cadical195 only.",
)


def prove_and_report(
    prove: Callable[[Terminal], CubeProof], as_json: bool, false_claim_fails: bool = False
) -> None:
    """Run a proof by cubes with its progress on the terminal's live line, then print where it
    ended, and end with status 3 if it was left open; with ``false_claim_fails`` (the claim is
    what was asked, not a way to an answer), with status 1 if a cube refuted the claim."""
    terminal = current()
    proof = prove(terminal)
    terminal.stop()
    if as_json:
        emit_json(proof.to_json())
    else:
        click.echo("\n".join(proof.lines()))
    if false_claim_fails and counterexample(proof.directory) is not None:
        raise SystemExit(CHECK_FAILED)
    end_at_limit(proof.open)


@click.group(name="proof")
def command() -> None:
    """Proof directories written by --cubes: where they stand, and their certificates checked."""


@command.command()
@click.argument("directory", type=click.Path(file_okay=False))
def status(directory: str) -> None:
    """How many cubes are settled, how many remain, and the CPU time spent."""
    proof = ProofDirectory.open(directory)
    state = proof_status(proof)
    click.echo(claim_from_spec(proof.manifest()["claim"]).describe())
    for problem in state.problems:
        click.echo(f"problem: {problem}")
    if not state.split:
        click.echo("not split into cubes yet: the same command that began the proof resumes it")
        return
    click.echo(progress_line(state))
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
    trusting the solvers that wrote them. Exit status 1 says a problem was found; 4 says the
    proof holds, but some refutations have no certificate here to check."""
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
    fallen = result.earlier_line()
    if fallen is not None:
        click.echo(fallen)
    earlier = f" ({result.from_ledger} by the ledger {ledger})" if kept is not None else ""
    click.echo(
        f"{counted(result.certified, 'refutation')} certified{earlier},"
        f" {result.uncertified} refuted without a certificate"
    )
    if result.missing:
        click.echo(
            f"{counted(len(result.missing), 'refutation')} taken from a ledger or lost have no"
            f" certificate here: regenerate them with boardsat proof regenerate {directory}"
        )
    if result.problems:
        click.echo(f"the claim is not proven: {counted(len(result.problems), 'problem')} above")
        raise SystemExit(CHECK_FAILED)
    how = "certified" if result.certified_all else "proven but not certified"
    best = manifest["best"]
    claim = claim_from_spec(manifest["claim"])
    click.echo(f"{what_it_proves(claim, best)}, {how}" if best else f"the claim is {how}")
    if not result.certified_all:
        raise SystemExit(NOT_CERTIFIED)


@command.command()
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("tasks", nargs=-1)
@processes_option("--jobs", "Certificates solved at once, each in a process of its own.")
@click.option(
    "--dask",
    metavar="ADDRESS|local:N",
    help="Solve them on the Dask scheduler at ADDRESS, or on N local workers, instead.",
)
@click.option(
    "--from",
    "sources",
    multiple=True,
    type=click.Path(file_okay=False),
    metavar="OTHER",
    help="Copy them from the proof directory OTHER, which holds files of the SHA-256s recorded"
    " here (a lemma proven alone, with examples/half_bound.py), instead of solving; again for"
    " each further directory.",
)
@solving_command
def regenerate(
    directory: str, tasks: tuple[str, ...], jobs: int, dask: str | None, sources: tuple[str, ...]
) -> None:
    """Solve the certificates of TASKS (cubes or lemmas, as settled.jsonl names them) again;
    without TASKS, every certificate missing here (taken from a ledger, or lost). The same
    solver and options give the same bytes: each SHA-256 is compared with the one recorded,
    and exit status 1 says one differs. Then `boardsat proof check` checks them."""
    proof = ProofDirectory.open(directory)
    asked = list(tasks) or missing_certificates(proof)
    if not asked:
        click.echo("no certificate is missing")
        return
    done = []
    found = (
        regenerate_certificates(proof, asked, dask, jobs)
        if not sources
        else copy_certificates(proof, [ProofDirectory.open(other) for other in sources], asked)
    )
    for regenerated in found:
        progress(regenerated.line())
        done.append(regenerated)
    current().stop()
    for regenerated in done:
        click.echo(regenerated.line())
    differ = sum(1 for regenerated in done if regenerated.recorded and not regenerated.same)
    click.echo(
        f"{counted(len(done), 'certificate')} {'copied' if sources else 'solved again'},"
        f" {differ} unlike the one recorded"
        f"; check them: boardsat proof check {directory}"
    )
    if differ:
        raise SystemExit(CHECK_FAILED)


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
    flipit:seed) has no plan of exactly HORIZON moves. Exit status 1 when a cube has one: the
    claim is false."""
    request = CubeRequest(splitter, cube_count, dask, proof_dir, Plan(cube_route, cube_limit))
    prove_and_report(
        lambda terminal: prove_no_plan(
            instance,
            horizon,
            request,
            depth=depth,
            strengthen=strengthen,
            on_progress=terminal.show,
        ),
        as_json,
        false_claim_fails=True,
    )
