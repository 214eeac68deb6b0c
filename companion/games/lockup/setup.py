"""Game setup (L-S, L-C4, L-C6, L-SO1): validate the table's setup document, return ``game-started``.

Setup document (every field validated; ``InputError`` names the field)::

    {"mode": "standard" | "advanced" | "solo",
     "players": [{"name": "Ana", "crew": "red",
                  "start": {"power": 1, "suspicion": 0, "storage_limit": 5}}, ...],   # clockwise
     "first_player": "Ana",            # solo: ignored, the guards hold it (L-SO1)
     "crew_tiles": [1, 2, 3, 4],       # box profile; the "2" is removed with 5 players (L-C4)
     "goals": {"leader": goal, "instant": goal | null, "end_game": goal},
     "display": [item, ...],           # players + 1 (solo: 3) (L-C6)
     "goons": {"sewers": goon, "infirmary": goon, ...},   # the 5 active goons (L-S4)
     "options": {"pass_rewards_down": false,              # I-1 table option
                 "spanish_second_tiers": false,           # I-2 table option
                 "raid_zero_ranks": false,                # I-4 table option
                 "majority_zero_ranks": false,            # I-12 table option
                 "polish_leader_minimum": false,          # I-19 table option
                 "ask_fixed_rewards": false},             # L-LO6: ask before collecting a fixed reward
     "advanced": false,                # solo only: the guards start on 20 (L-SO1)
     "seed": 123,                      # optional, recorded for the solo automaton's shuffles
     "copies": ["War Drum"]}          # optional: names dealt twice that are a second copy (L-C5)

``start`` (advanced side B, L-S10) is required in advanced mode (reputation starts at 0) and not
allowed otherwise (side A: 1 power, 0 suspicion, storage limit 5, reputation 10, L-S7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.core.problems import Problems
from companion.games.lockup.cards import card_doc, parse_goal, parse_goon, parse_item
from companion.games.lockup.deck import CardOnTable, check_new, copies_field
from companion.games.lockup.events import GameStarted
from companion.games.lockup.model import GOON_LOCATIONS, GUARDS, MODES, SUPPLY

SETUP_FIELDS = ("mode", "players", "crew_tiles", "goals", "display", "goons")
OPTIONAL_FIELDS = ("first_player", "options", "advanced", "seed", "copies", "confirm_each_location",
                   "confirm_choice_rewards")
# Table options (booleans, default false): I-1, I-2, I-4, I-12 and I-19 of the rules reference, and
# whether a player is asked before collecting a fixed reward (L-LO6; issue 23: not, unless the table asks).
TABLE_OPTIONS = ("pass_rewards_down", "spanish_second_tiers", "raid_zero_ranks", "majority_zero_ranks",
                 "polish_leader_minimum", "ask_fixed_rewards")


def start(setup: Any) -> list:
    """Validate a setup mapping and return the ``game-started`` event (L-S)."""
    doc = jsonin.obj(setup, "", SETUP_FIELDS, OPTIONAL_FIELDS)
    mode = jsonin.choice(doc["mode"], "mode", MODES)
    solo = mode == "solo"
    advanced = mode == "advanced" or (solo and jsonin.boolean(doc.get("advanced", False), "advanced"))
    people = _players(doc["players"], mode, advanced)
    names = [p["name"] for p in people]
    seating = [*names, GUARDS] if solo else names
    if solo:
        people.append(_guards(doc))
    first = GUARDS if solo else jsonin.name_of(doc.get("first_player"), "first_player", names)
    count = len(seating)
    found = Problems()  # every card and the crew tiles checked at once (the table fixes them in one go)
    goons = found.check(_goons, doc["goons"])
    display = found.check(_display, doc["display"], count)
    goals = found.check(_goals, doc["goals"], solo)
    crew_tiles = found.check(_crew_tiles, doc["crew_tiles"], count)
    found.raise_any()
    _check_repeats(display, goons, copies_field(doc.get("copies")))
    _check_supply(people, goons)
    return [
        GameStarted(
            mode=mode,
            players=tuple(people),
            first_player=first,
            crew_tiles=crew_tiles,
            board_side="1-2" if count <= 2 else "3-5",  # L-S1
            face_down_limit=3 if count <= 2 else 2,  # L-RC6 (solo plays as 2 players)
            display=tuple(card_doc(i) for i in display),
            goons={loc: card_doc(g) for loc, g in goons.items()},
            goals=goals,
            options={**_options(doc.get("options", {})), "advanced": advanced,
                     "confirm_each_location": jsonin.boolean(doc.get("confirm_each_location", False),
                                                             "confirm_each_location"),
                     **_choice_rewards_confirmed(doc)},
            seed=jsonin.integer(doc["seed"], "seed") if doc.get("seed") is not None else None,
        )
    ]


def _check_repeats(display: list, goons: dict, copies: tuple[str, ...]) -> None:
    """L-C5: a card is dealt once; a name twice needs the table's "second copy" (deck.check_new)."""
    found = Problems()
    found.check(check_new, None, "item", [(jsonin.join("display", i), it.name) for i, it in enumerate(display)],
                copies)
    found.check(check_new, None, "goon", [(jsonin.join("goons", loc), g.name) for loc, g in goons.items()], copies)
    if found:
        raise CardOnTable(found.found)


