"""A finished Lockup game as a records play (the shape is :mod:`companion.core.records`): the same
people, scores, winners and start player as its BG Stats play, its score sheet's categories, and
for solo the level, the guards' total and the player's reputation curve."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import records as R
from companion.games.lockup.engine import reputation_log
from companion.games.lockup.model import GUARDS
from companion.web import bgstats
from companion.web.gameui.lockup.end.chart import reputation_by_round, round_of_events


def record_play(game: dict, state: Any, records: Sequence[Any]) -> dict | None:
    """A finished Lockup game (multiplayer, or solo with its level ``standard/easy`` …)."""
    core = getattr(state, "game", state)
    result = core.result if core is not None else None
    if result is None:
        return None
    start = bgstats.first_payload(records, "game-started").get("first_player")
    won = set(result["winners"])
    people = [R.new_seat(p["name"], p["total"], p["name"] in won, p["name"] == start, p["breakdown"])
              for p in result["players"] if p["name"] != GUARDS]
    play = R.new_play(game["id"], "lockup", bgstats.ended_at(game, records, "game-ended"), game["title"], people)
    if core.mode == "solo":
        variant = "advanced" if core.options.get("advanced") else "standard"
        track = {n: core.seats[n].reputation for n in core.seating}
        curves = reputation_by_round(core.seating, track, reputation_log(core), round_of_events(records))
        difficulty = getattr(state, "difficulty", None)
        play.update(mode="solo", level=f"{variant}/{difficulty}" if difficulty else None,
                    guards=next(p["total"] for p in result["players"] if p["name"] == GUARDS),
                    curve=curves[people[0]["name"]])
    return play
