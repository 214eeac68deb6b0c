"""Lights Out on the table phone, location by location (L-LO, L-R, L-IT, L-E; solo L-SO7..L-SO9).

The panel shows each side's strength, the ranking with any tie-break spelled out, who takes the
suspicion and why, and each tier's reward; it asks only for the choices the rules leave open.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.errors import InputError
from companion.games.lockup import events as E
from companion.games.lockup.model import GOON_LOCATIONS, GUARDS, RARITY_ASCENDING, RESOURCES
from companion.games.lockup.rewards import RECRUIT_COSTS, with_bandit
from companion.web.catalog import gettext as _
from companion.web.catalog import ngettext
from companion.web.gameui.lockup import forms, words
from companion.web.gameui.lockup.asks import ChoiceAsk, ConfirmAsk, EffectAsk, RevealAsk, Tile


def _choice_text(location: str, tier: str | None) -> str | None:
    texts = {
        ("commissary", "first"): _("take 1 resource of your choice (L-R5)"),
        ("commissary", "second"): _("may exchange 1 resource for 1 of another type (L-R5)"),
        ("commissary", "other"): _("may exchange any 2 resources for 1 (L-R5)"),
        ("chow_hall", "first"): _("recruit 1 goon for any 1, or 2 for any 4 (L-R6)"),
        ("chow_hall", "second"): _("recruit 1 goon for any 1, or 2 for any 5 (L-R6)"),
        ("chow_hall", "other"): _("recruit 1 goon for any 2 (L-R6)"),
        ("cell_block", "each"): _("craft or reserve one item (L-R7)"),
        ("library", "first"): _("draw 2 tomes, keep 1 (L-R8)"),
        ("library", "second"): _("draw 1 tome (L-R8)"),
        ("library", "third"): _("draw 1 tome (L-R8)"),
    }
    return texts.get((location, tier or ""))


def reward_text(location: str, tier: str | None, gain: dict, guards: bool) -> str:
    """What a tier gives here, in words with its rule id."""
    if tier is None:
        return _("straggler, the tiles go to the Library (L-LO5)") if location != "library" else _("nothing")
    if guards and location == "library":
        return _("+1 reputation instead of a tome (L-SO8)")
    cubes = {c: n for c, n in gain.items() if c != "reputation"}
    if cubes:
        text = words.cubes(cubes)
        return text + (_(" and the first player marker (L-R1)") if location == "exercise_yard" and
                       tier == "first" else "")
    return _choice_text(location, tier) or _("nothing")


def _tie_lines(r) -> list[str]:
    lines, seen = [], set()
    for name in r.ranking:
        group = [n for n in r.ranking if r.strength[n] == r.strength[name]]
        if len(group) > 1 and name not in seen:
            seen.update(group)
            lines.append(_("%(names)s tie on %(n)s: ranked %(order)s, nearest clockwise from the first player "
                           "%(first)s first (L-LO2)", names=", ".join(words.seat(n) for n in group),
                           n=r.strength[name], order=" > ".join(words.seat(n) for n in group),
                           first=words.seat(r.first_player)))
    return lines


def _suspicion_line(r, tail: list) -> str | None:
    at = next((i for i in range(len(tail) - 1, -1, -1)
               if isinstance(tail[i], E.LocationRevealed) and tail[i].location == r.location), None)
    if at is None:
        return None
    revealed = tail[at]
    # The cubes moved at THIS reveal: the first L-LO3 move after it (an earlier round's move at the
    # same location may still be in the tail).
    moved = next((e for e in tail[at + 1:] if isinstance(e, E.CubesMoved) and e.rule == "L-LO3"
                  and e.source == f"location:{r.location}"), None)
    if revealed.suspicion_to is None:
        return None
    lookouts = [n for n in r.ranking[: r.ranking.index(revealed.suspicion_to)]]
    why = (_("the highest ranked here without a lookout; %(names)s had a lookout here", names=", ".join(
        words.seat(n) for n in lookouts)) if lookouts else _("the highest ranked here without a lookout"))
    count = moved.cubes.get("suspicion", 0) if moved else 0
    if revealed.suspicion_to == GUARDS:  # "the guards" take: a plural verb
        return ngettext("The guards take %(num)s suspicion: %(why)s (L-LO3)",
                        "The guards take %(num)s suspicion: %(why)s (L-LO3)", count, why=why)
    return ngettext("%(seat)s takes %(num)s suspicion: %(why)s (L-LO3)",
                    "%(seat)s takes %(num)s suspicion: %(why)s (L-LO3)", count, seat=words.seat(revealed.suspicion_to),
                    why=why)


def explain(core, tail: list) -> dict | None:
    """The location being resolved: strengths, ranking, ties, suspicion and rewards (L-LO1..L-LO6)."""
    r = core.resolution
    if r is None:
        return None
    rows = []
    for i, name in enumerate(r.ranking):
        tiles = r.tiles.get(name, [])
        rows.append({
            "rank": i + 1, "seat": words.seat(name),
            "tiles": ", ".join(words.tile(t) for t in sorted(tiles, key=_printed)),
            "enforcer": "enforcer" in tiles, "power_card": "power" in tiles, "power": r.power.get(name, 0),
            "strength": r.strength[name], "tier": words.tier(r.tiers.get(name)),
            "reward": reward_text(r.location, r.tiers.get(name), r.gains.get(name, {}), name == GUARDS),
            "declined": name in r.declined, "done": i < r.cursor,
        })
    return {"location": words.location(r.location), "rows": rows, "ties": _tie_lines(r),
            "suspicion": _suspicion_line(r, tail), "first": words.seat(r.first_player),
            "bandit": _bandit_line(core, r)}


def _printed(tile) -> tuple:
    """Tiles in the crew's printed order: lookout, enforcer (or the guards' power card), numbers."""
    if isinstance(tile, int):
        return (2, tile)
    return {"lookout": (0, 0), "enforcer": (1, 0), "power": (1, 0)}.get(tile, (3, 0))


def _bandit_line(core, r) -> str | None:
    """The Bandit cubes here go with the first-ranked seat's reward; declined, they stay (L-R9, I-17)."""
    cubes = {c: n for c, n in core.loc_resources.get(r.location, {}).items() if n}
    if not cubes or not r.ranking:
        return None
    return _("Bandit cubes here: %(cubes)s. They go to %(seat)s with the first reward; if it is declined "
             "they stay here (L-R9, I-17)", cubes=words.cubes(cubes), seat=words.seat(r.ranking[0]))


