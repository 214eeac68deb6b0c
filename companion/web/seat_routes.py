"""The seat routes (issue 12): take, watch, ask for, release, move, approve and deny a seat. Plain
form posts; htmx posts get the same redirect, followed by htmx. What a seat allows is
:mod:`companion.web.seats`'."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from flask_babel import gettext as _

from companion.events.seats import SeatTaken
from companion.web import repository
from companion.web.access import game_or_404
from companion.web.base import error_page, get_store
from companion.web.devices import TooManyPhones, label_problem, mint_for
from companion.web.registry import register_blueprint, ui_for
from companion.web.rendering import render_game
from companion.web.seats import WATCHING, Refused, forget_table, role, seating, seats_of, tag

bp = register_blueprint(Blueprint("seats", __name__, url_prefix="/games"))


# --- routes (plain form posts; htmx posts get the same redirect, followed by htmx) -------------


def _back(game_id: str):
    return redirect(url_for("games.show", game_id=game_id), 303)


def _known_seat(game: dict, field: str = "seat") -> str:
    name = request.form.get(field, "")
    if name not in seats_of(ui_for(game["kind"]), game):
        abort(400, _("Seat: not a seat of this game."))
    return name


@bp.get("/<game_id>/seats")
def choose(game_id: str):
    """The seat choice page: free seats to take, held ones to ask back, or watch."""
    game = game_or_404(game_id)
    loaded = repository.load(game)
    return render_template("games/seats.html", game=game, seating=seating(game, loaded.state, loaded.ui),
                           ui=loaded.ui)


def _seat_post(game_id: str, action, refused: int = 409) -> Any:
    game = game_or_404(game_id)
    message = action(game)
    forget_table()
    if message:
        return render_game(game, error=message, status=refused)
    return _back(game_id)


@bp.post("/<game_id>/seats/take")
def take(game_id: str):
    """Take a free seat (one device per seat, one seat per device)."""
    def act(game: dict) -> str | None:
        who, name = role(game), _known_seat(game)
        if who.kind == "seat" and who.seat == name:
            return None  # a double tap: the first took it
        if who.kind in ("host", "seat"):
            return _("This device already plays at this table (host or a seat).")
        device = mint_for(game["id"])
        try:
            get_store().claim_seat(game["id"], name, device)
        except SeatTaken:
            held = get_store().seat_of(game["id"], device)
            if held == name:
                return None  # another tap of this phone took it meanwhile
            if held is not None:
                return _("This device already plays at this table (host or a seat).")
            return _("%(seat)s’s seat is taken by another phone. If it is yours, tap “This is my seat” to ask "
                     "the host.", seat=name)
        return None
    return _seat_post(game_id, act)


@bp.post("/<game_id>/seats/watch")
def watch(game_id: str):
    """Watch as a spectator (reads only)."""
    def act(game: dict) -> None:
        mint_for(game["id"])  # a watching phone may take a seat or ask for one later: it needs its id
        session[WATCHING] = [*session.get(WATCHING, []), game["id"]][-50:]
    return _seat_post(game_id, act)


@bp.post("/<game_id>/seats/request")
def ask(game_id: str):
    """"This is my seat": a new phone asks the host for a held seat (the old phone died)."""
    def act(game: dict) -> str | None:
        if role(game).kind != "spectator":
            return _("This device already plays at this table (host or a seat).")
        get_store().request_seat(game["id"], _known_seat(game), mint_for(game["id"]))
        return None
    return _seat_post(game_id, act)


@bp.post("/<game_id>/seats/label")
def label(game_id: str):
    """Name this phone ("Ana's Pixel"): the host's seat list shows the name (empty: forget it)."""
    def act(game: dict) -> str | None:
        name = " ".join(request.form.get("label", "").split())  # one line, spaces as typed between words
        problem = label_problem(name)
        if problem:
            return problem
        get_store().label_device(mint_for(game["id"]), name)
        return None
    return _seat_post(game_id, act, refused=422)


@bp.app_errorhandler(TooManyPhones)
def too_many_phones(exc: TooManyPhones):
    """More new devices joined a table this minute than allowed: 429 in words."""
    return error_page(429, exc.message)


def _host(game: dict) -> None:
    if role(game).kind != "host":
        raise Refused(game, _("Only the host can release, move or give seats."))


@bp.post("/<game_id>/seats/release")
def release(game_id: str):
    """Host: free a seat (its phone then only watches)."""
    def act(game: dict) -> None:
        _host(game)
        get_store().release_seat(game["id"], _known_seat(game))
    return _seat_post(game_id, act)


@bp.post("/<game_id>/seats/move")
def move(game_id: str):
    """Host: the phone holding a seat holds another, free one instead (reassign)."""
    def act(game: dict) -> str | None:
        _host(game)
        name, to = _known_seat(game), _known_seat(game, "to")
        try:
            get_store().move_seat(game["id"], name, to)
        except SeatTaken:
            return _("%(seat)s’s seat is not free.", seat=to)
        return None
    return _seat_post(game_id, act)


def _request_of(game: dict) -> dict:
    wanted = request.form.get("device", "")
    for found in get_store().seat_requests(game["id"]):
        if tag(found["device_id"]) == wanted:
            return found
    abort(409, _("That request is no longer waiting."))


@bp.post("/<game_id>/seats/approve")
def approve(game_id: str):
    """Host: approve a rejoin request (the seat moves to the new phone; the old one only watches)."""
    def act(game: dict) -> None:
        _host(game)
        found = _request_of(game)
        get_store().give_seat(game["id"], found["seat"], found["device_id"])
    return _seat_post(game_id, act)


@bp.post("/<game_id>/seats/deny")
def deny(game_id: str):
    """Host: refuse a rejoin request."""
    def act(game: dict) -> None:
        _host(game)
        get_store().drop_request(game["id"], _request_of(game)["device_id"])
    return _seat_post(game_id, act)
