"""A finished Ragami game as a BG Stats play (the document shape is :mod:`companion.web.bgstats`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import records as R
from companion.games import ragami
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


def record_play(game: dict, state: Any, records: Sequence[Any]) -> dict | None:
    """A finished Ragami game as a records play (:mod:`companion.core.records`): track, conflicts
    bonus (RG-E3) and white cubes (RG-E2) of each player."""
    result = ragami.final_result(state)
    if result is None:
        return None
    start = bgstats.first_payload(records, GAME_STARTED).get("start_player")
    people = [R.new_seat(p.name, p.total, p.name in result.winners, p.name == start, p.breakdown())
              for p in result.players]
    ended = bgstats.ended_at(game, records, GAME_FINISHED)
    return R.new_play(game["id"], "ragami", ended, game["title"], people)
