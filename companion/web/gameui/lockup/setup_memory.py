"""What the new-game pages remember: the players of the last game ("same as last game", step 1
filled in) and which setup form started which game (the Back button from a game re-posts its
setup form: it lands on the game, not on an empty setup form)."""

from __future__ import annotations

from flask import redirect, session, url_for

from companion.games.lockup.model import GUARDS
from companion.web import get_store

STARTED = "lockup-setup-started"  # session: {setup form token: game id}
KEEP = 5


def last_players(solo: bool) -> dict:
    """Step 1's name and crew fields as in the latest Lockup game of the same kind ({} if none)."""
    store = get_store()
    kind = "lockup-solo" if solo else "lockup"
    for game in store.games():  # most recently changed first
        if game["kind"] != kind:
            continue
        started = next((r for r in store.events(game["id"])[:3] if r.type == "game-started"), None)
        players = [p for p in (started.payload.get("players", []) if started else []) if p.get("name") != GUARDS]
        fields = {}
        for i, p in enumerate(players):
            fields[f"name-{i}"] = p.get("name") or ""
            fields[f"crew-{i}"] = p.get("crew") or ""
        return {k: v for k, v in fields.items() if v}
    return {}


def remember_started(token: str, game_id: str) -> None:
    """The setup form ``token`` (step 1's, carried through step 2) started ``game_id``."""
    if token:
        started = dict(session.get(STARTED, {}))
        started[token] = game_id
        session[STARTED] = dict(list(started.items())[-KEEP:])


def back_to_game(token: str):
    """A redirect to the game this very setup form already started, else None: the Back button
    from the game re-posts the setup form, and lands on the game instead of a setup page."""
    game_id = session.get(STARTED, {}).get(token) if token else None
    if game_id is None:
        return None
    try:
        game = get_store().game(game_id)
    except Exception:  # noqa: BLE001 - a deleted or unknown game: nothing to go back to
        return None
    return redirect(url_for("games.show", game_id=game["id"]), 303)
