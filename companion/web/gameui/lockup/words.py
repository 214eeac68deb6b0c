"""Translated names of the things Lockup pages talk about (locations, cubes, tiles, tiers), and the
words of the box-profile and catalog form fields.

Functions, not constants: the words are looked up at request time, in the viewer's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import has_request_context

from companion.games.lockup.model import EFFECTS, GOON_TYPES, GUARDS, RESOURCES, TREASURES
from companion.web import catalog
from companion.web.catalog import gettext as _
from companion.web.catalog import ngettext


def per_language(build: Callable[[], dict]) -> Callable[[], dict]:
    """``build()`` (a table of translated words) once per catalog, not once per word shown: a
    panel names locations, cubes and effects hundreds of times."""
    made: dict[int, tuple] = {}

    def table() -> dict:
        found = catalog.held()  # during a render, without asking for the request again
        if found is None:
            if not has_request_context():
                return build()
            found = catalog.translations()
        got = made.get(id(found))
        if got is None or got[0] is not found:
            got = made[id(found)] = (found, build())
        return got[1]

    return table


@per_language
def _locations() -> dict:
    return {
        "exercise_yard": _("Exercise Yard"), "sewers": _("Sewers"), "infirmary": _("Infirmary"),
        "smithy": _("Smithy"), "commissary": _("Commissary"), "chow_hall": _("Chow Hall"),
        "cell_block": _("Cell Block"), "library": _("Library"),
    }


def location(name: str | None) -> str:
    """A location's printed name (L-C1)."""
    return _locations().get(name or "", name or "")


def plain(message: str) -> str:
    """A rendered core message in the words of the table: a location id (``chow_hall``) as its
    printed name, a guard card id (``red-5``) as "a red guard card" (its value follows it)."""
    message = _LOCATION_ID.sub(lambda m: location(m.group(0).replace(" ", "_")), message)
    return _GUARD_CARD.sub(lambda m: _("a %(colour)s guard card", colour=_colour(m.group(1))), message)


def _colour(name: str) -> str:
    return {"blue": _("blue"), "green": _("green"), "yellow": _("yellow"), "red": _("red")}.get(name, name)


_GUARD_CARD = re.compile(r"\b(blue|green|yellow|red)-\d+\b")


# A location id (``chow_hall``) or the core's lower-case English term ("chow hall", in the guards'
# sentences): both shown as the printed name ("Chow Hall"), as every other sentence names it.
_LOCATION_ID = re.compile(
    r"\b(?:exercise[_ ]yard|sewers|infirmary|smithy|commissary|chow[_ ]hall|cell[_ ]block|library)\b")


@per_language
def _cubes() -> dict:
    return {"scrap": _("scrap"), "iron": _("iron"), "potion": _("potion"), "gold": _("gold"),
            "power": _("power"), "suspicion": _("suspicion"), "any": _("any resource")}


def cube(name: str) -> str:
    """A cube type (L-C3)."""
    return _cubes().get(name, name)


def counted(name: str, n: int) -> str:
    """``n`` cubes of one type with the plural form the language needs (Polish has three)."""
    forms = {
        "scrap": lambda: ngettext("%(num)s scrap", "%(num)s scrap", n),
        "iron": lambda: ngettext("%(num)s iron", "%(num)s iron", n),
        "potion": lambda: ngettext("%(num)s potion", "%(num)s potion", n),
        "gold": lambda: ngettext("%(num)s gold", "%(num)s gold", n),
        "power": lambda: ngettext("%(num)s power", "%(num)s power", n),
        "suspicion": lambda: ngettext("%(num)s suspicion", "%(num)s suspicion", n),
        "any": lambda: ngettext("%(num)s resource of any type", "%(num)s resources of any type", n),
    }
    form = forms.get(name)
    return form() if form else f"{n} {cube(name)}"


def cubes(amounts: dict) -> str:
    """``{"scrap": 2, "gold": 1}`` as ``2 scrap, 1 gold`` (nothing: an em dash)."""
    said = _cubes_said()
    key = tuple(amounts.items())
    found = said.get(key)
    if found is None:
        parts = [counted(c, n) for c, n in key if n]
        found = ", ".join(parts) if parts else "—"
        if len(said) >= 4096:  # a bound: the amounts a table meets are few, but never trust that
            said.clear()
        said[key] = found
    return found


@per_language
def _cubes_said() -> dict:
    # Amounts already said in this language (a panel says a dozen of them, mostly the same each step).
    return {}


