"""Patrol on the table phone (L-P1..L-P5) and the fixed end-game goal (L-GL3).

Discards over the storage limit, the new display items and goons as they are revealed (entered
the first time, picked from the catalog afterwards). Raids are automatic; the panel's "what just
happened" lists who lost what.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.web.gameui.lockup import cards, forms, words


def ask_discard(core, waiting) -> dict:
    """A seat over its storage limit discards down to it (L-P1)."""
    seat = waiting.seat
    me = core.seats[seat]
    excess = waiting.detail["excess"][seat]
    kinds = [r for r, n in me.resources.items() if n]
    # One kind of resource held: what to discard is no choice, so the page posts it (issue 23).
    forced = {kinds[0]: excess} if len(kinds) == 1 else None
    return {"template": "lockup/_ask_discard.html", "seat": seat, "excess": excess,
            "limit": me.storage_limit, "have": dict(me.resources), "forced": forced}


def ask_refill_items(core, waiting) -> dict:
    """The table enters the items drawn for the empty display slots (L-P2)."""
    return {"template": "lockup/_ask_refill_items.html", "slots": list(waiting.detail["slots"]),
            "names": cards.catalog_names("item")}


def ask_refill_goons(core, waiting) -> dict:
    """The table enters the goons drawn for the empty goon slots (L-P3)."""
    return {"template": "lockup/_ask_refill_goons.html",
            "slots": [{"id": loc, "label": words.location(loc)} for loc in waiting.detail["slots"]],
            "names": cards.catalog_names("goon")}


def ask_end_goal(core, waiting) -> dict:
    """Who meets the fixed end-game goal (L-GL3)."""
    goal = core.goals.get("end_game")
    return {"template": "lockup/_ask_end_goal.html", "goal": goal.name if goal else "",
            "stars": goal.stars if goal else 0, "seats": list(core.seating)}


def parse_discard(form: Mapping, core) -> tuple[dict, list]:
    """Resources discarded to the supply (L-P1)."""
    seat = forms.text(form, "seat")
    if seat not in core.seats:
        raise InputError("seat", _("is not a seat of this game"))
    resources = forms.cube_counts(form, "discard_", "resources")
    if not resources:
        raise InputError("resources", _("discard at least one resource"))
    return {"type": "discard", "seat": seat, "resources": resources}, []


def parse_refill_items(form: Mapping, core) -> tuple[dict, list]:
    """New display items, one per empty slot; a blank name means the deck ran out (ruling, L-P2)."""
    items = []
    for n, _slot in enumerate(i for i, it in enumerate(core.display) if it is None):
        prefix = f"item{n}-"
        if forms.text(form, f"{prefix}name"):
            items.append(forms.item_face(form, prefix, f"items[{n}]"))
    return {"type": "refill_items", "items": items}, [("item", face) for face in items]


def parse_refill_goons(form: Mapping, core) -> tuple[dict, list]:
    """New goons for the empty slots; a blank name means the deck ran out (ruling, L-P3)."""
    goons = {}
    for loc, goon in core.goons.items():
        if goon is None and forms.text(form, f"goon-{loc}-name"):
            goons[loc] = forms.goon_face(form, f"goon-{loc}-", f"goons.{loc}")
    return {"type": "refill_goons", "goons": goons}, [("goon", face) for face in goons.values()]


def parse_end_goal(form: Mapping, core) -> tuple[dict, list]:
    """The seats that meet the fixed end-game goal (L-GL3)."""
    seats = form.getlist("met")
    if any(s not in core.seats for s in seats):
        raise InputError("seats", _("is not a seat of this game"))
    return {"type": "end_goal", "seats": seats}, []


PARSERS = {"discard": parse_discard, "refill-items": parse_refill_items, "refill-goons": parse_refill_goons,
           "end-goal": parse_end_goal}
ASKS = {"discard": ask_discard, "refill-items": ask_refill_items, "refill-goons": ask_refill_goons,
        "end-goal": ask_end_goal}
