"""Patrol (L-P1..L-P5), raids (L-RD1..L-RD6, I-4; solo L-SO12, I-5) and the end of the game.

Patrol order: storage discards (``discard`` commands until nobody is over the limit; the guards
have none, L-SO11) -> the table enters new display items (``refill_items``) -> the Chow Hall goon
is discarded and the others advance (automatic) -> the table enters new goons (``refill_goons``)
-> suspicion and Bandit cubes (a raid first if the supply runs short, L-P4) -> next round (L-P5).
Entering fewer cards than empty slots means the deck ran out (ruling).
"""

from __future__ import annotations

from companion.core import jsonin
from companion.core.errors import RuleViolation
from companion.core.i18n import T, Tn
from companion.games.lockup import commands as cmd
from companion.games.lockup import events as E
from companion.games.lockup import terms
from companion.games.lockup.cards import card_doc
from companion.games.lockup.deck import check_new
from companion.games.lockup.final import final_result
from companion.games.lockup.flow import Batch, Pending, resources_total
from companion.games.lockup.goals import needs_end_goal_input
from companion.games.lockup.model import GOON_LOCATIONS, GUARDS, LOCATIONS
from companion.games.lockup.raids import raid_losses, solo_raid
from companion.games.lockup.state import State


def over_limit(state: State) -> dict[str, int]:
    """Seats holding more resources than their storage limit, and by how much (L-P1)."""
    out = {}
    for name in state.seating:
        limit = state.seats[name].storage_limit
        if limit is not None and resources_total(state, name) > limit:
            out[name] = resources_total(state, name) - limit
    return out


def step(b: Batch) -> Pending | None:
    """Advance Patrol (or the end of the game) without a choice, or return what it waits for."""
    s = b.state
    if s.phase == "final":
        if needs_end_goal_input(s):
            return Pending("end-goal", None, detail={"goal": s.goals["end_game"].name})
        b.add(E.GameEnded(final_result(s)))
        return None
    excess = over_limit(s)
    if excess:
        return Pending("discard", next(iter(excess)), detail={"excess": excess})
    if not s.patrol.get("items"):
        empty = [i for i, item in enumerate(s.display) if item is None]
        if empty:
            return Pending("refill-items", None, detail={"slots": empty})
        b.add(E.ItemsRefilled(()))
        return None
    if not s.patrol.get("advanced"):
        _advance_goons(b)
        return None
    if not s.patrol.get("goons"):
        empty = [loc for loc in GOON_LOCATIONS if s.goons[loc] is None]
        if empty:
            return Pending("refill-goons", None, detail={"slots": empty})
        b.add(E.GoonsRefilled({}))
        return None
    _suspicion(b)
    b.add(E.RoundStarted(s.round + 1))  # L-P5
    return None


def _advance_goons(b: Batch) -> None:
    """L-P3: discard the Chow Hall goon; the others move up as far as possible, keeping their order."""
    goons = b.state.goons
    discarded = goons["chow_hall"]
    rest = [goons[loc] for loc in GOON_LOCATIONS[:-1] if goons[loc] is not None]
    slots = GOON_LOCATIONS[len(goon_slots_after_advance(b.state)):]
    after = dict.fromkeys(GOON_LOCATIONS)
    after.update({loc: card_doc(g) for loc, g in zip(slots, rest, strict=True)})
    b.add(E.GoonsAdvanced(None if discarded is None else card_doc(discarded), after))


def goon_slots_after_advance(state: State) -> list[str]:
    """The goon slots empty once L-P3 discarded the Chow Hall goon and advanced the others: the
    lowest-numbered ones, as many as the goons missing."""
    staying = sum(state.goons[loc] is not None for loc in GOON_LOCATIONS[:-1])
    return list(GOON_LOCATIONS[:len(GOON_LOCATIONS) - staying])


def _suspicion(b: Batch) -> None:
    """L-P4: suspicion per goon icons (a raid first if the supply lacks them), Bandit cubes."""
    goons = {loc: g for loc, g in b.state.goons.items() if g is not None}
    need = sum(g.suspicion for g in goons.values())
    if need > b.state.supply["suspicion"]:
        raid(b, "L-P4", final=False)
    for loc, goon in goons.items():
        for cube, n in (("suspicion", goon.suspicion), (goon.resource, 1 if goon.type == "bandit" else 0)):
            n = min(n, b.state.supply.get(cube, 0)) if cube else 0  # L-C3: what is left
            if n:
                b.add(E.CubesMoved("supply", f"location:{loc}", {cube: n}, "L-P4", f"{goon.name} at the {loc}"))


def _raid_rule(losses: dict, name: str, player_count: int) -> str:
    """Which raid rule set this loss: L-RD1 (most/second), L-RD2 (ties) or L-RD3 (2 players)."""
    if player_count <= 2:
        return "L-RD3"
    values = [v for v in losses.values() if v]
    return "L-RD2" if values.count(losses[name]) > 1 else "L-RD1"


