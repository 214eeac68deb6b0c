"""``companion referee lockup guards``: what the solo guards choose (L-SO8, L-SO10).

Reads the document of ``docs/cli-contracts.md`` field by field (an ``InputError`` names
the first wrong field) and answers with the result of :mod:`companion.solo_guard.decisions`.
"""

from __future__ import annotations

from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.games.lockup.model import GOON_LOCATIONS, GOON_TYPES, RESOURCES, TREASURES
from companion.solo_guard import decisions
from companion.solo_guard.decisions import ANY, Item

DECISIONS = ("commissary", "chow_hall", "cell_block", "exchange")


def run(doc: Any) -> dict:
    """Answer one guards question; raises InputError naming the offending field."""
    doc = jsonin.obj(
        doc, "", required=("game", "decision", "guards"), optional=("display", "goons", "supply")
    )
    jsonin.choice(doc["game"], "game", ["lockup"])
    decision = jsonin.choice(doc["decision"], "decision", DECISIONS)
    resources, reserved = _guards(doc["guards"], "guards")
    display = _items(doc.get("display", []), "display")
    goons = _goons(doc.get("goons", {}), "goons")
    supply = _supply(doc["supply"], "supply") if "supply" in doc else None
    if decision == "commissary":
        answer = decisions.commissary(resources, supply)
    elif decision == "chow_hall":
        answer = decisions.chow_hall(goons)
    elif decision == "cell_block":
        answer = decisions.cell_block(resources, reserved, display)
    else:
        answer = decisions.exchange(resources, supply)
    return dict(answer.result)


def _guards(value: Any, path: str) -> tuple[dict[str, int], list[Item]]:
    doc = jsonin.obj(value, path, required=("resources",), optional=("reserved", "power", "suspicion", "reputation"))
    for key in ("power", "suspicion", "reputation"):
        if key in doc:
            jsonin.integer(doc[key], jsonin.join(path, key))
    resources = _resources(doc["resources"], jsonin.join(path, "resources"))
    return resources, _items(doc.get("reserved", []), jsonin.join(path, "reserved"))


def _resources(value: Any, path: str) -> dict[str, int]:
    doc = jsonin.obj(value, path, required=RESOURCES)
    return {r: jsonin.integer(doc[r], jsonin.join(path, r)) for r in RESOURCES}


def _supply(value: Any, path: str) -> dict[str, int]:
    doc = jsonin.obj(value, path, optional=RESOURCES)
    return {r: jsonin.integer(n, jsonin.join(path, r)) for r, n in doc.items()}


def _items(value: Any, path: str) -> list[Item]:
    return [_item(v, jsonin.join(path, i)) for i, v in enumerate(jsonin.array(value, path))]


def _item(value: Any, path: str) -> Item:
    doc = jsonin.obj(value, path, required=("name", "reputation", "cost"), optional=("treasures", "effect"))
    name = jsonin.string(doc["name"], jsonin.join(path, "name"))
    reputation = jsonin.integer(doc["reputation"], jsonin.join(path, "reputation"))
    cost_path = jsonin.join(path, "cost")
    cost = jsonin.obj(doc["cost"], cost_path, optional=(*RESOURCES, ANY))
    cost = {k: jsonin.integer(n, jsonin.join(cost_path, k)) for k, n in cost.items()}
    if "treasures" in doc:
        where = jsonin.join(path, "treasures")
        for i, t in enumerate(jsonin.array(doc["treasures"], where)):
            jsonin.choice(t, jsonin.join(where, i), TREASURES)
    if "effect" in doc and doc["effect"] is not None:
        jsonin.string(doc["effect"], jsonin.join(path, "effect"))
    return Item(name=name, reputation=reputation, cost=cost)


def _goons(value: Any, path: str) -> dict[str, int]:
    doc = jsonin.obj(value, path, optional=GOON_LOCATIONS)
    out = {}
    for loc, goon in doc.items():
        where = jsonin.join(path, loc)
        goon = jsonin.obj(goon, where, required=("type", "suspicion"), optional=("treasures", "effect", "resource"))
        jsonin.choice(goon["type"], jsonin.join(where, "type"), GOON_TYPES)
        out[loc] = jsonin.integer(goon["suspicion"], jsonin.join(where, "suspicion"))
        _goon_extras(goon, where)
    return out


def _goon_extras(goon: dict, where: str) -> None:
    if "treasures" in goon:
        for i, t in enumerate(jsonin.array(goon["treasures"], jsonin.join(where, "treasures"))):
            jsonin.choice(t, jsonin.join(jsonin.join(where, "treasures"), i), TREASURES)
    if "resource" in goon:
        if goon["type"] != "bandit":
            raise InputError(jsonin.join(where, "resource"), T("only a bandit has a resource"))
        jsonin.choice(goon["resource"], jsonin.join(where, "resource"), RESOURCES)
    if "effect" in goon and goon["effect"] is not None:
        jsonin.string(goon["effect"], jsonin.join(where, "effect"))
