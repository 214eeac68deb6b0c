"""Lockup commands as data (``companion.core.codec``): the engine's and the solo game's codec.

A Lockup command stays a JSON mapping (``companion.games.lockup.commands``): ``parse_command``
validates it with ``commands.parse`` and returns its canonical wire form, the mapping ``decide``
takes (card faces as their JSON documents, every face-down tile listed in ``tiles``, so reading
it again gives the same command).
"""

from __future__ import annotations

from typing import Any

from companion.core import codec
from companion.games.lockup import commands as C
from companion.games.lockup.cards import Goon, Item, card_doc
from companion.games.lockup.flow import Pending


def command_json(command: dict) -> dict:
    """The wire form of a Lockup command (as given, or as ``commands.parse`` returns it)."""
    # face_down was folded into ``tiles`` by the parser: kept, it would add those tiles twice.
    return {key: _plain(value) for key, value in command.items() if key != "face_down"}


def _plain(value: Any) -> Any:
    if isinstance(value, Item | Goon):
        return card_doc(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def parse_command(state: Any, data: Any) -> dict:
    """A validated Lockup command (``InputError`` naming the field), in its wire form."""
    return command_json(C.parse(data, state.seating))


def pending_json(waiting: Pending) -> dict:
    """What a Lockup game waits for, as ``waiting_for`` data: several seats for a discard (L-P1)."""
    seats = list(waiting.detail.get("excess") or ()) if waiting.kind == "discard" else waiting.seat
    return codec.waiting(waiting.kind, seats, location=waiting.location, detail=waiting.detail)

