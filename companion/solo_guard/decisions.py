"""What the solo guards choose (L-SO8, L-SO10, rulings I-9 and I-10).

Each decision is a pure function returning a :class:`Decision`: the result in the JSON shape of
``companion referee lockup guards`` (``docs/cli-contracts.md``) and a one-line reason
for the player, ending with the rule ids it applies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.i18n import T, Tn, and_list
from companion.games.lockup import terms
from companion.games.lockup.model import LOCATION_NUMBER, RARITY_ASCENDING, RESOURCES

ANY = "any"  # the "any resource" part of an item cost


@dataclass(frozen=True)
class Item:
    """An item as the guards see it: name, reputation and cost (resource or ``any`` -> count).

    ``slot``: its display slot, 1 = next to the item deck (I-18); ``None`` for a reserved item, or
    for a display given without holes (then its position in the list counts from 1).
    """

    name: str
    reputation: int
    cost: Mapping[str, int] = field(default_factory=dict)
    slot: int | None = None


@dataclass(frozen=True)
class Decision:
    """A guard decision: ``result`` in the referee's JSON shape, ``reason`` one line with rule ids."""

    result: Mapping[str, Any]
    reason: str


NONE: Mapping[str, Any] = {"action": "none"}


def _words(names: Sequence[str]) -> T | str:
    """``a``, ``a and b``, ``a, b and c`` (resource names, translated when shown)."""
    return and_list([terms.quantity(n) for n in names])


def _rank(resource: str) -> int:
    """Rarity rank: scrap 0 < potion 1 < iron 2 < gold 3 (L-SO8)."""
    return RARITY_ASCENDING.index(resource)


def _in_supply(supply: Mapping[str, int] | None) -> list[str]:
    """Resources the supply can still give (L-C3); ``None`` means no limit was given."""
    return [r for r in RESOURCES if supply is None or supply.get(r, 1) > 0]


def _fewest_rarest(resources: Mapping[str, int], options: Sequence[str]) -> tuple[str, list[str]]:
    """The option they have fewest of, ties to the rarest; also the tied options (L-SO8, L-SO10)."""
    low = min(resources.get(r, 0) for r in options)
    tied = [r for r in options if resources.get(r, 0) == low]
    return max(tied, key=_rank), tied


def _tie_words(kind: str, tied: list[str], chosen: str, resources: Mapping[str, int], adjective: str) -> str:
    """``fewest of iron and gold (0), gold is rarer`` or ``fewest gold (0)``."""
    count, name = resources.get(chosen, 0), terms.quantity(chosen)
    if len(tied) == 1:
        single = T("fewest %(resource)s (%(count)s)") if kind == "fewest" else T("most %(resource)s (%(count)s)")
        return T(single.msgid, resource=name, count=count)
    if kind == "most":
        return T("most of %(tied)s (%(count)s), %(resource)s is least rare", tied=_words(tied), count=count,
                 resource=name)
    if len(tied) == 2:
        return T("fewest of %(tied)s (%(count)s), %(resource)s is rarer", tied=_words(tied), count=count,
                 resource=name)
    return T("fewest of %(tied)s (%(count)s), %(resource)s is rarest", tied=_words(tied), count=count, resource=name)


def commissary(resources: Mapping[str, int], supply: Mapping[str, int] | None = None) -> Decision:
    """Commissary, first (L-SO8): one cube of the resource they have fewest of, ties to the rarest.

    Ruling: a resource the supply has run out of is left out of the comparison (L-C3).
    """
    options = _in_supply(supply)
    if not options:
        return Decision(NONE, T("Guards take nothing: the supply has no resource left (%(rules)s)",
                                rules="L-SO8, L-C3"))
    take, tied = _fewest_rarest(resources, options)
    why = _tie_words("fewest", tied, take, resources, "rar")
    return Decision({"take": take}, T("Guards take %(resource)s: %(why)s%(gone)s (%(rules)s)",
                                      resource=terms.quantity(take), why=why, gone=_out_of_supply(supply),
                                      rules="L-SO8"))


def _out_of_supply(supply: Mapping[str, int] | None) -> str:
    gone = [r for r in RESOURCES if r not in _in_supply(supply)]
    return T("; the supply has no %(resources)s", resources=_words(gone)) if gone else ""


def chow_hall(goons: Mapping[str, int]) -> Decision:
    """Chow Hall, first (L-SO8): arrest the 2 goons with most suspicion icons, ties to the lowest location.

    ``goons`` maps each goon location with an active goon to that goon's suspicion icons.
    """
    if not goons:
        return Decision({"arrest": []}, T("Guards arrest nobody: no active goon (%(rules)s)", rules="L-SO8"))
    order = sorted(goons, key=lambda loc: (-goons[loc], LOCATION_NUMBER[loc]))[:2]
    each = [T("the %(location)s goon (%(icons)s)", location=terms.location(loc), icons=_icons(goons[loc]))
            for loc in order]
    taken = each[0] if len(each) == 1 else T("%(first)s then %(second)s", first=each[0], second=each[1])
    return Decision(
        {"arrest": order},
        T("Guards arrest %(goons)s, paying nothing: most suspicion icons, ties to the lowest-numbered location "
          "(%(rules)s)", goons=taken, rules="L-SO8"),
    )


def _icons(n: int) -> T:
    return Tn("%(num)s icon", "%(num)s icons", n)


