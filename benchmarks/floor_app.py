"""The floor of the fixed stack (issue 21 (d)): a minimal Flask app on the libraries ``companion
serve`` uses, served the same way, that does a table's work without the app's own code.

Flask with Jinja2 autoescaping, Flask-Babel on the app's own catalogs (every string of the page
through ``_()``; the home page's date as language-neutral UTC text in a ``<time>`` element, as the
app's game list writes it for the page's script to show), Flask-WTF's CSRF protection (the token on
every page, checked on every post), flask-htmx (a panel for htmx, a whole page otherwise),
Flask-Compress with the app's settings, sqlite-utils on a WAL database with ``synchronous=FULL`` (one
transaction per action: the action's row and the game's version, under one lock), ``qrcode``
imported and the address drawn in the terminal, and waitress with the adjustments the caller passes
(``companion.serve.adjustments()``: 8 threads), one C heap and ``gc.freeze`` once warm, as
``companion serve`` does. The panel is a template of about 13 KB (a Lockup panel's median htmx
answer is 12.6–14.6 KB) with loops, includes and forms.

Its URLs are the ones bench_tables drives (``/lockup/new/start``, ``/lockup/<game>/do/<action>``,
``/games/<game>``, ``/games/<game>/poll?seen=``), so the same driver sends it the same requests.

    .venv/bin/python benchmarks/floor_app.py PORT FOLDER '{"threads": 8, ...}'   # serve (bench_floor starts it)

It imports nothing of ``companion``: it is what the stack costs alone.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import json
import secrets
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path

import qrcode
import qrcode.image.svg  # noqa: F401 - the app's QR codes are SVG
from flask import Flask, Response, abort, redirect, render_template, request, url_for
from flask_babel import Babel
from flask_compress import Compress
from flask_htmx import HTMX
from flask_wtf.csrf import CSRFProtect
from jinja2 import DictLoader
from markupsafe import Markup
from sqlite_utils import Database
from waitress import create_server

CATALOGS = Path(__file__).resolve().parent.parent / "companion" / "translations"
ROWS, SEATS = 32, 3  # the panel's list and table: about 13 KB of HTML
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ _("History") }}</title></head>
<body hx-ext="morph" hx-headers='{"X-CSRFToken": "{{ csrf_token() }}"}'><main id="main">
{% block main %}{% endblock %}</main></body></html>"""
TIME = Markup('<time datetime="{}" data-style="short">{}</time>')  # as companion.web.i18n.when writes it
HOME = """{% extends "page.html" %}{% block main %}<p>{{ _("Reputation") }}: {{ when }}</p>{% endblock %}"""
GAME = """{% extends "page.html" %}{% block main %}{% include "panel.html" %}{% endblock %}"""
PANEL = """<div id="game-panel">
<span id="live-poll" hidden hx-get="{{ url_for('poll', game=game) }}?seen={{ seen }}" hx-trigger="every 1s"
hx-target="#game-panel" hx-swap="morph"></span>
<nav class="toolbar">{% for name in ("undo", "redo") %}
<form method="post" action="{{ url_for('act', game=game, action=name) }}" hx-post="{{ url_for('act', game=game,
action=name) }}"><input type="hidden" name="csrf_token" value="{{ csrf_token() }}">
<input type="hidden" name="key" value="{{ game }}-{{ seen }}-{{ name }}">
<button type="submit" class="secondary">{{ _("Undo") if name == "undo" else _("Redo") }}</button></form>
{% endfor %}<a class="button" href="{{ url_for('page', game=game) }}">{{ _("History") }}</a></nav>
<p class="lk-status">{{ _("First player: %(name)s", name=seats[0].name) }}</p>
<table><thead><tr><th>#</th><th>{{ _("Reputation") }}</th><th class="num">{{ _("Power") }}</th></tr></thead>
<tbody>{% for seat in seats %}{% include "seat.html" %}{% endfor %}</tbody></table>
<ul class="lk-rows">{% for row in rows %}{% include "row.html" %}{% endfor %}</ul></div>"""
SEAT = """<tr class="{{ 'first' if seat.n == 1 }}"><td>{{ seat.n }}</td><td>{{ seat.name }}</td>
<td class="num">{{ seen % 7 + seat.n }}</td></tr>"""
ROW = """<li class="lk-row"><details><summary>{{ _("Collect the rewards") }} · <strong>{{ row.name }}</strong></summary>
<form method="post" action="{{ url_for('act', game=game, action='collect') }}" class="lk-form"><input type="hidden"
name="csrf_token" value="{{ csrf_token() }}"><label>{{ _("Power") }} <input name="n{{ row.n }}" value="{{ row.n }}">
</label></form></details></li>"""
M_ARENA_MAX = -8  # mallopt's parameter (glibc's malloc.h), as companion.serve.one_c_heap sets it