def decide_discard(b: Batch, command: cmd.Discard) -> None:
    """L-P1: discard resources of your choice, down to (not below) your storage limit."""
    seat, cubes = command.seat, {r: n for r, n in command.resources.items() if n}
    excess = over_limit(b.state).get(seat, 0)
    if not excess:
        raise RuleViolation(T("%(seat)s is within the storage limit", seat=seat), "L-P1")
    have = b.state.seats[seat].resources
    for r, n in cubes.items():
        if have.get(r, 0) < n:
            raise RuleViolation(T("%(seat)s has only %(count)s %(resource)s", seat=seat, count=have.get(r, 0),
                                  resource=terms.quantity(r)), "L-P1")
    if not cubes or sum(cubes.values()) > excess:
        raise RuleViolation(T("Discard between 1 and %(excess)s resources, down to the storage limit",
                              excess=excess), "L-P1")
    b.add(E.CubesMoved(f"seat:{seat}", "supply", cubes, "L-P1", T("storage limit")))


def decide_refill_items(b: Batch, command: cmd.RefillItems) -> None:
    """L-P2: the table enters the items drawn for the empty display slots (fewer: deck empty)."""
    empty = [i for i, item in enumerate(b.state.display) if item is None]
    if len(command.items) > len(empty):
        raise RuleViolation(Tn("Only %(num)s display slot is empty", "Only %(num)s display slots are empty",
                               len(empty)), "L-P2")
    entered = [(jsonin.join("items", i), it.name) for i, it in enumerate(command.items)]
    check_new(b.state, "item", entered, command.copies or ())  # L-C5: a card is drawn once
    entries = tuple({"index": i, "item": card_doc(it)} for i, it in zip(empty, command.items, strict=False))
    b.add(E.ItemsRefilled(entries))
    if command.goons is not None:
        _then_goons(b, command)


def _then_goons(b: Batch, command: cmd.RefillItems) -> None:
    """The goons entered with the items (one form, issue 23): the goons advance (L-P3) as they
    would by themselves, then the new ones fill the empty slots, as ``refill_goons`` would."""
    waiting = None  # (the Chow Hall goon leaves: a slot is always empty, the game waits for goons)
    while waiting is None and not b.state.patrol.get("advanced"):
        waiting = step(b)
    decide_refill_goons(b, cmd.RefillGoons(command.goons, command.copies))


def decide_refill_goons(b: Batch, command: cmd.RefillGoons) -> None:
    """L-P3: the table enters the goons drawn for the empty slots (fewer: deck empty)."""
    for loc in command.goons:
        if b.state.goons.get(loc) is not None:
            raise RuleViolation(T("The %(location)s slot is not empty", location=terms.location(loc)), "L-P3")
    entered = [(jsonin.join("goons", loc), g.name) for loc, g in command.goons.items()]
    check_new(b.state, "goon", entered, command.copies or ())  # L-C5: a card is drawn once
    b.add(E.GoonsRefilled({loc: card_doc(g) for loc, g in command.goons.items()}))


def raid(b: Batch, rule: str, final: bool) -> None:
    """A raid (L-RD1..L-RD5, I-4; solo L-SO12, I-5): reputation losses, then the cubes return."""
    s = b.state
    suspicion = {n: s.seats[n].suspicion for n in s.seating}
    if s.mode == "solo":
        player = s.seating[0]
        out = solo_raid(player, suspicion[player], suspicion[GUARDS])
        losses = {out.loser: out.loss} if out.loser else {}
        returning, cause = out.returned, "L-SO12"
    else:
        losses = raid_losses(suspicion, s.player_count, bool(s.options.get("raid_zero_ranks")))
        returning, cause = tuple(s.seating), None
    applied = {n: min(loss, s.seats[n].reputation) for n, loss in losses.items() if loss}  # L-RD4
    b.add(E.RaidHeld(rule, suspicion, applied, final))
    for name, loss in applied.items():
        if loss:
            # (the reason text is relied on by golden playthroughs: keep it stable)
            why = T("raid: %(loss)s for suspicion (%(rule)s)", loss=losses[name], rule=rule)
            b.add(E.ReputationChanged(name, -loss, cause or _raid_rule(losses, name, s.player_count), why))
    _return_suspicion(b, returning)


def _return_suspicion(b: Batch, seats: tuple[str, ...]) -> None:
    """L-RD5 (I-5): the suspicion cubes of ``seats`` and of every location go back to the supply."""
    for name in seats:
        if b.state.seats[name].suspicion:
            cubes = {"suspicion": b.state.seats[name].suspicion}
            b.add(E.CubesMoved(f"seat:{name}", "supply", cubes, "L-RD5", T("raid")))
    for loc in LOCATIONS:
        if b.state.loc_suspicion[loc]:
            cubes = {"suspicion": b.state.loc_suspicion[loc]}
            b.add(E.CubesMoved(f"location:{loc}", "supply", cubes, "L-RD5", T("raid")))
