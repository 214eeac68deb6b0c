"""A finished game as a BG Stats play: the document shape every game shares, its link and download.

BG Stats opens ``bgstats://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` and
offers to save the play. Only fields used the same way by several public integrations are sent:
``sourceName``, ``sourcePlayId``, ``playDate`` ("YYYY-MM-DD HH:MM:SS"), ``game`` (``name``,
``sourceGameId``, ``highestWins``, ``noPoints``), ``players`` (``name``, ``sourcePlayerId``,
``score``, ``winner``, ``startPlayer``) and, when a game needs it, ``comments``. No BGG ids: we
could not confirm them. Each game builds its players from its own result; this module knows
nothing of any game's rules.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any
from urllib.parse import quote

from flask import Response, abort
from flask_babel import gettext as _

from companion.core import history
from companion.web import play as recorded
from companion.web.access import game_or_404
from companion.web.base import get_store

SCHEME_URL = "bgstats://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Table companion"  # BG Stats remembers matches per source name: keep it stable


def effective_records(game: dict) -> list:
    """The stored records of the commands in effect (undone ones left out)."""
    return history.effective(get_store().events(game["id"]))


def first_payload(records: Sequence[Any], event_type: str) -> dict:
    """The payload of the first record of ``event_type`` (an empty dict when there is none)."""
    return next((r.payload for r in records if r.type == event_type), {})


def ended_at(game: dict, records: Sequence[Any], event_type: str) -> str:
    """When the game ended: the time of its last ``event_type`` record, else the game's last update."""
    return next((r.ts for r in reversed(records) if r.type == event_type), game["updated_at"])


def player(name: str, score: int, winner: bool, start: bool) -> dict:
    """One person of the play (the name doubles as the source id: names are unique in a game)."""
    return {"name": name, "sourcePlayerId": name, "score": score, "winner": winner, "startPlayer": start}


def players(scores: Iterable[tuple[str, int]], winners: Iterable[str], start: str | None) -> list[dict]:
    """Every person from ``(name, score)`` pairs, in the order given."""
    won = set(winners)
    return [player(name, score, name in won, name == start) for name, score in scores]


def play(game: dict, ended: str, game_name: str, source_game_id: str, people: list[dict],
         comments: str | None = None) -> dict:
    """The ``createPlay`` document: the game (highest score wins), the date it ended, the people."""
    doc: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": game["id"],
        "playDate": ended[:19].replace("T", " "),
        "game": {"name": game_name, "sourceGameId": source_game_id, "highestWins": True, "noPoints": False},
        "players": people,
    }
    if comments:
        doc["comments"] = comments
    return doc


def create_play_url(doc: dict) -> str:
    """The ``createPlay`` link carrying ``doc`` (compact JSON, every reserved character escaped)."""
    return SCHEME_URL + quote(json.dumps(doc, ensure_ascii=False, separators=(",", ":")), safe="")


def download(doc: dict, filename: str) -> Response:
    """``doc`` as a JSON file the browser saves (``filename`` with its extension)."""
    body = json.dumps(doc, ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def finished_download(game_id: str, kind: str, final_result: Callable[[Any], Any],
                      make_play: Callable[[dict, list, Any], dict], slug: str) -> Response:
    """The BG Stats play of a finished ``kind`` game as a download (``<slug>-<id>-bgstats.json``):
    404 for a game of another kind, 403 before its end."""
    game = game_or_404(game_id)
    if game["kind"] != kind:
        abort(404)
    result = final_result(recorded.load(game).state)
    if result is None:
        abort(403, _("The BG Stats play can be exported once the game is finished."))
    return download(make_play(game, effective_records(game), result), f"{slug}-{game_id}-bgstats.json")
