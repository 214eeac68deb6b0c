"""What every module of the web layer shares, below all of them: the extensions (CSRF, Babel,
htmx), the request's store, the device's language and the error page. It imports no other module
of the web layer, so any of them may import it (no import circle through the package)."""

from __future__ import annotations

import mimetypes

from flask import current_app, g, render_template, request, session
from flask_babel import Babel
from flask_htmx import HTMX
from flask_htmx.responses import make_response
from flask_wtf.csrf import CSRFProtect
from markupsafe import escape

from companion.events import EventStore
from companion.web.storage import app_store

# Python's own table lacks the install manifest's type before 3.13; phones need it to install the app.
mimetypes.add_type("application/manifest+json", ".webmanifest")

csrf = CSRFProtect()
babel = Babel()
htmx = HTMX()


LANG_COOKIE = "lang"  # the language chosen on this device (home.set_language)


def select_locale() -> str:
    """The language chosen on this device (its cookie, else this browser session's choice), else
    the browser's best match."""
    langs = current_app.config["LANGUAGES"]
    for chosen in (request.cookies.get(LANG_COOKIE), session.get("lang")):
        if chosen in langs:
            return chosen
    return request.accept_languages.best_match(langs) or "en"


def get_store() -> EventStore:
    """The request's store: this thread's connection, reused across requests (see ``storage``)."""
    store = g.get("store")  # one look-up of ``g``: a step asks a dozen times
    if store is None:
        store = g.store = app_store()
    return store


def error_page(code: int, message: str):
    """The error page; if even that cannot be rendered, the same words as bare HTML (an error
    answer must never become a 500 of its own)."""
    fragment = bool(htmx)
    try:
        html = render_template("errors/error.html", code=code, message=message, root=request.script_root,
                               fragment=fragment)
        # htmx swaps only some codes (base.html); those it swaps go to #main, whatever the target.
        if fragment:
            return make_response(html, code, retarget="#main", reswap="innerHTML")
        return html, code
    except Exception:  # noqa: BLE001 - the last resort of error handling must not raise
        current_app.logger.exception("the error page could not be rendered")
        body = f"<!doctype html><title>{code}</title><h1>{code}</h1><p role='alert'>{escape(message)}</p>"
        return body, code
