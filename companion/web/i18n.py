"""The core's messages in the request's language.

The pure core builds :class:`companion.core.i18n.T` messages (English as ``str``, with a msgid and
params); :func:`init_app` installs Flask-Babel's ``gettext``/``ngettext`` as their translator, so
``render`` and a template's ``{{ message }}`` give them in the viewer's language. Outside a request
(CLI, exports, the event log) nothing is translated: they stay English.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Flask, has_request_context
from flask_babel import get_translations
from markupsafe import Markup

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


def _utc(value: Any) -> datetime | None:
    """A stored time (ISO 8601 text; without an offset it is UTC, the server's clock) in UTC."""
    try:
        moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    except ValueError:
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


# The page's script (static/locale.js) shows these in the reader's language and time zone with the
# browser's own formats (Intl): Babel's would load its locale data into the server (about 4.5 MB
# held for good; issue 21 (d)), and only the browser knows the reader's time zone. Without script
# the language-neutral UTC text stays.
_TIME = Markup('<time datetime="{}" data-style="{}">{}</time>')


def _shown_time(value: Any, style: str, pattern: str) -> str:
    moment = _utc(value)
    if moment is None:
        return str(value or "")
    return _TIME.format(moment.isoformat(timespec="seconds"), style, moment.strftime(pattern))


def when(value: Any) -> str:
    """A stored time as a date and time: ``2026-11-23 05:58 UTC`` in a ``<time>`` element, which
    the page's script shows in the reader's language and time zone (``11/23/26, 6:58 AM``)."""
    return _shown_time(value, "short", "%Y-%m-%d %H:%M UTC")


def clock(value: Any) -> str:
    """A stored time as a time of day (``05:58:50 UTC``), shown like :func:`when` by the page."""
    return _shown_time(value, "clock", "%H:%M:%S UTC")


def number(value: Any) -> str:
    """A number (at most 3 decimals) in a ``<data>`` element, which the page's script shows with
    the language's grouping and decimal signs; without script, plain digits and a point."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return str(value)
    plain = f"{value:.3f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
    return Markup('<data class="number" value="{}">{}</data>').format(plain, plain)
