"""Lockup commands: JSON mappings validated field by field (``InputError`` names the field).

Every command is ``{"type": ..., ...}``; ``seat`` names the acting seat (a player, or ``"guards"``
for the solo automaton). ``pending(state)`` says which kind the game waits for; a command of
another kind, or from another seat, is a ``RuleViolation``. ``adjust``, ``claim_instant`` and
``play_tome`` are accepted at any time until the game is over.

=================  ==================  ==========================================================
type               waits-for kind      fields
=================  ==================  ==========================================================
pick_trait         trait               seat, trait (name), goon? (a goon face taken as the starting
                                       benefit); cube benefits follow as ``adjust`` (L-S10)
deal_guards        guards-deal         cards: [{location, value, card?, special?}] (L-SO4)
assign             roll-call           seat, location, tiles: [{tile, face_up}] (L-RC2..6); a face-down
                                       tile may be ``{"tile": null, "face_up": false}`` and
                                       ``face_down: n`` adds n such tiles (value given later, I-16)
pass               roll-call           seat (L-RC7; solo: ends Roll Call, I-7)
guard_turn         guard-turn          reveal: {location, index}|null, place: {location, value,
                                       card?, special?}|null, done: bool (L-SO5, I-8)
place_guard        special-draw        value, card?, special? (face down at that location, L-SO9)
skip_guard_draw    special-draw        (guard deck empty, L-SO9)
reveal_tiles       reveal-tiles        seat, tiles: [values] of its face-down tiles there (L-LO1, I-16)
collect            confirm-rewards     declined: [names] (L-LO6, I-1)
take               choice              seat, resource (Commissary first, L-R5)
exchange           choice              seat, give: {resource: n}, take (Commissary, L-R5)
recruit            choice              seat, goons: [goon locations], pay: {resource: n} (L-R6)
craft              choice              seat, source: display|reserved, index or item, pay (L-IT1)
reserve            choice              seat, index or item, pay (L-IT2)
keep_bandit        choice              seat (L-R9, I-17: the first-ranked seat keeps the Bandit
                                       cubes, makes no choice and goes home)
decline            choice              seat (L-LO6, I-3: gives the whole reward up, Bandit cubes
                                       included; becomes a straggler)
effect             effect              seat, target (L-E3) | give + take (L-E7) | skip: true
discard            discard             seat, resources: {resource: n} (L-P1)
refill_items       refill-items        items: [item faces] (L-P2)
refill_goons       refill-goons        goons: {goon location: goon face} (L-P3)
end_goal           end-goal            seats: [names meeting the fixed end-game goal] (L-GL3)
claim_instant      (any)               seat (L-GL2)
play_tome          (any)               seat, tome (name); not after passing in Roll Call (L-RC7)
adjust             (any)               seat, quantity, delta (signed, not 0), reason
=================  ==================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import jsonin as J
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.games.lockup.cards import parse_goon, parse_item
from companion.games.lockup.model import CUBES, GOON_LOCATIONS, LOCATIONS, RESOURCES

MAX_FACE_DOWN = 9  # a bound on the input only: decide checks L-RC6 (at most 2 or 3 a round)
QUANTITIES = ("reputation", *CUBES, "tomes", "storage_limit")
KINDS = {
    "pick_trait": "trait", "deal_guards": "guards-deal", "assign": "roll-call", "pass": "roll-call",
    "guard_turn": "guard-turn", "reveal_tiles": "reveal-tiles", "place_guard": "special-draw",
    "skip_guard_draw": "special-draw",
    "collect": "confirm-rewards", "take": "choice", "exchange": "choice", "recruit": "choice",
    "craft": "choice", "reserve": "choice", "decline": "choice", "keep_bandit": "choice",
    "effect": "effect", "discard": "discard",
    "refill_items": "refill-items", "refill_goons": "refill-goons", "end_goal": "end-goal",
    "claim_instant": None, "adjust": None, "play_tome": None,
}
# Fields per command: (required, optional); "seat" is added for seat commands.
_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "pick_trait": (("trait",), ("goon",)), "deal_guards": (("cards",), ()),
    "assign": (("location",), ("tiles", "face_down")),
    "reveal_tiles": (("tiles",), ()),
    "pass": ((), ()), "guard_turn": ((), ("reveal", "place", "done")),
    "place_guard": (("value",), ("card", "special")), "skip_guard_draw": ((), ()), "collect": ((), ("declined",)),
    "take": (("resource",), ()), "exchange": (("give", "take"), ()), "recruit": (("goons",), ("pay",)),
    "craft": ((), ("source", "index", "item", "pay")), "reserve": ((), ("index", "item", "pay")),
    "decline": ((), ()), "keep_bandit": ((), ()), "effect": ((), ("target", "give", "take", "skip")),
    "discard": (("resources",), ()),
    "refill_items": (("items",), ()), "refill_goons": (("goons",), ()), "end_goal": (("seats",), ()),
    "claim_instant": ((), ()), "adjust": (("quantity", "delta", "reason"), ()), "play_tome": (("tome",), ()),
}
_TABLE = ("deal_guards", "guard_turn", "place_guard", "skip_guard_draw", "collect", "refill_items",
          "refill_goons", "end_goal")  # no "seat" (the table, or the guards' automaton)


def parse(command: Any, seats: Sequence[str]) -> dict:
    """Validate a command mapping; returns a normalized dict (lists, parsed card faces)."""
    if not isinstance(command, dict):
        J.obj(command, "command")
    kind = J.choice(command.get("type"), "type", list(KINDS))
    required, optional = _FIELDS[kind]
    seat_field = () if kind in _TABLE else ("seat",)
    doc = J.obj(command, "", ("type", *seat_field, *required), optional)
    if seat_field:
        doc["seat"] = J.name_of(doc["seat"], "seat", seats)
    return _PARSERS.get(kind, lambda d, s: d)(doc, seats)


def _cubes(value: Any, path: str, names=RESOURCES) -> dict:
    doc = J.obj(value, path, optional=names)
    return {k: J.integer(v, J.join(path, k)) for k, v in doc.items() if v}


def _tile(value: Any, path: str) -> int | str:
    if isinstance(value, str):
        return J.choice(value, path, ["lookout", "enforcer"])
    return J.integer(value, path)


def _guard_value(value: Any, path: str) -> int | str:
    return "power" if value == "power" else J.integer(value, path)


def _assign(d: dict, seats) -> dict:
    J.choice(d["location"], "location", LOCATIONS)
    tiles = []
    for i, raw in enumerate(J.array(d.get("tiles", []), "tiles")):
        path = J.join("tiles", i)
        if isinstance(raw, dict):
            t = J.obj(raw, path, ["tile"], ["face_up"])
            face_up = J.boolean(t.get("face_up", True), J.join(path, "face_up"))
            if t["tile"] is None and face_up:
                raise InputError(J.join(path, "tile"), T("name every face-up tile"))
            tile = None if t["tile"] is None else _tile(t["tile"], J.join(path, "tile"))
            tiles.append({"tile": tile, "face_up": face_up})
        else:
            tiles.append({"tile": _tile(raw, path), "face_up": True})
    unknown = J.integer(d.get("face_down", 0), "face_down")  # I-16: face down, values given in Lights Out
    if unknown > MAX_FACE_DOWN:
        raise InputError("face_down", T("must be at most %(max_face_down)s", max_face_down=MAX_FACE_DOWN))
    tiles += [{"tile": None, "face_up": False} for _ in range(unknown)]
    return {**d, "tiles": tiles}


def _reveal_tiles(d: dict, seats) -> dict:
    values = J.array(d["tiles"], "tiles")
    return {**d, "tiles": [_tile(v, J.join("tiles", i)) for i, v in enumerate(values)]}


def _guard_card(value: Any, path: str, need_location: bool = True) -> dict:
    doc = J.obj(value, path, ["location", "value"] if need_location else ["value"], ["card", "special"])
    out = {"value": _guard_value(doc["value"], J.join(path, "value")),
           "card": None if doc.get("card") is None else J.string(doc["card"], J.join(path, "card")),
           "special": J.boolean(doc.get("special", False), J.join(path, "special"))}
    if need_location:
        out["location"] = J.choice(doc["location"], J.join(path, "location"), LOCATIONS)
    return out


def _deal(d: dict, seats) -> dict:
    cards = J.array(d["cards"], "cards", 0, 7)
    return {**d, "cards": [_guard_card(c, J.join("cards", i)) for i, c in enumerate(cards)]}


def _guard_turn(d: dict, seats) -> dict:
    out = {"type": d["type"], "reveal": None, "place": None,
           "done": J.boolean(d.get("done", False), "done")}
    if d.get("reveal") is not None:
        r = J.obj(d["reveal"], "reveal", ["location", "index"])
        out["reveal"] = {"location": J.choice(r["location"], "reveal.location", LOCATIONS),
                         "index": J.integer(r["index"], "reveal.index")}
    if d.get("place") is not None:
        out["place"] = _guard_card(d["place"], "place")
    return out


def _place_guard(d: dict, seats) -> dict:
    return {**d, **_guard_card({k: v for k, v in d.items() if k != "type"}, "", need_location=False)}


def _collect(d: dict, seats) -> dict:
    names = J.array(d.get("declined", []), "declined")
    return {**d, "declined": [J.name_of(n, J.join("declined", i), seats) for i, n in enumerate(names)]}


def _take(d: dict, seats) -> dict:
    J.choice(d["resource"], "resource", RESOURCES)
    return d


def _exchange(d: dict, seats) -> dict:
    return {**d, "give": _cubes(d["give"], "give"), "take": J.choice(d["take"], "take", RESOURCES)}


def _recruit(d: dict, seats) -> dict:
    goons = [J.choice(g, J.join("goons", i), GOON_LOCATIONS) for i, g in enumerate(J.array(d["goons"], "goons"))]
    return {**d, "goons": goons, "pay": _cubes(d.get("pay", {}), "pay")}


def _item_ref(d: dict, seats) -> dict:
    out = {**d, "pay": _cubes(d.get("pay", {}), "pay")}
    if "source" in d:
        J.choice(d["source"], "source", ["display", "reserved"])
    if d.get("index") is not None:
        J.integer(d["index"], "index")
    elif d.get("item") is not None:
        J.string(d["item"], "item")
    else:
        J.obj(d, "", ["index"])  # one of the two is required
    return out


def _effect(d: dict, seats) -> dict:
    out = dict(d)
    if d.get("target") is not None:
        out["target"] = J.name_of(d["target"], "target", seats)
    if d.get("give") is not None:
        out["give"] = _cubes(d["give"], "give")
    if d.get("take") is not None:
        out["take"] = J.choice(d["take"], "take", RESOURCES)
    out["skip"] = J.boolean(d.get("skip", False), "skip")
    return out


def _discard(d: dict, seats) -> dict:
    return {**d, "resources": _cubes(d["resources"], "resources")}


def _refill_items(d: dict, seats) -> dict:
    return {**d, "items": [parse_item(it, J.join("items", i)) for i, it in enumerate(J.array(d["items"], "items"))]}


def _refill_goons(d: dict, seats) -> dict:
    doc = J.obj(d["goons"], "goons", optional=GOON_LOCATIONS)
    return {**d, "goons": {loc: parse_goon(g, J.join("goons", loc)) for loc, g in doc.items()}}


def _end_goal(d: dict, seats) -> dict:
    names = J.array(d["seats"], "seats")
    return {**d, "seats": [J.name_of(n, J.join("seats", i), seats) for i, n in enumerate(names)]}


def _pick_trait(d: dict, seats) -> dict:
    J.string(d["trait"], "trait")
    return {**d, "goon": None if d.get("goon") is None else parse_goon(d["goon"], "goon")}


def _play_tome(d: dict, seats) -> dict:
    J.string(d["tome"], "tome")
    return d


def _adjust(d: dict, seats) -> dict:
    J.choice(d["quantity"], "quantity", QUANTITIES)
    if J.integer(d["delta"], "delta", minimum=None) == 0:
        raise InputError("delta", T("must be a non-zero integer"))
    J.string(d["reason"], "reason")
    return d


_PARSERS = {
    "assign": _assign, "reveal_tiles": _reveal_tiles, "deal_guards": _deal, "guard_turn": _guard_turn,
    "place_guard": _place_guard,
    "collect": _collect, "take": _take, "exchange": _exchange, "recruit": _recruit, "craft": _item_ref,
    "reserve": _item_ref, "effect": _effect, "discard": _discard, "refill_items": _refill_items,
    "refill_goons": _refill_goons, "end_goal": _end_goal, "pick_trait": _pick_trait, "adjust": _adjust,
    "play_tome": _play_tome,
}
