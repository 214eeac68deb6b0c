"""Card faces as data (L-C5, box-profile.md): items, goons and goals enter the game in the event
that reveals them; the engine ships no card list.

JSON shapes (all validated field by field, ``InputError`` names the field):

- item: ``{"name", "cost": {resource|"any": n}, "reputation": n, "treasures": [t...],
  "effect": "L-E1".."L-E8"|null, "effect_resource": resource|null}``
- goon: ``{"name", "type": goon type, "suspicion": n, "treasures": [t...], "effect": code|null,
  "effect_resource": resource|null, "resource": resource|null}`` (``resource``: a Bandit's cube, L-P4)
- goal: ``{"name", "kind": "leader"|"instant"|"end_game", ...}``; leader: ``"counts": treasure or
  goon type, "minimum": n``; instant: ``"stars": n``; end-game: ``"treasure": t`` (majority, L-GL3)
  or ``"stars": n`` (fixed: every player who meets it).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from companion.core import jsonin, problems
from companion.core.i18n import T
from companion.core.problems import Problems
from companion.games.lockup.model import EFFECTS, GOON_TYPES, RESOURCES, TREASURES

GOAL_KINDS = ("leader", "instant", "end_game")


@dataclass(frozen=True)
class Item:
    """An item card face (L-IT)."""

    name: str
    cost: dict
    reputation: int
    treasures: tuple = ()
    effect: str | None = None
    effect_resource: str | None = None


@dataclass(frozen=True)
class Goon:
    """A goon card face (L-G)."""

    name: str
    type: str
    suspicion: int = 0
    treasures: tuple = ()
    effect: str | None = None
    effect_resource: str | None = None
    resource: str | None = None


@dataclass(frozen=True)
class Goal:
    """A goal card face (L-GL)."""

    name: str
    kind: str
    counts: str | None = None
    minimum: int = 0
    treasure: str | None = None
    stars: int = 0


def _effect(doc: dict, path: str, found: Problems) -> tuple[str | None, str | None]:
    effect = doc.get("effect")
    if effect is not None:
        effect = found.check(jsonin.choice, effect, jsonin.join(path, "effect"), list(EFFECTS))
    res = doc.get("effect_resource")
    if res is not None:
        res = found.check(jsonin.choice, res, jsonin.join(path, "effect_resource"), RESOURCES)
    if effect == "L-E1" and res is None:
        found.add(jsonin.join(path, "effect_resource"), T("is required for effect L-E1"))
    return effect, res


def _treasures(value: Any, path: str, found: Problems) -> tuple:
    icons = found.check(jsonin.array, value, path, default=[])
    return tuple(found.check(jsonin.choice, t, jsonin.join(path, i), TREASURES) for i, t in enumerate(icons))


def _cost(value: Any, path: str, found: Problems) -> dict:
    doc = problems.obj(found, value, path, optional=(*RESOURCES, "any")) or {}
    return {k: found.check(jsonin.integer, v, jsonin.join(path, k)) for k, v in doc.items() if v}


def parse_item(value: Any, path: str) -> Item:
    """An item face from JSON; every problem of the card at once (``InputErrors`` naming each field)."""
    found = Problems()
    doc = problems.obj(found, value, path, ["name", "cost", "reputation"], ["treasures", "effect", "effect_resource"])
    if doc is None:
        found.raise_any()
    name = found.check(jsonin.string, doc.get("name"), jsonin.join(path, "name")) if "name" in doc else ""
    cost = _cost(doc["cost"], jsonin.join(path, "cost"), found) if "cost" in doc else {}
    reputation = (found.check(jsonin.integer, doc["reputation"], jsonin.join(path, "reputation"))
                  if "reputation" in doc else 0)
    treasures = _treasures(doc.get("treasures", []), jsonin.join(path, "treasures"), found)
    effect, res = _effect(doc, path, found)
    found.raise_any()
    return Item(name=name, cost=cost, reputation=reputation, treasures=treasures, effect=effect, effect_resource=res)


def parse_goon(value: Any, path: str) -> Goon:
    """A goon face from JSON; every problem of the card at once (``InputErrors`` naming each field)."""
    found = Problems()
    doc = problems.obj(found, value, path, ["name", "type"], ["suspicion", "treasures", "effect", "effect_resource",
                                                        "resource"])
    if doc is None:
        found.raise_any()
    name = found.check(jsonin.string, doc.get("name"), jsonin.join(path, "name")) if "name" in doc else ""
    kind = found.check(jsonin.choice, doc["type"], jsonin.join(path, "type"), GOON_TYPES) if "type" in doc else None
    suspicion = found.check(jsonin.integer, doc.get("suspicion", 0), jsonin.join(path, "suspicion"))
    treasures = _treasures(doc.get("treasures", []), jsonin.join(path, "treasures"), found)
    effect, res = _effect(doc, path, found)
    resource = doc.get("resource")
    if resource is not None:
        resource = found.check(jsonin.choice, resource, jsonin.join(path, "resource"), RESOURCES)
    if kind == "bandit" and resource is None:
        found.add(jsonin.join(path, "resource"), T("is required for a Bandit (L-P4)"))
    found.raise_any()
    return Goon(name=name, type=kind, suspicion=suspicion, treasures=treasures, effect=effect, effect_resource=res,
                resource=resource if kind == "bandit" else None)


def parse_goal(value: Any, path: str, kind: str | None = None) -> Goal:
    """A goal face from JSON; ``kind`` (if given) is the kind this slot requires. Every problem at once."""
    found = Problems()
    doc = problems.obj(found, value, path, ["name", "kind"], ["counts", "minimum", "treasure", "stars"])
    if doc is None:
        found.raise_any()
    name = found.check(jsonin.string, doc.get("name"), jsonin.join(path, "name")) if "name" in doc else ""
    got = found.check(jsonin.choice, doc["kind"], jsonin.join(path, "kind"), GOAL_KINDS) if "kind" in doc else None
    if kind is not None and got is not None and got != kind:
        found.add(jsonin.join(path, "kind"), T("must be %(kind)s", kind=repr(kind)))
        got = None  # the facts of another kind of goal are not this slot's: not checked
    goal = _goal_facts(doc, path, got, found)
    found.raise_any()
    return Goal(name, got, **goal)


def _goal_facts(doc: dict, path: str, got: str | None, found: Problems) -> dict:
    """What a goal of kind ``got`` counts: leader (L-GL1), majority (L-GL3) or fixed stars."""
    if got == "leader":
        return {"counts": found.check(jsonin.choice, doc.get("counts"), jsonin.join(path, "counts"),
                                      (*TREASURES, *GOON_TYPES)),
                "minimum": found.check(jsonin.integer, doc.get("minimum", 1), jsonin.join(path, "minimum"), default=0)}
    if got == "end_game" and doc.get("treasure") is not None:
        return {"treasure": found.check(jsonin.choice, doc["treasure"], jsonin.join(path, "treasure"), TREASURES)}
    if got is None:
        return {}
    if "stars" not in doc:
        found.add(jsonin.join(path, "stars"), T("is required"))
        return {}
    return {"stars": found.check(jsonin.integer, doc["stars"], jsonin.join(path, "stars"), default=0)}


def card_doc(card: Item | Goon | Goal) -> dict:
    """The JSON form of a card face (as stored in events)."""
    out: dict[str, Any] = {}
    for key, val in ((f.name, getattr(card, f.name)) for f in fields(card)):
        out[key] = list(val) if isinstance(val, tuple) else (dict(val) if isinstance(val, dict) else val)
    return out


def item_from(doc: Any) -> Item:
    """Rebuild an item from its stored form (already validated when it entered)."""
    return Item(name=doc["name"], cost=dict(doc["cost"]), reputation=doc["reputation"],
                treasures=tuple(doc.get("treasures", ())), effect=doc.get("effect"),
                effect_resource=doc.get("effect_resource"))


def goon_from(doc: Any) -> Goon:
    """Rebuild a goon from its stored form."""
    return Goon(name=doc["name"], type=doc["type"], suspicion=doc.get("suspicion", 0),
                treasures=tuple(doc.get("treasures", ())), effect=doc.get("effect"),
                effect_resource=doc.get("effect_resource"), resource=doc.get("resource"))


def goal_from(doc: Any) -> Goal | None:
    """Rebuild a goal from its stored form (``None`` stays ``None``)."""
    if doc is None:
        return None
    return Goal(name=doc["name"], kind=doc["kind"], counts=doc.get("counts"), minimum=doc.get("minimum", 0),
                treasure=doc.get("treasure"), stars=doc.get("stars", 0))
