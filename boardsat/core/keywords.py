"""One line for a keyword a verb does not take, or a value of a type it does not take, the same
from every puzzle package and backend.

A mistyped keyword (``timelimit`` for ``time_limit``) must not surface as a raw TypeError from a
request's ``__init__``, nor as a complaint about some other option: it is named, with the
nearest keyword the verb does take. A value of the wrong type (text for ``max_horizon``) must not
fail deep inside, or in a racer's child with its traceback: it is refused before anything runs,
by the annotations of the request or function the options go to.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import inspect
import numbers
import reprlib
import types
import typing
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Literal, NoReturn, Union

from boardsat.core.errors import BoardsatError, WrongType
from boardsat.core.wording import with_article

TYPO_CUTOFF = 0.75
"""How alike two names must be (difflib's ratio) for one to read as a misspelling of the other."""


def keywords_of(target: Callable[..., Any], leaving: Collection[str] = ()) -> tuple[str, ...]:
    """The names ``target`` (a function, or a dataclass's fields) takes by keyword, less
    ``leaving``: what a verb that forwards its ``**options`` to it accepts."""
    if dataclasses.is_dataclass(target):
        names = [field.name for field in dataclasses.fields(target) if field.init]
    else:
        names = [
            name
            for name, parameter in inspect.signature(target).parameters.items()
            if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)
        ]
    return tuple(name for name in names if name not in leaving)


def check_keywords(
    verb: str,
    given: Iterable[str],
    known: Sequence[str],
    *,
    others: str | None = None,
    pass_others: bool = False,
) -> None:
    """BoardsatError naming the first of ``given`` that ``verb`` does not take, with the nearest
    known one and the whole list.

    ``others`` names what else the verb takes, such as a backend's own options on some route;
    with ``pass_others`` those are left to their taker, which refuses its own unknowns, and only
    a keyword that looks like a misspelling of a known one is refused here.
    """
    for name in sorted(set(given) - set(known)):
        near = difflib.get_close_matches(name, known, n=1, cutoff=TYPO_CUTOFF)
        if pass_others and not near:
            continue
        hint = f" (did you mean {near[0]}?)" if near else ""
        rest = "" if others is None else f", and {others}"
        raise BoardsatError(
            f"{verb} takes no option {name}{hint}; it takes {', '.join(known)}{rest}"
        )


def check_option_types(
    verb: str, options: Mapping[str, object], target: Callable[..., Any]
) -> None:
    """WrongType in one line naming the first of ``options`` whose value does not fit its
    annotation in ``target`` (a function, or a dataclass's fields), the type it takes and the
    value given. An option ``target`` does not annotate (a backend's own) is left to its taker."""
    hints = _hints(target)
    for name, value in options.items():
        hint = hints.get(name)
        if hint is not None and not _fits(value, hint):
            refuse_type(verb, name, value, _described(hint))


def check_fields(instance: Any) -> None:
    """WrongType in one line for the first field of a dataclass ``instance`` whose value does not
    fit its annotation, named by its class: a constructor's ``__post_init__`` calls it, so that
    ``Domination("8", "8")`` is refused as such, not by a comparison deep inside."""
    fields = {field.name: getattr(instance, field.name) for field in dataclasses.fields(instance)}
    check_option_types(type(instance).__name__, fields, type(instance))


def refuse_type(verb: str, name: str, value: object, what: str) -> NoReturn:
    """WrongType: ``verb`` takes ``what`` (in words) as its ``name``, not the ``value`` given."""
    raise WrongType(
        f"{verb} takes {what} as its {name}, not {type(value).__name__} {reprlib.repr(value)}"
    )


@functools.cache
def _hints(target: Callable[..., Any]) -> dict[str, Any]:
    return typing.get_type_hints(target)


def _fits(value: object, hint: Any) -> bool:
    """Whether ``value`` is of type ``hint``; a container is checked as a container, and what
    cannot be checked at run time (Any, a type variable, a callable's signature) fits."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        return any(_fits(value, arg) for arg in args)
    if origin is Literal:
        return any(type(value) is type(arg) and value == arg for arg in args)
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint in (int, float):  # a whole number, or any real one; True is no number of anything
        kind = numbers.Integral if hint is int else numbers.Real
        return isinstance(value, kind) and not isinstance(value, bool)
    checked = origin if isinstance(origin, type) else hint
    return not isinstance(checked, type) or isinstance(value, checked)


def _described(hint: Any) -> str:
    """``hint`` in words, for the error line."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        return " or ".join(_described(arg) for arg in args)
    if origin is Literal:
        return "one of " + ", ".join(map(repr, args))
    words = {type(None): "None", bool: "True or False", int: "a whole number", float: "a number"}
    if hint in words:
        return words[hint]
    named = origin if isinstance(origin, type) else hint
    return "text" if named is str else with_article(getattr(named, "__name__", str(named)))


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number: an int (a NumPy one too), but not True or False."""
    return _fits(value, int)


def check_argument(verb: str, name: str, value: object, kind: type, what: str) -> None:
    """WrongType in one line when ``value`` is not a ``kind`` (``what``, in words): a verb given
    the wrong thing names it (``tour.solve takes a TourSpec as its instance, not NoneType``)
    instead of failing deep inside on an attribute it lacks."""
    if not isinstance(value, kind):
        raise WrongType(f"{verb} takes {what} as its {name}, not {type(value).__name__}")


def listed_pairs(items: object, what: str) -> tuple[list[Any], list[str]]:
    """``items`` as a list of tuples (JSON gives lists), and one line for each that is not a
    pair of whole numbers (a square, a move), which the rules could not even read; ``what``
    names a pair in words."""
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        return [], [f"{items!r} is no list of {what}s"]
    listed = [tuple(item) if _whole_pair(item) else item for item in items]
    return listed, [f"{item!r} is not a {what}" for item in listed if not _whole_pair(item)]


def _whole_pair(item: object) -> bool:
    return (
        isinstance(item, (tuple, list))
        and len(item) == 2
        and all(isinstance(part, numbers.Integral) for part in item)
    )
