"""``companion audit lockup``: end-game scoring from one JSON document (cli-contracts.md).

Every field is validated with :mod:`companion.core.jsonin`; bad input raises ``InputError``
naming the field. Scoring itself is :func:`companion.games.lockup.scoring.final_scores`.
"""

from __future__ import annotations

from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.games.lockup.model import GOON_TYPES, GUARDS, MODES, RESOURCES, TREASURES
from companion.games.lockup.scoring import EndGameGoal, Goon, Item, PlayerEnd, final_scores

_TOP = ("game", "mode", "players", "first_player", "leader_goal", "end_game_goal")
_PLAYER = ("name", "reputation", "power", "resources", "tomes", "items", "goons")


def run(doc: Any) -> dict:
    """Score a finished Lockup game described by ``doc`` and return the audit document."""
    doc = jsonin.obj(doc, "", required=_TOP)
    jsonin.choice(doc["game"], "game", ["lockup"])
    mode = jsonin.choice(doc["mode"], "mode", MODES)
    raw_players = jsonin.array(doc["players"], "players", min_len=2, max_len=5)
    players = [_player(p, f"players[{i}]") for i, p in enumerate(raw_players)]
    names = [p.name for p in players]
    _check_names(names, mode)
    first = jsonin.name_of(doc["first_player"], "first_player", names, allow_null=True)
    leader = jsonin.name_of(doc["leader_goal"], "leader_goal", names, allow_null=True)
    goal = _end_game_goal(doc["end_game_goal"], names)
    return final_scores(players, first, leader, goal, solo=mode == "solo").to_json()


def _check_names(names: list[str], mode: str) -> None:
    """Unique names; "guards" only in solo, where the table is exactly the player and the guards."""
    for i, name in enumerate(names):
        if name in names[:i]:
            raise InputError(f"players[{i}].name", T("duplicate name %(name)s", name=repr(name)))
    if mode == "solo":
        if len(names) != 2 or GUARDS not in names:
            raise InputError("players", T('solo needs exactly the player and one entry named "guards"'))
    elif GUARDS in names:
        raise InputError(f"players[{names.index(GUARDS)}].name", T('"guards" is reserved for solo mode'))


def _player(value: Any, path: str) -> PlayerEnd:
    """One entry of ``players``."""
    raw = jsonin.obj(value, path, required=_PLAYER)
    return PlayerEnd(
        name=jsonin.string(raw["name"], f"{path}.name"),
        reputation=jsonin.integer(raw["reputation"], f"{path}.reputation"),
        power=jsonin.integer(raw["power"], f"{path}.power"),
        resources=_resources(raw["resources"], f"{path}.resources"),
        tomes=jsonin.integer(raw["tomes"], f"{path}.tomes"),
        items=tuple(_item(v, f"{path}.items[{i}]") for i, v in enumerate(jsonin.array(raw["items"], f"{path}.items"))),
        goons=tuple(_goon(v, f"{path}.goons[{i}]") for i, v in enumerate(jsonin.array(raw["goons"], f"{path}.goons"))),
    )


def _resources(value: Any, path: str) -> dict[str, int]:
    raw = jsonin.obj(value, path, required=RESOURCES)
    return {r: jsonin.integer(raw[r], f"{path}.{r}") for r in RESOURCES}


def _treasures(value: Any, path: str) -> tuple[str, ...]:
    return tuple(jsonin.choice(t, f"{path}[{i}]", TREASURES) for i, t in enumerate(jsonin.array(value, path)))


def _item(value: Any, path: str) -> Item:
    raw = jsonin.obj(value, path, required=("name", "treasures"))
    return Item(jsonin.string(raw["name"], f"{path}.name"), _treasures(raw["treasures"], f"{path}.treasures"))


def _goon(value: Any, path: str) -> Goon:
    # "name" is optional: the audit needs only the type and the treasures.
    raw = jsonin.obj(value, path, required=("type", "treasures"), optional=("name",))
    if "name" in raw:
        jsonin.string(raw["name"], f"{path}.name")
    kind = jsonin.choice(raw["type"], f"{path}.type", GOON_TYPES)
    return Goon(kind, _treasures(raw["treasures"], f"{path}.treasures"))


def _end_game_goal(value: Any, names: list[str]) -> EndGameGoal | None:
    """``null``, ``{"kind": "majority", "treasure": T}`` or ``{"kind": "fixed", "stars": {name: n}}``."""
    if value is None:
        return None
    path = "end_game_goal"
    if not isinstance(value, dict):
        raise InputError(path, T("must be an object or null"))
    if "kind" not in value:
        raise InputError(f"{path}.kind", T("is required"))
    kind = jsonin.choice(value["kind"], f"{path}.kind", ["majority", "fixed"])
    if kind == "majority":
        raw = jsonin.obj(value, path, required=("kind", "treasure"))
        return EndGameGoal("majority", treasure=jsonin.choice(raw["treasure"], f"{path}.treasure", TREASURES))
    raw = jsonin.obj(value, path, required=("kind", "stars"))
    stars = raw["stars"]
    if not isinstance(stars, dict):
        raise InputError(f"{path}.stars", T("must be an object"))
    for name, count in stars.items():
        jsonin.name_of(name, jsonin.join(f"{path}.stars", name), names)
        jsonin.integer(count, jsonin.join(f"{path}.stars", name))
    return EndGameGoal("fixed", stars=stars)
