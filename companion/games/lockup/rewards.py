"""Reward choices in Lights Out: Commissary (L-R5), Chow Hall (L-R6, L-G), Cell Block (L-R7, L-IT),
with the guards' versions (L-SO8: they pay nothing to arrest goons or to reserve).

The Bandit cubes of the location come first (L-R9, I-17): both rulebooks give them to the
first-ranked seat together with the other rewards, usable at once, so each ``decide_*`` moves them
before it checks the payment, and they can pay for the choice. Then it emits the choice's events
and finally ``collected`` (``reward-collected``). ``can_choose`` says whether a choice is possible
at all, counting the Bandit cubes; if not, a seat that gets Bandit cubes collects just them (I-17)
and any other straggles (I-3). ``decide_keep_bandit`` is the first-ranked seat's "no recruit" at
the Chow Hall: it keeps the cubes and goes home. Only a decline (L-LO6) gives them up; they stay
(I-6).
"""

from __future__ import annotations

from companion.core.errors import RuleViolation
from companion.core.i18n import T, Tn
from companion.games.lockup import commands as cmd
from companion.games.lockup import events as E
from companion.games.lockup import terms
from companion.games.lockup.cards import card_doc
from companion.games.lockup.effects import apply_effect, can_exchange, exchange
from companion.games.lockup.flow import Batch, affordable, check_cost, check_pay_owned, gain, pay, reputation
from companion.games.lockup.model import GOON_LOCATIONS, GUARDS, RESOURCES

CHOICE_LOCATIONS = ("commissary", "chow_hall", "cell_block")
# L-R6: goons recruited -> resources to pay, by tier.
RECRUIT_COSTS = {"first": {1: 1, 2: 4}, "second": {1: 1, 2: 5}, "other": {1: 2}}


def bandit_cubes(state, seat: str, location: str) -> dict:
    """The Bandit cubes ``seat`` collects with its reward here: all of them if it ranks first (L-R9, I-17)."""
    r = state.resolution
    if r is None or not r.ranking or r.ranking[0] != seat or seat in r.declined:
        return {}
    return {res: n for res, n in state.loc_resources.get(location, {}).items() if n}


def with_bandit(state, seat: str, location: str) -> dict:
    """The resources ``seat`` can use for its choice here: its own plus its Bandit cubes (I-17)."""
    have = dict(state.seats[seat].resources)
    for res, n in bandit_cubes(state, seat, location).items():
        have[res] = have.get(res, 0) + n
    return have


def bandit_first(b: Batch, seat: str, location: str) -> None:
    """The first-ranked seat's Bandit cubes move to it before anything else of its reward, so they
    can pay for its choice (L-R9, I-17: "available at once"). Idempotent: the location is empty after."""
    cubes = bandit_cubes(b.state, seat, location)
    if cubes:
        b.add(E.CubesMoved(f"location:{location}", f"seat:{seat}", cubes, "L-R9",
                           T("Bandit cubes with the first reward at the %(location)s (%(rule)s)",
                             location=terms.location(location), rule="I-17")))


def collected(b: Batch, seat: str, location: str, tier: str) -> None:
    """The seat collects its reward: the Bandit cubes of a first-ranked seat (I-17, if not moved
    yet), then ``reward-collected``. A seat that declines never gets here, so the cubes stay (I-6)."""
    bandit_first(b, seat, location)
    b.add(E.RewardCollected(seat, location, tier))


def choice_action(location: str, tier: str) -> str:
    """The command a choice tier expects (for ``pending``)."""
    if location == "commissary":
        return "take" if tier == "first" else "exchange"
    return "recruit" if location == "chow_hall" else "craft-or-reserve"


def _current(b: Batch, seat: str, location: str) -> str:
    r = b.state.resolution
    if r.location != location:
        raise RuleViolation(T("That is a %(location)s reward; now resolving the %(current)s",
                              location=terms.location(location),
                                  current=terms.location(r.location)), "L-LO4")
    bandit_first(b, seat, location)  # I-17: the cubes come first and can pay for the choice
    return r.tiers[seat]


def can_choose(b: Batch, seat: str, location: str, tier: str) -> bool:
    """Whether the seat can take its choice reward at all, its Bandit cubes counted (I-17)."""
    s = b.state
    have = with_bandit(s, seat, location)
    if location == "commissary":
        if tier == "first":
            return any(s.supply.get(r, 0) for r in RESOURCES)
        return can_exchange(b, seat, 1 if tier == "second" else 2, tier == "second")
    if location == "chow_hall":
        goons = any(s.goons[loc] is not None for loc in GOON_LOCATIONS)
        return goons and (seat == GUARDS or sum(have.values()) >= min(RECRUIT_COSTS[tier]))
    crafts = [i for i in (*s.display, *s.seats[seat].reserved) if i is not None and affordable(have, i.cost)]
    reserve = any(i is not None for i in s.display) and (seat == GUARDS or sum(have.values()) >= 1)
    return bool(crafts) or reserve


def decide_keep_bandit(b: Batch, command: cmd.KeepBandit) -> None:
    """The first-ranked seat keeps the Bandit cubes and recruits nobody: the recruit is a "may"
    (L-R6), so it was rewarded and goes home (L-R9, I-17). Without cubes here it must decline. The
    Commissary's first reward is a gain, not a "may" (L-R5): it comes with the cubes, or is declined."""
    r = b.state.resolution
    seat = command.seat
    if r.location == "commissary" and r.tiers[seat] == "first":
        raise RuleViolation(T("The first at the Commissary takes a resource with the Bandit cubes, or declines"),
                            "L-R5")
    if not bandit_cubes(b.state, seat, r.location):
        raise RuleViolation(T("No Bandit cube here goes to %(seat)s: make the choice or decline",
                              seat=seat), "I-17")
    collected(b, seat, r.location, r.tiers[seat])


