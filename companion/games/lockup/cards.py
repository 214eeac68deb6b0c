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

from dataclasses import dataclass
from typing import Any

from companion.core import jsonin as J
from companion.core.errors import InputError
from companion.core.i18n import T
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


def _effect(doc: dict, path: str) -> tuple[str | None, str | None]:
    effect = doc.get("effect")
    if effect is not None:
        J.choice(effect, J.join(path, "effect"), list(EFFECTS))
    res = doc.get("effect_resource")
    if res is not None:
        J.choice(res, J.join(path, "effect_resource"), RESOURCES)
    if effect == "L-E1" and res is None:
        raise InputError(J.join(path, "effect_resource"), T("is required for effect L-E1"))
    return effect, res


def _treasures(value: Any, path: str) -> tuple:
    return tuple(J.choice(t, J.join(path, i), TREASURES) for i, t in enumerate(J.array(value, path)))


def parse_item(value: Any, path: str) -> Item:
    """An item face from JSON (``InputError`` naming the field)."""
    doc = J.obj(value, path, ["name", "cost", "reputation"], ["treasures", "effect", "effect_resource"])
    cost_doc = J.obj(doc["cost"], J.join(path, "cost"), optional=(*RESOURCES, "any"))
    cost = {k: J.integer(v, J.join(J.join(path, "cost"), k)) for k, v in cost_doc.items() if v}
    effect, res = _effect(doc, path)
    return Item(
        name=J.string(doc["name"], J.join(path, "name")),
        cost=cost,
        reputation=J.integer(doc["reputation"], J.join(path, "reputation")),
        treasures=_treasures(doc.get("treasures", []), J.join(path, "treasures")),
        effect=effect,
        effect_resource=res,
    )


def parse_goon(value: Any, path: str) -> Goon:
    """A goon face from JSON (``InputError`` naming the field)."""
    doc = J.obj(value, path, ["name", "type"], ["suspicion", "treasures", "effect", "effect_resource", "resource"])
    effect, res = _effect(doc, path)
    kind = J.choice(doc["type"], J.join(path, "type"), GOON_TYPES)
    resource = doc.get("resource")
    if resource is not None:
        J.choice(resource, J.join(path, "resource"), RESOURCES)
    if kind == "bandit" and resource is None:
        raise InputError(J.join(path, "resource"), T("is required for a Bandit (L-P4)"))
    return Goon(
        name=J.string(doc["name"], J.join(path, "name")),
        type=kind,
        suspicion=J.integer(doc.get("suspicion", 0), J.join(path, "suspicion")),
        treasures=_treasures(doc.get("treasures", []), J.join(path, "treasures")),
        effect=effect,
        effect_resource=res,
        resource=resource if kind == "bandit" else None,
    )


def parse_goal(value: Any, path: str, kind: str | None = None) -> Goal:
    """A goal face from JSON; ``kind`` (if given) is the kind this slot requires."""
    doc = J.obj(value, path, ["name", "kind"], ["counts", "minimum", "treasure", "stars"])
    got = J.choice(doc["kind"], J.join(path, "kind"), GOAL_KINDS)
    if kind is not None and got != kind:
        raise InputError(J.join(path, "kind"), T("must be %(kind)s", kind=repr(kind)))
    goal = Goal(name=J.string(doc["name"], J.join(path, "name")), kind=got)
    if got == "leader":
        counts = J.choice(doc.get("counts"), J.join(path, "counts"), (*TREASURES, *GOON_TYPES))
        minimum = J.integer(doc.get("minimum", 1), J.join(path, "minimum"))
        return Goal(goal.name, got, counts=counts, minimum=minimum)
    if got == "end_game" and doc.get("treasure") is not None:
        return Goal(goal.name, got, treasure=J.choice(doc["treasure"], J.join(path, "treasure"), TREASURES))
    if "stars" not in doc:
        raise InputError(J.join(path, "stars"), T("is required"))
    return Goal(goal.name, got, stars=J.integer(doc["stars"], J.join(path, "stars")))


def card_doc(card: Item | Goon | Goal) -> dict:
    """The JSON form of a card face (as stored in events)."""
    out: dict[str, Any] = {}
    for key, val in card.__dict__.items():
        out[key] = list(val) if isinstance(val, tuple) else (dict(val) if isinstance(val, dict) else val)
    return out


def item_from(doc: Any) -> Item:
    """Rebuild an item from its stored form (already validated when it entered)."""
    return Item(doc["name"], dict(doc["cost"]), doc["reputation"], tuple(doc.get("treasures", ())),
                doc.get("effect"), doc.get("effect_resource"))


def goon_from(doc: Any) -> Goon:
    """Rebuild a goon from its stored form."""
    return Goon(doc["name"], doc["type"], doc.get("suspicion", 0), tuple(doc.get("treasures", ())),
                doc.get("effect"), doc.get("effect_resource"), doc.get("resource"))


def goal_from(doc: Any) -> Goal | None:
    """Rebuild a goal from its stored form (``None`` stays ``None``)."""
    if doc is None:
        return None
    return Goal(doc["name"], doc["kind"], doc.get("counts"), doc.get("minimum", 0), doc.get("treasure"),
                doc.get("stars", 0))
