"""`boardsat bench differential`: random small cases on every backend against the oracles."""

from __future__ import annotations

import json
from collections.abc import Sequence

import click

from boardsat.cli.common import comma_list, processes_option, progress
from boardsat.cli.exits import CHECK_FAILED, INTERRUPTED
from boardsat.cli.interrupt import ctrl_c_cancels
from boardsat.cli.terminal import session
from boardsat.core.deadline import cancelled
from boardsat.core.files import new_file_target, write_new_file
from boardsat.core.wording import counted
from boardsat.differential import KINDS, Outcome, Summary, check_case, parse_case_id, run_cases

PROGRESS_EVERY = 500  # cases between two progress lines


@click.command("differential")
@click.option("--seed", type=int, default=0, show_default=True, help="Draws every case.")
@click.option("--cases", type=click.IntRange(min=1), default=10_000, show_default=True)
@click.option(
    "--kinds",
    default=",".join(KINDS),
    show_default=True,
    help="The kinds of case, taken by turns.",
)
@processes_option("--workers", "Processes that check cases side by side.")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="A new JSON file.")
@click.option(
    "--replay", "replay", default=None, metavar="SEED:INDEX", help="Check one case again."
)
def bench(
    seed: int, cases: int, kinds: str, workers: int, out: str | None, replay: str | None
) -> None:
    """Random small instances of every puzzle and random models, each solved on a backend and
    encoding drawn for it and compared with the brute-force and BFS oracles. Exit status 1 on
    any disagreement, each printed on one line with its case, which --replay checks again.
    Ctrl-C stops at once and prints the summary of the cases checked so far."""
    chosen = tuple(comma_list(kinds, "--kinds", "kind of case"))
    unknown = [kind for kind in chosen if kind not in KINDS]
    if unknown:
        raise click.BadParameter(
            f"unknown kind {unknown[0]!r}; known: {', '.join(KINDS)}", param_hint="--kinds"
        )
    target = new_file_target(out) if out is not None else None
    if replay is not None:
        case_seed, index = parse_case_id(replay)
        outcome = check_case(case_seed, index, chosen)
        click.echo(outcome.line())
        if not outcome.agrees:
            raise SystemExit(CHECK_FAILED)
        return
    done = 0

    def report(outcomes: Sequence[Outcome]) -> None:
        nonlocal done
        if (done + len(outcomes)) // PROGRESS_EVERY > done // PROGRESS_EVERY:
            progress(f"{done + len(outcomes)}/{cases} cases")
        done += len(outcomes)

    with session(quiet=False), ctrl_c_cancels():
        summary = run_cases(seed, cases, workers, chosen, report)
    _print(summary)
    if cancelled():
        kept = "" if out is None else f"; nothing is written to {out}"
        click.echo(
            f"boardsat: interrupted after {done} of {counted(cases, 'case')}: the summary above"
            f" is of those{kept}",
            err=True,
        )
        raise SystemExit(INTERRUPTED)
    if target is not None:
        write_new_file(target, json.dumps(_record(summary, cases, chosen), indent=1) + "\n")
        click.echo(f"results written to {out}")
    if summary.disagreements:
        raise SystemExit(CHECK_FAILED)


def _record(summary: Summary, cases: int, kinds: tuple[str, ...]) -> dict[str, object]:
    command = f"boardsat bench differential --seed {summary.seed} --cases {cases}"
    if kinds != tuple(KINDS):
        command += f" --kinds {','.join(kinds)}"
    return {"command": command, **summary.to_json()}


def _print(summary: Summary) -> None:
    for outcome in summary.disagreements:
        click.echo(f"DISAGREES {outcome.line()}")
    kinds = ", ".join(f"{kind} {count}" for kind, count in summary.by_kind.items())
    click.echo(f"cases by kind: {kinds}")
    backends: dict[str, int] = {}
    for key, count in summary.by_backend.items():
        backend = key.split(" ", 1)[1]
        backends[backend] = backends.get(backend, 0) + count
    click.echo("cases by backend: " + ", ".join(f"{b} {n}" for b, n in sorted(backends.items())))
    click.echo(
        f"{summary.cases} cases checked (seed {summary.seed}), {len(summary.disagreements)}"
        f" disagreements, {summary.refused} refused by their encoding, {summary.seconds:.0f} s"
    )
