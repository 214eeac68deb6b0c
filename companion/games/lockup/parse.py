"""Reading a Lockup command from its wire form (a JSON mapping) into its dataclass
(``companion.games.lockup.commands``), validated field by field: ``InputError`` names the field.

Whether the command is legal now (its turn, the cubes at hand) is ``decide``'s question
(``RuleViolation``); here only the shape and the values' ranges are checked, once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.games.lockup import commands as cmd
from companion.games.lockup.cards import parse_goon, parse_item
from companion.games.lockup.commands import MAX_FACE_DOWN, QUANTITIES
from companion.games.lockup.deck import copies_field
from companion.games.lockup.model import GOON_LOCATIONS, LOCATIONS, RESOURCES

# Fields per command type besides "type" and "seat": (required, optional).
_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "pick_trait": (("trait",), ("goon",)), "deal_guards": (("cards",), ()),
    "assign": (("location",), ("tiles", "face_down")),
    "reveal_tiles": (("tiles",), ()),
    "pass": ((), ()), "guard_turn": ((), ("reveal", "place", "done")),
    "place_guard": (("value",), ("card", "special")), "skip_guard_draw": ((), ()),
    "collect": ((), ("declined", "seat")),
    "take": (("resource",), ()), "exchange": (("give", "take"), ()), "recruit": (("goons",), ("pay",)),
    "craft": ((), ("source", "index", "item", "pay")), "reserve": ((), ("index", "item", "pay")),
    "decline": ((), ()), "keep_bandit": ((), ()), "effect": ((), ("target", "give", "take", "skip")),
    "discard": (("resources",), ()),
    "refill_items": (("items",), ("copies", "goons")), "refill_goons": (("goons",), ("copies",)),
    "end_goal": (("seats",), ()),
    "claim_instant": ((), ()), "adjust": (("quantity", "delta", "reason"), ()), "play_tome": (("tome",), ()),
    "ask_fixed_rewards": ((), ()),
}
# The table's commands, or the guards' automaton's: no "seat" field.
_TABLE = ("deal_guards", "guard_turn", "place_guard", "skip_guard_draw", "collect", "refill_items",
          "refill_goons", "end_goal")


def parse(command: Any, seats: Sequence[str]) -> cmd.Command:
    """The command a wire mapping stands for, validated (``InputError`` naming the field)."""
    if not isinstance(command, dict):
        jsonin.obj(command, "command")
    kind = jsonin.choice(command.get("type"), "type", list(cmd.CLASSES))
    required, optional = _FIELDS[kind]
    seat_field = () if kind in _TABLE else ("seat",)
    doc = jsonin.obj(command, "", ("type", *seat_field, *required), optional)
    del doc["type"]
    if seat_field:
        doc["seat"] = jsonin.name_of(doc["seat"], "seat", seats)
    reader = _READERS.get(kind)
    return reader(doc, seats) if reader else cmd.CLASSES[kind](**doc)


def _cubes(value: Any, path: str, names=RESOURCES) -> dict[str, int]:
    doc = jsonin.obj(value, path, optional=names)
    return {k: jsonin.integer(v, jsonin.join(path, k)) for k, v in doc.items() if v}


def _tile(value: Any, path: str) -> int | str:
    if isinstance(value, str):
        return jsonin.choice(value, path, ["lookout", "enforcer"])
    return jsonin.integer(value, path)


def _guard_value(value: Any, path: str) -> int | str:
    return "power" if value == "power" else jsonin.integer(value, path)


def _tile_choice(raw: Any, path: str) -> cmd.TileChoice:
    if not isinstance(raw, dict):
        return cmd.TileChoice(_tile(raw, path), True)
    doc = jsonin.obj(raw, path, ["tile"], ["face_up"])
    face_up = jsonin.boolean(doc.get("face_up", True), jsonin.join(path, "face_up"))
    if doc["tile"] is None and face_up:
        raise InputError(jsonin.join(path, "tile"), T("name every face-up tile"))
    return cmd.TileChoice(None if doc["tile"] is None else _tile(doc["tile"], jsonin.join(path, "tile")), face_up)


def _assign(doc: dict, seats) -> cmd.Assign:
    jsonin.choice(doc["location"], "location", LOCATIONS)
    tiles = [_tile_choice(raw, jsonin.join("tiles", i)) for i, raw in enumerate(jsonin.array(doc.get("tiles", []),
                                                                                              "tiles"))]
    unknown = jsonin.integer(doc.get("face_down", 0), "face_down")  # I-16: face down, values given in Lights Out
    if unknown > MAX_FACE_DOWN:
        raise InputError("face_down", T("must be at most %(max_face_down)s", max_face_down=MAX_FACE_DOWN))
    tiles += [cmd.TileChoice(None, False)] * unknown  # the wire form lists them in ``tiles``
    return cmd.Assign(doc["seat"], doc["location"], tuple(tiles))


def _reveal_tiles(doc: dict, seats) -> cmd.RevealTiles:
    values = jsonin.array(doc["tiles"], "tiles")
    return cmd.RevealTiles(doc["seat"], tuple(_tile(v, jsonin.join("tiles", i)) for i, v in enumerate(values)))


def _guard_card(value: Any, path: str) -> cmd.GuardCard:
    doc = jsonin.obj(value, path, ["location", "value"], ["card", "special"])
    return cmd.GuardCard(location=jsonin.choice(doc["location"], jsonin.join(path, "location"), LOCATIONS),
                         **_guard_face(doc, path))


def _guard_face(doc: dict, path: str) -> dict:
    """A guard card's value, id and special flag (L-SO4, L-SO9)."""
    card = doc.get("card")
    return {"value": _guard_value(doc["value"], jsonin.join(path, "value")),
            "card": None if card is None else jsonin.string(card, jsonin.join(path, "card")),
            "special": jsonin.boolean(doc.get("special", False), jsonin.join(path, "special"))}


