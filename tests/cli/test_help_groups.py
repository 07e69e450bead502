"""A command with many options shows them in groups by what they are for (cloup's option groups),
not in one flat list: `boardsat domination --help` once listed 32 options under "Options"."""

from __future__ import annotations

import click
import pytest
from cloup import OptionGroupMixin

from boardsat.cli import cli
from tests.conftest import CliRun

GROUPS = {
    "domination": (
        "Board and model",
        "Routes and backends",
        "Proofs and cubes",
        "Counting",
        "Output",
    ),
    "exchange": ("Start and goal", "Routes and backends", "Checks", "Output"),
    "flipit": ("Board, start and goal", "Routes and backends", "Checks", "Output"),
    "shogi": ("Start and goal", "Routes and backends", "Checks", "Output"),
    "tour": ("The tour", "Counting and listing", "Routes and backends", "Output"),
    "bench run": ("Cells", "Limits per cell", "The record", "Where cells run", "Report"),
}
"""Each grouped command's groups, in the order its help shows them; "Other options" follows."""

PLACED = {
    "domination": {
        "--variant": "Board and model",
        "--split": "Board and model",
        "--backend": "Routes and backends",
        "--time-limit": "Routes and backends",
        "--cubes": "Proofs and cubes",
        "--cube-route": "Proofs and cubes",
        "--ledger": "Proofs and cubes",
        "--count": "Counting",
        "--list": "Counting",
        "--svg": "Output",
        "--export": "Output",
        "--json": "Output",
        "--quiet": "Other options",
    },
    "flipit": {"--board": "Board, start and goal", "--verify": "Checks", "--animate": "Output"},
}
"""Where some options stand in their command's help."""


def sections(help_text: str) -> dict[str, list[str]]:
    """The help's sections after its description: each heading with the options listed under it."""
    found: dict[str, list[str]] = {}
    heading = None
    for line in help_text.splitlines():
        if line.endswith(":") and not line.startswith(" ") and not line.startswith("Usage"):
            heading = line[:-1]
            found[heading] = []
        elif heading is not None and line.startswith("  -"):
            found[heading].append(line.split()[0].rstrip(","))
    return found


@pytest.mark.parametrize("command", GROUPS)
def test_a_command_s_help_shows_its_options_in_groups(run_cli: CliRun, command: str) -> None:
    code, out, _ = run_cli(*command.split(), "--help")
    shown = sections(out)
    assert code == 0 and tuple(shown) == (*GROUPS[command], "Other options")
    assert all(shown.values()), "a group with no option"
    for option, group in PLACED.get(command, {}).items():
        assert option in shown[group], (option, group)


@pytest.mark.parametrize("command", GROUPS)
def test_every_option_but_quiet_and_help_has_a_group(command: str) -> None:
    """An option added later joins a group, not "Other options" at the end of the help."""
    context = click.Context(cli)
    found: click.Command | None = cli
    for name in command.split():
        assert isinstance(found, click.Group)
        found = found.get_command(context, name)
    assert isinstance(found, OptionGroupMixin) and isinstance(found, click.Command)
    ungrouped = [option.name for option in found.ungrouped_options]
    assert ungrouped in (["quiet"], [])