def _players(value: Any, mode: str, advanced: bool) -> list[dict]:
    solo = mode == "solo"
    items = jsonin.array(value, "players", 1 if solo else 2, 1 if solo else 5)
    out, seen = [], set()
    for i, raw in enumerate(items):
        path = jsonin.join("players", i)
        p = jsonin.obj(raw, path, ["name"], ["crew", "start"])
        name = jsonin.string(p["name"], jsonin.join(path, "name")).strip()
        if name == GUARDS or name in seen:
            raise InputError(jsonin.join(path, "name"), T("is reserved") if name == GUARDS else T("is used twice"))
        seen.add(name)
        crew = jsonin.string(p["crew"], jsonin.join(path, "crew")) if p.get("crew") is not None else None
        out.append({"name": name, "crew": crew, **_start_values(p.get("start"), path, advanced)})
    return out


def _start_values(value: Any, path: str, advanced: bool) -> dict:
    """Side A values (L-S7) or the side-B values the table enters (L-S10)."""
    base = {"reputation": 10, "power": 1, "suspicion": 0, "storage_limit": 5, "resources": {}}
    if value is None:
        if advanced:
            raise InputError(jsonin.join(path, "start"), T("is required in advanced mode (L-S10)"))
        return base
    spath = jsonin.join(path, "start")
    doc = jsonin.obj(value, spath, ["power", "suspicion", "storage_limit"], ["resources"])
    res_path = jsonin.join(spath, "resources")
    res_doc = jsonin.obj(doc.get("resources", {}), res_path, optional=("scrap", "iron", "potion", "gold"))
    return {
        "reputation": 0,  # L-S10: advanced reputation starts at 0
        "power": jsonin.integer(doc["power"], jsonin.join(spath, "power")),
        "suspicion": jsonin.integer(doc["suspicion"], jsonin.join(spath, "suspicion")),
        "storage_limit": jsonin.integer(doc["storage_limit"], jsonin.join(spath, "storage_limit")),
        "resources": {r: jsonin.integer(n, jsonin.join(res_path, r)) for r, n in res_doc.items() if n},
    }


def _guards(doc: dict) -> dict:
    """The guards' board (L-SO1): 1 power, reputation 10 (advanced solo: 20), no storage limit."""
    advanced = jsonin.boolean(doc.get("advanced", False), "advanced")
    return {"name": GUARDS, "crew": None, "reputation": 20 if advanced else 10, "power": 1, "suspicion": 0,
            "storage_limit": None, "resources": {}}


def _crew_tiles(value: Any, count: int) -> tuple:
    """The 6 crew tiles of each player (L-C4): lookout, enforcer and 4 numbered; 5 players drop the "2"."""
    given = jsonin.array(value, "crew_tiles", 4, 4)
    numbers = [jsonin.integer(n, jsonin.join("crew_tiles", i)) for i, n in enumerate(given)]
    if count == 5:
        if 2 not in numbers:
            raise InputError("crew_tiles", T("must contain the tile printed 2 (removed with 5 players, L-C4)"))
        numbers.remove(2)
    return ("lookout", "enforcer", *numbers)


