"""The guards act: everything the Lockup engine waits for from the seat ``"guards"`` is answered
here, each with a ``guards-decided`` event carrying a one-line reason and its rule ids.

- ``guards-deal``: gather and shuffle both decks (L-SO13), deal 7 face down (L-SO4);
- ``guard-turn``: reveal the chosen face-down guard, reveal the top location card, place the top
  guard card face up there (L-SO5, I-8);
- ``special-draw``: the special guard's reinforcement, face down (L-SO9);
- reward choices (L-SO8) and the exchange effect (L-SO10) through :mod:`decisions`.
"""

from __future__ import annotations

from companion.core.errors import RuleViolation
from companion.core.i18n import T
from companion.games.lockup import commands as cmd
from companion.games.lockup import engine, terms
from companion.games.lockup.model import GUARDS
from companion.solo_guard import decisions, decks
from companion.solo_guard import events as solo_events
from companion.solo_guard.state import SoloBatch, face_down

MAX_AUTO_STEPS = 1000  # far more than the guards ever do between two player commands


def engine_command(b: SoloBatch, command: cmd.Command) -> None:
    """Decide ``command`` with the Lockup engine and fold its events."""
    b.add(*engine.decide(b.state.game, command))


def decided(b: SoloBatch, decision: str, result: dict, reason: str) -> None:
    """Record an automatic decision and its reason (shown to the player, kept in the log)."""
    b.add(solo_events.GuardsDecided(decision, result, reason))


def advance(b: SoloBatch) -> None:
    """Answer everything the engine waits for from the guards, until it waits for the player."""
    for _ in range(MAX_AUTO_STEPS):
        p = engine.pending(b.state.game)
        if p.kind == "guards-deal":
            deal(b)
        elif p.kind == "guard-turn" and not face_down(b.state.game):
            guard_turn(b, None)  # I-8: nothing to reveal, so no choice for the player
        elif p.kind == "special-draw":
            special_draw(b, p.location)
        elif p.kind == "choice" and p.seat == GUARDS:
            choice(b, p.location, p.detail["action"])
        elif p.kind == "effect" and p.seat == GUARDS:
            effect(b, p.detail["code"])
        else:
            return
    raise RuntimeError("the guards did not come to rest")  # pragma: no cover - a bug, not a rule


def deal(b: SoloBatch) -> None:
    """Roll Call start: both decks gathered and shuffled (L-SO13), 7 guards dealt face down (L-SO4)."""
    s = b.state
    guards, locations = decks.shuffle_both(tuple(sorted(s.cards)), s.seed, s.game.round)
    b.add(solo_events.GuardDecksShuffled(s.game.round, guards, locations))
    placements, _ = decks.deal(guards)
    engine_command(b, cmd.DealGuards(tuple(_card(b, card_id, loc) for loc, card_id in placements)))


def _card(b: SoloBatch, card_id: str, location: str) -> cmd.GuardCard:
    card = b.state.cards[card_id]
    return cmd.GuardCard(location, card.value, card.id, card.special)


def guard_turn(b: SoloBatch, location: str | None) -> None:
    """One guard turn (L-SO5): the player's chosen reveal, then the location card and the placement.

    I-8: with no face-down guard the reveal is skipped; an empty guard deck places nothing; the
    turn that empties the location deck ends the guards' turns for the round.
    """
    reveal = _reveal_choice(b, location)
    card, _ = decks.draw(b.state.location_deck)
    place, reason = None, T("the location deck is empty: the guards take no more turns this round (%(rule)s)",
                            rule="I-8")
    if card is not None:
        where = decks.location_place(card)
        b.add(solo_events.LocationCardRevealed(card, where))
        place, reason = _placement(b, where)
    done = not b.state.location_deck
    decided(b, "guard-turn", {"reveal": location, "location_card": card, "place": place and place.card},
            _turn_reason(b, reveal, reason))
    engine_command(b, cmd.GuardTurn(reveal, place, done))


def _reveal_choice(b: SoloBatch, location: str | None) -> cmd.GuardReveal | None:
    down = face_down(b.state.game)
    if location is None:
        if down:
            raise RuleViolation(T("Choose which face-down guard card to reveal"), "L-SO5")
        return None
    for loc, index in down:
        if loc == location:
            return cmd.GuardReveal(loc, index)
    raise RuleViolation(T("There is no face-down guard card at the %(location)s",
                          location=terms.location(location)), "L-SO5")


