"""Commands as data: the codec each ``GameDefinition`` gives (``parse_command``, ``command_json``,
``waiting_for``), with the shared pieces for games whose commands are frozen dataclasses.

The wire form of a command is the vocabulary the web posts: one JSON object ``{"type": <command
kind>, ...fields}``. For a game with dataclass commands (Rattus Cartus, Ragami) the kind is the
class name in kebab case (``ResolveConflict`` is ``"resolve-conflict"``), the key of the game's
``PARSERS``; the fields are the dataclass fields, tuples written as lists. ``parse_command``
hands the fields to the game's own ``command_from_dict`` (the web's parser), so a command read
here is validated exactly as a form post is.

Pure: no Flask, no storage.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Callable, Mapping
from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON data: dataclasses as objects, tuples and sets as lists, mapping keys
    as text, messages (``T``) as their English text."""
    if isinstance(value, str):
        return str(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value) if isinstance(value, set | frozenset) else value
        return [jsonable(v) for v in items]
    raise TypeError(f"not JSON data: {type(value).__name__}")  # a bug in a game's codec, not bad input


def kind_name(cls: type) -> str:
    """The wire kind of a dataclass command class: its name in kebab case."""
    return _CAMEL.sub("-", cls.__name__).lower()


def kinds_of(union: Any) -> dict[type, str]:
    """Each command class of a ``Command`` union (``A | B | ...``) with its wire kind."""
    return {cls: kind_name(cls) for cls in typing.get_args(union) or (union,)}


def command_type(data: Any, kinds: Mapping[str, Any]) -> tuple[str, dict]:
    """The ``type`` of a wire command (one of ``kinds``) and its other fields; ``InputError`` names
    ``type`` (or the command) when it is missing or unknown."""
    if not isinstance(data, Mapping):
        raise InputError("command", T("must be an object"))
    if "type" not in data:
        raise InputError("type", T("is required"))
    kind = jsonin.choice(data["type"], "type", list(kinds))
    return kind, {k: v for k, v in data.items() if k != "type"}


def dataclass_parser(parsers: Mapping[str, Any], from_dict: Callable[[str, Mapping[str, Any]], Any]):
    """``parse_command(state, data)`` for a game whose ``from_dict(kind, fields)`` builds commands
    (``parsers``: its ``PARSERS``, read at each call so that commands added later are known)."""

    def parse_command(state: Any, data: Any) -> Any:
        kind, fields = command_type(data, parsers)
        return from_dict(kind, fields)

    return parse_command


def dataclass_json(union: Any, parsers: Mapping[str, Any],
                   special: Mapping[type, Callable[[Any], dict]] | None = None):
    """``command_json(command)`` for dataclass commands: ``{"type": kind, **fields}``; ``special``
    gives the fields of a class whose dataclass fields differ from its wire fields."""
    special = dict(special or {})

    def command_json(command: Any) -> dict:
        kind = kinds_of(union).get(type(command)) or kind_name(type(command))
        if kind not in parsers or not dataclasses.is_dataclass(command):
            raise TypeError(f"not a command of this game: {type(command).__name__}")
        body = special[type(command)](command) if type(command) in special else jsonable(command)
        return {"type": kind, **body}

    return command_json


def waiting(kind: str, seats: Any = None, **detail: Any) -> dict:
    """A ``waiting_for`` answer: the step ``kind`` the game waits for, the ``seats`` that must
    answer (a list; ``None``: the whole table) and the game's own details, as JSON data."""
    names = [seats] if isinstance(seats, str) else (list(seats) if seats else None)
    return {"kind": kind, "seats": names, **jsonable(detail)}
