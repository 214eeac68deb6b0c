"""The web layer: extensions, blueprints, the store (one connection per thread), error pages,
storage faults and request hardening."""

from __future__ import annotations

import mimetypes
import sqlite3

from flask import Flask, g, render_template, request, session
from flask_babel import Babel
from flask_babel import gettext as _
from flask_htmx import HTMX
from flask_htmx.responses import make_response
from flask_wtf.csrf import CSRFError, CSRFProtect
from markupsafe import escape
from werkzeug.exceptions import HTTPException

from companion.events import EventStore

# Python's own table lacks the install manifest's type before 3.13; phones need it to install the app.
mimetypes.add_type("application/manifest+json", ".webmanifest")

csrf = CSRFProtect()
babel = Babel()
htmx = HTMX()


LANG_COOKIE = "lang"  # the language chosen on this device (home.set_language)


def select_locale() -> str:
    """The language chosen on this device (its cookie, else this browser session's choice), else
    the browser's best match."""
    from flask import current_app

    langs = current_app.config["LANGUAGES"]
    for chosen in (request.cookies.get(LANG_COOKIE), session.get("lang")):
        if chosen in langs:
            return chosen
    return request.accept_languages.best_match(langs) or "en"


def get_store() -> EventStore:
    """The request's store: this thread's connection, reused across requests (see ``storage``)."""
    from companion.web.storage import app_store

    if "store" not in g:
        g.store = app_store()
    return g.store


def init_app(app: Flask) -> None:
    """Wire extensions, blueprints and hooks into ``app``."""
    _check_database(app)
    from companion.web import hardening

    hardening.init_app(app)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    from companion.web import catalog

    catalog.install(app)  # the request's catalog found once, not per string
    htmx.init_app(app)
    from companion.web import assets

    assets.init_app(app)  # compressed answers, content-hashed static URLs
    from flask_babel import get_locale

    app.jinja_env.globals["get_locale"] = get_locale
    from companion.web import templating

    templating.install(app)  # dict items before attributes: no exception per look-up
    templating.install_url_for(app)  # URLs built once
    from companion.web import i18n

    i18n.init_app(app)  # the core's messages (refusals, reasons) in the request's language
    from companion.web import games, home, rules

    app.register_blueprint(home.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(rules.bp)
    from companion.web import records

    app.register_blueprint(records.bp)  # issue 24: records, their projection and exports
    from companion.web import live

    live.init_app(app)  # the version poll and the forms' version/target fields
    app.jinja_env.filters["rule_links"] = rules.rule_links  # every rule id shown links to the rules page
    from companion.web.registry import register_game_blueprints

    register_game_blueprints(app)
    app.teardown_appcontext(_close_store)
    app.after_request(_headers)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(sqlite3.Error, _storage_error)
    app.register_error_handler(OSError, _storage_error)
    from companion.web import damaged

    damaged.install(app)  # a game whose stored record fails to fold or draw: a page saying so, not a 500


def _check_database(app: Flask) -> None:
    # Durability is checked at start: WAL journal and synchronous=FULL (2), or we refuse to run.
    store = EventStore(app.config["DATABASE"])
    try:
        pragmas = store.pragmas()
    finally:
        store.close()
    if pragmas != {"journal_mode": "wal", "synchronous": 2}:
        raise sqlite3.DatabaseError(f"database durability settings not in force: {pragmas}")


def _close_store(_exc: BaseException | None) -> None:
    # The connection stays open for the thread's next request; a transaction must not.
    from companion.web.storage import settle

    store = g.pop("store", None)
    if store is not None:
        settle(store)


def _headers(response):
    # htmx and plain requests get different bodies from the same URL: caches must know.
    response.vary.add("HX-Request")
    return response


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
        from flask import current_app

        current_app.logger.exception("the error page could not be rendered")
        body = f"<!doctype html><title>{code}</title><h1>{code}</h1><p role='alert'>{escape(message)}</p>"
        return body, code


def _csrf_error(exc: CSRFError):
    message = _("This form has expired or was not sent by this app. Reload the page and try again.")
    return error_page(400, message)


def _http_error(exc: HTTPException):
    description = exc.description or ""
    if description == type(exc).description:  # Werkzeug's own English words: ours, translated
        description = _standard_message(exc.code or 500) or description
    return error_page(exc.code or 500, description)


def _standard_message(code: int) -> str | None:
    """The words of an error page whose cause said nothing of its own."""
    messages = {
        400: _("The request could not be understood. Go back and try again."),
        403: _("This page is not open to this device."),
        404: _("There is nothing here: the address may be mistyped, or the game was removed."),
        405: _("This address does not take that kind of request."),
        409: _("The game changed meanwhile: reload the page."),
        413: _("What was sent is too large."),
        429: _("Too many tries: wait a few minutes and try again."),
        500: _("Something went wrong on this app's side. Reload the page to see what was recorded."),
    }
    return messages.get(code)


def _storage_error(exc: Exception):
    """A write refused by a read-only or full disk: 503/507 saying nothing was recorded."""
    from flask import current_app

    from companion.web import storage

    kind = storage.fault_of(exc)
    if kind is None:
        raise exc
    storage.record_fault(current_app._get_current_object(), kind)
    current_app.logger.error("storage %s: %s", kind, exc)
    return error_page(storage.STATUS[kind], storage.message(kind))