def ask_reveal(core, waiting) -> RevealAsk:
    """A seat names its face-down tiles at the location Lights Out reached (L-LO1, I-16): the
    choices are its tiles not shown face up nor revealed this round (public)."""
    tiles = sorted(waiting.detail["tiles"], key=_printed)
    return RevealAsk(waiting.seat, words.location(waiting.location), waiting.detail["count"],
                     tuple(Tile(str(t), words.tile(t)) for t in tiles))


def parse_reveal(form: Mapping, core) -> tuple[dict, list]:
    """The ticked face-down tiles -> ``reveal_tiles`` (the engine checks count and choices)."""
    values = []
    for raw in form.getlist("tile"):
        if raw in ("lookout", "enforcer"):
            values.append(raw)
        elif raw.isascii() and raw.isdigit() and len(raw) <= 9:  # "²" passes isdigit(), not int(); a box
            # profile may print any whole number on a tile, so only absurd lengths are refused here
            values.append(int(raw))
        else:
            raise InputError("tiles", _("is not one of the choices"))
    if not values:
        raise InputError("tiles", _("tick the face-down tiles"))
    return {"type": "reveal_tiles", "seat": _seat(form, core), "tiles": values}, []


def ask_confirm(core, waiting) -> ConfirmAsk:
    """The players who may still decline their reward here (L-LO6, I-1): the table confirms for all
    of them at once (``decliners``), or a seat answers for itself (``seat``: see ``panel``). The
    game only asks while someone has a reward to decline: otherwise it confirms by itself."""
    undecided = tuple(waiting.detail.get("undecided", ()))
    return ConfirmAsk(undecided, undecided)


