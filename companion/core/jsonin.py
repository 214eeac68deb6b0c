"""Reading untrusted JSON documents field by field, with errors that name the field.

:func:`parse_json` is the one reader of untrusted JSON text (the CLI and every web import): it
refuses what would later crash or be ambiguous — nesting deeper than :data:`MAX_DEPTH`, integers
longer than :data:`MAX_INT_DIGITS` digits, numbers out of range, ``NaN``/``Infinity``, lone
surrogates (they cannot be written as UTF-8) and duplicate keys (parsers disagree on which one
wins) — raising :class:`InputError` with the path of the offending value.

Every other helper takes the value and its path (``players[1].resources.gold``) and either
returns the value or raises :class:`InputError` with that path.
"""

from __future__ import annotations

import json
import math
import operator
import re
from collections.abc import Iterable, Mapping
from itertools import accumulate, count
from typing import Any

from companion.core.errors import InputError
from companion.core.i18n import T

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted; real documents need fewer than ten levels."""

MAX_INT_DIGITS = 20
"""Longest integer accepted, in digits: every 64-bit integer fits (seeds are 63-bit)."""

# A JSON string (escapes included) or one bracket: strings are skipped when measuring depth.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEPS = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_MAY_BE_BIG = re.compile(rf"\d{{{MAX_INT_DIGITS + 1}}}|[eE][-+]?\d{{3}}")  # many digits, 3-digit exponent
_MAY_HOLD_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")  # escaped or raw
_PLAIN_KEY = re.compile(r'[^.:\[\]"\\]+')


class _Refused:
    """A number the parser met that the document may not hold (reported with its path later)."""

    def __init__(self, message: str):
        self.message = message


class _Duplicated(dict):
    """An object in which ``key`` was given more than once."""

    def __init__(self, pairs: list[tuple[str, Any]], key: str):
        super().__init__(pairs)
        self.key = key


def parse_json(text: str, field: str = "input", root: str = "") -> Any:
    """Parse untrusted JSON text safely, or raise :class:`InputError`.

    Syntax and nesting errors are reported against ``field``; a refused value inside the document
    against its path below ``root`` (``players[0].name``), or ``field`` when it is the document.
    """
    _check_depth(text, field)
    hooks = _Hooks()
    try:
        big = _MAY_BE_BIG.search(text) is not None  # else the C parser's own int and float are safe
        doc = json.loads(text, parse_int=hooks.integer if big else None, parse_float=hooks.real if big else None,
                         parse_constant=hooks.constant, object_pairs_hook=hooks.pairs)
    except json.JSONDecodeError as exc:
        raise InputError(field, T("not valid JSON (%(msg)s at line %(lineno)s column %(colno)s)",
                                  msg=exc.msg, lineno=exc.lineno, colno=exc.colno)) from None
    except RecursionError:  # cannot happen below MAX_DEPTH; kept so that it can never escape
        raise InputError(field, T("is nested more than %(max_depth)s levels deep", max_depth=MAX_DEPTH)) from None
    found = _find_refused(doc) if hooks.met or _MAY_HOLD_SURROGATE.search(text) else None
    if found is not None:
        segments, message = found
        path = root
        for segment in reversed(segments):
            path = join(path, segment)
        raise InputError(path or field, message)
    return doc


def _check_depth(text: str, field: str) -> None:
    if text.count("[") + text.count("{") <= MAX_DEPTH or _deepest(text) <= MAX_DEPTH:
        return
    depth = 0  # too deep: walk the tokens once more to say where
    for token in _TOKENS.finditer(text):
        depth += 1 if token.group() in "[{" else -1 if token.group() in "]}" else 0
        if depth > MAX_DEPTH:
            line = text.count("\n", 0, token.start()) + 1
            column = token.start() - text.rfind("\n", 0, token.start())
            raise InputError(field, T("is nested more than %(max_depth)s levels deep (line %(line)s column %(column)s)",
                                      max_depth=MAX_DEPTH, line=line, column=column))


def _deepest(text: str) -> int:
    """The deepest nesting of ``text``, counted in C-speed steps (no Python loop per bracket)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).encode("ascii")
    steps = brackets.translate(_STEPS)  # an opening bracket counts 2, a closing one 0
    return max(map(operator.sub, accumulate(steps), count(1)), default=0)  # running sum minus 1 per bracket


class _Hooks:
    """The parser hooks of one :func:`parse_json` call; ``met`` turns true at the first refused value,
    so that documents without one skip the walk that finds its path."""

    def __init__(self):
        self.met = False

    def integer(self, digits: str) -> int | _Refused:
        # Python refuses int() of over 4,300 digits with a ValueError; refuse far earlier, by name.
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            return self._refuse(_Refused(T("is an integer of more than %(max)s digits", max=MAX_INT_DIGITS)))
        return int(digits)

    def real(self, text: str) -> float | _Refused:
        value = float(text)
        return value if math.isfinite(value) else self._refuse(_Refused(T("is a number too large to represent")))

    def constant(self, name: str) -> _Refused:
        return self._refuse(_Refused(T("%(name)s is not a JSON number", name=name)))

    def pairs(self, pairs: list[tuple[str, Any]]) -> dict:
        out = dict(pairs)
        if len(out) == len(pairs):
            return out
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                return self._refuse(_Duplicated(pairs, key))
            seen.add(key)
        raise AssertionError("unreachable")  # pragma: no cover

    def _refuse(self, value):
        self.met = True
        return value


