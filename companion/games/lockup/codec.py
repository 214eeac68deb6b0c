"""Lockup commands as data (``companion.core.codec``): the engine's and the solo game's codec.

``parse_command`` reads a command's wire form (a JSON mapping) into its frozen dataclass
(``companion.games.lockup.commands``, validated by ``companion.games.lockup.parse``);
``command_json`` is its inverse: the same JSON the dict commands always had (card faces as their
documents, every face-down tile listed in ``tiles``), so stored commands and exports still read.
"""

from __future__ import annotations

from typing import Any

from companion.core import codec
from companion.games.lockup.commands import Command, to_json
from companion.games.lockup.flow import Pending
from companion.games.lockup.parse import parse


def command_json(command: Command) -> dict:
    """The wire form of a Lockup command."""
    return to_json(command)


def parse_command(state: Any, data: Any) -> Command:
    """A validated Lockup command (``InputError`` naming the field)."""
    return parse(data, state.seating)


def pending_json(waiting: Pending) -> dict:
    """What a Lockup game waits for, as ``waiting_for`` data: several seats for a discard (L-P1);
    public facts only (no holding cell's tiles, I-16)."""
    seats = list(waiting.detail.get("excess") or ()) if waiting.kind == "discard" else waiting.seat
    detail = waiting.detail
    if waiting.kind == "reveal-tiles":  # I-16: the values the seat may name are its holding cell's secret
        detail = {key: value for key, value in detail.items() if key != "tiles"}
    return codec.waiting(waiting.kind, seats, location=waiting.location, detail=detail)