def suggest_pay(have: dict, cost: dict) -> dict | None:
    """A payment of ``cost`` from ``have``: named cubes first, "any" from the least rare (None: can't)."""
    rest, pay = dict(have), {}
    for r, n in cost.items():
        if r == "any" or not n:
            continue
        if rest.get(r, 0) < n:
            return None
        rest[r] -= n
        pay[r] = n
    for _i in range(cost.get("any", 0)):
        r = next((r for r in RARITY_ASCENDING if rest.get(r, 0) > 0), None)
        if r is None:
            return None
        rest[r] -= 1
        pay[r] = pay.get(r, 0) + 1
    return pay


def _item(i: int, item, source: str, have: dict) -> dict:
    pay = suggest_pay(have, item.cost)
    return {"index": i, "source": source, "name": item.name, "cost": words.cubes(item.cost),
            "reputation": item.reputation, "treasures": ", ".join(words.treasure(t) for t in item.treasures),
            "effect": words.effect(item.effect), "pay": pay or {}, "affordable": pay is not None,
            "reserve_pay": next((r for r in RARITY_ASCENDING if have.get(r)), None)}


def ask_choice(core, waiting) -> ChoiceAsk:
    """The current seat's choice at the Commissary, Chow Hall or Cell Block (L-R5..L-R7)."""
    seat, tier, action = waiting.seat, waiting.detail["tier"], waiting.detail["action"]
    me = core.seats[seat]
    bandit = waiting.detail.get("bandit") or {}
    have = with_bandit(core, seat, waiting.location)  # I-17: the Bandit cubes come first and can pay
    offers: dict = {}
    if action == "recruit":
        goons = tuple({"slot": loc, "where": words.location(loc), **goon_info(g)}
                      for loc, g in core.goons.items() if g is not None)
        # pay left blank: paid for the goons ticked (parse_recruit); 1 goon's pay misled for 2
        offers = {"costs": tuple({"goons": n, "pay": p} for n, p in RECRUIT_COSTS[tier].items()),
                  "goons": goons, "pay": {}, "only_goon": len(goons) == 1}
    elif action == "craft-or-reserve":
        offers = {"display_items": tuple(_item(i, it, "display", have) for i, it in enumerate(core.display)
                                         if it is not None),
                  "reserved": tuple(_item(i, it, "reserved", have) for i, it in enumerate(me.reserved))}
    return ChoiceAsk(seat=seat, tier=words.tier(tier), action=action, location=words.location(waiting.location),
                     have=have, give=1 if tier == "second" else 2, text=_choice_text(waiting.location, tier),
                     bandit=words.cubes(bandit) if bandit else None,
                     supply={r: core.supply.get(r, 0) for r in RESOURCES}, **offers)


def goon_info(g) -> dict:
    """A goon's printed facts in words."""
    return {"name": g.name, "type": words.goon_type(g.type), "suspicion": g.suspicion,
            "treasures": ", ".join(words.treasure(t) for t in g.treasures), "effect": words.effect(g.effect),
            "resource": words.cube(g.resource) if g.resource else None}


def ask_effect(core, waiting) -> EffectAsk:
    """An effect that needs a choice: L-E3 whom to give suspicion, L-E7 what to exchange."""
    seat, code = waiting.seat, waiting.detail["code"]
    return EffectAsk(seat=seat, targets=tuple(n for n in core.seating if n != seat),
                     have=dict(core.seats[seat].resources), code=code, text=words.effect(code),
                     source=waiting.detail.get("source"))


def _seat(form: Mapping, core) -> str:
    seat = forms.text(form, "seat")
    if seat not in core.seats:
        raise InputError("seat", _("is not a seat of this game"))
    return seat


def parse_collect(form: Mapping, core) -> tuple[dict, list]:
    """Confirm the rewards, ticked seats declining (L-LO6); with a ``seat``, that seat's own answer."""
    declined = form.getlist("declined")
    for name in declined:
        if name not in core.seats:
            raise InputError("declined", _("is not a seat of this game"))
    if not form.get("seat"):
        return {"type": "collect", "declined": declined}, []
    return {"type": "collect", "declined": declined, "seat": _seat(form, core)}, []


def parse_take(form: Mapping, core) -> tuple[dict, list]:
    """Commissary first: one resource (L-R5)."""
    resource = forms.choice(form, "resource", "resource", RESOURCES)
    return {"type": "take", "seat": _seat(form, core), "resource": resource}, []


