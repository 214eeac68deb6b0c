"""A finished Rattus Cartus game as a BG Stats play (the document shape is :mod:`companion.web.bgstats`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _

from companion.core import records as R
from companion.games import rattus_cartus
from companion.games.rattus_cartus.scoring import Result
from companion.web import bgstats

GAME_NAME = "Rattus Cartus"
GAME_STARTED, PLAGUE_REVEALED = "rc-game-started", "rc-plague-revealed"


def play(game: dict, records: Sequence[Any], result: Result) -> dict:
    """Every player's VP, the winners (RC-F8, RC-F9) and who held the start player card in round 1.

    A player wiped out by the plague keeps their VP as the score but is never a winner (RC-F7);
    the comments say who it was, since BG Stats has no field for it.
    """
    start = bgstats.first_payload(records, GAME_STARTED).get("start_player")
    people = bgstats.players(((p.name, p.total) for p in result.players), result.winners, start)
    wiped = [p.name for p in result.players if p.rats > result.nuns]
    # The comments are for people: in the language of whoever exports the play.
    comments = _("Wiped out by the plague (%(nuns)s Nuns): %(players)s", nuns=result.nuns,
                 players=", ".join(wiped)) if wiped else None
    ended = bgstats.ended_at(game, records, PLAGUE_REVEALED)
    return bgstats.play(game, ended, GAME_NAME, "rattus-cartus", people, comments)


def record_play(game: dict, state: Any, records: Sequence[Any]) -> dict | None:
    """A finished Rattus Cartus game as a records play (:mod:`companion.core.records`): majorities,
    hand, specials, gold, VP tokens of each player; who the plague wiped out (RC-F7)."""
    result = rattus_cartus.final_result(state)
    if result is None:
        return None
    start = bgstats.first_payload(records, GAME_STARTED).get("start_player")
    people = [R.new_seat(p.name, p.total, p.name in result.winners, p.name == start, p.breakdown(),
                         lost=p.rats > result.nuns) for p in result.players]
    ended = bgstats.ended_at(game, records, PLAGUE_REVEALED)
    play = R.new_play(game["id"], "rattus-cartus", ended, game["title"], people)
    play["nuns"] = result.nuns
    return play
