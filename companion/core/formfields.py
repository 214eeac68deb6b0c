"""Reading command fields from plain dicts (a JSON body or a form post), naming the bad field.

Shared by the recorded games (Rattus Cartus, Ragami): pure, no web imports.

Form posts carry strings, so integers and booleans are also accepted in their text form; lists
are accepted as lists or as comma-separated text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T

TRUE_WORDS = frozenset({"true", "on", "yes", "1"})
FALSE_WORDS = frozenset({"false", "off", "no", "0", ""})
# No count at a table comes near this; larger numbers are typos or abuse, refused by name.
LARGEST = 999_999
_WHOLE = re.compile(r"[+-]?[0-9]+")


def fields(data: Any, required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict:
    """The command's fields: exactly ``required`` plus any of ``optional`` (unknown -> InputError)."""
    if not isinstance(data, Mapping):
        raise InputError("command", T("must be an object"))
    return jsonin.obj(dict(data), "", required=required, optional=optional)


def integer(value: Any, path: str, minimum: int = 0, maximum: int | None = None) -> int:
    """An integer (or its decimal text) within bounds; without ``maximum``, at most ``LARGEST``.

    Text must be plain ASCII digits with an optional sign: ``--1`` or ``²`` are refused by name,
    never passed to ``int()`` (which raises on one and accepts other scripts' digits).
    """
    top = LARGEST if maximum is None else maximum
    if isinstance(value, str):
        if not _WHOLE.fullmatch(value.strip()):
            raise InputError(path, T("must be an integer"))
        # More digits than any bound: refused before int() (huge texts are slow to convert).
        value = int(value.strip()) if len(value.strip()) <= 12 else top + 1
    value = jsonin.integer(value, path, minimum=None)
    if value < minimum or value > top:
        if maximum is None and value < minimum:
            raise InputError(path, T("must be an integer at least %(min)s", min=minimum))
        raise InputError(path, T("must be an integer from %(min)s to %(max)s", min=minimum, max=top))
    return value


def boolean(value: Any, path: str) -> bool:
    """true/false, or the words a form sends (on, off, yes, no, 1, 0)."""
    if isinstance(value, str) and value.strip().lower() in TRUE_WORDS | FALSE_WORDS:
        return value.strip().lower() in TRUE_WORDS
    return jsonin.boolean(value, path)


def text(value: Any, path: str) -> str:
    """A non-empty string, stripped."""
    return jsonin.string(value, path).strip()


def text_list(value: Any, path: str) -> tuple[str, ...]:
    """A list of distinct non-empty strings (or comma-separated text)."""
    if isinstance(value, str):
        value = [part for part in (p.strip() for p in value.split(",")) if part]
    items = jsonin.array(value, path)
    out = tuple(text(item, jsonin.join(path, i)) for i, item in enumerate(items))
    for i, item in enumerate(out):
        if item in out[:i]:
            raise InputError(jsonin.join(path, i), f"{item} is listed twice")
    return out


@dataclass(frozen=True)
class FieldSpec:
    """One command field, for building a form: ``type`` is ``player`` (a name at the table),
    ``players`` (an ordered list of names), ``integer``, ``integers`` (a list), ``boolean`` or ``choice``."""

    name: str
    type: str
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
