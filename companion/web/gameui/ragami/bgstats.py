"""A finished Ragami game as a BG Stats play (the document shape is :mod:`companion.web.bgstats`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.ragami.scoring import Result
from companion.web import bgstats

GAME_NAME = "Ragami"
GAME_STARTED, GAME_FINISHED = "ragami-game-started", "ragami-game-finished"


def play(game: dict, records: Sequence[Any], result: Result) -> dict:
    """Every player's VP after the conflicts bonus (RG-E3), the winners (RG-E4) and the start player (RG-T1)."""
    start = bgstats.first_payload(records, GAME_STARTED).get("start_player")
    people = bgstats.players(((p.name, p.total) for p in result.players), result.winners, start)
    ended = bgstats.ended_at(game, records, GAME_FINISHED)
    return bgstats.play(game, ended, GAME_NAME, "ragami", people)

