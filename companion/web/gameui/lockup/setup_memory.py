"""What the new-game pages remember: the players of the last game ("same as last game", step 1
filled in), its cards (step 2's "Same cards as last game") and which setup form started which
game (the Back button from a game re-posts its setup form: it lands on the game, not on an empty
setup form)."""

from __future__ import annotations

from flask import redirect, session, url_for

from companion.games.lockup.model import GUARDS
from companion.web.base import get_store
from companion.web.gameui.lockup.forms import goal_fields, goon_fields, item_fields

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


def last_cards(size: int, solo: bool) -> dict:
    """Step 2's card fields (goals, the first ``size`` display items, the goons) as dealt in the
    latest Lockup game of either kind on this device ({} if none): filled in, still editable."""
    store = get_store()
    game = next((g for g in store.games() if g["kind"] in ("lockup", "lockup-solo")), None)
    started = next((r for r in store.events(game["id"])[:3] if r.type == "game-started"), None) if game else None
    if started is None:
        return {}
    dealt = started.payload
    fields: dict = {}
    for i, face in enumerate(list(dealt.get("display") or [])[:size]):
        fields.update(item_fields(f"item{i}-", face) if face else {})
    for loc, face in (dealt.get("goons") or {}).items():
        fields.update(goon_fields(f"goon-{loc}-", face) if face else {})
    goals = dealt.get("goals") or {}
    for kind, prefix in (("leader", "goal-leader-"), ("instant", "goal-instant-"), ("end_game", "goal-end-")):
        if goals.get(kind) and not (solo and kind == "instant"):  # solo has no instant goal (L-SO1)
            fields.update(goal_fields(prefix, goals[kind]))
    return fields


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
