"""Rendering beside the routes: a game's page or its panel for the answer of any route (a view, a
poll, an error handler). It reads through the repository (this request's fold) and the seats; it
decides nothing and writes nothing."""

from __future__ import annotations

from flask import Response, redirect, render_template, request, url_for

from companion.web import catalog, play, seats
from companion.web.base import htmx
from companion.web.qr import join_url

# The seats section and the seat banner, outside the panel: a game command never changes them (a
# seat taken or released moves the table's version), so a step's answer that may keep regions
# leaves them out.
SEATS = "seats"


def render_game(game: dict, error: str | None = None, status: int = 200, loaded: play.Loaded | None = None,
                fragment: bool | None = None, polled: bool = False):
    """Render the shell (full page) or only the ``#game-panel`` region (``fragment``: by default
    for htmx requests). ``polled``: the answer of a live poll (companion.web.live), which must not
    take the focus from what the player is typing (no ``autofocus``)."""
    loaded = loaded or play.load(game)
    whole = not (bool(htmx) if fragment is None else fragment)  # an htmx answer is the panel alone: no join link
    unchanged = kept_regions(loaded) if not whole and error is None else frozenset()
    with catalog.fixed():  # one language for the whole render: its strings skip finding it
        # No seat is ever taken from the URL (anyone can type ``?seat=``): a device that holds a seat
        # (companion.web.seats) gets that seat's view, every other device what the table may see.
        seat = seats.view_seat(game)
        if unchanged:  # only a game that declares regions keeps any, and its context takes them
            context = loaded.ui.context(loaded.state, game, seat, unchanged)
        else:
            context = loaded.ui.context(loaded.state, game, seat)
        # Without ``seating`` an htmx answer leaves the seats section out (games/_panel_region.html).
        seating = {} if SEATS in unchanged else {"seating": seats.seating(game, loaded.state, loaded.ui)}
        html = render_template(
            "games/show.html" if whole else "games/_panel_region.html", game=game, loaded=loaded, ui=loaded.ui,
            error=error, join_url=join_url(game) if whole else None, new_key=play.new_key(), polled=polled,
            steps=seats.steps(game, loaded), unchanged=unchanged, **seating, **context,
        )
    return html, status


def kept_regions(loaded: play.Loaded) -> frozenset[str]:
    """The ids of the regions an htmx step's answer leaves to the page (each drawn as an empty
    ``hx-preserve`` stand-in, which htmx replaces by the page's own element).

    Only a step's own answer (``loaded.prior``: the fold it was decided on) whose form was drawn at
    the version just before the step knows what the page shows: the panel of that fold, for this
    device (its seat and the seats are in the version). A region whose inputs the step did not
    change (:meth:`Region.same`) shows the same there. Any other answer draws everything."""
    prior = loaded.prior
    if prior is None or not loaded.ui.regions:
        return frozenset()
    if request.form.get("form_version") != seats.table_version(loaded.game["id"], prior.last_seq):
        return frozenset()
    return frozenset((SEATS, *(r.id for r in loaded.ui.regions if r.same(prior.state, loaded.state))))


def answer_recorded(game: dict, back: str | None = None) -> tuple[str, int] | Response:
    """The answer to a command that is recorded (the first post or its repeat): the table as it
    is now for htmx, else a redirect to ``back`` or the game page (post/redirect/get)."""
    if htmx:
        return render_game(game)
    return redirect(back or url_for("games.show", game_id=game["id"]), 303)
