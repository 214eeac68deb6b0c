"""The request's translation catalog, looked up once per request rather than once per string.

Flask-Babel finds the catalog anew for every ``gettext``: several ``g`` proxy look-ups, the locale,
then its cache, about 13 µs a call. A panel translates several hundred strings, so that look-up
alone cost a render 10–20 ms, all of it holding the GIL that every other request thread waits for.

:func:`install` keeps Flask-Babel's behaviour (locale selector, ``refresh``, ``force_locale``,
the same catalog objects) and remembers, in Flask-Babel's own per-request namespace, which catalog
goes with which locale and domain object: a changed locale (``refresh``, ``force_locale``) is a
different object, so the memo is simply bypassed and Flask-Babel decides again.
"""

from __future__ import annotations

from typing import Any

import flask_babel
from babel import support
from flask import Flask
from flask.globals import _cv_app
from jinja2 import pass_context
from markupsafe import Markup

_MEMO = "companion_catalog"  # attribute of g._flask_babel: (locale, domain, translations)


def translations() -> Any:
    """The catalog of the request's locale (Flask-Babel's own object)."""
    app_ctx = _cv_app.get(None)
    if app_ctx is None:
        return support.NullTranslations()
    ns = app_ctx.g.__dict__.get("_flask_babel")
    if ns is not None:
        memo = ns.__dict__.get(_MEMO)
        if memo is not None and memo[0] is ns.__dict__.get("babel_locale") \
                and memo[1] is ns.__dict__.get("babel_domain"):
            return memo[2]
    found = _slow()
    ns = app_ctx.g.__dict__.get("_flask_babel")
    if ns is not None:
        setattr(ns, _MEMO, (ns.__dict__.get("babel_locale"), ns.__dict__.get("babel_domain"), found))
    return found


@pass_context
def _underscore(context: Any, string: str, **variables: Any) -> str:
    """A template's ``_(string, **variables)``: what Jinja's newstyle gettext does (the message
    through the request's catalog, marked safe under autoescape, always %-formatted so ``%%``
    reads the same everywhere), without its indirections."""
    text = translations().ugettext(string)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return text % variables


def _slow() -> Any:
    domain = _babel_get_domain()
    return type(domain).get_translations(domain)


_babel_get_domain = flask_babel.get_domain


def _get_domain() -> Any:
    """``flask_babel.get_domain`` without its proxy look-ups once the request has chosen one."""
    app_ctx = _cv_app.get(None)
    if app_ctx is not None:
        ns = app_ctx.g.__dict__.get("_flask_babel")
        if ns is not None:
            domain = ns.__dict__.get("babel_domain")
            if domain is not None:
                return domain
    return _babel_get_domain()


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
    with app.app_context():  # Flask-Babel builds its domain from the app's configuration
        domain = app.extensions["babel"].instance.domain_instance
    # Domain.gettext and friends ask self.get_translations(): this instance answers from the memo.
    domain.get_translations = translations
    # flask_babel.gettext (imported by name everywhere) looks its domain up through this global.
    flask_babel.get_domain = _get_domain