def _deal(doc: dict, seats) -> cmd.DealGuards:
    cards = jsonin.array(doc["cards"], "cards", 0, 7)
    return cmd.DealGuards(tuple(_guard_card(c, jsonin.join("cards", i)) for i, c in enumerate(cards)))


def _guard_turn(doc: dict, seats) -> cmd.GuardTurn:
    reveal = place = None
    if doc.get("reveal") is not None:
        raw = jsonin.obj(doc["reveal"], "reveal", ["location", "index"])
        reveal = cmd.GuardReveal(jsonin.choice(raw["location"], "reveal.location", LOCATIONS),
                                 jsonin.integer(raw["index"], "reveal.index"))
    if doc.get("place") is not None:
        place = _guard_card(doc["place"], "place")
    return cmd.GuardTurn(reveal, place, jsonin.boolean(doc.get("done", False), "done"))


def _place_guard(doc: dict, seats) -> cmd.PlaceGuard:
    return cmd.PlaceGuard(**_guard_face(doc, ""))


def _collect(doc: dict, seats) -> cmd.Collect:
    names = jsonin.array(doc.get("declined", []), "declined")
    seat = None if doc.get("seat") is None else jsonin.name_of(doc["seat"], "seat", seats)
    return cmd.Collect(tuple(jsonin.name_of(n, jsonin.join("declined", i), seats) for i, n in enumerate(names)), seat)


def _take(doc: dict, seats) -> cmd.Take:
    return cmd.Take(doc["seat"], jsonin.choice(doc["resource"], "resource", RESOURCES))


def _exchange(doc: dict, seats) -> cmd.Exchange:
    return cmd.Exchange(doc["seat"], _cubes(doc["give"], "give"), jsonin.choice(doc["take"], "take", RESOURCES))


def _recruit(doc: dict, seats) -> cmd.Recruit:
    goons = tuple(jsonin.choice(g, jsonin.join("goons", i), GOON_LOCATIONS)
                  for i, g in enumerate(jsonin.array(doc["goons"], "goons")))
    return cmd.Recruit(doc["seat"], goons, _cubes(doc.get("pay", {}), "pay"))


