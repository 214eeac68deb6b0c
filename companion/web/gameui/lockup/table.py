"""Table tools available at any time until the game is over: manual adjustments with a reason
(tome effects, trait bonuses, corrections), claiming the instant goal (L-GL2), and a player
turning on the table option that asks before a fixed reward is collected (L-LO6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.core.errors import InputError
from companion.games.lockup.commands import QUANTITIES
from companion.games.lockup.model import GUARDS
from companion.web.catalog import gettext as _
from companion.web.gameui.lockup import forms, words


@words.per_language
def _quantities() -> dict:
    return {"reputation": _("reputation"), "tomes": _("tomes"), "storage_limit": _("storage limit")}


def _quantity(q: str) -> str:
    return _quantities().get(q) or words.cube(q)


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a select: the value posted and its words."""

    id: str  # a seat or quantity id: what the form posts
    label: str  # what the select shows


@dataclass(frozen=True, slots=True)
class Tools:
    """What the tools form offers: seats, quantities, and the instant goal if still unclaimed."""

    seats: tuple[Choice, ...]  # whose count changes (the guards' too)
    quantities: tuple[Choice, ...]
    instant: str | None  # the instant goal while nobody holds it (L-GL2)
    players: tuple[str, ...]  # who may claim it, or turn asking on
    over: bool  # no tools once the game is over
    asking: bool  # the table option that asks before a fixed reward is collected is on (L-LO6)


def tools(core) -> Tools:
    """The tools of the game as it is now (:class:`Tools`)."""
    instant = core.goals.get("instant")
    return Tools(seats=tuple(Choice(n, words.seat(n)) for n in core.seating),
                 quantities=tuple(Choice(q, _quantity(q)) for q in QUANTITIES),
                 instant=instant.name if instant is not None and core.instant_holder is None else None,
                 players=tuple(n for n in core.seating if n != GUARDS), over=core.phase == "over",
                 asking=bool(core.options.get("ask_fixed_rewards")))


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


def parse_ask(form: Mapping, core) -> tuple[dict, list]:
    """A player turns on asking before a fixed reward is collected (L-LO6)."""
    return {"type": "ask_fixed_rewards", "seat": _seat(form, core)}, []


PARSERS = {"adjust": parse_adjust, "claim-instant": parse_claim, "ask-fixed-rewards": parse_ask}