def _find_refused(value: Any) -> tuple[list[str | int], str] | None:
    """The first refused value: its path segments (innermost first) and the message."""
    if isinstance(value, str):
        return _surrogate(value, False)
    if isinstance(value, _Refused):
        return [], value.message
    if isinstance(value, list):
        items: Iterable[tuple[str | int, Any]] = enumerate(value)
    elif isinstance(value, dict):
        if isinstance(value, _Duplicated):
            return [value.key], T("is given twice in the same object")
        items = value.items()
    else:
        return None
    for key, item in items:
        found = _surrogate(key, True) if isinstance(key, str) else None
        found = found or _find_refused(item)
        if found is not None:
            found[0].append(key)
            return found
    return None


def _surrogate(text: str, in_name: bool) -> tuple[list[str | int], str] | None:
    # The decoder pairs valid surrogate escapes into one character, so any left is lone.
    match = _SURROGATE.search(text)
    if match is None:
        return None
    code = f"\\u{ord(match.group()):04x}"
    if in_name:
        return [], T("has a lone surrogate %(code)s in its name (not valid Unicode text)", code=code)
    return [], T("has a lone surrogate %(code)s (not valid Unicode text)", code=code)


def obj(value: Any, path: str, required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict:
    """A JSON object with exactly the ``required`` keys plus any of ``optional``."""
    if not isinstance(value, Mapping):
        raise InputError(path or "input", T("must be an object"))
    required, optional = list(required), set(optional)
    for key in required:
        if key not in value:
            raise InputError(join(path, key), T("is required"))
    for key in value:
        if key not in required and key not in optional:
            raise InputError(join(path, key), T("unknown field"))
    return dict(value)


def join(path: str, key: str | int) -> str:
    """Extend a field path by a key or a list index.

    A key that is empty, or that would make the path ambiguous or unprintable (dots, colons, brackets,
    quotes, control characters, surrogates, edge spaces), is written as a JSON string: ``a."".b``.
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    if not (_PLAIN_KEY.fullmatch(key) and key.isprintable() and key == key.strip()):
        key = printable(json.dumps(key, ensure_ascii=False))
    return f"{path}.{key}" if path else key


def printable(text: str) -> str:
    """``text`` with every unprintable character (line breaks, surrogates…) written as a JSON escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else json.dumps(c)[1:-1] for c in text)


def integer(value: Any, path: str, minimum: int | None = 0) -> int:
    """An integer (not a bool), by default non-negative."""
    if isinstance(value, bool) or not isinstance(value, int):
        kind = "a non-negative integer" if minimum == 0 else "an integer"
        raise InputError(path, T("must be %(kind)s", kind=kind))
    if minimum is not None and value < minimum:
        raise InputError(path, T("must be a non-negative integer") if minimum == 0
                         else T("must be at least %(minimum)s", minimum=minimum))
    return value


def string(value: Any, path: str, allow_empty: bool = False) -> str:
    """A string; empty only when allowed."""
    if not isinstance(value, str) or (not allow_empty and not value.strip()):
        raise InputError(path, T("must be a non-empty string"))
    return value


def boolean(value: Any, path: str) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise InputError(path, T("must be true or false"))
    return value


def array(value: Any, path: str, min_len: int = 0, max_len: int | None = None) -> list:
    """A JSON array, optionally with length bounds."""
    if not isinstance(value, list):
        raise InputError(path, T("must be an array"))
    if len(value) < min_len or (max_len is not None and len(value) > max_len):
        span = (T("%(min)s to %(max)s", min=min_len, max=max_len) if max_len is not None
                else T("at least %(min)s", min=min_len))
        raise InputError(path, T("must have %(span)s entries", span=span))
    return value


def choice(value: Any, path: str, choices: Iterable[Any]) -> Any:
    """One of a fixed set of values."""
    options = list(choices)
    if isinstance(value, bool) or value not in options:
        raise InputError(path, T("must be one of %(choices)s", choices=", ".join(json.dumps(o) for o in options)))
    return value


def name_of(value: Any, path: str, names: Iterable[str], allow_null: bool = False) -> str | None:
    """A name that must be one of ``names`` (or null when allowed)."""
    if value is None and allow_null:
        return None
    names = list(names)
    if not isinstance(value, str) or value not in names:
        raise InputError(path, T("must name a listed player or be null") if allow_null
                         else T("must name a listed player"))
    return value
