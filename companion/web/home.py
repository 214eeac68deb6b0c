"""Home page, joining a game (link or typed table code) and the language switch."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, redirect, render_template, request, session, url_for
from flask_babel import gettext as _

from companion.web import storage
from companion.web.access import can_see, grant, is_local, join_allowed, safe_next
from companion.web.base import LANG_COOKIE, get_store
from companion.web.devices import mint_for
from companion.web.registry import GAMES, SETTINGS_LINKS

LANG_MAX_AGE = 365 * 24 * 3600  # the language (and any device setting) chosen on a device is kept a year

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    """Local device: every game and the ways to start one. Other devices: the join form."""
    return _home()


def _home(join_error: str | None = None, status: int = 200, import_error: str | None = None):
    games = [g for g in get_store().games() if can_see(g["id"])]
    playing = [g for g in games if g["status"] != "finished"]
    finished = [g for g in games if g["status"] == "finished"]
    page = render_template(
        "home/index.html", local=is_local(), playing=playing, finished=finished, kinds=GAMES,
        settings=SETTINGS_LINKS, join_error=join_error,
        import_error=import_error,
    )
    return page, status


@bp.get("/healthz")
def healthz():
    """``ok`` when the app answers and can record; otherwise the storage fault (503 read-only,
    507 full) in plain words. Cheap when healthy (used by the benchmark as the baseline)."""
    kind = storage.current_fault(current_app._get_current_object())
    if kind is None:
        return "ok", 200, {"Content-Type": "text/plain"}
    text = f"storage {kind}: nothing can be recorded\n"
    return text, storage.STATUS[kind], {"Content-Type": "text/plain; charset=utf-8"}


@bp.post("/join")
def join_code():
    """Join by typing the table code (rate-limited per device)."""
    if not join_allowed():
        return _join_error(_("Too many attempts. Wait a few minutes and try again."), 429)
    code = (request.form.get("code") or "").strip().upper().replace(" ", "")
    if not code:
        return _join_error(_("Table code: type the code shown on the game's screen."), 400)
    game = get_store().find_game("table_code", code)
    if game is None:
        return _join_error(_("Table code: no game has this code."), 404)
    mint_for(game["id"])  # before the grant: the page's first taps all carry this one device id
    grant(game["id"])
    return redirect(url_for("games.show", game_id=game["id"]), 303)


@bp.get("/join/<token>")
def join_link(token: str):
    """Join by the QR code's link."""
    game = get_store().find_game("join_token", token)
    if game is None:
        abort(404)
    mint_for(game["id"])  # before the grant: the page's first taps all carry this one device id
    grant(game["id"])
    return redirect(url_for("games.show", game_id=game["id"]), 303)


@bp.post("/lang")
def set_language():
    """Remember the chosen language on this device."""
    lang = request.form.get("lang", "")
    response = back_to_referrer()
    if lang in current_app.config["LANGUAGES"]:
        session["lang"] = lang
        # A cookie of its own, kept a year: the browser session ends when the browser closes, the
        # device's language must not (each device at the table keeps its own).
        response.set_cookie(LANG_COOKIE, lang, max_age=LANG_MAX_AGE, samesite="Lax", httponly=True,
                            secure=request.is_secure)
    return response


def back_to_referrer():
    """A 303 back to the page the form was posted from (a device setting changed), or home."""
    back = urlsplit(request.referrer or "")
    # Only ever back to a page of this app, by its path (the one vetting of redirect targets).
    same = back.netloc == request.host and back.scheme in ("http", "https")
    target = safe_next(back.path + (f"?{back.query}" if back.query else "")) if same else None
    return redirect(target or url_for("home.index"), 303)


def _join_error(message: str, status: int):
    return _home(join_error=message, status=status)
