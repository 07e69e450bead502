"""Instance files: one TOML format for every puzzle, read into the request its command builds.

A file names its ``kind`` (a puzzle package), an optional ``description``, the puzzle's own keys
(its board, start and goal in the puzzle's board text) and a ``[solve]`` table of solving
options. The puzzle's ``instance_file`` module turns those keys into the very request its
command builds, so a file goes down the command's route and gets the command's answer. Every
mistake is one line, ``FILE: key: what is wrong``; a key the puzzle does not take is refused by
name.

The instances the project ships lie in each puzzle package's ``instances/`` folder and are named
``PUZZLE:NAME`` (``exchange:seed`` is ``models/exchange/instances/seed.toml``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

from boardsat.core.backends import backend_problem
from boardsat.core.deadline import time_limit_problem
from boardsat.core.errors import BoardsatError
from boardsat.models.registry import PUZZLES, puzzle_module
from boardsat.solving.horizon_search import HorizonEvent
from boardsat.solving.race import RaceEvent

if sys.version_info >= (3, 11):
    import tomllib
else:  # the standard library's reader arrived in 3.11
    import tomli as tomllib

T = TypeVar("T")
D = TypeVar("D")


@dataclass(frozen=True)
class Listeners:
    """Where a solve reports its progress, by the kind of work; None where nobody listens."""

    horizons: Callable[[HorizonEvent], None] | None = None
    race: Callable[[RaceEvent], None] | None = None
    tours: Callable[[int], None] | None = None


COMMON_KEYS = ("kind", "description", "solve")
ANSWER = "answer"  # the table of an answer to check, in the files of puzzles that take one
_NEEDED = {str: "text", int: "a whole number", float: "a number", bool: "true or false"}
_GIVEN = {str: "text", int: "a whole number", float: "a number", bool: "a boolean"}


class InstanceFileError(BoardsatError):
    """A mistake in one instance file; its text is the whole line, ``FILE: key: what``."""

    def __init__(self, source: str, key: str | None, what: str) -> None:
        # written as Python writes it where a newline would split the line or it is empty
        source = source if source.isprintable() and source else repr(source)
        super().__init__(f"{source}: {what}" if key is None else f"{source}: {key}: {what}")


class Table:
    """One TOML table being read: each key checked for its type as it is taken, mistakes
    reported as ``FILE: key: what`` (a sub-table's keys as ``table.key``)."""

    def __init__(self, source: str, data: Mapping[str, Any], prefix: str = "") -> None:
        self.source = source
        self.data = dict(data)
        self.prefix = prefix

    def error(self, key: str | None, what: str) -> InstanceFileError:
        """The line for a mistake at ``key`` (None: the table as a whole)."""
        where = self.prefix.rstrip(".") if key is None else self.prefix + key
        return InstanceFileError(self.source, where or None, what)

    def get(self, key: str, kind: type[T], default: D, *, at_least: int | None = None) -> T | D:
        """The value at ``key``, of ``kind`` (str, int, float or bool), or ``default`` if absent."""
        if key not in self.data:
            return default
        value = self.data[key]
        fits = type(value) is kind or (kind is float and type(value) is int)
        if not fits:
            raise self.error(key, f"{_NEEDED[kind]} is needed, not {_given(value)}")
        if at_least is not None and value < at_least:
            raise self.error(key, f"must be at least {at_least}, not {value}")
        return cast(T, float(value) if kind is float else value)

    def need(self, key: str, kind: type[T], *, at_least: int | None = None) -> T:
        """The value at ``key``, which must be there."""
        if key not in self.data:
            raise self.error(key, f"missing ({_NEEDED[kind]})")
        return self.get(key, kind, cast(T, None), at_least=at_least)

    def choose(self, key: str, choices: Sequence[str], default: str) -> str:
        """Text at ``key`` that must be one of ``choices``."""
        value = self.get(key, str, default)
        if value not in choices:
            raise self.error(key, f"unknown value {value!r}; known: {', '.join(choices)}")
        return value

    def table(self, key: str) -> Table:
        """The sub-table at ``key`` (empty when absent)."""
        value = self.data.get(key, {})
        if not isinstance(value, dict):
            raise self.error(key, f"a table is needed, not {_given(value)}")
        return Table(self.source, value, f"{self.prefix}{key}.")

    def refuse_unknown(self, known: Sequence[str], what: str) -> None:
        """Refuse, by name, the first key not in ``known``: a typo must not pass as a default."""
        for key in self.data:
            if key not in known:
                raise self.error(key, f"unknown key; {what} take {', '.join(known)}")

    @contextmanager
    def checking(self, key: str | None) -> Iterator[None]:
        """A puzzle's own refusal (BoardsatError) inside becomes a mistake at ``key``."""
        try:
            yield
        except InstanceFileError:
            raise
        except BoardsatError as error:
            raise self.error(key, str(error)) from None


def _given(value: object) -> str:
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return f"{_GIVEN.get(type(value), type(value).__name__)} {value!r}"


def read_toml(source: str, text: str) -> dict[str, Any]:
    """TOML text as a dict; a syntax error is one line naming where it is."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = re.fullmatch(r"(.*) \(at (line \d+, column \d+|end of document)\)", message)
        if found is None:
            raise InstanceFileError(source, None, f"not TOML ({message})") from None
        raise InstanceFileError(
            source, found.group(2), f"not TOML: {found.group(1)[:1].lower()}{found.group(1)[1:]}"
        ) from None


def read_toml_file(path: Path) -> dict[str, Any]:
    """A TOML file the user names, read as UTF-8; every failure is one line naming the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InstanceFileError(str(path), None, f"cannot read it ({error.strerror})") from None
    except UnicodeDecodeError:
        raise InstanceFileError(str(path), None, "not TOML (not UTF-8 text)") from None
    except ValueError:  # a NUL in the name, which no file has
        raise InstanceFileError(str(path), None, "cannot read it (a NUL in its name)") from None
    return read_toml(str(path), text)


# The solving options every puzzle shares, checked as its command checks them.


def backend(solving: Table, default: str) -> str:
    """``backend``: a backend name, refused as the command refuses it."""
    name = solving.get("backend", str, default)
    problem = backend_problem(name)
    if problem is not None:
        raise solving.error("backend", problem)
    return name


def time_limit(solving: Table) -> float | None:
    """``time_limit``: seconds, refused as the command refuses them; absent means none."""
    seconds = solving.get("time_limit", float, None)
    problem = None if seconds is None else time_limit_problem(seconds)
    if problem is not None:
        raise solving.error("time_limit", problem)
    return seconds


# What `boardsat solve` shows of one answer.


@dataclass(frozen=True)
class FileAnswer:
    """One file's answer: the puzzle's own text and JSON (what its command prints) and the fields
    of its summary line. ``value`` counts ``unit`` (knights, moves, tours, squares); ``settled``
    is false when the time limit left the question open; ``answer`` is the puzzle's own value."""

    status: str
    value: int | None
    unit: str
    seconds: float
    lines: tuple[str, ...]
    document: dict[str, Any]
    settled: bool
    answer: object
    limit_reached: bool
    disagrees: bool = False


class PuzzleFile(Protocol):
    """A puzzle package's ``instance_file`` module: its keys and its request and answer."""

    KEYS: tuple[str, ...]
    SOLVE_KEYS: tuple[str, ...]

    def request(self, table: Table, solving: Table) -> Any: ...

    def solve(self, request: Any, listeners: Listeners) -> FileAnswer: ...


@dataclass(frozen=True)
class CheckedAnswer:
    """A file's ``[answer]`` held to its puzzle's own rules: what it claims, in one line, and
    what the rules find wrong with it (nothing: it is valid)."""

    summary: str
    problems: tuple[str, ...]
    document: dict[str, Any]
    answer: object = None  # the puzzle's own value: a domination file's squares

    @property
    def valid(self) -> bool:
        return not self.problems


class AnswerFile(Protocol):
    """A puzzle whose files may hold an answer: a placement found elsewhere, kept beside its
    board so that anyone can check it by the rules without solving anything."""

    ANSWER_KEYS: tuple[str, ...]

    def check_answer(self, request: Any, answer: Table) -> CheckedAnswer: ...


@dataclass(frozen=True)
class Instance:
    """A file read and checked: ``request`` is what the puzzle's command would have built."""

    source: str
    kind: str
    description: str
    request: Any
    puzzle: PuzzleFile
    answer: Table | None = None

    def solve(self, listeners: Listeners | None = None) -> FileAnswer:
        return self.puzzle.solve(self.request, listeners or Listeners())

    def check(self) -> CheckedAnswer:
        """The file's ``[answer]`` checked by its puzzle's rules, without solving."""
        if self.answer is None:
            raise InstanceFileError(self.source, ANSWER, "missing: no [answer] table to check")
        with self.answer.checking(None):
            return cast(AnswerFile, self.puzzle).check_answer(self.request, self.answer)


def _puzzle_file(kind: str) -> PuzzleFile:
    return cast(PuzzleFile, puzzle_module(kind, "instance_file"))


def shipped_instances() -> dict[str, Traversable]:
    """The instances shipped in the puzzle packages, by name (``PUZZLE:NAME``)."""
    found: dict[str, Traversable] = {}
    for kind in PUZZLES:
        folder = resources.files(f"boardsat.models.{kind}").joinpath("instances")
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
            if entry.name.endswith(".toml"):
                found[f"{kind}:{entry.name.removesuffix('.toml')}"] = entry
    return found


def read_instance(source: str, overrides: Mapping[str, Any] | None = None) -> Instance:
    """The instance file at the path ``source``, or the shipped instance of that name, read into
    its puzzle's request; ``overrides`` replace keys of its ``[solve]`` table (the command
    line's ``--backend`` and ``--time-limit``). InstanceFileError says what is wrong."""
    return read_table(source, instance_data(source), overrides or {})


def instance_data(source: str) -> dict[str, Any]:
    """The parsed TOML of the file at ``source``, or of the shipped instance of that name."""
    if not source:  # Path("") is the working folder
        raise InstanceFileError(
            source,
            None,
            "an empty name names no instance file; `boardsat solve --list` names"
            " the shipped instances",
        )
    shipped = shipped_instances()
    if source in shipped:
        return read_toml(source, shipped[source].read_text(encoding="utf-8"))
    if ":" in source and not Path(source).exists() and not source.endswith(".toml"):
        raise InstanceFileError(
            source, None, "no such file or shipped instance; `boardsat solve --list` names them"
        )
    return read_toml_file(Path(source))


def read_table(source: str, data: Mapping[str, Any], overrides: Mapping[str, Any]) -> Instance:
    """A file's parsed TOML read into its puzzle's request (see :func:`read_instance`)."""
    top = Table(source, data)
    kind = top.need("kind", str)
    if kind not in PUZZLES:
        raise top.error("kind", f"unknown kind {kind!r}; known: {', '.join(PUZZLES)}")
    puzzle = _puzzle_file(kind)
    answer_keys: tuple[str, ...] | None = getattr(puzzle, "ANSWER_KEYS", None)
    if ANSWER in top.data and answer_keys is None:
        raise top.error(ANSWER, f"{kind} files hold no answer to check")
    answers = (ANSWER,) if answer_keys is not None else ()
    top.refuse_unknown((*COMMON_KEYS, *answers, *puzzle.KEYS), f"{kind} files")
    description = top.get("description", str, "")
    solving = top.table("solve")
    solving.refuse_unknown(puzzle.SOLVE_KEYS, f"{kind} files' [solve] tables")
    solving.data |= overrides
    answer = None
    if ANSWER in top.data and answer_keys is not None:
        answer = top.table(ANSWER)
        answer.refuse_unknown(answer_keys, f"{kind} files' [answer] tables")
    with top.checking(None):  # a refusal no key of the puzzle's claimed: the file's, in a line
        request = puzzle.request(top, solving)
    return Instance(source, kind, description, request, puzzle, answer)
