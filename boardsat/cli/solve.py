"""`boardsat solve FILE...`: instance files of any puzzle, each down its own command's route.

Every file is read and checked before anything is solved: a file's mistake is one line,
``FILE: key: what is wrong``, and exit status 2. One file prints its puzzle's usual answer (and
``--json`` its usual document) and ends as its command does: status 1 when its BFS check
disagrees, 2 when it is refused, 3 when a limit left it without an answer. Several print one
summary line each (``--json``: one JSON object per line) and end with the first of those statuses
that any file would end with alone, in that order. Shipped instances are named ``PUZZLE:NAME``;
``--list`` names them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click

from boardsat.cli.common import (
    PictureFiles,
    backend_option,
    emit_json,
    end_at_limit,
    json_option,
    picture_options,
    show_answer,
    solving_command,
    time_limit_option,
)
from boardsat.cli.exits import BAD_INPUT, CHECK_FAILED, LIMIT_REACHED
from boardsat.cli.terminal import current
from boardsat.core.deadline import NoAnswerInTime, cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.picture import Drawn
from boardsat.models.instance_file import (
    FileAnswer,
    Instance,
    InstanceFileError,
    Listeners,
    read_instance,
    shipped_instances,
)
from boardsat.models.planning.solve import PlanRequest
from boardsat.models.tour import TourRequest


@click.command("solve")
@click.argument("files", nargs=-1, metavar="FILE...")
@click.option(
    "--list",
    "list_shipped",
    is_flag=True,
    help="Name the instances boardsat ships (PUZZLE:NAME), with their kind and what they are.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Hold the answer each FILE keeps in its [answer] table to the puzzle's own rules,"
    " instead of solving: one line per file, and exit status 1 if any answer breaks them.",
)
@backend_option(default=None)
@time_limit_option
@picture_options(animate=True)
@json_option
@solving_command
def command(
    files: tuple[str, ...],
    list_shipped: bool,
    check: bool,
    backend: str | None,
    time_limit: float | None,
    as_json: bool,
    svg: str | None,
    png: str | None,
    animate: str | None,
) -> None:
    """Solve instance FILEs (TOML: kind, the board, start and goal, a [solve] table), or shipped
    instances by name. --backend and --time-limit override every file's own; the pictures
    (--svg, --png, --animate for a plan) are of one file's answer."""
    if list_shipped:
        if files:
            raise click.UsageError("--list names the shipped instances; give it no FILE")
        _list_shipped(as_json)
        return
    if not files:
        raise click.UsageError("name an instance FILE, or see `boardsat solve --list`")
    drawn = {"svg": svg, "png": png, "animate": animate}
    overrides = {"backend": backend, "time_limit": time_limit}
    instances = _read_all(
        files, {key: value for key, value in overrides.items() if value is not None}
    )
    if check:
        if any(drawn.values()) or any(value is not None for value in overrides.values()):
            raise click.UsageError("--check solves nothing: it takes no solving or picture option")
        _check_all(instances, as_json)
    elif len(instances) == 1:
        _show_one(instances[0], as_json, _pictures(instances[0], drawn))
    elif any(drawn.values()):
        raise click.UsageError("pictures are drawn of one file's answer; give one FILE")
    else:
        _summarise(instances, as_json)


def _pictures(instance: Instance, drawn: dict[str, str | None]) -> PictureFiles:
    """The picture files, checked before the solve: a count has none, a plan alone is animated."""
    request = instance.request
    refused = None
    if isinstance(request, TourRequest) and request.job != "find":
        refused = "draws a single tour: this file counts or lists them"
    elif not isinstance(request, PlanRequest) and drawn.get("animate") is not None:
        refused = "animates a plan: name a planning file"
    return PictureFiles.asked(drawn, refused)


def _read_all(files: Sequence[str], overrides: dict[str, Any]) -> list[Instance]:
    """Every file read before any is solved; each bad one is its own line, then exit status 2."""
    read, mistakes = [], []
    for source in files:
        try:
            read.append(read_instance(source, overrides))
        except InstanceFileError as error:
            mistakes.append(str(error))
    for line in mistakes:
        click.echo(line, err=True)
    if mistakes:
        raise SystemExit(BAD_INPUT)
    return read