def _item_ref(doc: dict) -> dict:
    """Which item (``index`` or ``item`` name, one is required) and the payment (L-IT1, L-IT2)."""
    out = {"seat": doc["seat"], "pay": _cubes(doc.get("pay", {}), "pay"),
           "index": doc.get("index"), "item": doc.get("item")}
    if doc.get("index") is not None:
        jsonin.integer(doc["index"], "index")
    elif doc.get("item") is not None:
        jsonin.string(doc["item"], "item")
    else:
        jsonin.obj(doc, "", ["index"])  # names the missing field
    return out


def _craft(doc: dict, seats) -> cmd.Craft:
    source = doc.get("source")
    if "source" in doc:
        jsonin.choice(source, "source", ["display", "reserved"])
    return cmd.Craft(source=source, **_item_ref(doc))


def _reserve(doc: dict, seats) -> cmd.Reserve:
    return cmd.Reserve(**_item_ref(doc))


def _effect(doc: dict, seats) -> cmd.Effect:
    target, give, take = doc.get("target"), doc.get("give"), doc.get("take")
    return cmd.Effect(
        seat=doc["seat"],
        target=None if target is None else jsonin.name_of(target, "target", seats),
        give=None if give is None else _cubes(give, "give"),
        take=None if take is None else jsonin.choice(take, "take", RESOURCES),
        skip=jsonin.boolean(doc.get("skip", False), "skip"))


def _discard(doc: dict, seats) -> cmd.Discard:
    return cmd.Discard(doc["seat"], _cubes(doc["resources"], "resources"))


def _refill_items(doc: dict, seats) -> cmd.RefillItems:
    items = jsonin.array(doc["items"], "items")
    goons = None if doc.get("goons") is None else _goon_faces(doc)
    return cmd.RefillItems(tuple(parse_item(it, jsonin.join("items", i)) for i, it in enumerate(items)),
                           _copies(doc), goons)


def _refill_goons(doc: dict, seats) -> cmd.RefillGoons:
    return cmd.RefillGoons(_goon_faces(doc), _copies(doc))


def _goon_faces(doc: dict) -> dict:
    """The ``goons`` field of a refill: a goon face per goon location (L-P3)."""
    goons = jsonin.obj(doc["goons"], "goons", optional=GOON_LOCATIONS)
    return {loc: parse_goon(g, jsonin.join("goons", loc)) for loc, g in goons.items()}


def _copies(doc: dict) -> tuple[str, ...] | None:
    """The names the table says are another copy of a card on the table (L-C5), if any."""
    return copies_field(doc.get("copies")) or None


def _end_goal(doc: dict, seats) -> cmd.EndGoal:
    names = jsonin.array(doc["seats"], "seats")
    return cmd.EndGoal(tuple(jsonin.name_of(n, jsonin.join("seats", i), seats) for i, n in enumerate(names)))


def _pick_trait(doc: dict, seats) -> cmd.PickTrait:
    goon = doc.get("goon")
    return cmd.PickTrait(doc["seat"], jsonin.string(doc["trait"], "trait"),
                         None if goon is None else parse_goon(goon, "goon"))


def _play_tome(doc: dict, seats) -> cmd.PlayTome:
    return cmd.PlayTome(doc["seat"], jsonin.string(doc["tome"], "tome"))


def _adjust(doc: dict, seats) -> cmd.Adjust:
    quantity = jsonin.choice(doc["quantity"], "quantity", QUANTITIES)
    delta = jsonin.integer(doc["delta"], "delta", minimum=None)
    if delta == 0:
        raise InputError("delta", T("must be a non-zero integer"))
    return cmd.Adjust(doc["seat"], quantity, delta, jsonin.string(doc["reason"], "reason"))


_READERS: dict[str, Callable[[dict, Sequence[str]], cmd.Command]] = {
    "assign": _assign, "reveal_tiles": _reveal_tiles, "deal_guards": _deal, "guard_turn": _guard_turn,
    "place_guard": _place_guard, "collect": _collect, "take": _take, "exchange": _exchange, "recruit": _recruit,
    "craft": _craft, "reserve": _reserve, "effect": _effect, "discard": _discard, "refill_items": _refill_items,
    "refill_goons": _refill_goons, "end_goal": _end_goal, "pick_trait": _pick_trait, "adjust": _adjust,
    "play_tome": _play_tome,
}
