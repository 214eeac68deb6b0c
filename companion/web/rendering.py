"""Rendering beside the routes: a game's page or its panel for the answer of any route (a view, a
poll, an error handler). It reads through the repository (this request's fold) and the seats; it
decides nothing and writes nothing."""

from __future__ import annotations

from flask import Response, redirect, render_template, url_for

from companion.web import catalog, play, seats
from companion.web.base import htmx
from companion.web.qr import join_url


def render_game(game: dict, error: str | None = None, status: int = 200, loaded: play.Loaded | None = None,
                fragment: bool | None = None, polled: bool = False):
    """Render the shell (full page) or only the ``#game-panel`` region (``fragment``: by default
    for htmx requests). ``polled``: the answer of a live poll (companion.web.live), which must not
    take the focus from what the player is typing (no ``autofocus``)."""
    loaded = loaded or play.load(game)
    whole = not (bool(htmx) if fragment is None else fragment)  # an htmx answer is the panel alone: no join link
    with catalog.fixed():  # one language for the whole render: its strings skip finding it
        # No seat is ever taken from the URL (anyone can type ``?seat=``): a device that holds a seat
        # (companion.web.seats) gets that seat's view, every other device what the table may see.
        context = loaded.ui.context(loaded.state, game, seats.view_seat(game))
        html = render_template(
            "games/show.html" if whole else "games/_panel_region.html", game=game, loaded=loaded, ui=loaded.ui,
            error=error, join_url=join_url(game) if whole else None, new_key=play.new_key(), polled=polled,
            seating=seats.seating(game, loaded.state, loaded.ui), steps=seats.steps(game, loaded), **context,
        )
    return html, status


def answer_recorded(game: dict, back: str | None = None) -> tuple[str, int] | Response:
    """The answer to a command that is recorded (the first post or its repeat): the table as it
    is now for htmx, else a redirect to ``back`` or the game page (post/redirect/get)."""
    if htmx:
        return render_game(game)
    return redirect(back or url_for("games.show", game_id=game["id"]), 303)
