"""A stored game whose record cannot be folded or drawn: a page saying so, never a 500 (issue 20).

A game's pages fold its stored events and draw the state. A record the rules could not have made
(changed in the database by hand, or imported before imports decided every command again) may
make either step fail with any exception. The app-wide handler here catches what a game's page
raised and, when the game's record does not check out (:func:`companion.core.verify.verify`:
its commands decided again do not give its events, or it cannot even be read), answers "this
game's record is damaged" with its export link, so its data can still be taken away. A game
whose record checks out but whose page fails is a bug of the app: that stays a 500 (logged).
"""

from __future__ import annotations

from typing import Any

from flask import current_app, render_template, request

from companion.core.errors import CompanionError
from companion.core.verify import verify
from companion.web import play
from companion.web.access import can_see, is_host
from companion.web.base import get_store
from companion.web.registry import GAMES


def install(app) -> None:
    """Register the handler of anything a game's page raised that no other handler takes."""
    app.register_error_handler(Exception, _on_error)


def _on_error(exc: Exception):
    game = _game_of_request()
    if game is None or not is_damaged(game):
        raise exc  # not a game's page, or a sound record: the app's own fault, a 500 as before
    current_app.logger.error("game %s: its record is damaged (%s: %s)", game["id"], type(exc).__name__, exc)
    play.forget(game["id"])  # nothing folded from it is kept
    return page(game)


def _game_of_request() -> dict[str, Any] | None:
    # The game a page is about: its id in the URL (a join link's token is not looked up: it
    # reads the row only, never the record).
    game_id = (request.view_args or {}).get("game_id")
    if not isinstance(game_id, str) or not can_see(game_id):
        return None
    try:
        return get_store().game(game_id)
    except Exception:  # noqa: BLE001 - no such game, or a failing read: not this handler's to answer
        return None


def is_damaged(game: dict[str, Any]) -> bool:
    """Whether the game's stored record fails to read or to check out through its rules."""
    ui = GAMES.get(game["kind"])
    if ui is None:
        return False
    store = get_store()
    try:
        verify(ui.definition, store.events(game["id"]), store.commands(game["id"]), reveals=ui.reveals)
    except CompanionError:
        return True
    except Exception:  # noqa: BLE001 - a payload that is not even JSON: the record is damaged
        return True
    return False


def may_export(game: dict[str, Any]) -> bool:
    """Whether the damaged page offers the export: to the host device always (the game cannot go
    on, and the file is the only way to keep it), elsewhere as the game page would."""
    ui = GAMES.get(game["kind"])
    return is_host() or game["status"] == "finished" or bool(ui and ui.export_in_progress)


def _readable(game: dict[str, Any]) -> bool:
    # A payload that is not even JSON cannot be exported: the link would fail too.
    try:
        get_store().events(game["id"])
    except ValueError:
        return False
    return True


def page(game: dict[str, Any]):
    """The "this game's record is damaged" page (200: the page itself works), with the export."""
    ui = GAMES.get(game["kind"])
    fragment = bool(request.headers.get("HX-Request"))
    template = "games/_damaged.html" if fragment else "games/damaged.html"
    html = render_template(template, game=game, title=ui.title if ui else "",
                           export=may_export(game) and request.endpoint != "games.export" and _readable(game))
    return html, 200, ({"HX-Retarget": "#main", "HX-Reswap": "innerHTML"} if fragment else {})
