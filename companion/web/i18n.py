"""The core's messages in the request's language.

The pure core builds :class:`companion.core.i18n.T` messages (English as ``str``, with a msgid and
params); :func:`init_app` installs Flask-Babel's ``gettext``/``ngettext`` as their translator, so
``render`` and a template's ``{{ message }}`` give them in the viewer's language. Outside a request
(CLI, exports, the event log) nothing is translated: they stay English.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Flask, has_request_context
from flask_babel import format_datetime, format_decimal, format_time, get_translations

from companion.core import i18n
from companion.core.errors import InputError, RuleViolation
from companion.web import catalog


def _translations() -> Any:
    """The request's catalog (the one a render holds, without finding it again: catalog.fixed), or
    ``None`` outside a request."""
    held = catalog.held()
    if held is not None:
        return held
    return get_translations() if has_request_context() else None


def _gettext(msgid: str) -> str:
    found = _translations()
    return msgid if found is None else found.gettext(msgid)


def _ngettext(singular: str, plural: str, n: int) -> str:
    found = _translations()
    if found is None:
        return singular if n == 1 else plural
    return found.ngettext(singular, plural, n)


_MSGIDS: dict[int, tuple[Any, list[str]]] = {}  # id(translations) -> (translations, its msgids), built once


def _msgids() -> list[str]:
    """The msgids the request's catalog translates (to recognise English stored as plain text);
    the same list object for the same catalog, so the core can cache its patterns."""
    translations = _translations()
    if translations is None:
        return []
    cached = _MSGIDS.get(id(translations))
    if cached is None or cached[0] is not translations:
        catalog = getattr(translations, "_catalog", None) or {}
        cached = (translations, [key for key, value in catalog.items() if isinstance(key, str) and key and value])
        _MSGIDS[id(translations)] = cached
    return cached[1]


def init_app(app: Flask) -> None:
    """Translate the core's messages with the request's catalog; ``tr`` filter for templates."""
    i18n.set_translator(_gettext, _ngettext, _msgids)
    app.jinja_env.filters.update(tr=text, when=when, clock=clock, number=number)


def text(message: Any) -> str:
    """A core message (``T``, or English stored as plain text) in the request's language."""
    return i18n.render(message)


def error_text(exc: Exception) -> str:
    """A refusal as ``reason (rule id)`` or an input error as ``field: problem``, translated."""
    if isinstance(exc, RuleViolation):
        reason = text(exc.reason)
        return f"{reason} ({exc.rule})" if exc.rule else reason
    if isinstance(exc, InputError):
        return f"{exc.field}: {text(exc.message)}"
    return str(exc)


def _parsed(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        return None


def when(value: Any, style: str = "short") -> str:
    """A stored time (ISO 8601 text) as a date and time in the viewer's locale (Babel)."""
    moment = _parsed(value)
    return format_datetime(moment, style) if moment is not None else str(value or "")


def clock(value: Any, style: str = "medium") -> str:
    """A stored time (ISO 8601 text) as a time of day in the viewer's locale (Babel)."""
    moment = _parsed(value)
    return format_time(moment, style) if moment is not None else str(value or "")


def number(value: Any) -> str:
    """A number in the viewer's locale (Babel's grouping and decimal signs)."""
    return format_decimal(value) if isinstance(value, int | float) and not isinstance(value, bool) else str(value)