def payment(cost: Mapping[str, int], resources: Mapping[str, int]) -> dict[str, int] | None:
    """What the guards pay for ``cost``, or ``None`` if they cannot.

    Named resources are paid as printed; ``any`` with the least rare first: scrap, potion, iron,
    gold (L-SO8).
    """
    left = {r: resources.get(r, 0) for r in RESOURCES}
    pay: dict[str, int] = {}
    for res, n in cost.items():
        if res == ANY or n == 0:
            continue
        if left[res] < n:
            return None
        left[res] -= n
        pay[res] = n
    need = cost.get(ANY, 0)
    for res in RARITY_ASCENDING:
        used = min(need, left[res])
        if used:
            left[res] -= used
            pay[res] = pay.get(res, 0) + used
            need -= used
    return None if need else pay


def cell_block(resources: Mapping[str, int], reserved: Sequence[Item], display: Sequence[Item]) -> Decision:
    """Cell Block (L-SO8, I-9, I-18): craft the highest-reputation affordable item, else reserve, else nothing.

    ``display`` is ordered nearest the item deck first (slot 1 = next to the deck, I-18); reserved
    items count as nearer than any display item (I-9) and among themselves keep the order given
    (earliest reserved first). A tie names the slot chosen.
    """
    display = _slotted(display)
    candidates = [(item, "reserved") for item in reserved] + [(item, "display") for item in display]
    affordable = [(item, src, pay) for item, src in candidates if (pay := payment(item.cost, resources)) is not None]
    if affordable:
        return _craft(affordable)
    if display:
        best = max(display, key=lambda item: item.reputation)  # max keeps the first: nearest the deck
        tie = _tie_note([i for i in display if i.reputation == best.reputation], "display", best)
        return Decision(
            {"action": "reserve", "item": best.name},
            T("Guards reserve %(item)s (%(reputation)s reputation) paying nothing: they can afford no item, "
              "it is the best on display%(tie)s (%(rules)s)", item=best.name, reputation=best.reputation, tie=tie,
              rules="L-SO8, I-18" if tie else "L-SO8"),
        )
    return Decision(NONE, T("Guards do nothing at the Cell Block: no item they can afford and no item on display "
                            "(%(rules)s)", rules="L-SO8"))


def _craft(affordable: list[tuple[Item, str, dict[str, int]]]) -> Decision:
    item, src, pay = max(affordable, key=lambda c: c[0].reputation)  # first of the best = nearest the deck
    tie = _tie_note([c[0] for c in affordable if c[0].reputation == item.reputation], src, item)
    paid = and_list([T("%(count)s %(resource)s", count=n, resource=terms.quantity(r)) for r, n in pay.items()]) \
        if pay else T("nothing")
    rules = "L-SO8, I-9" if "I-9" in tie else "L-SO8, I-18" if tie else "L-SO8"
    facts = {"item": item.name, "reputation": item.reputation, "paid": paid, "tie": tie, "rules": rules}
    # One sentence per source, not "from %(source)s": Spanish says "del despliegue", never "de el despliegue".
    why = (T("Guards craft %(item)s from the display (%(reputation)s reputation) paying %(paid)s: the highest "
             "reputation they can afford%(tie)s (%(rules)s)", **facts) if src == "display" else
           T("Guards craft %(item)s from their reserved items (%(reputation)s reputation) paying %(paid)s: the "
             "highest reputation they can afford%(tie)s (%(rules)s)", **facts))
    return Decision({"action": "craft", "item": item.name, "from": src, "pay": pay}, why)


def _slotted(display: Sequence[Item]) -> list[Item]:
    """The display with each item's slot (I-18): as given, or its position counted from 1."""
    return [item if item.slot is not None else replace(item, slot=i) for i, item in enumerate(display, start=1)]


def _tie_note(tied: Sequence[Item], src: str, chosen: Item) -> T | str:
    """Why ``chosen`` among equally good items: I-9 for a reserved one, else its slot (L-SO8, I-18)."""
    if len(tied) < 2:
        return ""
    if src == "reserved":
        return T(", a reserved item counts as nearest the item deck (%(rules)s)", rules="I-9")
    return T(", slot %(slot)s (nearest the item deck among the tied)", slot=chosen.slot)


def exchange(resources: Mapping[str, int], supply: Mapping[str, int] | None = None) -> Decision:
    """Exchange effect (L-SO10): give one of what they have most of for one of what they have fewest of.

    Several options: give the least rare, take the rarest. The taken type differs from the given
    one and must still be in the supply (L-C3).
    """
    most = max(resources.get(r, 0) for r in RESOURCES)
    if most == 0:
        return Decision(NONE, T("Guards exchange nothing: they have no resource (%(rules)s)", rules="L-SO10"))
    give_tied = [r for r in RESOURCES if resources.get(r, 0) == most]
    give = min(give_tied, key=_rank)
    options = [r for r in _in_supply(supply) if r != give]
    if not options:
        return Decision(NONE, T("Guards exchange nothing: the supply has nothing for their %(resource)s (%(rules)s)",
                                resource=terms.quantity(give), rules="L-SO10"))
    take, take_tied = _fewest_rarest(resources, options)
    why_give = _tie_words("most", give_tied, give, resources, "")
    why_take = _tie_words("fewest", take_tied, take, resources, "rar")
    return Decision(
        {"give": give, "take": take},
        T("Guards exchange %(give)s for %(take)s: %(why_give)s; %(why_take)s%(gone)s (%(rules)s)",
          give=terms.quantity(give), take=terms.quantity(take), why_give=why_give, why_take=why_take,
          gone=_out_of_supply(supply), rules="L-SO10"),
    )
