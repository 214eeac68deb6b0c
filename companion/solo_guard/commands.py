"""The solo player's own commands for the guards (frozen dataclasses, like the engine's), and the
solo game's codec: these two, or any Lockup command (``companion.games.lockup.commands``).

- ``RevealGuard`` (``{"type": "reveal_guard", "location": L}``): on a guard turn, the player
  turns the face-down guard at ``L``; the app then reveals the location card and places the drawn
  guard (L-SO5, I-8);
- ``AtlasReveal`` (``{"type": "atlas_reveal", "location": L}``): the tome Atlas of Hideouts
  reveals the face-down guard at ``L`` (L-SO6), spending one of the player's tomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.core import jsonin
from companion.games.lockup import codec
from companion.games.lockup.commands import Command
from companion.solo_guard.decks import DEAL_LOCATIONS


@dataclass(frozen=True)
class RevealGuard:
    """L-SO5, I-8: the player turns the face-down guard at ``location`` on a guard turn."""

    type: ClassVar[str] = "reveal_guard"
    location: str


@dataclass(frozen=True)
class AtlasReveal:
    """L-SO6: Atlas of Hideouts reveals the face-down guard at ``location``."""

    type: ClassVar[str] = "atlas_reveal"
    location: str


SoloCommand = RevealGuard | AtlasReveal | Command
_SOLO = {cls.type: cls for cls in (RevealGuard, AtlasReveal)}


def parse_command(state: Any, data: Any) -> SoloCommand:
    """A validated command of a solo game (``InputError`` naming the field): the player's guard
    commands or an engine command (``state``: the solo game's)."""
    if isinstance(data, dict) and data.get("type") in _SOLO:
        doc = jsonin.obj(data, "", required=("type", "location"))
        return _SOLO[doc["type"]](jsonin.choice(doc["location"], "location", DEAL_LOCATIONS))
    return codec.parse_command(state.game, data)


def command_json(command: SoloCommand) -> dict:
    """The wire form of a solo game's command."""
    if isinstance(command, RevealGuard | AtlasReveal):
        return {"type": command.type, "location": command.location}
    return codec.command_json(command)
