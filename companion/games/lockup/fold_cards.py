"""``evolve`` of the events of cards, goals, counters, Patrol and the game's end (the rest is in
``fold.py``, which dispatches). Same rules as there: each function is given a private State
(``state.thaw``), changes it in place and returns it.
"""

from __future__ import annotations

import json

from companion.core.errors import InputError
from companion.core.events import frozen
from companion.core.i18n import T
from companion.games.lockup import events as E
from companion.games.lockup.cards import goon_from, item_from
from companion.games.lockup.final import final_result
from companion.games.lockup.model import GOON_LOCATIONS
from companion.games.lockup.state import RepEntry, State, evolves, move_in, set_seat, updated


@evolves(E.CounterChanged)
def _counter(s: State, e: E.CounterChanged) -> State:
    me = s.seats[e.seat]
    if e.quantity == "tomes":
        set_seat(s, e.seat, tomes=me.tomes + e.delta)
    elif me.storage_limit is not None:  # the guards have no storage limit (L-SO10, L-SO11)
        set_seat(s, e.seat, storage_limit=me.storage_limit + e.delta)
    return s


@evolves(E.FirstPlayerChanged)
def _first(s: State, e: E.FirstPlayerChanged) -> State:
    return updated(s, first_player=e.seat)


@evolves(E.GoonRecruited)
def _recruited(s: State, e: E.GoonRecruited) -> State:
    set_seat(s, e.seat, goons=(*s.seats[e.seat].goons, goon_from(e.goon)))
    return updated(s, goons={**s.goons, e.location: None})


@evolves(E.ItemCrafted)
def _crafted(s: State, e: E.ItemCrafted) -> State:
    me = s.seats[e.seat]
    if e.source == "display":
        display = list(s.display)
        display[e.index] = None
        s = updated(s, display=tuple(display))
    else:
        set_seat(s, e.seat, reserved=me.reserved[: e.index] + me.reserved[e.index + 1:])
    set_seat(s, e.seat, items=(*me.items, item_from(e.item)))
    return s


@evolves(E.ItemReserved)
def _reserved(s: State, e: E.ItemReserved) -> State:
    display = list(s.display)
    display[e.index] = None
    set_seat(s, e.seat, reserved=(*s.seats[e.seat].reserved, item_from(e.item)))
    return updated(s, display=tuple(display))


@evolves(E.EffectQueued)
def _effect_queued(s: State, e: E.EffectQueued) -> State:
    return updated(s, effects=(*s.effects, (e.seat, e.code, e.source)))


@evolves(E.EffectResolved)
def _effect_done(s: State, e: E.EffectResolved) -> State:
    return updated(s, effects=s.effects[1:])


@evolves(E.LeaderGoalTaken)
def _leader(s: State, e: E.LeaderGoalTaken) -> State:
    return updated(s, leader_holder=e.seat)


@evolves(E.InstantGoalClaimed)
def _instant(s: State, e: E.InstantGoalClaimed) -> State:
    return updated(s, instant_holder=e.seat)


@evolves(E.RaidHeld)
def _raid(s: State, e: E.RaidHeld) -> State:
    return updated(s, phase="final") if e.final else s


@evolves(E.PatrolBegan)
def _patrol(s: State, e: E.PatrolBegan) -> State:
    return updated(s, phase="patrol", patrol={})


@evolves(E.ItemsRefilled)
def _items(s: State, e: E.ItemsRefilled) -> State:
    display = list(s.display)
    for entry in e.items:
        display[entry["index"]] = item_from(entry["item"])
    return updated(s, display=tuple(display), patrol={**s.patrol, "items": True})


@evolves(E.GoonsAdvanced)
def _advanced(s: State, e: E.GoonsAdvanced) -> State:
    goons = {loc: None if e.goons.get(loc) is None else goon_from(e.goons[loc]) for loc in GOON_LOCATIONS}
    gone = s.goon_discard if e.discarded is None else (*s.goon_discard, e.discarded["name"])
    return updated(s, goons=goons, goon_discard=gone, patrol={**s.patrol, "advanced": True})


@evolves(E.GoonsRefilled)
def _goons(s: State, e: E.GoonsRefilled) -> State:
    goons = {**s.goons, **{loc: goon_from(g) for loc, g in e.goons.items()}}
    return updated(s, goons=goons, patrol={**s.patrol, "goons": True})


@evolves(E.RoundStarted)
def _round(s: State, e: E.RoundStarted) -> State:
    for name in list(s.seats):
        set_seat(s, name, passed=False, visited=(), face_down_used=0)
    return updated(s, round=e.round, phase="roll_call", turn=s.first_player, dealt=s.mode != "solo", lo_index=0,
                   patrol={})


@evolves(E.EndGoalMet)
def _end_goal(s: State, e: E.EndGoalMet) -> State:
    return updated(s, end_goal_met=tuple(e.seats))


@evolves(E.GameEnded)
def _ended(s: State, e: E.GameEnded) -> State:
    # The recorded result must be what scoring gives (L-F): an edited, re-chained export is refused.
    if not _same_json(e.result, final_result(s)):
        raise InputError("game-ended.result", T("is not the final scoring of the game before it (L-F)"))
    return updated(s, phase="over", result=dict(e.result), turn=None)


def _same_json(recorded, computed) -> bool:
    """Whether both read back the same from JSON. A decoded result (tuples for lists) usually
    equals the computed one once that is frozen the same way (in C for the nested dicts of
    scalars), without writing any JSON; anything else gets the exact round trip."""
    if recorded == computed or recorded == frozen(computed):
        return True
    return json.loads(json.dumps(recorded)) == json.loads(json.dumps(computed))


@evolves(E.TomePlayed)
def _tome(s: State, e: E.TomePlayed) -> State:
    set_seat(s, e.seat, tomes=s.seats[e.seat].tomes - 1)
    return s


@evolves(E.Adjusted)
def _adjusted(s: State, e: E.Adjusted) -> State:
    me = s.seats[e.seat]
    if e.quantity == "reputation":
        set_seat(s, e.seat, reputation=me.reputation + e.delta)
        return updated(s, rep_log=(*s.rep_log, RepEntry(e.seat, e.delta, "adjustment", e.reason, s.seq)))
    if e.quantity in ("tomes", "storage_limit"):
        set_seat(s, e.seat, **{e.quantity: getattr(me, e.quantity) + e.delta})
        return s
    place = f"seat:{e.seat}"
    if e.delta > 0:
        move_in(s, "supply", place, {e.quantity: e.delta})
    else:
        move_in(s, place, "supply", {e.quantity: -e.delta})
    return s