def tile(value: object) -> str:
    """A crew tile or guard card value; ``None`` is a face-down tile the viewer may not see."""
    if value is None:
        return _("face down")
    if value == "lookout":
        return _("lookout")
    if value == "enforcer":
        return _("enforcer")
    if value == "power":
        return _("power card")
    return str(value)


def seat(name: str | None) -> str:
    """A seat's display name (the solo automaton is "the guards")."""
    if name == GUARDS:
        return _("the guards")
    return name or "—"


def tier(name: str | None) -> str:
    """A reward tier as a heading (L-R): "Second place", "Every other place"; ``None``: "No reward"."""
    names = {"first": _("First place"), "second": _("Second place"), "third": _("Third place"),
             "last": _("Last place"), "other": _("Every other place"), "each": _("Each player")}
    return names.get(name or "", _("No reward"))


def reward_of(name: str | None) -> str:
    """A reward tier inside a sentence: "the second-place reward", "the reward for every other place"."""
    names = {"first": _("the first-place reward"), "second": _("the second-place reward"),
             "third": _("the third-place reward"), "last": _("the last-place reward"),
             "other": _("the reward for every other place"), "each": _("the reward every player takes")}
    return names.get(name or "", _("no reward"))


@per_language
def _phases() -> dict:
    return {"traits": _("Traits"), "roll_call": _("Roll Call"), "lights_out": _("Lights Out"),
            "patrol": _("Patrol"), "final": _("Final raid"), "over": _("Game over")}


def phase(name: str) -> str:
    """A phase of the round."""
    return _phases().get(name, name)


@per_language
def _effects() -> dict:
    return {
        "L-E1": _("gain a resource of the shown type"), "L-E2": _("remove 1 of your suspicion cubes"),
        "L-E3": _("give 1 of your suspicion cubes to a player"), "L-E4": _("gain 1 power"),
        "L-E5": _("draw 1 tome"), "L-E6": _("storage limit +1"),
        "L-E7": _("exchange 1 of your resources for another"), "L-E8": _("draw 2 tomes, keep 1"),
        "": _("no effect"),
    }


def effect(code: str | None) -> str:
    """An effect (L-E) as ``L-E4 gain 1 power``."""
    texts = _effects()
    if not code:
        return texts[""]
    return f"{code} {texts.get(code, EFFECTS.get(code, ''))}"


@per_language
def _treasures() -> dict:
    return {"shield": _("shield"), "gem": _("gem"), "magic": _("magic")}


def treasure(name: str) -> str:
    """A treasure icon."""
    return _treasures().get(name, name)


@per_language
def _goon_types() -> dict:
    return {"bandit": _("Bandit"), "cultist": _("Cultist"), "demon": _("Demon"), "dwarf": _("Dwarf"),
            "hobgoblin": _("Hobgoblin"), "ratfolk": _("Ratfolk"), "mindflayer": _("Mindflayer")}


def goon_type(name: str) -> str:
    """A goon type (L-G)."""
    return _goon_types().get(name, name)


def place(where: str) -> str:
    """A cube place of ``cubes-moved``: supply, ``seat:NAME`` or ``location:LOC``."""
    kind, _sep, name = where.partition(":")
    if kind == "supply":
        return _("the supply")
    return seat(name) if kind == "seat" else location(name)


def table_options(options: dict) -> str:
    """The game's table options (recorded in ``game-started``), each with on/off, e.g. for the game page."""
    return _table_options()[tuple(bool(options.get(key)) for key in _OPTIONS)]


_OPTIONS = ("pass_rewards_down", "spanish_second_tiers", "raid_zero_ranks", "majority_zero_ranks",
            "polish_leader_minimum", "ask_fixed_rewards")


@per_language
def _table_options() -> dict:
    # Every on/off combination said once per language (the game page shows one on every step).
    labels = (_("declined rewards pass down (I-1)"), _("second tiers as in the Spanish rulebook (I-2)"),
              _("raids as printed (I-4)"), _("majority goal as printed (I-12)"),
              _("leader goal above the minimum, as in the Polish rulebook (I-19)"),
              _("ask before collecting a fixed reward (L-LO6)"))
    said = {}
    for mask in range(2 ** len(_OPTIONS)):
        flags = tuple(bool(mask >> i & 1) for i in range(len(_OPTIONS)))
        said[flags] = "; ".join(_("%(option)s: on", option=label) if on else _("%(option)s: off", option=label)
                                for label, on in zip(labels, flags, strict=True))
    return said


