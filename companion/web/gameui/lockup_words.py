"""Translated words for Lockup's fixed vocabulary and for the box-profile and catalog form fields.

The pure model names things by code (``gold``, ``L-E1``, ``guard_cards.blue[3]``); the pages show
these names in the reader's language. Built per request, since the language is per device.
"""

from __future__ import annotations

import re

from flask_babel import gettext as _

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
        "file": _("File or text"), "input": _("Document"),
    }


def field_id(field: str) -> str:
    """An HTML id for a form field (paths hold ``.[]``, which ids and CSS selectors dislike)."""
    return "f-" + re.sub(r"[^A-Za-z0-9_-]+", "-", field).strip("-")