def _run(instance: Instance) -> FileAnswer:
    """Solve one instance, its progress on the terminal's live line as the command shows it.

    This is the one place where options of `boardsat solve` beyond the file's own join a run.
    """
    terminal = current()
    terminal.show(f"{instance.source}: solving")
    return instance.solve(
        Listeners(terminal.horizons(), terminal.race_events(), terminal.tours_found)
    )


def _show_one(instance: Instance, as_json: bool, pictures: PictureFiles) -> None:
    """The puzzle's own answer, as its command prints it, and its pictures; exit status 1 if its
    BFS check disagrees and 3 if a limit left it without an answer, as there."""
    answer = _run(instance)
    if isinstance(answer.answer, Drawn):
        show_answer(answer.document, answer.lines, as_json, pictures, answer.answer)
    elif as_json:
        emit_json(answer.document)
    else:
        current().answer("\n".join(answer.lines))
    if answer.disagrees:
        raise SystemExit(CHECK_FAILED)
    end_at_limit(answer.limit_reached)


def _check_all(instances: Sequence[Instance], as_json: bool) -> None:
    """Each file's answer held to its rules, a line each (``--json``: an object each); exit
    status 2 when a file holds no answer to check, else 1 when an answer breaks the rules."""
    failed = refused = False
    for instance in instances:
        try:
            checked = instance.check()
        except InstanceFileError as error:
            click.echo(str(error), err=True)
            refused = True
            continue
        failed = failed or not checked.valid
        if as_json:
            document = {"file": instance.source, "kind": instance.kind, **checked.document}
            current().answer(json.dumps(document, ensure_ascii=False))
            continue
        verdict = "valid by the rules" if checked.valid else f"INVALID: {checked.problems[0]}"
        current().answer(f"{instance.source}: {checked.summary}: {verdict}")
    if refused:
        raise SystemExit(BAD_INPUT)
    if failed:
        raise SystemExit(CHECK_FAILED)


def _summarise(instances: Sequence[Instance], as_json: bool) -> None:
    """One line per instance as it is solved: file, kind, status, value and seconds; then the
    exit status the gravest file would end with alone."""
    width = max(len(instance.source) for instance in instances)
    ended: set[int] = set()
    for instance in instances:
        try:
            answer = _run(instance)
        except BoardsatError as error:  # a refusal at solving time ends this file, not the run
            ended.add(LIMIT_REACHED if isinstance(error, NoAnswerInTime) else BAD_INPUT)
            _summary_line(instance, width, as_json, error=str(error))
            continue
        if answer.disagrees:
            ended.add(CHECK_FAILED)
        elif answer.limit_reached:
            ended.add(LIMIT_REACHED)
        _summary_line(instance, width, as_json, answer=answer)
    gravest = next((code for code in (CHECK_FAILED, BAD_INPUT) if code in ended), None)
    if gravest is not None and not cancelled():
        raise SystemExit(gravest)
    end_at_limit(LIMIT_REACHED in ended)


def _summary_line(
    instance: Instance,
    width: int,
    as_json: bool,
    answer: FileAnswer | None = None,
    error: str | None = None,
) -> None:
    fields: dict[str, Any] = {"file": instance.source, "kind": instance.kind}
    if answer is None:
        fields |= {"status": "ERROR", "error": error}
    else:
        status = "DISAGREES" if answer.disagrees else answer.status
        fields |= {
            "status": status,
            "value": answer.value,
            "unit": answer.unit,
            "seconds": round(answer.seconds, 3),
            "answer": answer.document,
        }
    if as_json:
        current().answer(json.dumps(fields, ensure_ascii=False))
        return
    head = f"{instance.source:<{width}}  {instance.kind:<10}  {fields['status']:<13}"
    if answer is None:
        current().answer(f"{head}  {error}")
        return
    value = "-" if answer.value is None else str(answer.value)
    current().answer(f"{head}  {value:>6} {answer.unit:<8} {answer.seconds:8.2f} s")


def _list_shipped(as_json: bool) -> None:
    listed = []
    for name in shipped_instances():
        instance = read_instance(name)
        listed.append({"name": name, "kind": instance.kind, "description": instance.description})
    if as_json:
        emit_json({"instances": listed})
        return
    width = max(len(item["name"]) for item in listed)
    for item in listed:
        click.echo(f"{item['name']:<{width}}  {item['kind']:<10}  {item['description']}")