def vocabulary() -> dict:
    """Choices the card-entry fields offer (templates ``lockup/_cards.html``)."""
    return _vocabulary()


@per_language
def _vocabulary() -> dict:
    # An effect's option is its words alone: an option takes no markup, so its rule id is by the label.
    return {"resources": [(r, cube(r)) for r in RESOURCES], "treasures": [(t, treasure(t)) for t in TREASURES],
            "goon_types": [(t, goon_type(t)) for t in GOON_TYPES], "effects": [(c, _effects()[c]) for c in EFFECTS]}


_INDEXED = re.compile(r"^(?P<base>[a-z_.]+?)(?:\.(?P<colour>blue|green|yellow|red))?\[(?P<i>\d+)\]$")


def words() -> dict[str, dict[str, str]]:
    """Display names of colours, resources, treasures, goon types, effects and goal kinds."""
    return {
        "colour": {"blue": _("Blue"), "green": _("Green"), "yellow": _("Yellow"), "red": _("Red")},
        "resource": {"scrap": _("scrap"), "iron": _("iron"), "potion": _("potion"), "gold": _("gold"),
                     "any": _("any resource")},
        "treasure": {"shield": _("shield"), "gem": _("gem"), "magic": _("magic")},
        "goon": {"bandit": _("Bandit"), "cultist": _("Cultist"), "demon": _("Demon"), "dwarf": _("Dwarf"),
                 "hobgoblin": _("Hobgoblin"), "ratfolk": _("Ratfolk"), "mindflayer": _("Mindflayer")},
        "effect": {
            "L-E1": _("gain a resource of the shown type"),
            "L-E2": _("remove 1 of your suspicion cubes to the supply"),
            "L-E3": _("give 1 of your suspicion cubes to a player of your choice"),
            "L-E4": _("gain 1 power"),
            "L-E5": _("draw 1 tome"),
            "L-E6": _("storage limit +1"),
            "L-E7": _("exchange 1 of your resources for another from the supply"),
            "L-E8": _("draw 2 tomes, keep 1, the other to the bottom of the deck"),
        },
        "goal": {"leader": _("Leader goal"), "instant": _("Instant goal"), "end_game": _("End-game goal")},
        "kind": {"item": _("Items"), "goon": _("Goons"), "goal": _("Goals"), "trait": _("Traits"),
                 "tome": _("Tomes")},
    }


def field_label(field: str) -> str:
    """The words for a form field or JSON path, e.g. ``guard_cards.blue[3]`` → "Blue guard card 4"."""
    w = words()
    match = _INDEXED.match(field)
    if match and match["base"] == "crew_tiles":
        return _("Crew tile %(n)s", n=int(match["i"]) + 1)
    if match and match["base"] == "guard_cards" and match["colour"]:
        return _("%(colour)s guard card %(n)s", colour=w["colour"][match["colour"]], n=int(match["i"]) + 1)
    head, _dot, tail = field.partition(".")
    if head == "special_guard" and tail in w["colour"]:
        return _("Special %(colour)s card", colour=w["colour"][tail].lower())
    if head == "cost" and tail in w["resource"]:
        return _("Cost in %(resource)s", resource=w["resource"][tail])
    if head == "treasures" and tail in w["treasure"]:
        return _("%(treasure)s icons", treasure=w["treasure"][tail].capitalize())
    return _simple_labels().get(field, field)


def _simple_labels() -> dict[str, str]:
    return {
        "crew_tiles": _("Crew tiles"), "name": _("Name"), "reputation": _("Reputation"), "effect": _("Effect"),
        "effect_resource": _("Resource of the effect"), "type": _("Goon type"), "suspicion": _("Suspicion icons"),
        "resource": _("Bandit's resource"), "kind": _("Goal kind"), "counts": _("Counts"),
        "minimum": _("Minimum"), "treasure": _("Majority of"), "stars": _("Stars"), "text": _("Text"),
        "file": _("File or text"), "input": _("Document"), "first_player": _("First player"), "players": _("Players"),
        "difficulty": _("Difficulty"), "mode": _("Mode"), "power": _("Power"), "storage_limit": _("Storage limit"),
    }


def field_id(field: str) -> str:
    """An HTML id for a form field (paths hold ``.[]``, which ids and CSS selectors dislike)."""
    return "f-" + re.sub(r"[^A-Za-z0-9_-]+", "-", field).strip("-")
