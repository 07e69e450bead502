"""A click group that imports a command's module only when that command runs.

Every command module pulls in its puzzle, and some pull in solvers, the harness or Dask. Loaded
lazily, `boardsat --version` and `--help` import none of them, and `boardsat flipit` imports what
Flip-It needs and nothing of domination. The group's help lists each command by the first
sentence kept here beside its module, so listing them loads none; a test holds each to the
command's own help.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import click


@dataclass(frozen=True)
class Lazy:
    """Where a command lives (its module and the module's name for it) and its help's first
    sentence, which the group's help shows."""

    module: str
    attribute: str
    summary: str

    def load(self) -> click.Command:
        command = getattr(importlib.import_module(self.module), self.attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{self.module}.{self.attribute} is not a click command")
        return command


class LazyGroup(click.Group):
    """A group whose commands in ``lazy`` are imported on first use, each under its own name."""

    def __init__(self, *args: Any, lazy: Mapping[str, Lazy], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            self.add_command(self.lazy[cmd_name].load(), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's listing, with the kept first sentence of each command not yet imported."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names), default=0)
        rows = []
        for name in names:
            command = self.commands.get(name)
            if command is None:
                summary = click.Command(name, help=self.lazy[name].summary)
                rows.append((name, summary.get_short_help_str(limit)))
            elif not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
