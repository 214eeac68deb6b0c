"""Patrol on the table phone (L-P1..L-P5) and the fixed end-game goal (L-GL3).

Discards over the storage limit, the new display items and goons as they are revealed (entered
the first time, picked from the catalog afterwards). Raids are automatic; the panel's "what just
happened" lists who lost what.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.core.problems import Problems
from companion.games.lockup.patrol import goon_slots_after_advance
from companion.web.gameui.lockup import entry, forms, words
from companion.web.gameui.lockup.asks import Choice, DiscardAsk, EndGoalAsk, RefillGoonsAsk, RefillItemsAsk


def ask_discard(core, waiting) -> DiscardAsk:
    """A seat over its storage limit discards down to it (L-P1)."""
    seat = waiting.seat
    me = core.seats[seat]
    excess = waiting.detail["excess"][seat]
    kinds = [r for r, n in me.resources.items() if n]
    # One kind of resource held: what to discard is no choice, so the page posts it (issue 23).
    forced = {kinds[0]: excess} if len(kinds) == 1 else None
    return DiscardAsk(seat, excess, me.storage_limit, dict(me.resources), forced)


def ask_refill_items(core, waiting) -> RefillItemsAsk:
    """The table enters the items drawn for the empty display slots (L-P2) and, in the same form,
    the goons for the slots the goons leave empty as they advance (L-P3): one submit (issue 23)."""
    goons = [Choice(loc, words.location(loc)) for loc in goon_slots_after_advance(core)]
    return RefillItemsAsk(tuple(waiting.detail["slots"]), tuple(entry.names_in_deck("item", core)),
                          tuple(goons), tuple(entry.names_in_deck("goon", core)))


def ask_refill_goons(core, waiting) -> RefillGoonsAsk:
    """The table enters the goons drawn for the empty goon slots (L-P3)."""
    return RefillGoonsAsk(tuple(Choice(loc, words.location(loc)) for loc in waiting.detail["slots"]),
                          tuple(entry.names_in_deck("goon", core)))


def ask_end_goal(core, waiting) -> EndGoalAsk:
    """Who meets the fixed end-game goal (L-GL3)."""
    goal = core.goals.get("end_game")
    return EndGoalAsk(goal.name if goal else "", goal.stars if goal else 0, tuple(core.seating))


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
    """New display items, one per empty slot; a blank name means the deck ran out (ruling, L-P2).
    A card already on the table needs its "second copy" box ticked (L-C5). The form drawn with
    the goons too (``with_goons``) enters them in the same command (L-P3, issue 23)."""
    empty = [i for i, it in enumerate(core.display) if it is None]
    found = Problems()
    faces, copies = found.check(entry.read_cards, form, core, "item",
                                [(f"item{n}-", f"items[{n}]") for n in range(len(empty))], default=([], []))
    items = [face for _path, face in faces]
    command, entered = {"type": "refill_items", "items": items}, [("item", face) for face in items]
    if forms.text(form, "with_goons"):
        slots = [(f"goon-{loc}-", f"goons.{loc}") for loc in goon_slots_after_advance(core)]
        goon_faces, more = found.check(entry.read_cards, form, core, "goon", slots, default=([], []))
        command["goons"] = {path.removeprefix("goons."): face for path, face in goon_faces}
        entered += [("goon", face) for face in command["goons"].values()]
        copies = [*copies, *more]
    found.raise_any()
    return _with_copies(command, copies), entered


def parse_refill_goons(form: Mapping, core) -> tuple[dict, list]:
    """New goons for the empty slots; a blank name means the deck ran out (ruling, L-P3)."""
    slots = [(f"goon-{loc}-", f"goons.{loc}") for loc, goon in core.goons.items() if goon is None]
    faces, copies = entry.read_cards(form, core, "goon", slots)
    goons = {path.removeprefix("goons."): face for path, face in faces}
    return _with_copies({"type": "refill_goons", "goons": goons}, copies), [("goon", f) for f in goons.values()]


def _with_copies(command: dict, copies: list[str]) -> dict:
    """The command with ``copies`` only when the table ticked one (stored commands stay as they were)."""
    return {**command, "copies": copies} if copies else command


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