def decide_take(b: Batch, command: cmd.Take) -> None:
    """Commissary first: 1 cube of any resource (L-R5; guards L-SO8)."""
    tier = _current(b, command.seat, "commissary")
    if tier != "first":
        raise RuleViolation(T("Only the first at the Commissary takes a resource; exchange instead"), "L-R5")
    resource = command.resource
    if not b.state.supply.get(resource):
        raise RuleViolation(T("The supply has no %(resource)s left", resource=terms.quantity(resource)), "L-C3")
    gain(b, command.seat, {resource: 1}, "L-R5", T("first at the Commissary"))
    collected(b, command.seat, "commissary", tier)


def decide_exchange(b: Batch, command: cmd.Exchange) -> None:
    """Commissary second: 1 for 1 of another type; others: any 2 for 1 (L-R5, I-2)."""
    tier = _current(b, command.seat, "commissary")
    if tier == "first":
        raise RuleViolation(T("The first at the Commissary takes a resource instead"), "L-R5")
    second = tier == "second"
    why = T("%(tier)s at the Commissary", tier=terms.tier(tier))
    exchange(b, command.seat, command.give, command.take, 1 if second else 2, "L-R5", why, different=second)
    collected(b, command.seat, "commissary", tier)


def decide_recruit(b: Batch, command: cmd.Recruit) -> None:
    """Chow Hall: recruit 1 or 2 face-up goons, paying by tier (L-R6); guards arrest for free (L-SO8)."""
    seat = command.seat
    tier = _current(b, seat, "chow_hall")
    wanted, payment = tuple(command.goons), command.pay or {}
    if len(set(wanted)) != len(wanted) or not wanted:
        raise RuleViolation(T("Choose one or two different goons"), "L-R6")
    for loc in wanted:
        if b.state.goons.get(loc) is None:
            raise RuleViolation(T("There is no active goon at the %(location)s", location=terms.location(loc)), "L-R6")
    if seat == GUARDS:
        if len(wanted) > 2 or payment:
            raise RuleViolation(T("The guards arrest at most 2 goons and pay nothing"), "L-SO8")
    else:
        costs = RECRUIT_COSTS[tier]
        if len(wanted) not in costs:
            raise RuleViolation(Tn("The %(tier)s at the Chow Hall recruits at most %(num)s goon",
                                   "The %(tier)s at the Chow Hall recruits at most %(num)s goons", max(costs),
                                   tier=terms.tier(tier)), "L-R6")
        # The subject of "… costs 3 resources in all": "Recruiting 2 goons costs", never "2 goons costs".
        goons = Tn("Recruiting %(num)s goon", "Recruiting %(num)s goons", len(wanted))
        check_cost(b.state, seat, {"any": costs[len(wanted)]}, payment, "L-R6", goons)
        pay(b, seat, payment, "L-R6", T("recruiting at the Chow Hall"))
    for loc in wanted:
        goon = b.state.goons[loc]
        b.add(E.GoonRecruited(seat, loc, card_doc(goon)))
        apply_effect(b, seat, goon.effect, goon.effect_resource, goon.name)  # L-G: effect at once
    collected(b, seat, "chow_hall", tier)


def _find_item(b: Batch, command: cmd.Craft | cmd.Reserve, source: str) -> tuple[int, object]:
    cards = b.state.display if source == "display" else b.state.seats[command.seat].reserved
    if command.index is not None:
        i = command.index
        if 0 <= i < len(cards) and cards[i] is not None:
            return i, cards[i]
    else:
        for i, card in enumerate(cards):
            if card is not None and card.name == command.item:
                return i, card
    where = T("the display") if source == "display" else T("your reserved items")
    raise RuleViolation(T("That item is not in %(where)s", where=where), "L-IT1")


def decide_craft(b: Batch, command: cmd.Craft) -> None:
    """Cell Block: craft a display or reserved item, pay, score, apply its effect (L-R7, L-IT1)."""
    seat = command.seat
    tier = _current(b, seat, "cell_block")
    source = command.source or "display"
    index, item = _find_item(b, command, source)
    payment = command.pay or {}
    check_cost(b.state, seat, item.cost, payment, "L-IT1", item.name)
    pay(b, seat, payment, "L-IT1", T("crafting %(item)s", item=item.name))
    b.add(E.ItemCrafted(seat, card_doc(item), source, index))
    reputation(b, seat, item.reputation, "L-IT1", T("crafted %(item)s", item=item.name))
    apply_effect(b, seat, item.effect, item.effect_resource, item.name)
    collected(b, seat, "cell_block", tier)


def decide_reserve(b: Batch, command: cmd.Reserve) -> None:
    """Cell Block: reserve a display item paying any 1 resource (L-IT2; guards pay nothing, L-SO8)."""
    seat = command.seat
    tier = _current(b, seat, "cell_block")
    index, item = _find_item(b, command, "display")
    payment = command.pay or {}
    if seat == GUARDS:
        if payment:
            raise RuleViolation(T("The guards reserve paying nothing"), "L-SO8")
    else:
        if sum(payment.values()) != 1:
            raise RuleViolation(T("Reserving costs exactly 1 resource of any type"), "L-IT2")
        check_pay_owned(b.state, seat, payment, "L-IT2")
        pay(b, seat, payment, "L-IT2", T("reserving %(item)s", item=item.name))
    b.add(E.ItemReserved(seat, card_doc(item), index))
    collected(b, seat, "cell_block", tier)
