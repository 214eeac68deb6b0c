"""Reading untrusted JSON documents field by field, with errors that name the field.

Every helper takes the value and its path (``players[1].resources.gold``) and either returns the
value or raises :class:`InputError` with that path.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from companion.core.errors import InputError


def parse_json(text: str, field: str = "input") -> Any:
    """Parse JSON text, reporting a syntax error against ``field``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(field, f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None


def obj(value: Any, path: str, required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict:
    """A JSON object with exactly the ``required`` keys plus any of ``optional``."""
    if not isinstance(value, Mapping):
        raise InputError(path or "input", "must be an object")
    required, optional = list(required), set(optional)
    for key in required:
        if key not in value:
            raise InputError(join(path, key), "is required")
    for key in value:
        if key not in required and key not in optional:
            raise InputError(join(path, key), "unknown field")
    return dict(value)


def join(path: str, key: str | int) -> str:
    """Extend a field path by a key or a list index."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def integer(value: Any, path: str, minimum: int | None = 0) -> int:
    """An integer (not a bool), by default non-negative."""
    if isinstance(value, bool) or not isinstance(value, int):
        kind = "a non-negative integer" if minimum == 0 else "an integer"
        raise InputError(path, f"must be {kind}")
    if minimum is not None and value < minimum:
        raise InputError(path, "must be a non-negative integer" if minimum == 0 else f"must be at least {minimum}")
    return value


def string(value: Any, path: str, allow_empty: bool = False) -> str:
    """A string; empty only when allowed."""
    if not isinstance(value, str) or (not allow_empty and not value.strip()):
        raise InputError(path, "must be a non-empty string")
    return value


def boolean(value: Any, path: str) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise InputError(path, "must be true or false")
    return value


def array(value: Any, path: str, min_len: int = 0, max_len: int | None = None) -> list:
    """A JSON array, optionally with length bounds."""
    if not isinstance(value, list):
        raise InputError(path, "must be an array")
    if len(value) < min_len or (max_len is not None and len(value) > max_len):
        span = f"{min_len} to {max_len}" if max_len is not None else f"at least {min_len}"
        raise InputError(path, f"must have {span} entries")
    return value


def choice(value: Any, path: str, choices: Iterable[Any]) -> Any:
    """One of a fixed set of values."""
    options = list(choices)
    if isinstance(value, bool) or value not in options:
        raise InputError(path, "must be one of " + ", ".join(json.dumps(o) for o in options))
    return value


def name_of(value: Any, path: str, names: Iterable[str], allow_null: bool = False) -> str | None:
    """A name that must be one of ``names`` (or null when allowed)."""
    if value is None and allow_null:
        return None
    names = list(names)
    if not isinstance(value, str) or value not in names:
        raise InputError(path, "must name a listed player" + (" or be null" if allow_null else ""))
    return value
