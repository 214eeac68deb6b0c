"""A finished game as a BG Stats play: the JSON of its ``createPlay`` link, and the link itself.

BG Stats opens ``bgstats://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` and
offers to save the play. Only fields used the same way by several public integrations are sent:
``sourceName``, ``sourcePlayId``, ``playDate`` ("YYYY-MM-DD HH:MM:SS"), ``game`` (``name``,
``sourceGameId``, ``highestWins``, ``noPoints``) and ``players`` (``name``, ``sourcePlayerId``,
``score``, ``winner``, ``startPlayer``). No BGG id: we could not confirm Lockup's.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from companion.games.lockup.model import GUARDS

SCHEME_URL = "bgstats://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Table companion"  # BG Stats remembers matches per source name: keep it stable
GAME_NAME = "Lockup: A Roll Player Tale"
GAME_STARTED, GAME_ENDED = "game-started", "game-ended"


def play(game: dict, records: Sequence[Any], result: dict) -> dict:
    """The play of a finished game: every person's score, who won and who started.

    In solo the guards are not a person: they are left out of ``players`` and their score is
    written in ``comments`` (L-SO14: a tie goes to the guards, so the player's ``winner`` says it).
    """
    start = next((r.payload.get("first_player") for r in records if r.type == GAME_STARTED), None)
    ended = next((r.ts for r in reversed(records) if r.type == GAME_ENDED), game["updated_at"])
    winners = set(result["winners"])
    players = [
        {"name": p["name"], "sourcePlayerId": p["name"], "score": p["total"], "winner": p["name"] in winners,
         "startPlayer": p["name"] == start}
        for p in result["players"] if p["name"] != GUARDS
    ]
    doc = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": game["id"],
        "playDate": ended[:19].replace("T", " "),
        "game": {"name": GAME_NAME, "sourceGameId": "lockup", "highestWins": True, "noPoints": False},
        "players": players,
    }
    guards = next((p for p in result["players"] if p["name"] == GUARDS), None)
    if guards is not None:
        doc["comments"] = f"Solo against the guards: guards {guards['total']}"
    return doc


def create_play_url(doc: dict) -> str:
    """The ``createPlay`` link carrying ``doc`` (compact JSON, every reserved character escaped)."""
    return SCHEME_URL + quote(json.dumps(doc, ensure_ascii=False, separators=(",", ":")), safe="")
