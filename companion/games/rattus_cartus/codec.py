"""Rattus Cartus commands as data (``companion.core.codec``): ``parse_command``, ``command_json``
and ``waiting_for`` of ``GAME``.

The wire form is what the web posts: ``{"type": "record-tally", "player": "Rojo", "church": 2, ...}``
(a tally's influence as one field per class, as on the form), read by ``command_from_dict``.
"""

from __future__ import annotations

from typing import Any

from companion.core import codec
from companion.games.rattus_cartus.audit import to_output
from companion.games.rattus_cartus.commands import PARSERS, TALLY_COUNTS, Command, RecordTally, command_from_dict
from companion.games.rattus_cartus.game import final_result, pending, view_for
from companion.games.rattus_cartus.rules import CLASSES


def _tally_json(command: RecordTally) -> dict:
    counts = {key: getattr(command, key) for key in TALLY_COUNTS}
    return {"player": command.player, **dict(zip(CLASSES, command.influence, strict=True)), **counts}


parse_command = codec.dataclass_parser(PARSERS, command_from_dict)
command_json = codec.dataclass_json(Command, PARSERS, {RecordTally: _tally_json})


def waiting_for(state: Any) -> dict:
    """The step the game waits for (``pending``): in a round, the player whose turn it is (the
    table once all have played); at the end, the players whose counts or rat sum are missing."""
    waiting = pending(state)
    seats: Any = None
    if waiting.step == "round":
        seats = state.current_player()
    elif waiting.step == "final-entry":
        named = [need.split(":", 1)[1] for need in waiting.needs if need.startswith(("tally:", "rats:"))]
        seats = list(dict.fromkeys(named))
    return codec.waiting(waiting.step, seats, rule=waiting.rule, message=waiting.message, needs=waiting.needs)


def public(state: Any) -> dict:
    """The game as every seat may see it: ``view_for(state, None)`` (rat sums hidden until the plague)."""
    return codec.jsonable(view_for(state, None))


def result(state: Any) -> dict | None:
    """The final scores once the plague is revealed, as ``companion audit rattus-cartus`` prints them."""
    scores = final_result(state)
    return None if scores is None else to_output(scores)
