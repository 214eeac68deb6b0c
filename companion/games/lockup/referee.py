"""``companion referee lockup location``: one location in Lights Out (cli-contracts.md).

Every field is validated with :mod:`companion.core.jsonin`; the answer is
:func:`companion.games.lockup.location.resolve_location`.
"""

from __future__ import annotations

from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.games.lockup.location import ENFORCER, LOOKOUT, POWER_CARD, Tile, resolve_location
from companion.games.lockup.model import GUARDS, LOCATIONS

_REQUIRED = ("game", "players", "location", "seating", "first_player", "power", "tiles", "suspicion")
# "pass_rewards_down" and "spanish_second_tiers" are the I-1 and I-2 table options (booleans, default
# false; extra optional fields are allowed by the contract).
_OPTIONAL = ("declined", "pass_rewards_down", "spanish_second_tiers")


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
    spanish = jsonin.boolean(doc.get("spanish_second_tiers", False), "spanish_second_tiers")
    outcome = resolve_location(location, count, seating, first, power, tiles, suspicion, declined, pass_down,
                               spanish)
    return outcome.to_json()


def _seating(value: Any, count: int) -> list[str]:
    """Everyone at the table, clockwise: unique names, as many as ``players``; guards only in solo."""
    seating = jsonin.array(value, "seating")
    if len(seating) != count:
        raise InputError("seating", T("must list all %(count)s seated players, clockwise (players: %(count)s)",
                                      count=count))
    for i, name in enumerate(seating):
        jsonin.string(name, f"seating[{i}]")
        if name in seating[:i]:
            raise InputError(f"seating[{i}]", T("duplicate name %(name)s", name=repr(name)))
        if name == GUARDS and count != 2:
            raise InputError(f"seating[{i}]", T('"guards" plays only in solo (players: 2)'))
    return list(seating)


def _power(value: Any, seating: list[str]) -> dict[str, int]:
    """Power cubes per seated name (missing = 0)."""
    raw = _by_seated_name(value, "power", seating)
    return {name: jsonin.integer(count, jsonin.join("power", name)) for name, count in raw.items()}


def _tiles(value: Any, seating: list[str]) -> dict[str, list[Tile]]:
    """Tiles per participant: numbers, one enforcer, one lookout; the guards: numbers or "power"."""
    raw = _by_seated_name(value, "tiles", seating)
    return {name: _tile_list(tiles, jsonin.join("tiles", name), name == GUARDS) for name, tiles in raw.items()}


def _by_seated_name(value: Any, path: str, seating: list[str]) -> dict:
    """An object whose keys are seated names."""
    if not isinstance(value, dict):
        raise InputError(path, T("must be an object"))
    for name in value:
        if name not in seating:
            raise InputError(jsonin.join(path, name), T("must name a seated player"))
    return dict(value)


def _tile_list(value: Any, path: str, guards: bool) -> list[Tile]:
    tiles = jsonin.array(value, path, min_len=1)
    # The guards play guard cards (a value or "power") and never have a lookout (L-SO7).
    words = (POWER_CARD,) if guards else (ENFORCER, LOOKOUT)
    expected = ' or "power" (a guard card)' if guards else ', "enforcer" or "lookout"'
    for i, tile in enumerate(tiles):
        number = isinstance(tile, int) and not isinstance(tile, bool) and tile >= 0
        if not number and tile not in words:
            raise InputError(f"{path}[{i}]", T("must be a non-negative integer%(expected)s", expected=expected))
        if not guards and isinstance(tile, str) and tile in tiles[:i]:
            # L-C4: each player has exactly one enforcer and one lookout.
            raise InputError(f"{path}[{i}]", T("a player has only one %(tile)s", tile=tile))
    return list(tiles)


def _declined(value: Any, tiles: dict[str, list[Tile]]) -> list[str]:
    """Names of participants who decline their reward (L-LO6)."""
    names = jsonin.array(value, "declined")
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in tiles:
            raise InputError(f"declined[{i}]", T("must name a participant with tiles here"))
    return list(names)
