"""Ragami commands as data (``companion.core.codec``): ``parse_command``, ``command_json`` and
``waiting_for`` of ``GAME``. The wire form is what the web posts (``{"type": "resolve-conflict",
"player": "Ana", "die_value": 4, ...}``), read by ``command_from_dict``."""

from __future__ import annotations

from typing import Any

from companion.core import codec
from companion.games.ragami.audit import to_output
from companion.games.ragami.commands import PARSERS, Command, command_from_dict
from companion.games.ragami.game import PLAYING, current_player
from companion.games.ragami.status import final_result, pending, view_for

parse_command = codec.dataclass_parser(PARSERS, command_from_dict)
command_json = codec.dataclass_json(Command, PARSERS)


def waiting_for(state: Any) -> dict:
    """The step the game waits for (``pending``) and, in a round, the player whose turn it is (the
    table once everyone has passed, and at the end of the game); ``asks``: what the table is asked
    besides the round (``draw-setup-tokens`` in round 1 until the set-up's tokens are recorded, RG-T2)."""
    waiting = pending(state)
    seats = current_player(state) if state is not None and state.phase == PLAYING else None
    return codec.waiting(waiting.step, seats, rule=waiting.rule, message=waiting.message,
                         reminders=[{"id": key, "text": text} for key, text in waiting.reminders],
                         warning=waiting.warning, asks=list(waiting.asks))


def public(state: Any) -> dict:
    """The game as every seat sees it: ``view_for(state, None)`` (Ragami tracks nothing secret)."""
    return codec.jsonable(view_for(state, None))


def result(state: Any) -> dict | None:
    """The final scores once the game is finished, as ``companion audit ragami`` prints them."""
    scores = final_result(state)
    return None if scores is None else to_output(scores)