def parse_exchange(form: Mapping, core) -> tuple[dict, list]:
    """Commissary second/other: give resources, take one (L-R5)."""
    give = forms.cube_counts(form, "give_", "give")
    take = forms.choice(form, "take", "take", RESOURCES)
    return {"type": "exchange", "seat": _seat(form, core), "give": give, "take": take}, []


def parse_recruit(form: Mapping, core) -> tuple[dict, list]:
    """Chow Hall: ticked goons and the payment (L-R6)."""
    goons = form.getlist("goon")
    if not goons:
        raise InputError("goons", _("tick one or two goons"))
    if any(g not in GOON_LOCATIONS for g in goons):
        raise InputError("goons", _("is not one of the choices"))
    pay = forms.cube_counts(form, "pay_", "pay")
    seat = _seat(form, core)
    if not pay:  # left blank: the least rare resources for the goons ticked (a cost is never 0, L-R6)
        pay = _recruit_pay(core, seat, len(goons))
    return {"type": "recruit", "seat": seat, "goons": goons, "pay": pay}, []


def _recruit_pay(core, seat: str, count: int) -> dict:
    r = core.resolution
    tier = r.tiers.get(seat) if r is not None else None
    cost = RECRUIT_COSTS.get(tier or "", {}).get(count)
    pay = suggest_pay(with_bandit(core, seat, r.location), {"any": cost}) if cost else None
    if pay is None:
        raise InputError("pay", ngettext("you cannot pay for %(num)s goon here (L-R6)",
                                       "you cannot pay for %(num)s goons here (L-R6)", count))
    return pay


def _item_ref(form: Mapping) -> tuple[str, int]:
    source = forms.choice(form, "source", "source", ("display", "reserved"))
    return source, forms.number(form, "index", "index", blank=None)


def parse_craft(form: Mapping, core) -> tuple[dict, list]:
    """Cell Block: craft a display or reserved item, paying its cost (L-IT1)."""
    source, index = _item_ref(form)
    pay = forms.cube_counts(form, "pay_", "pay")
    return {"type": "craft", "seat": _seat(form, core), "source": source, "index": index, "pay": pay}, []


def parse_reserve(form: Mapping, core) -> tuple[dict, list]:
    """Cell Block: reserve a display item paying any 1 resource (L-IT2)."""
    index = forms.number(form, "index", "index", blank=None)
    pay_with = forms.choice(form, "pay_with", "pay", RESOURCES)
    return {"type": "reserve", "seat": _seat(form, core), "index": index, "pay": {pay_with: 1}}, []


def parse_decline(form: Mapping, core) -> tuple[dict, list]:
    """Decline the reward now, Bandit cubes included: a straggler (L-LO6, I-3)."""
    return {"type": "decline", "seat": _seat(form, core)}, []


def parse_keep_bandit(form: Mapping, core) -> tuple[dict, list]:
    """No recruit (or no other choice): keep the Bandit cubes and go home (I-17)."""
    return {"type": "keep_bandit", "seat": _seat(form, core)}, []


def parse_effect(form: Mapping, core) -> tuple[dict, list]:
    """L-E3 target, L-E7 give/take, or skip."""
    seat = _seat(form, core)
    if forms.text(form, "skip"):
        return {"type": "effect", "seat": seat, "skip": True}, []
    if forms.text(form, "target"):
        return {"type": "effect", "seat": seat, "target": forms.choice(form, "target", "target", core.seating)}, []
    give = forms.choice(form, "give", "give", RESOURCES)
    take = forms.choice(form, "take", "take", RESOURCES)
    return {"type": "effect", "seat": seat, "give": {give: 1}, "take": take}, []


PARSERS = {"reveal": parse_reveal, "collect": parse_collect, "take": parse_take, "exchange": parse_exchange,
           "recruit": parse_recruit, "craft": parse_craft, "reserve": parse_reserve, "decline": parse_decline,
           "keep-bandit": parse_keep_bandit, "effect": parse_effect}
ASKS = {"reveal-tiles": ask_reveal, "confirm-rewards": ask_confirm, "choice": ask_choice, "effect": ask_effect}
