"""The web layer: extensions, blueprints, per-request store, security headers."""

from __future__ import annotations

from flask import Flask, g, render_template, request, session
from flask_babel import Babel
from flask_htmx import HTMX
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

from companion.events import EventStore

csrf = CSRFProtect()
babel = Babel()
htmx = HTMX()


def select_locale() -> str:
    """The language chosen on this device, else the browser's best match."""
    from flask import current_app

    langs = current_app.config["LANGUAGES"]
    chosen = session.get("lang")
    return chosen if chosen in langs else request.accept_languages.best_match(langs) or "en"


def get_store() -> EventStore:
    """The request's store (one SQLite connection per request, closed at teardown)."""
    from flask import current_app

    if "store" not in g:
        g.store = EventStore(current_app.config["DATABASE"])
    return g.store


def init_app(app: Flask) -> None:
    """Wire extensions, blueprints and hooks into ``app``."""
    _check_database(app)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    htmx.init_app(app)
    from flask_babel import get_locale

    app.jinja_env.globals["get_locale"] = get_locale
    from companion.web import games, home, rules

    app.register_blueprint(home.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(rules.bp)
    app.jinja_env.filters["rule_links"] = rules.rule_links  # every rule id shown links to the rules page
    from companion.web.registry import register_game_blueprints

    register_game_blueprints(app)
    app.teardown_appcontext(_close_store)
    app.after_request(_headers)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(HTTPException, _http_error)


def _check_database(app: Flask) -> None:
    # Durability is checked at start: WAL journal and synchronous=FULL (2), or we refuse to run.
    store = EventStore(app.config["DATABASE"])
    try:
        pragmas = store.pragmas()
    finally:
        store.close()
    if pragmas != {"journal_mode": "wal", "synchronous": 2}:
        raise RuntimeError(f"database durability settings not in force: {pragmas}")


def _close_store(_exc: BaseException | None) -> None:
    store = g.pop("store", None)
    if store is not None:
        store.close()


def _headers(response):
    # htmx and plain requests get different bodies from the same URL: caches must know.
    response.vary.add("HX-Request")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def _csrf_error(exc: CSRFError):
    message = "This form has expired or was not sent by this app. Reload the page and try again."
    return render_template("errors/error.html", code=400, message=message), 400


def _http_error(exc: HTTPException):
    return render_template("errors/error.html", code=exc.code, message=exc.description), exc.code
