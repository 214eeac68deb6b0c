"""Roll Call on the table phone: the current seat's tiles, assignments, passing (L-RC, I-16),
advanced trait picks (L-S10) and, in solo, the guards' one-tap turn (L-SO5) and the tome Atlas of
Hideouts revealing a face-down guard (L-SO6).

``ask_*`` build what the panel asks; ``parse_*`` turn a posted form into an engine command
(``InputError`` names the field). The engine decides whether the move is legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.errors import InputError
from companion.games.lockup.commands import MAX_FACE_DOWN, Collect
from companion.games.lockup.model import GUARDS, LOCATIONS
from companion.games.lockup.state import held, in_hand
from companion.web.catalog import gettext as _
from companion.web.gameui.lockup import cards, forms, words
from companion.web.gameui.lockup.asks import Choice, GuardTurnAsk, Place, RollCallAsk, Tile, TraitAsk

ROLL_CALL_LOCATIONS = LOCATIONS[:7]  # L-RC5: never the Library


def ask_roll_call(core, waiting) -> RollCallAsk:
    """The seat whose turn it is, and where it may still assign (L-RC2..L-RC6).

    With players (a shared device, I-16) the face-up tiles are tapped by name from those not yet
    shown face up (public) and face-down tiles are only counted; their values are named in Lights
    Out. In solo (the player's own device) the holding cell is listed and face-down tiles ticked."""
    me = core.seats[waiting.seat]
    left = core.face_down_limit - me.face_down_used
    solo = core.mode == "solo"
    # The seat's own phone (its holding cell is in this view, not a count): it names its face-down
    # tiles now, so Lights Out asks nothing of it; the shared device keeps counting them (I-16).
    own = solo or (held(me) > 0 and None not in me.holding)
    tiles = sorted(in_hand(me) if own else waiting.detail["tiles"], key=printed_order)
    free = [loc for loc in ROLL_CALL_LOCATIONS if loc not in me.visited]
    return RollCallAsk(
        seat=waiting.seat, solo=solo, own=own,
        tiles=tuple(Tile(str(t), words.tile(t), i) for i, t in enumerate(tiles)),
        held=held(me), face_down_left=left, face_down_max=min(left, held(me)), face_down_limit=core.face_down_limit,
        all_count=_all_count(me, waiting, own),
        locations=tuple(Place(loc, words.location(loc), loc in me.visited) for loc in ROLL_CALL_LOCATIONS),
        only_location=free[0] if len(free) == 1 else None,  # the only legal choice: its button alone
        pass_undoable=_others_still_in(core, waiting.seat))


def _others_still_in(core, seat: str) -> bool:
    """Whether another player is still in Roll Call, so that this seat's pass leaves it going and
    reveals nothing: Undo can take it back (solo: the pass ends Roll Call, I-7)."""
    return any(not s.passed and held(s) > 0 for n, s in core.seats.items() if n not in (seat, GUARDS))


def _all_count(me, waiting, own: bool) -> int:
    """How many tiles "All the tiles" would assign: only when every tile still held is known, i.e.
    none lies face down without a value: on the seat's own device (solo, or its phone, which
    names its face-down tiles), or when the tiles not shown face up are exactly those held."""
    if own and not me.unknown_down:
        return held(me)
    return held(me) if len(waiting.detail.get("tiles", ())) == held(me) else 0


def printed_order(tile) -> tuple:
    """The crew's printed order (lookout, enforcer, then the numbers), the same every round."""
    return {"lookout": (0, 0), "enforcer": (1, 0)}.get(tile, (2, tile if isinstance(tile, int) else 0))


def ask_trait(core, waiting) -> TraitAsk:
    """Advanced setup: the seat keeps one of its two trait cards (L-S10)."""
    return TraitAsk(waiting.seat, tuple(cards.catalog_names("trait")))


def ask_guard_turn(core, waiting) -> GuardTurnAsk:
    """Solo: the player picks which face-down guard card to turn (L-SO5)."""
    reveal = waiting.detail.get("reveal", [])
    return GuardTurnAsk(waiting.seat, tuple(Choice(loc, words.location(loc)) for loc in reveal))


def atlas_offer(core) -> dict | None:
    """Solo Roll Call: the face-down guards Atlas of Hideouts may reveal (L-SO6), while the player
    holds a tome and has not passed; ``None`` when there is nothing to offer. ``core`` is a view:
    it tells where guards lie face down, never their values."""
    if core.mode != "solo" or core.phase != "roll_call":
        return None
    me = core.seats[core.seating[0]]  # the solo player (the guards sit second)
    hidden = [loc for loc in ROLL_CALL_LOCATIONS
              if any(p.seat == GUARDS and not p.face_up for p in core.placements.get(loc, ()))]
    if me.passed or me.tomes < 1 or not hidden:
        return None
    return {"tomes": me.tomes, "locations": [{"id": loc, "label": words.location(loc)} for loc in hidden]}


def _seat(form: Mapping, core) -> str:
    seat = forms.text(form, "seat")
    if seat not in core.seats:
        raise InputError("seat", _("is not a seat of this game"))
    return seat


def _tile_value(raw: str) -> int | str:
    if raw in ("lookout", "enforcer"):
        return raw
    try:
        return int(raw)
    except ValueError:
        raise InputError("tiles", _("is not one of the choices")) from None


def parse_assign(form: Mapping, core) -> tuple[dict, list]:
    """Tapped tiles (on the seat's own phone some face down), a count of face-down tiles without
    their values (with players, I-16) and the location whose button posted the form -> ``assign``.
    A tile ticked "face down" is assigned face down whether or not its own box is ticked too: one
    tap on its "face down" box picks it face down, with or without JavaScript (issue 23)."""
    seat = _seat(form, core)
    if forms.text(form, "all"):
        return _assign_all(form, core, seat)
    chosen = [_tile_value(v) for v in form.getlist("tile")]
    down = [_tile_value(v) for v in form.getlist("down")]
    unknown = forms.number(form, "face_down", "face down")
    if unknown > MAX_FACE_DOWN:
        raise InputError("face down", _("is more than the face-down tiles allowed (L-RC6)"))
    if not chosen and not down and not unknown:
        raise InputError("tiles", _("tap at least one tile from the holding cell"))
    location = forms.choice(form, "location", "location", LOCATIONS)
    tiles, extra = _faces(chosen, down)
    tiles += [{"tile": value, "face_up": False} for value in extra]  # ticked face down only: picked too
    tiles += [{"tile": None, "face_up": False}] * unknown
    _check_face_down(tiles, core.seats[seat], core.face_down_limit)
    return {"type": "assign", "seat": seat, "location": location, "tiles": tiles}, []


def _check_face_down(tiles: list[dict], me, limit: int) -> None:
    """L-RC6 as a refusal naming the field: a page without JavaScript (or a stale one) may tick
    more "face down" boxes than the round still allows; the engine would refuse it too, but
    without saying which field to change."""
    down = sum(not t["face_up"] for t in tiles)
    left = limit - me.face_down_used
    if down > left:
        raise InputError("face down", _("%(n)s ticked, but only %(left)s of this round’s %(max)s may still go "
                                        "face down (L-RC6)", n=down, left=max(left, 0), max=limit))


def _faces(chosen: list, down: list) -> tuple[list[dict], list]:
    """The tiles picked, face down where ticked so, and the "face down" ticks left over. A printed
    number may appear twice: each tick counts once."""
    down = list(down)
    tiles = []
    for value in chosen:
        face_down = value in down
        if face_down:
            down.remove(value)
        tiles.append({"tile": value, "face_up": not face_down})
    return tiles, down


def _assign_all(form: Mapping, core, seat: str) -> tuple[dict, list]:
    """"All the tiles": every tile left in the holding cell, face up unless ticked face down (solo)."""
    me = core.seats[seat]
    if me.unknown_down:
        raise InputError("tiles", _("some of your tiles are face down without a value: tap the tiles instead"))
    if forms.number(form, "face_down", "face down"):
        raise InputError("face down", _("“All the tiles” shows every tile: leave the count blank or tap the tiles"))
    tiles, _extra = _faces(list(in_hand(me)), [_tile_value(v) for v in form.getlist("down")])
    _check_face_down(tiles, me, core.face_down_limit)
    location = forms.choice(form, "location", "location", LOCATIONS)
    return {"type": "assign", "seat": seat, "location": location, "tiles": tiles}, []


def parse_pass(form: Mapping, core) -> tuple[dict, list]:
    """Pass for the rest of Roll Call (L-RC7)."""
    return {"type": "pass", "seat": _seat(form, core)}, []


def parse_trait(form: Mapping, core) -> tuple[dict, list]:
    """The trait card kept (L-S10); its benefit is entered with adjustments."""
    trait = forms.text(form, "trait")
    if not trait:
        raise InputError("trait", _("is required"))
    return {"type": "pick_trait", "seat": _seat(form, core), "trait": trait}, [("trait", {"name": trait})]


def parse_reveal_guard(form: Mapping, core) -> tuple[dict, list]:
    """Solo guard turn: which face-down guard card the player turns (L-SO5)."""
    location = forms.choice(form, "location", "location", ROLL_CALL_LOCATIONS)
    return {"type": "reveal_guard", "location": location}, []


def parse_atlas(form: Mapping, core) -> tuple[dict, list]:
    """Solo: play Atlas of Hideouts on the face-down guard at a location (L-SO6); the automaton
    checks the tome, the phase and that the guard there is face down."""
    if core.mode != "solo":
        raise InputError("action", _("Atlas of Hideouts reveals a guard card only in a solo game (L-SO6)"))
    location = forms.choice(form, "location", "location", ROLL_CALL_LOCATIONS)
    return {"type": "atlas_reveal", "location": location}, []


PARSERS = {"assign": parse_assign, "pass": parse_pass, "trait": parse_trait, "reveal-guard": parse_reveal_guard,
           "atlas": parse_atlas}
ASKS = {"roll-call": ask_roll_call, "trait": ask_trait, "guard-turn": ask_guard_turn}


# --- seats (issue 12): who a command acts for, the seats a phone may take, what reveals ----------

_REVEALING = ("tiles-revealed", "guard-card-revealed")  # values named to / turned face up for the table


def acting_seat(command: Any):
    """The seat a Lockup command (a dataclass) acts for: its ``seat`` (the guards' automaton and the
    table's steps act for nobody); confirming rewards while naming who declines acts for those seats."""
    if isinstance(command, Collect) and command.declined:
        return tuple(command.declined)
    seat = getattr(command, "seat", None)
    return seat if isinstance(seat, str) and seat != GUARDS else None


def seats_of(state) -> tuple[str, ...]:
    """The players' seats (never the guards' automaton)."""
    core = state if not hasattr(state, "game") else state.game
    return tuple(n for n in core.seating if n != GUARDS)


def reveals(before, record) -> bool:
    """Whether a recorded event showed the table something hidden: tile values named in Lights
    Out, a guard card turned face up, or a location revealed while it held anything face down."""
    if record.type in _REVEALING:
        return True
    if record.type == "guard-turn-taken":
        return bool(record.payload.get("reveal"))
    if record.type == "location-revealed":
        core = before if not hasattr(before, "game") else before.game
        return any(not p.face_up for p in core.placements.get(record.payload["location"], ()))
    return False
