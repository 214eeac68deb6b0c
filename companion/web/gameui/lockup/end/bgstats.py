"""A finished Lockup game as a BG Stats play (the document shape is :mod:`companion.web.bgstats`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _

from companion.games.lockup.model import GUARDS
from companion.web import bgstats
from companion.web.bgstats import create_play_url

__all__ = ["GAME_ENDED", "GAME_NAME", "GAME_STARTED", "create_play_url", "play"]

GAME_NAME = "Lockup: A Roll Player Tale"
GAME_STARTED, GAME_ENDED = "game-started", "game-ended"


def play(game: dict, records: Sequence[Any], result: dict) -> dict:
    """The play of a finished game: every person's score, who won and who started.

    In solo the guards are not a person: they are left out of ``players`` and their score is
    written in ``comments`` (L-SO14: a tie goes to the guards, so the player's ``winner`` says it).
    """
    start = bgstats.first_payload(records, GAME_STARTED).get("first_player")
    people = bgstats.players(((p["name"], p["total"]) for p in result["players"] if p["name"] != GUARDS),
                             result["winners"], start)
    guards = next((p for p in result["players"] if p["name"] == GUARDS), None)
    # The comments are for people: in the language of whoever exports the play.
    comments = _("Solo against the guards: guards %(total)s", total=guards["total"]) if guards is not None else None
    return bgstats.play(game, bgstats.ended_at(game, records, GAME_ENDED), GAME_NAME, "lockup", people, comments)
