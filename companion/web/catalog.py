"""The request's translation catalog, looked up once per request rather than once per string.

Flask-Babel finds the catalog anew for every ``gettext``: several ``g`` proxy look-ups, the locale,
then its cache, about 13 µs a call. A panel translates several hundred strings, so that look-up
alone cost a render 10–20 ms, all of it holding the GIL that every other request thread waits for.

:func:`translations` is a plain per-request cache over Flask-Babel's public API
(``get_locale``, ``get_translations``): the catalog is kept in ``g`` with the locale it was found
for; a changed locale (``refresh``, ``force_locale``) is a different object, so the cache is
simply bypassed. Nothing of Flask-Babel is patched: the templates' ``_``/``ngettext`` (the many
strings of a panel) and the Lockup words (:func:`gettext`, :func:`ngettext`) come here.

A render holds the catalog it found (:func:`fixed`): the several hundred strings of one panel then
skip even the per-request look-up (finding the locale alone is a dozen calls through ``g``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

import flask_babel
from babel import support
from flask import Flask, g, has_app_context
from jinja2 import pass_context
from markupsafe import Markup, escape

# The catalog of the render in progress in this thread (:func:`fixed`), else None.
_RENDERING: ContextVar[Any] = ContextVar("companion_rendering_catalog", default=None)


def translations() -> Any:
    """The catalog of the request's locale (Flask-Babel's own object), found once per request (and
    taken as it is while a render holds it: :func:`fixed`)."""
    held = _RENDERING.get()
    if held is not None:
        return held
    if not has_app_context():
        return support.NullTranslations()
    locale = flask_babel.get_locale()
    known = g.get("companion_catalog")
    if known is not None and known[0] is locale:
        return known[1]
    found = flask_babel.get_translations()
    g.companion_catalog = (locale, found)
    return found


def held() -> Any:
    """The catalog the render in progress holds (:func:`fixed`), else ``None``."""
    return _RENDERING.get()


@contextmanager
def fixed() -> Iterator[None]:
    """Hold the request's catalog for one render (its context and templates): a render does not
    change the locale, so its strings need not find it again."""
    token = _RENDERING.set(translations())
    try:
        yield
    finally:
        _RENDERING.reset(token)


def gettext(string: str, **variables: Any) -> str:
    """``flask_babel.gettext`` through the request's catalog (the same text)."""
    text = translations().ugettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """``flask_babel.ngettext`` through the request's catalog (``num`` is a variable too)."""
    variables.setdefault("num", num)
    return translations().ungettext(singular, plural, num) % variables


@pass_context
def _underscore(context: Any, string: str, **variables: Any) -> str:
    """A template's ``_(string, **variables)``: what Jinja's newstyle gettext does (the message
    through the request's catalog, marked safe under autoescape, always %-formatted so ``%%``
    reads the same everywhere), without its indirections."""
    found = translations()
    if not context.eval_ctx.autoescape:
        return found.ugettext(string) % variables
    if not variables:
        return _said(found, string)
    # What ``Markup % variables`` gives (every value escaped; a number as it is, so ``%(n)d`` still
    # reads it), without Markup's helper objects around each value: a panel formats dozens.
    return Markup(str.__mod__(_marked(found, string), {
        name: value if type(value) in (int, float) else escape(value) for name, value in variables.items()}))


@lru_cache(maxsize=4096)
def _marked(found: Any, string: str) -> Markup:
    # A template message marked safe, by catalog and msgid: a panel says the same few dozen on every step.
    return Markup(found.ugettext(string))


@lru_cache(maxsize=4096)
def _said(found: Any, string: str) -> Markup:
    # A message without variables as a template shows it (``%%`` reads ``%``), formatted once per
    # catalog and msgid rather than on each of the dozens of times a panel says it.
    return _marked(found, string) % {}


def install(app: Flask) -> None:
    """Use :func:`translations` for the templates' ``_``/``ngettext`` and for ``flask_babel.gettext``
    (call after ``Babel.init_app``)."""
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )
    # ``{{ _('…') }}`` straight to the catalog: Jinja's own ``_`` goes through an alias and two
    # ``context.call`` layers to reach the same ``gettext`` (a panel says a few hundred strings).
    app.jinja_env.globals["_"] = _underscore