def _placement(b: SoloBatch, where: str | None) -> tuple[cmd.GuardCard | None, T]:
    if where is None:
        return None, T("OFF DUTY: no guard is placed (%(rule)s)", rule="L-SO5")
    top, _ = decks.draw(b.state.guard_deck)
    name = terms.location(where)
    if top is None:
        return None, T("location card %(location)s: the guard deck is empty, nothing is placed (%(rule)s)",
                       location=name, rule="I-8")
    card = b.state.cards[top]
    return _card(b, top, where), T("location card %(location)s: guard %(card)s (%(value)s) placed face up there "
                                   "(%(rule)s)", location=name, card=card.id, value=card.value, rule="L-SO5")


def _turn_reason(b: SoloBatch, reveal: cmd.GuardReveal | None, rest: str) -> T:
    if reveal is None:
        return T("Guard turn: no face-down guard left to reveal (%(rule)s); %(rest)s", rule="I-8", rest=rest)
    shown = b.state.game.placements[reveal.location][reveal.index]  # face up from now on
    return T("Guard turn: the player reveals %(card)s (%(tile)s) at the %(location)s; %(rest)s", card=shown.card,
             tile=shown.tile, location=terms.location(reveal.location), rest=rest)


def special_draw(b: SoloBatch, location: str) -> None:
    """L-SO9: the revealed special guard draws the top guard card face down at its location."""
    top, _ = decks.draw(b.state.guard_deck)
    name = terms.location(location)
    if top is None:
        decided(b, "special-draw", {"location": location, "card": None},
                T("Special guard at the %(location)s: the guard deck is empty, no reinforcement (%(rule)s)",
                  location=name, rule="L-SO9"))
        engine_command(b, cmd.SkipGuardDraw())
        return
    # The reason names no card: it lies face down until the location is revealed.
    decided(b, "special-draw", {"location": location},
            T("Special guard at the %(location)s: the top guard card joins it face down (%(rule)s)",
              location=name, rule="L-SO9"))
    card = b.state.cards[top]
    engine_command(b, cmd.PlaceGuard(card.value, card.id, card.special))


def choice(b: SoloBatch, location: str, action: str) -> None:
    """The guards' reward choice at the Commissary, Chow Hall or Cell Block (L-SO8)."""
    g = b.state.game
    me = g.seats[GUARDS]
    if action == "take":
        d = decisions.commissary(me.resources, g.supply)
        command = cmd.Take(GUARDS, d.result.get("take"))
    elif action == "recruit":
        d = decisions.chow_hall({loc: goon.suspicion for loc, goon in g.goons.items() if goon is not None})
        command = cmd.Recruit(GUARDS, tuple(d.result["arrest"]))
    elif action == "craft-or-reserve":
        d, command = _cell_block(b)
    else:  # the guards never hold a Commissary exchange tier (L-SO8: not first -> nothing)
        d = decisions.Decision(decisions.NONE, T("Guards take nothing at the %(location)s (%(rule)s)",
                                                  location=terms.location(location), rule="L-SO8"))
        command = cmd.Decline(GUARDS)
    decided(b, location, dict(d.result), d.reason)
    engine_command(b, command)


def _cell_block(b: SoloBatch) -> tuple[decisions.Decision, cmd.Command]:
    g = b.state.game
    me = g.seats[GUARDS]
    # I-18: state.display[0] is the slot next to the item deck (as entered); empty slots keep their place.
    display = [decisions.Item(i.name, i.reputation, dict(i.cost), slot=n)
               for n, i in enumerate(g.display, start=1) if i is not None]
    reserved = [decisions.Item(i.name, i.reputation, dict(i.cost)) for i in me.reserved]
    d = decisions.cell_block(me.resources, reserved, display)
    r = d.result
    if r.get("action") == "craft":
        return d, cmd.Craft(GUARDS, source=r["from"], item=r["item"],
                             pay={resource: n for resource, n in r["pay"].items() if n})
    if r.get("action") == "reserve":
        return d, cmd.Reserve(GUARDS, item=r["item"])
    return d, cmd.Decline(GUARDS)


def effect(b: SoloBatch, code: str) -> None:
    """A queued effect of the guards: the exchange (L-E7 as L-SO10); anything else is skipped."""
    g = b.state.game
    if code == "L-E7":
        d = decisions.exchange(g.seats[GUARDS].resources, g.supply)
    else:
        d = decisions.Decision(decisions.NONE, T("Guards skip %(code)s: nothing to choose (%(rule)s)", code=code,
                                                  rule="L-SO10"))
    decided(b, "effect", dict(d.result), d.reason)
    if "give" in d.result:
        engine_command(b, cmd.Effect(GUARDS, give={d.result["give"]: 1}, take=d.result["take"]))
    else:
        engine_command(b, cmd.Effect(GUARDS, skip=True))
