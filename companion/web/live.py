"""The live table: every device follows the game without a reload, and a form drawn from an older
table is never applied to something else.

Polling, not server-sent events: waitress is threaded (a held-open stream per phone would pin a
worker thread each), and a poll that finds nothing new costs one indexed read of the game row.

- ``GET /games/<id>/poll?seen=<version>`` is one request per poll: 204 (no body,
  :func:`nothing_moved`) while the table's version (:func:`table_version`: the last ``seq`` and
  a digest of the seats) is still ``seen``,
  else the fresh panel itself (with the seats out of band), which htmx *morphs* into the page
  (the idiomorph extension, ``games/_panel_region.html``): focus, scroll, open details and what a
  player has typed but not sent stay (``static/live.js``). A finished game's poll answers 286
  with its panel, and htmx stops polling. The poller and the actions synchronise on
  ``#live-table`` (``hx-sync``): an action aborts a poll under way, a poll waits out an action.
- Every action form carries ``form_version`` (the table's version it was drawn at) and ``form_target`` (the
  signature of the question it answers, :attr:`GameUI.target_of`), added by :func:`form_fields`
  in each game's form macro. :func:`check_fresh` refuses, once, under the write lock, a post whose
  target is no longer the current one (:class:`StaleAction`, an error its handler answers 409 with
  the fresh view).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, g, request
from flask_htmx.responses import HTMXResponseStopPolling
from markupsafe import Markup, escape

from companion.web.access import game_or_404
from companion.web.rendering import render_game
from companion.web.seats import table_version

bp = Blueprint("live", __name__, url_prefix="/games")


@bp.get("/<game_id>/poll")
def poll(game_id: str) -> Response:
    """One poll of a device that shows the table at ``seen``: 204 while the version is still
    ``seen`` (one indexed read of the game row: no fold, no template), else the fresh panel;
    286 (htmx stops polling) with the panel once the game is finished."""
    game = game_or_404(game_id)
    finished = game["status"] == "finished"
    now = table_version(game["id"], int(game.get("last_seq") or 0))
    if request.args.get("seen", "") == now and not finished:
        response = nothing_moved()
    else:
        html, _status = render_game(game, fragment=True, polled=True)
        response = HTMXResponseStopPolling(html) if finished else Response(html, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


def nothing_moved() -> Response:
    """The answer of a poll while the table has not moved: 204, no body, nothing swapped. (An empty
    ``200`` would keep the connection open where waitress closes it after a 204, but at a club's
    scale, 240 phones each holding a connection, waitress's loop over them cost more than the
    reconnections saved: benchmarks/README.md.)"""
    return Response(status=204)


def shown_version(game: dict, loaded: Any) -> str:
    """The version a rendered panel shows (its poller's ``seen``)."""
    return table_version(game["id"], loaded.records[-1].seq if loaded.records else 0)


def question(loaded: Any) -> str:
    """The question the rendered panel answers (:attr:`GameUI.target_of`; empty without one):
    live.js keeps what a player typed only while a refresh still asks the same one."""
    return loaded.ui.target_of(loaded.state) if loaded.ui.target_of else ""


def stamp(loaded: Any) -> str:
    """Remember, for the forms of this render and its poller, the table's version and the question
    the page shows (called at the top of the panel region; returns nothing to print). A step's
    answer compares the version its form posts with the table's before the step
    (:func:`companion.web.rendering.kept_regions`)."""
    g.live_form = (shown_version(loaded.game, loaded), question(loaded))
    return ""


def form_fields() -> Markup:
    """The hidden ``version`` and ``target`` fields of an action form (empty outside a game panel)."""
    drawn = g.get("live_form")
    if drawn is None:
        return Markup("")
    version, target = drawn
    return Markup(
        f'<input type="hidden" name="form_version" value="{version}">'
        f'<input type="hidden" name="form_target" value="{escape(target)}">'
    )


def poll_every(seconds: float) -> str:
    """The live poll's period as htmx's ``every`` takes it: ``1s`` by default (``LIVE_POLL_SECONDS``;
    the browser tests' servers poll faster, so as not to wait a second for every move they check)."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0:
        raise ValueError(f"LIVE_POLL_SECONDS must be a positive number of seconds, not {seconds!r}")
    return f"{seconds:g}s" if float(seconds).is_integer() else f"{round(seconds * 1000)}ms"


def init_app(app) -> None:
    """Register the poll and the template helpers."""
    app.register_blueprint(bp)
    app.jinja_env.globals["live_poll_every"] = poll_every(app.config["LIVE_POLL_SECONDS"])
    app.jinja_env.globals["live_stamp"] = stamp
    app.jinja_env.globals["live_fields"] = form_fields
    app.jinja_env.globals["live_question"] = question
