"""A finished game as a records play (the shape is :mod:`companion.core.records`), from its fold and records.

Each game gives its own figures: who scored what (the same people, scores, winners and start
player as its BG Stats play, :mod:`companion.web.bgstats`), its scoring breakdown by category, and
what only it has: Lockup solo's level, guards' total and reputation curve; Rattus Cartus's seats
wiped out by the plague. No Flask here: the projection calls it inside a write's transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.games import ragami
from companion.games import rattus_cartus as rc
from companion.games.lockup.engine import reputation_log
from companion.games.lockup.model import GUARDS
from companion.web import bgstats
from companion.web.gameui.lockup.end.chart import reputation_by_round, round_of_events

# The game kinds stored in the event log, and the records page each one counts on.
RECORD_KIND = {"lockup": "lockup", "lockup-solo": "lockup", "rattus-cartus": "rattus-cartus", "ragami": "ragami"}


def _seat(name: str, score: int, winner: bool, start: bool, parts: dict, lost: bool = False) -> dict:
    return {"name": name, "score": int(score), "winner": bool(winner), "start": bool(start),
            "parts": {k: int(v) for k, v in parts.items()}, "lost": lost}


def _base(game: dict, kind: str, ended: str, players: list[dict]) -> dict:
    return {"game_id": game["id"], "kind": kind, "ended": ended[:19].replace("T", " "), "title": game["title"],
            "mode": "multi", "level": None, "origin": "app", "guards": None, "curve": None, "players": players}


def lockup(game: dict, state: Any, records: Sequence[Any]) -> dict | None:
    """A finished Lockup game (multiplayer, or solo with its level ``standard/easy`` …)."""
    core = getattr(state, "game", state)
    result = core.result if core is not None else None
    if result is None:
        return None
    start = bgstats.first_payload(records, "game-started").get("first_player")
    won = set(result["winners"])
    people = [_seat(p["name"], p["total"], p["name"] in won, p["name"] == start, p["breakdown"])
              for p in result["players"] if p["name"] != GUARDS]
    play = _base(game, "lockup", bgstats.ended_at(game, records, "game-ended"), people)
    if core.mode == "solo":
        variant = "advanced" if core.options.get("advanced") else "standard"
        track = {n: core.seats[n].reputation for n in core.seating}
        curves = reputation_by_round(core.seating, track, reputation_log(core), round_of_events(records))
        person = people[0]["name"]
        difficulty = getattr(state, "difficulty", None)
        play.update(mode="solo", level=f"{variant}/{difficulty}" if difficulty else None,
                    guards=next(p["total"] for p in result["players"] if p["name"] == GUARDS),
                    curve=curves[person])
    return play


def rattus_cartus(game: dict, state: Any, records: Sequence[Any]) -> dict | None:
    """A finished Rattus Cartus game: majorities, hand, specials, gold, VP tokens; plague losses (RC-F7)."""
    result = rc.final_result(state)
    if result is None:
        return None
    start = bgstats.first_payload(records, "rc-game-started").get("start_player")
    people = [_seat(p.name, p.total, p.name in result.winners, p.name == start, p.breakdown(),
                    lost=p.rats > result.nuns) for p in result.players]
    play = _base(game, "rattus-cartus", bgstats.ended_at(game, records, "rc-plague-revealed"), people)
    play["nuns"] = result.nuns
    return play


def ragami_play(game: dict, state: Any, records: Sequence[Any]) -> dict | None:
    """A finished Ragami game: track, conflicts bonus (RG-E3) and white cubes (RG-E2) of each player."""
    result = ragami.final_result(state)
    if result is None:
        return None
    start = bgstats.first_payload(records, "ragami-game-started").get("start_player")
    people = [_seat(p.name, p.total, p.name in result.winners, p.name == start, p.breakdown())
              for p in result.players]
    return _base(game, "ragami", bgstats.ended_at(game, records, "ragami-game-finished"), people)


EXTRACT: dict[str, Callable[[dict, Any, Sequence[Any]], dict | None]] = {
    "lockup": lockup, "lockup-solo": lockup, "rattus-cartus": rattus_cartus, "ragami": ragami_play,
}
