"""The live table: every device follows the game without a reload, and a form drawn from an older
table is never applied to something else.

Polling, not server-sent events: waitress is threaded (a held-open stream per phone would pin a
worker thread each), and a poll that finds nothing new costs one indexed read of the game row.

- ``GET /games/<id>/version?seen=<version>`` answers 204 (no body) while the table's version
  (:func:`table_version`: the last ``seq`` and a digest of the seats) is still ``seen``, and 200
  with ``HX-Trigger: game-moved`` once it moved. The game page polls it
  every second (``games/_panel_region.html``); the panel region reloads itself on ``game-moved``.
  When nothing moved nothing is swapped, so scroll position and half-filled forms stay.
- Every action form carries ``form_version`` (the ``seq`` it was drawn from) and ``form_target`` (the
  signature of the question it answers, :attr:`GameUI.target_of`), added by :func:`form_fields`
  in each game's form macro. :func:`check_fresh` refuses, under the write lock, a post whose
  target is no longer the current one (:class:`StaleAction`, answered 409 with the fresh view).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import Any

from flask import Blueprint, Response, g, has_request_context, request
from flask_babel import gettext as _
from markupsafe import Markup, escape

from companion.web import get_store
from companion.web.access import game_or_404
from companion.web.registry import GameUI, ui_for

bp = Blueprint("live", __name__, url_prefix="/games")

MOVED = "game-moved"  # the htmx event the panel region reloads on


class StaleAction(Exception):
    """A form drawn from an older table that would now act on something else."""

    def __init__(self, posted: str, current: str):
        super().__init__(f"the form answers {posted!r}, the table now asks {current!r}")
        self.posted = posted
        self.current = current


@bp.get("/<game_id>/version")
def version(game_id: str) -> Response:
    """204 while the game's last ``seq`` is ``seen``; 200 with ``HX-Trigger: game-moved`` once
    it moved (one indexed read of the game row: no fold, no template)."""
    game = game_or_404(game_id)
    now = table_version(game["id"], int(game.get("last_seq") or 0))
    if request.args.get("seen", "") == now:
        return Response(status=204)
    response = Response(now, status=200, mimetype="text/plain")
    response.headers["HX-Trigger"] = MOVED
    response.headers["Cache-Control"] = "no-store"
    return response


def table_version(game_id: str, seq: int) -> str:
    """What a device has seen of a table: the game's last ``seq`` and a short digest of who holds
    which seat and who asks for one (a seat taken or released changes what every device shows;
    device ids are credentials, so only a digest of them goes out)."""
    from companion.web.seats import table

    seats = table(game_id)
    holders = sorted((seat, h["device_id"]) for seat, h in seats["holders"].items())
    asking = [(r["device_id"], r["seat"]) for r in seats["requests"]]
    if not holders and not asking:
        return str(seq)
    digest = hashlib.sha256(repr((holders, asking)).encode()).hexdigest()[:10]
    return f"{seq}.{digest}"


def shown_version(game: dict, loaded: Any) -> str:
    """The version a rendered panel shows (its poller's ``seen``)."""
    return table_version(game["id"], loaded.records[-1].seq if loaded.records else 0)


def stamp(loaded: Any) -> str:
    """Remember, for the forms of this render, the version and the question the page shows
    (called at the top of the panel region; returns nothing to print)."""
    records = loaded.records
    target = loaded.ui.target_of(loaded.state) if loaded.ui.target_of else ""
    g.live_form = (records[-1].seq if records else 0, target)
    return ""


def form_fields() -> Markup:
    """The hidden ``version`` and ``target`` fields of an action form (empty outside a game panel)."""
    drawn = g.get("live_form")
    if drawn is None:
        return Markup("")
    seq, target = drawn
    return Markup(
        f'<input type="hidden" name="form_version" value="{seq}">'
        f'<input type="hidden" name="form_target" value="{escape(target)}">'
    )


def posted() -> str | None:
    """The ``target`` a form was drawn for (None: a post without one, e.g. an older page)."""
    return request.form.get("form_target") if has_request_context() else None


def check_fresh(ui: GameUI, state: Any, target: str | None) -> None:
    """Refuse (:class:`StaleAction`) a post drawn for another question than ``state``'s; a post
    whose question is still the current one goes through even if the version moved."""
    if target is None or ui.target_of is None:
        return
    current = ui.target_of(state)
    if target != current:
        raise StaleAction(target, current)


def refuse_stale():
    """``before_request``: answer a stale action post at once (409, the fresh view), before the
    game's view parses its fields against a table they were not drawn for (a parser would name
    a field instead of saying what happened). ``play.execute`` checks again under the write lock.
    A repeated post (its key already recorded) goes on: the store answers it as the first time."""
    target = request.form.get("form_target") if request.method == "POST" else None
    game_id = (request.view_args or {}).get("game_id")
    if target is None or not game_id:
        return None
    game = game_or_404(game_id)
    ui = ui_for(game["kind"])
    if ui is None or ui.target_of is None or _recorded(request.form.get("key")):
        return None
    from companion.web import games, play

    loaded = play.load(game)
    if ui.target_of(loaded.state) == target or _recorded(request.form.get("key")):  # or: committed meanwhile
        # The view parses the form against this same read (play.load(reuse=True)), and its
        # game_or_404 finds the row read here (once: before any write).
        g.early_game = game
        return None
    return games.render_game(game, error=moved_message(), status=409, loaded=loaded)


def moved_message() -> str:
    """What a stale post is answered (with the table as it is now)."""
    return _("The table has moved on: nothing was recorded. Here is the table now.")


def _recorded(key: str | None) -> bool:
    if not key:
        return False
    found = get_store().db.execute("SELECT 1 FROM commands WHERE idempotency_key = ?", [key]).fetchone()
    return found is not None


def init_app(app) -> None:
    """Register the version endpoint, the early stale check and the template helpers."""
    app.register_blueprint(bp)
    app.before_request(refuse_stale)
    app.jinja_env.globals["live_stamp"] = stamp
    app.jinja_env.globals["live_fields"] = form_fields
    app.jinja_env.globals["live_version"] = shown_version
    app.jinja_env.globals["seats_news"] = seats_news


class Drawn:
    """What one device was sent, region by region, at the version its forms were drawn at.

    Every render of a game panel records a digest of each region it draws (the board's regions,
    the seats) under (game, version drawn, device, language). An htmx post carries the version of
    the form it comes from (``form_version``): :attr:`before` is what that render sent, so a view
    can leave out what the device already shows. A version this process never drew (a restart,
    an evicted entry) gives ``None``: everything is sent in full.
    """

    _pages: OrderedDict = OrderedDict()
    _lock = threading.Lock()
    LIMIT = 1024

    def __init__(self, game_id: str):
        from flask_babel import get_locale

        from companion.web.seats import device_id

        base = (game_id, device_id(create=False), str(get_locale()))
        drawn = g.get("live_form")
        posted = request.form.get("form_version") if request.method == "POST" else None
        self.now: dict[str, int] = {}
        with self._lock:
            if drawn is not None:
                key = (*base, str(drawn[0]))
                self._pages[key] = self.now
                self._pages.move_to_end(key)
                while len(self._pages) > self.LIMIT:
                    self._pages.popitem(last=False)
            found = self._pages.get((*base, posted)) if posted is not None else None
        self.before: dict[str, int] | None = found if request.headers.get("HX-Request") else None

    @classmethod
    def of(cls, game_id: str) -> Drawn:
        """This request's record for ``game_id`` (made once, after the panel's :func:`stamp`)."""
        pages, key = g.setdefault("live_drawn", {}), (game_id, g.get("live_form"))  # a second render: its own
        if key not in pages:
            pages[key] = cls(game_id)
        return pages[key]

    def unchanged(self, region: str, digest: int) -> bool:
        """Record that this render draws ``region`` as ``digest``; whether the device shows it so."""
        self.now[region] = digest
        return self.before is not None and self.before.get(region) == digest


def seats_news(game: dict, seating: dict) -> bool:
    """Whether an htmx answer must carry the seats section (it sits outside the swapped panel, so
    it rides along out of band): not when the device's form was drawn from a render of this
    process whose seats looked the same, as they mostly do from one step to the next."""
    return not Drawn.of(game["id"]).unchanged("seats", hash(repr(seating)))
