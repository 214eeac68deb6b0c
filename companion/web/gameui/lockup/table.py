"""Table tools available at any time until the game is over: manual adjustments with a reason
(tome effects, trait bonuses, corrections) and claiming the instant goal (L-GL2)."""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.games.lockup.commands import QUANTITIES
from companion.games.lockup.model import GUARDS
from companion.web.gameui.lockup import forms, words


@words.per_language
def _quantities() -> dict:
    return {"reputation": _("reputation"), "tomes": _("tomes"), "storage_limit": _("storage limit")}


def _quantity(q: str) -> str:
    return _quantities().get(q) or words.cube(q)


def tools(core) -> dict:
    """What the tools form offers: seats, quantities, and the instant goal if still unclaimed."""
    instant = core.goals.get("instant")
    return {"seats": [{"id": n, "label": words.seat(n)} for n in core.seating],
            "quantities": [{"id": q, "label": _quantity(q)} for q in QUANTITIES],
            "instant": instant.name if instant is not None and core.instant_holder is None else None,
            "players": [n for n in core.seating if n != GUARDS], "over": core.phase == "over"}


def _seat(form: Mapping, core) -> str:
    seat = forms.text(form, "seat")
    if seat not in core.seats:
        raise InputError("seat", _("choose a seat of this game"))
    return seat


def parse_adjust(form: Mapping, core) -> tuple[dict, list]:
    """A signed change of one quantity with the reason the table agreed on."""
    seat = _seat(form, core)
    quantity = forms.choice(form, "quantity", "quantity", QUANTITIES)
    delta = forms.number(form, "delta", "delta", blank=None, signed=True)
    if delta == 0:
        raise InputError("delta", _("must not be 0"))
    reason = forms.text(form, "reason")
    if not reason:
        raise InputError("reason", _("say why (a tome, a trait, a correction)"))
    return {"type": "adjust", "seat": seat, "quantity": quantity, "delta": delta, "reason": reason}, []


def parse_claim(form: Mapping, core) -> tuple[dict, list]:
    """The first to meet the instant goal takes it (L-GL2)."""
    return {"type": "claim_instant", "seat": _seat(form, core)}, []


PARSERS = {"adjust": parse_adjust, "claim-instant": parse_claim}
