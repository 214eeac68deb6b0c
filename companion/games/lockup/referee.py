"""``companion referee lockup location``: one location in Lights Out (cli-contracts.md).

Every field is validated with :mod:`companion.core.jsonin`; the answer is
:func:`companion.games.lockup.location.resolve_location`.
"""

from __future__ import annotations

from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.games.lockup.location import ENFORCER, LOOKOUT, POWER_CARD, Tile, resolve_location
from companion.games.lockup.model import GUARDS, LOCATIONS

_REQUIRED = ("game", "players", "location", "seating", "first_player", "power", "tiles", "suspicion")
# "pass_rewards_down" is the I-1 table option (extra optional fields are allowed by the contract).
_OPTIONAL = ("declined", "pass_rewards_down")


def run(doc: Any) -> dict:
    """Resolve the location described by ``doc`` and return the referee document."""
    doc = jsonin.obj(doc, "", required=_REQUIRED, optional=_OPTIONAL)
    jsonin.choice(doc["game"], "game", ["lockup"])
    count = jsonin.choice(doc["players"], "players", [2, 3, 4, 5])
    location = jsonin.choice(doc["location"], "location", LOCATIONS)
    seating = _seating(doc["seating"], count)
    first = jsonin.name_of(doc["first_player"], "first_player", seating)
    power = _power(doc["power"], seating)
    tiles = _tiles(doc["tiles"], seating)
    suspicion = jsonin.integer(doc["suspicion"], "suspicion")
    declined = _declined(doc.get("declined", []), tiles)
    pass_down = jsonin.boolean(doc.get("pass_rewards_down", False), "pass_rewards_down")
    outcome = resolve_location(location, count, seating, first, power, tiles, suspicion, declined, pass_down)
    return outcome.to_json()


def _seating(value: Any, count: int) -> list[str]:
    """Everyone at the table, clockwise: unique names, as many as ``players``; guards only in solo."""
    seating = jsonin.array(value, "seating", min_len=count, max_len=count)
    for i, name in enumerate(seating):
        jsonin.string(name, f"seating[{i}]")
        if name in seating[:i]:
            raise InputError(f"seating[{i}]", f"duplicate name {name!r}")
        if name == GUARDS and count != 2:
            raise InputError(f"seating[{i}]", '"guards" plays only in solo (players: 2)')
    return list(seating)


def _power(value: Any, seating: list[str]) -> dict[str, int]:
    """Power cubes per seated name (missing = 0)."""
    raw = jsonin.obj(value, "power", optional=seating)
    return {name: jsonin.integer(count, f"power.{name}") for name, count in raw.items()}


def _tiles(value: Any, seating: list[str]) -> dict[str, list[Tile]]:
    """Tiles per participant: numbers, one enforcer, one lookout; the guards: numbers or "power"."""
    raw = jsonin.obj(value, "tiles", optional=seating)
    return {name: _tile_list(tiles, f"tiles.{name}", name == GUARDS) for name, tiles in raw.items()}


def _tile_list(value: Any, path: str, guards: bool) -> list[Tile]:
    tiles = jsonin.array(value, path, min_len=1)
    words = [POWER_CARD] if guards else [ENFORCER, LOOKOUT]
    for i, tile in enumerate(tiles):
        if isinstance(tile, str):
            jsonin.choice(tile, f"{path}[{i}]", words)
            # L-C4: each player has exactly one enforcer and one lookout (the guards never a lookout, L-SO7).
            if not guards and tile in tiles[:i]:
                raise InputError(f"{path}[{i}]", f"a player has only one {tile}")
        elif isinstance(tile, bool) or not isinstance(tile, int) or tile < 0:
            allowed = ' or "power"' if guards else ', "enforcer" or "lookout"'
            raise InputError(f"{path}[{i}]", f"must be a non-negative integer{allowed}")
    return list(tiles)


def _declined(value: Any, tiles: dict[str, list[Tile]]) -> list[str]:
    """Names of participants who decline their reward (L-LO6)."""
    names = jsonin.array(value, "declined")
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in tiles:
            raise InputError(f"declined[{i}]", "must name a participant with tiles here")
    return list(names)