class Games:
    """The games' versions and actions in a sqlite-utils database: one connection per thread, one
    writer at a time."""

    def __init__(self, path: Path):
        self.path, self.local, self.lock = path, threading.local(), threading.Lock()
        self.db.enable_wal()
        self.db["games"].create({"id": str, "seq": int}, pk="id", if_not_exists=True)
        self.db["actions"].create({"game": str, "seq": int, "action": str, "form": str, "at": str},
                                  if_not_exists=True)

    @property
    def db(self) -> Database:
        """This thread's connection."""
        if not hasattr(self.local, "db"):
            self.local.db = Database(self.path)
            self.local.db.execute("PRAGMA synchronous=FULL")
        return self.local.db

    def seq(self, game: str) -> int:
        """The game's version (404 for an unknown game)."""
        row = self.db.execute("SELECT seq FROM games WHERE id = ?", [game]).fetchone()
        return row[0] if row else abort(404)

    def write(self, game: str, action: str, form: dict) -> None:
        """One action: its row and the game's new version, in one transaction."""
        with self.lock, self.db.conn:
            seq = self.seq(game) + 1 if action != "start" else 0
            self.db["actions"].insert({"game": game, "seq": seq, "action": action, "form": json.dumps(form),
                                       "at": datetime.now(UTC).isoformat()})
            self.db["games"].upsert({"id": game, "seq": seq}, pk="id")


def create(folder: Path) -> Flask:
    """The floor app on the database in ``folder``."""
    app = Flask(__name__)
    app.config.update(SECRET_KEY=secrets.token_hex(32), WTF_CSRF_TIME_LIMIT=None, WTF_CSRF_HEADERS=["X-CSRFToken"],
                      BABEL_TRANSLATION_DIRECTORIES=str(CATALOGS), COMPRESS_ALGORITHM=["br", "gzip", "zstd", "deflate"])
    app.jinja_loader = DictLoader({"page.html": PAGE, "home.html": HOME, "game.html": GAME, "panel.html": PANEL,
                                   "seat.html": SEAT, "row.html": ROW})
    Babel(app, locale_selector=lambda: request.accept_languages.best_match(["en", "es", "pl"]) or "en")
    CSRFProtect(app)
    Compress(app)
    routes(app, Games(folder / "floor.sqlite3"), HTMX(app))
    return app


def routes(app: Flask, games: Games, htmx: HTMX) -> None:
    """The URLs bench_tables drives."""

    def panel(game: str) -> str:
        seen = games.seq(game)
        rows = [{"n": n, "name": f"Cell {seen - n}"} for n in range(ROWS)]
        seats = [{"n": n, "name": name} for n, name in enumerate(["Ana", "Bo", "Cleo"][:SEATS], 1)]
        return render_template("panel.html" if htmx else "game.html", game=game, seen=seen, seats=seats, rows=rows)

    def start():
        game = secrets.token_hex(8)
        games.write(game, "start", request.form.to_dict())
        return redirect(url_for("page", game=game), 303)

    def act(game: str, action: str):
        games.write(game, action, request.form.to_dict())
        return panel(game)

    def poll(game: str):
        return panel(game) if request.args.get("seen") != str(games.seq(game)) else Response(status=204)

    app.add_url_rule("/healthz", "healthz", lambda: "ok")
    app.add_url_rule("/", "home", lambda: render_template("home.html", when=TIME.format(
        *(datetime.now(UTC).strftime(f) for f in ("%Y-%m-%dT%H:%M:%S+00:00", "%Y-%m-%d %H:%M UTC")))))
    app.add_url_rule("/games/<game>", "page", panel)
    app.add_url_rule("/lockup/new/start", "start", start, methods=["POST"])
    app.add_url_rule("/lockup/<game>/do/<action>", "act", act, methods=["POST"])
    app.add_url_rule("/games/<game>/poll", "poll", poll)


def serve(port: int, folder: Path, adjustments: dict) -> None:
    """Serve the floor app on 127.0.0.1:``port`` until the process is stopped."""
    app = create(folder)
    libc = ctypes.util.find_library("c")
    if libc:
        ctypes.CDLL(libc).mallopt(M_ARENA_MAX, 1)
    server = create_server(app, host="127.0.0.1", port=port, **adjustments)
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    gc.collect()
    gc.freeze()
    code = qrcode.QRCode(border=1)
    code.add_data(f"http://127.0.0.1:{port}/")
    code.print_ascii(invert=True)
    server.run()


if __name__ == "__main__":
    serve(int(sys.argv[1]), Path(sys.argv[2]), json.loads(sys.argv[3]))
