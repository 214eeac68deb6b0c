"""Translatable messages of the pure core, without Flask.

``T("%(seat)s has no tome to play", seat=seat)`` is a ``str`` whose value is the English text
(so the CLI's error lines, JSON documents and every existing comparison keep working) and which
also carries its ``msgid`` and ``params``. The web layer installs a translator
(:func:`set_translator`); :func:`render` then gives the text in the request's language, with
nested messages among the params (location, resource and goon names made with :func:`N_` or
``T``) translated too. Jinja calls ``__html__`` on what it prints, so a message put in a
template is translated without the template knowing. ``Tn`` is the plural form (Polish has
three); ``pybabel extract -k T -k Tn:1,2 -k N_`` finds them all (scripts/i18n.sh).

A message recorded inside an event is stored as JSON (:func:`to_json`: its msgid, plural and
``n``, and its params, nested messages included) and rebuilt with :func:`from_json`, so a stored
reason is shown in each viewer's language, params too. Words stored as plain text (reasons
recorded before events stored messages) are matched back to a catalog entry at render time: see
:func:`render`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


class T(str):
    """A translatable message: English as ``str``, ``msgid`` and ``params`` for translation."""

    msgid: str
    plural: str | None
    n: int | None
    params: Mapping[str, Any]

    def __new__(cls, msgid: str, /, **params: Any) -> T:
        """The message ``msgid`` (``%(name)s`` placeholders) filled with ``params``."""
        obj = super().__new__(cls, _fill(msgid, params))
        obj.msgid, obj.plural, obj.n, obj.params = msgid, None, None, params
        return obj

    def __html__(self) -> str:
        from markupsafe import escape  # markupsafe is Jinja's own, not the web layer's

        return str(escape(render(self)))

    def __reduce__(self):  # copies and pickles keep the message, not only its English
        return (_rebuild, (self.msgid, self.plural, self.n, dict(self.params)))

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self


def Tn(singular: str, plural: str, n: int, /, **params: Any) -> T:  # noqa: N802 - the extraction keyword
    """The plural message for ``n`` (``%(num)s`` is ``n`` unless ``params`` name it)."""
    params.setdefault("num", n)
    obj = str.__new__(T, _fill(singular if n == 1 else plural, params))
    obj.msgid, obj.plural, obj.n, obj.params = singular, plural, n, params
    return obj


def N_(msgid: str) -> T:  # noqa: N802 - the conventional name of a gettext no-op marker
    """A term without params (a location, resource, goon or phase name), translated when shown."""
    return T(msgid)


def _rebuild(msgid: str, plural: str | None, n: int | None, params: dict) -> T:
    return T(msgid, **params) if plural is None else Tn(msgid, plural, n, **params)


def _fill(template: str, params: Mapping[str, Any]) -> str:
    return template % dict(params) if params else template.replace("%%", "%")


# -- stored messages ---------------------------------------------------------------------------

def to_json(value: Any) -> Any:
    """``value`` ready for an event payload: a ``T`` as ``{"msgid", "params"}`` (a plural also
    ``"plural"`` and ``"n"``), its params converted the same way at any depth; anything else
    (a plain string such as words the table typed, a number) as it is."""
    if isinstance(value, T) and value.msgid:
        out: dict[str, Any] = {"msgid": value.msgid}
        if value.params:  # a term (a location, a resource) has none: stored as its msgid alone
            out["params"] = {k: to_json(v) for k, v in value.params.items()}
        if value.plural is not None:
            out["plural"], out["n"] = value.plural, value.n
        return out
    if isinstance(value, str):
        return str(value)  # a T without msgid, or plain text: its words
    return value


def is_stored_message(value: Any) -> bool:
    """Whether ``value`` is a message as :func:`to_json` stores it."""
    return isinstance(value, Mapping) and isinstance(value.get("msgid"), str)


def from_json(value: Any) -> Any:
    """The inverse of :func:`to_json`: a stored message becomes a ``T`` again (its ``str`` the
    English it was made with); a plain string (an older event's reason) stays as stored."""
    if not is_stored_message(value):
        return value
    params = {k: from_json(v) for k, v in (value.get("params") or {}).items()}
    # No string literal inside the T()/Tn() calls: the extraction would take it for a msgid.
    msgid, plural, n = value["msgid"], value.get("plural"), value.get("n")
    try:
        return T(msgid, **params) if plural is None else Tn(msgid, plural, n, **params)
    except (KeyError, ValueError, TypeError):  # a damaged record must not break a page: its msgid
        return msgid


def english(value: Any) -> str:
    """The English words of a stored message or plain text (logs, narration, the CLI)."""
    return "" if value is None else str(from_json(value))


# -- rendering -------------------------------------------------------------------------------

_translator: tuple[Gettext, Ngettext, Callable[[], list[str]]] | None = None


def set_translator(gettext: Gettext | None, ngettext: Ngettext | None = None,
                   msgids: Callable[[], list[str]] | None = None) -> None:
    """Install the web layer's ``gettext``/``ngettext`` (None: English only). ``msgids`` lists
    the catalog's entries, to recognise plain English texts stored before translation."""
    global _translator
    _translator = None if gettext is None else (gettext, ngettext or _english_n, msgids or list)


def _english_n(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def render(text: Any, gettext: Gettext | None = None, ngettext: Ngettext | None = None) -> str:
    """``text`` in the current language: a ``T`` (or a message stored by :func:`to_json`) through
    the catalog, params too; a plain string matched back to a catalog entry if it is one (reasons
    stored as English), else unchanged."""
    if text is None:
        return ""
    if is_stored_message(text):  # a message recorded in an event
        text = from_json(text)
    if gettext is None:
        if _translator is None:
            return str(text)
        gettext, ngettext, _ = _translator
    ngettext = ngettext or _english_n
    if isinstance(text, T) and text.msgid:
        params = {k: render(v, gettext, ngettext) if isinstance(v, str) else v for k, v in text.params.items()}
        template = gettext(text.msgid) if text.plural is None else ngettext(text.msgid, text.plural, text.n)
        return _safe_fill(template, params, text)
    if isinstance(text, str) and text:
        return _recognise(text, gettext, ngettext)
    return str(text)


def _safe_fill(template: str, params: Mapping[str, Any], original: str) -> str:
    try:
        return _fill(template, {k: v for k, v in params.items()})
    except (KeyError, ValueError, TypeError):  # a broken translation must not break the page
        return str(original)


def _recognise(text: str, gettext: Gettext, ngettext: Ngettext) -> str:
    translated = gettext(text)
    if translated != text:
        return translated
    found = _match_cached(text)
    if found is None:
        return text
    msgid, params = found
    # A param is translated only when it is a catalog entry itself (a tier, a location): card and
    # player names are the table's own words and must not be taken for a sentence.
    return _safe_fill(gettext(msgid), {k: gettext(v) for k, v in params.items()}, text)


_matches: dict[tuple[int, str], tuple[str, dict[str, str]] | None] = {}
_MAX_MATCHES = 4096  # stored reasons repeat: remember the answer for each text (bounded)


def _match_cached(text: str) -> tuple[str, dict[str, str]] | None:
    compiled = _catalog_patterns()
    key = (id(compiled), text)
    if key not in _matches:
        if len(_matches) >= _MAX_MATCHES:
            _matches.clear()
        _matches[key] = match(text, compiled)
    return _matches[key]


_patterns_cache: dict[int, tuple[list[str], list[tuple[re.Pattern, str]]]] = {}


def _catalog_patterns() -> list[tuple[re.Pattern, str]]:
    """The catalog's msgids with params as regexes, built once per catalog (its msgid list)."""
    if _translator is None:
        return []
    msgids = _translator[2]()
    cached = _patterns_cache.get(id(msgids))
    if cached is None or cached[0] is not msgids:
        # A pattern with hardly any words of its own ("%(min)s to %(max)s", "%(a)s (%(b)s)") would match
        # free text such as card names and effect notes and garble them: such text stays as stored.
        cached = (msgids, patterns([m for m in msgids if "%(" in m and _letters(m) >= MIN_PATTERN_LETTERS]))
        _patterns_cache[id(msgids)] = cached
    return cached[1]


_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%%")
MIN_PATTERN_LETTERS = 4  # letters outside the placeholders a msgid needs to be matched against stored text


def _letters(msgid: str) -> int:
    return sum(ch.isalpha() for ch in _PLACEHOLDER.sub("", msgid))


def patterns(msgids: list[str] | tuple[str, ...]) -> list[tuple[re.Pattern, str]]:
    """One anchored regex per msgid with ``%(name)s`` placeholders (longest literal first)."""
    out = []
    for msgid in msgids:
        parts, pos, names = [], 0, set()
        for m in _PLACEHOLDER.finditer(msgid):
            parts.append(re.escape(msgid[pos:m.start()]))
            name = m.group(1)
            if name is None:
                parts.append("%")
            else:
                parts.append(f"(?P={name})" if name in names else f"(?P<{name}>.+?)")
                names.add(name)
            pos = m.end()
        parts.append(re.escape(msgid[pos:]))
        out.append((re.compile("".join(parts) + r"\Z", re.S), msgid))
    out.sort(key=lambda p: -len(_PLACEHOLDER.sub("", p[1])))
    return out


def match(text: str, compiled: list[tuple[re.Pattern, str]]) -> tuple[str, dict[str, str]] | None:
    """The first msgid whose pattern matches ``text`` whole, with the values of its params."""
    for pattern, msgid in compiled:
        m = pattern.match(text)
        if m:
            return msgid, m.groupdict()
    return None


def join(parts: list[Any] | tuple[Any, ...], sep: str = ", ") -> T | str:
    """``parts`` joined by ``sep``, each part translated when shown (``sep`` is not: punctuation)."""
    if not parts:
        return ""
    # The msgid is built, not extracted: gettext gives it back as it is, and the parts are rendered.
    template = sep.replace("%", "%%").join(f"%(p{i})s" for i in range(len(parts)))
    return T(template, **{f"p{i}": part for i, part in enumerate(parts)})


def and_list(parts: list[Any] | tuple[Any, ...]) -> Any:
    """``a``, ``a and b``, ``a, b and c`` in the viewer's language."""
    parts = list(parts)
    if len(parts) < 2:
        return parts[0] if parts else ""
    return T("%(items)s and %(last)s", items=join(parts[:-1]), last=parts[-1])
