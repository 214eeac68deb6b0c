"""The web layer's wiring: extensions, blueprints, hooks and error handlers (the shared pieces
themselves live in :mod:`companion.web.base`, re-exported here for callers outside the web layer).
See docs/architecture.md for the layers."""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, g
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from companion.events import EventStore
from companion.web import (
    assets,
    catalog,
    damaged,
    games,
    gameui,
    hardening,
    home,
    i18n,
    live,
    records,
    rules,
    seat_routes,  # noqa: F401 - imported to register its blueprint (registry.register_blueprint)
    sessions,
    storage,
    templating,
)
from companion.web.base import LANG_COOKIE, babel, csrf, error_page, get_store, htmx, select_locale
from companion.web.registry import register_game_blueprints

__all__ = ["LANG_COOKIE", "babel", "csrf", "error_page", "get_store", "htmx", "init_app", "select_locale"]

def init_app(app: Flask) -> None:
    """Wire extensions, blueprints and hooks into ``app``."""
    _check_database(app)
    hardening.init_app(app)
    sessions.install(app)  # each session cookie checked once, not on every poll
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    catalog.install(app)  # the request's catalog found once, not per string
    htmx.init_app(app)
    assets.init_app(app)  # compressed answers, content-hashed static URLs
    app.jinja_env.globals["get_locale"] = get_locale
    templating.install_url_for(app)  # URLs built once
    i18n.init_app(app)  # the core's messages (refusals, reasons) in the request's language
    app.register_blueprint(home.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(records.bp)  # issue 24: records, their projection and exports
    live.init_app(app)  # the version poll and the forms' version/target fields
    app.jinja_env.filters["rule_links"] = rules.rule_links  # every rule id shown links to the rules page
    app.jinja_env.globals["rule_ids_shown"] = rules.rule_ids_shown  # a device setting (rules.set_rule_ids)
    register_game_blueprints(app, gameui)
    app.teardown_appcontext(_close_store)
    app.after_request(_finish)  # registered after Flask-Compress's hook, so it runs before it
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(sqlite3.Error, _storage_error)
    app.register_error_handler(OSError, _storage_error)
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
    store = g.pop("store", None)
    if store is not None:
        storage.settle(store)


def _finish(response):
    # The one after_request hook of every answer (Flask-Compress's comes next): HTML without the
    # templates' indentation, the security headers, and Vary: HX-Request (htmx and plain requests
    # get different bodies from the same URL: caches must know).
    response = assets.squeeze_html(response)
    hardening.security_headers(response)
    response.vary.add("HX-Request")
    return response


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
    kind = storage.fault_of(exc)
    if kind is None:
        raise exc
    storage.record_fault(current_app._get_current_object(), kind)
    current_app.logger.error("storage %s: %s", kind, exc)
    return error_page(storage.STATUS[kind], storage.message(kind))