def _display(value: Any, count: int) -> list:
    size = count + 1  # L-C6
    found = Problems()
    cards = jsonin.array(value, "display", size, size)
    items = [found.check(parse_item, v, jsonin.join("display", i)) for i, v in enumerate(cards)]
    found.raise_any()
    return items


def _goons(value: Any) -> dict:
    doc = jsonin.obj(value, "goons", GOON_LOCATIONS)  # L-S4: five goons, slots 2-6
    found = Problems()
    goons = {loc: found.check(parse_goon, doc[loc], jsonin.join("goons", loc)) for loc in GOON_LOCATIONS}
    found.raise_any()
    return goons


def _goals(value: Any, solo: bool) -> dict:
    doc = jsonin.obj(value, "goals", ["leader", "end_game"], ["instant"])
    instant = doc.get("instant")
    found = Problems()
    if solo and instant is not None:
        found.add("goals.instant", T("must be null in solo (L-SO1)"))
    if not solo and instant is None:
        found.add("goals.instant", T("is required (L-S8)"))

    def goal(slot: str):
        face = found.check(parse_goal, doc[slot], f"goals.{slot}", slot)
        return None if face is None else card_doc(face)

    goals = {"leader": goal("leader"), "instant": None if instant is None or solo else goal("instant"),
             "end_game": goal("end_game")}
    found.raise_any()
    return goals


def _choice_rewards_confirmed(doc: Mapping[str, Any]) -> dict:
    """``confirm_choice_rewards`` for a game begun before a choice reward's own prompt was where its
    seat declines (its log holds a ``collect`` there); left out otherwise, so a new game's
    ``game-started`` reads as before."""
    on = jsonin.boolean(doc.get("confirm_choice_rewards", False), "confirm_choice_rewards")
    return {"confirm_choice_rewards": True} if on else {}


def _options(value: Any) -> dict:
    """The table options: I-1 "pass rewards down", I-2 "second tiers as in the Spanish rulebook",
    I-4 and I-12 "as printed" (a 0 can rank), I-19 "leader goal above the minimum" (Polish rulebook),
    L-LO6 "ask before collecting a fixed reward"."""
    doc = jsonin.obj(value, "options", optional=TABLE_OPTIONS)
    return {key: jsonin.boolean(doc.get(key, False), f"options.{key}") for key in TABLE_OPTIONS}


def _check_supply(people: list[dict], goons: dict) -> None:
    """Starting cubes come from the finite supply (L-C3, L-S5)."""
    need = {"power": sum(p["power"] for p in people), "suspicion": sum(p["suspicion"] for p in people)}
    need["suspicion"] += sum(g.suspicion for g in goons.values())
    for p in people:
        for r, n in p["resources"].items():
            need[r] = need.get(r, 0) + n
    for cube, n in need.items():
        if n > SUPPLY[cube]:
            raise InputError("players", T("the starting %(cube)s (%(n)s) exceeds the supply of %(supply)s (L-C3)",
                                          cube=cube, n=n, supply=SUPPLY[cube]))


def setup_as_played(setup: Mapping[str, Any], first_type: str, first_version: int) -> Mapping[str, Any]:
    """The set-up of a recorded game as it was played: a game begun by an app that asked the table to
    confirm every location (``game-started`` version 1) goes on doing so, and one begun before a fixed
    reward was collected by itself (before version 4) goes on asking (``ask_fixed_rewards``)."""
    if first_type != GameStarted.type:
        return setup
    if first_version < 2:
        setup = {**setup, "confirm_each_location": True}
    if first_version < 3:  # a seat with a choice reward was asked to collect it first
        setup = {**setup, "confirm_choice_rewards": True}
    if first_version < 4:  # every seat with a fixed reward was asked to collect or decline it (L-LO6)
        setup = {**setup, "options": {**(setup.get("options") or {}), "ask_fixed_rewards": True}}
    return setup
