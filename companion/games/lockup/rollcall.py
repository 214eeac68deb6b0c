"""Roll Call (L-RC1..L-RC7), advanced trait picks (L-S10) and the solo guards' turns (L-SO4, L-SO5,
I-7, I-8).

Turn order is kept in ``State.turn`` by ``evolve`` (clockwise, skipping seats that passed); in
solo the two seats alternate from the first-player holder. ``step`` does what happens without a
choice (a forced pass, the end of the phase) or says what the phase waits for.
"""

from __future__ import annotations

from companion.core.errors import InputError, RuleViolation
from companion.core.i18n import T
from companion.games.lockup import commands as cmd
from companion.games.lockup import events as E
from companion.games.lockup.cards import card_doc
from companion.games.lockup.effects import apply_effect
from companion.games.lockup.flow import Batch, Pending
from companion.games.lockup.hidden import unshown
from companion.games.lockup.model import GUARDS, LOCATIONS
from companion.games.lockup.state import held, in_hand

ROLL_CALL_LOCATIONS = LOCATIONS[:7]  # every location but the Library (L-RC5)


def step(b: Batch) -> Pending | None:
    """Advance Roll Call without a choice, or return what it waits for."""
    s = b.state
    if s.phase == "traits":
        return Pending("trait", s.trait_order[0])
    if not s.dealt:
        return Pending("guards-deal", GUARDS)
    if s.mode == "solo":
        player = s.seating[0]
        me = s.seats[player]
        if me.passed or not held(me):  # L-SO5, I-7: the phase ends at once
            b.add(E.LightsOutBegan(s.round))
            return None
    if s.turn is None:  # L-RC1: everyone has passed
        b.add(E.LightsOutBegan(s.round))
        return None
    if s.turn == GUARDS:
        return Pending("guard-turn", GUARDS)
    me = s.seats[s.turn]
    if not held(me):  # L-RC7: no tiles left -> must pass
        b.add(E.Passed(s.turn, True))
        return None
    # Public facts only (I-16): the tiles not yet shown face up, how many are held, the L-RC6 room.
    return Pending("roll-call", s.turn, detail={"tiles": unshown(s, s.turn), "held": held(me),
                                                "face_down_left": s.face_down_limit - me.face_down_used})


def decide_assign(b: Batch, command: cmd.Assign) -> None:
    """Assign tiles to one location (L-RC2..L-RC6); face-down tiles may come without a value (I-16)."""
    s, seat, location = b.state, command.seat, command.location
    me = s.seats[seat]
    if location == "library":
        raise RuleViolation(T("Tiles can't be assigned to the Library"), "L-RC5")
    if location in me.visited:
        raise RuleViolation(T("%(seat)s already assigned tiles to the %(name)s this round",
                              seat=seat, name=_name(location)), "L-RC3")
    tiles = command.tiles
    if not tiles:
        raise RuleViolation(T("Assign at least one tile"), "L-RC2")
    unknown = [i for i, t in enumerate(tiles) if t.tile is None]
    if unknown and s.mode == "solo":  # the solo player's device is their own: values are typed
        raise InputError(f"tiles[{unknown[0]}].tile", T("name the face-down tile (in solo it is recorded at once)"))
    rest = list(in_hand(me))
    for t in tiles:
        if t.tile is None:
            continue
        if t.tile not in rest:
            raise RuleViolation(T("%(seat)s's %(tile)s tile is not in the holding cell",
                                  seat=seat, tile=_tile(t.tile)), "L-RC2")
        rest.remove(t.tile)
    if len(rest) < me.unknown_down + len(unknown):  # the unknown face-down tiles come from what is left
        raise RuleViolation(T("%(seat)s has only %(held)s tile(s) in the holding cell",
                              seat=seat, held=held(me)), "L-RC2")
    down = sum(1 for t in tiles if not t.face_up)
    if me.face_down_used + down > s.face_down_limit:
        raise RuleViolation(T("At most %(face_down_limit)s tiles may be assigned face down each round",
                              face_down_limit=s.face_down_limit), "L-RC6")
    b.add(E.TilesAssigned(seat, location, tuple(t.doc() for t in tiles)))


def decide_pass(b: Batch, command: cmd.Pass) -> None:
    """Pass for the rest of Roll Call (L-RC7)."""
    b.add(E.Passed(command.seat, False))


def decide_trait(b: Batch, command: cmd.PickTrait) -> None:
    """Advanced setup: keep a trait (L-S10); cube benefits are entered as adjustments afterwards.

    A goon taken as the starting benefit (``goon``: its face) gives its treasures and effect at once.
    """
    goon = command.goon
    b.add(E.TraitPicked(command.seat, command.trait, None if goon is None else card_doc(goon)))
    if goon is not None:
        apply_effect(b, command.seat, goon.effect, goon.effect_resource, goon.name)


def decide_deal(b: Batch, command: cmd.DealGuards) -> None:
    """Solo: deal one guard card face down on locations 1-7 (L-SO4)."""
    seen = set()
    for card in command.cards:
        _check_guard_location(card.location, "L-SO4")
        if card.location in seen:
            raise RuleViolation(T("Deal one guard card on each location"), "L-SO4")
        seen.add(card.location)
    b.add(E.GuardCardsDealt(tuple(card.doc() for card in command.cards)))


def decide_guard_turn(b: Batch, command: cmd.GuardTurn) -> None:
    """Solo guard turn (L-SO5, I-8): reveal a face-down guard card and/or place one face up."""
    reveal, place = command.reveal, command.place
    if reveal is not None:
        here = b.state.placements[reveal.location]
        i = reveal.index
        if not (0 <= i < len(here)) or here[i].seat != GUARDS or here[i].face_up:
            raise RuleViolation(T("Reveal a face-down guard card"), "L-SO5")
    elif any(p.seat == GUARDS and not p.face_up for loc in LOCATIONS for p in b.state.placements[loc]):
        raise RuleViolation(T("The guard turn starts by revealing a face-down guard card"), "L-SO5")
    if place is not None:
        _check_guard_location(place.location, "L-SO5")
    b.add(E.GuardTurnTaken(reveal and reveal.doc(), place and place.doc(), command.done))


def _check_guard_location(location: str, rule: str) -> None:
    if location == "library":
        raise RuleViolation(T("Guard cards are never dealt to the Library"), rule)


def _name(location: str) -> str:
    return location.replace("_", " ").title()


def _tile(tile: object) -> str:
    return str(tile)
