"""``evolve``: how each Lockup event changes the state. Pure, no validation (``decide`` validated),
except that a recorded final result must be what scoring gives (a forged export is refused).

Each function is registered for one event class with ``@evolves``; :func:`evolve` dispatches.
"""

from __future__ import annotations

import json
import sys

from companion.core.errors import InputError
from companion.core.events import frozen
from companion.core.i18n import T
from companion.games.lockup import events as E
from companion.games.lockup.cards import goal_from, goon_from, item_from
from companion.games.lockup.model import GOON_LOCATIONS, GUARDS, LOCATIONS, RESOURCES, SUPPLY
from companion.games.lockup.state import (
    EVOLVERS,
    Placement,
    RepEntry,
    Resolution,
    Seat,
    State,
    add,
    build,
    clockwise_from,
    evolves,
    move,
    placement,
    replace,
    with_seat,
)


def evolve(state: State | None, event: E.Event) -> State:
    """The state after ``event`` (``state`` is None before ``game-started``)."""
    new = EVOLVERS[type(event)](state, event)
    if new is not state and _refcount(new) <= _ONLY_HERE:  # made by the evolver, held by no one else
        new.__dict__["seq"] = new.seq + 1
        return new
    return replace(new, seq=new.seq + 1)


# States are shared (folds are cached, the previous state is the caller's): only a State that no
# one else can see yet may be finished in place. CPython counts references exactly; elsewhere, copy.
_refcount = getattr(sys, "getrefcount", lambda _obj: 1 << 30)


def _only_here() -> int:
    # What this interpreter counts for an object held by one local name (2 on CPython 3.11).
    fresh = object()
    return _refcount(fresh)


_ONLY_HERE = _only_here()


@evolves(E.GameStarted)
def _started(_: None, e: E.GameStarted) -> State:
    seats, supply = {}, dict(SUPPLY)
    for p in e.players:
        res = {r: p["resources"].get(r, 0) for r in RESOURCES}
        tiles = () if p["name"] == GUARDS else tuple(e.crew_tiles)
        seats[p["name"]] = Seat(p["name"], p["crew"], p["reputation"], p["power"], res, p["suspicion"],
                                p["storage_limit"], tiles=tiles, holding=tiles)
        for cube, n in (("power", p["power"]), ("suspicion", p["suspicion"]), *res.items()):
            supply[cube] -= n
    goons = {loc: goon_from(e.goons[loc]) for loc in GOON_LOCATIONS}
    loc_susp = {loc: goons[loc].suspicion if loc in goons else 0 for loc in LOCATIONS}  # L-S5
    supply["suspicion"] -= sum(loc_susp.values())
    seating = tuple(p["name"] for p in e.players)
    solo = e.mode == "solo"
    state = State(
        mode=e.mode, seating=seating, seats=seats, first_player=e.first_player, board_side=e.board_side,
        face_down_limit=e.face_down_limit, options=dict(e.options), supply=supply,
        goals={k: goal_from(v) for k, v in e.goals.items()},
        display=tuple(None if d is None else item_from(d) for d in e.display), goons=goons,
        placements={loc: () for loc in LOCATIONS}, loc_suspicion=loc_susp,
        loc_resources={loc: {} for loc in LOCATIONS}, seed=e.seed, turn=e.first_player, dealt=not solo,
    )
    if e.options.get("advanced"):
        # L-S10: traits are kept from the last player in turn order, counter-clockwise.
        order = tuple(n for n in reversed(clockwise_from(state, e.first_player)) if n != GUARDS)
        state = replace(state, phase="traits", trait_order=order)
    return state


@evolves(E.TraitPicked)
def _trait(s: State, e: E.TraitPicked) -> State:
    order = s.trait_order[1:]
    if e.goon is not None:  # L-S10: a goon as the starting benefit
        s = with_seat(s, e.seat, goons=(*s.seats[e.seat].goons, goon_from(e.goon)))
    return replace(s, trait_order=order, phase="traits" if order else "roll_call")


def _next_turn(s: State, after: str, seats: dict | None = None) -> str | None:
    """L-RC1: clockwise from ``after``, the next seat that has not passed (in ``seats``, by
    default the state's)."""
    seats = s.seats if seats is None else seats
    for name in _after(s.seating, after):
        if not seats[name].passed:
            return name
    return None


def _after(seating: tuple, after: str) -> tuple:
    """The seats clockwise after ``after``, ending with it (remembered: a table has few seatings)."""
    key = (seating, after)
    found = _AFTER.get(key)
    if found is None:
        i = seating.index(after)
        found = _AFTER[key] = seating[i + 1:] + seating[:i + 1]
        if len(_AFTER) > 4096:  # a long-running server sees many tables: forget them all now and then
            _AFTER.clear()
    return found


_AFTER: dict[tuple, tuple] = {}


def _remove_tiles(holding: tuple, tiles: list) -> tuple:
    rest = list(holding)
    for t in tiles:
        rest.remove(t)
    return tuple(rest)


@evolves(E.TilesAssigned)
def _assigned(s: State, e: E.TilesAssigned) -> State:
    me, named, new, unknown, down = s.seats[e.seat], [], [], 0, 0
    for t in e.tiles:  # one pass: the tiles named, the unknown ones, the face-down ones, the placements
        tile, face_up = t["tile"], t["face_up"]
        if tile is None:
            unknown += 1
        else:
            named.append(tile)
        if not face_up:
            down += 1
        new.append(placement(e.seat, tile, face_up))
    if unknown or me.unknown_down:  # I-16: from now on the cell and the unknown tiles are one pool
        cell = {"holding": (), "pool": _remove_tiles(me.holding + me.pool, named),
                "unknown_down": me.unknown_down + unknown}
    else:
        cell = {"holding": _remove_tiles(me.holding, named)}
    seats = dict(s.seats)
    seats[e.seat] = replace(me, visited=(*me.visited, e.location), face_down_used=me.face_down_used + down, **cell)
    return replace(s, seats=seats, placements={**s.placements, e.location: s.placements[e.location] + tuple(new)},
                   turn=_next_turn(s, e.seat, seats))


def _unknown(p: Placement, seat: str) -> bool:
    return p.seat == seat and p.tile is None and not p.face_up


@evolves(E.TilesRevealed)
def _tiles_revealed(s: State, e: E.TilesRevealed) -> State:
    """L-LO1, I-16: the seat's value-less face-down tiles at the location get their values."""
    values = list(e.tiles)
    here = tuple(replace(p, tile=values.pop(0)) if _unknown(p, e.seat) and values else p
                 for p in s.placements[e.location])
    me = s.seats[e.seat]
    pool, unknown = _remove_tiles(me.pool, list(e.tiles)), me.unknown_down - len(e.tiles)
    cell = {"pool": pool, "unknown_down": unknown} if unknown else {"holding": me.holding + pool, "pool": (),
                                                                     "unknown_down": 0}
    s = with_seat(s, e.seat, **cell)
    return replace(s, placements={**s.placements, e.location: here})


@evolves(E.Passed)
def _passed(s: State, e: E.Passed) -> State:
    seats = {**s.seats, e.seat: replace(s.seats[e.seat], passed=True)}
    return replace(s, seats=seats, turn=_next_turn(s, e.seat, seats))


def _guard_placement(card: dict, face_up: bool) -> Placement:
    return placement(GUARDS, card["value"], face_up, card.get("card"), bool(card.get("special", False)))


def _place(s: State, location: str, placement: Placement) -> State:
    return replace(s, placements={**s.placements, location: s.placements[location] + (placement,)})


@evolves(E.GuardCardsDealt)
def _dealt(s: State, e: E.GuardCardsDealt) -> State:
    for card in e.cards:
        s = _place(s, card["location"], _guard_placement(card, False))
    return replace(s, dealt=True)


def _reveal(s: State, location: str, index: int) -> State:
    here = list(s.placements[location])
    here[index] = replace(here[index], face_up=True)
    return replace(s, placements={**s.placements, location: tuple(here)})


@evolves(E.GuardTurnTaken)
def _guard_turn(s: State, e: E.GuardTurnTaken) -> State:
    if e.reveal is not None:
        s = _reveal(s, e.reveal["location"], e.reveal["index"])
    if e.place is not None:
        s = _place(s, e.place["location"], _guard_placement(e.place, True))
    if e.done:
        s = with_seat(s, GUARDS, passed=True)
    return replace(s, turn=_next_turn(s, GUARDS))


@evolves(E.GuardCardRevealed)
def _guard_revealed(s: State, e: E.GuardCardRevealed) -> State:
    special = s.placements[e.location][e.index].special and s.phase == "lights_out"
    s = _reveal(s, e.location, e.index)
    return replace(s, special_draw=e.location) if special else s  # L-SO9


@evolves(E.GuardCardPlaced)
def _guard_placed(s: State, e: E.GuardCardPlaced) -> State:
    card = {"value": e.value, "card": e.card, "special": e.special}
    return replace(_place(s, e.location, _guard_placement(card, False)), special_draw=None)


@evolves(E.GuardDrawSkipped)
def _guard_skip(s: State, e: E.GuardDrawSkipped) -> State:
    return replace(s, special_draw=None)


@evolves(E.LightsOutBegan)
def _lights_out(s: State, e: E.LightsOutBegan) -> State:
    return replace(s, phase="lights_out", lo_index=0, turn=None, resolution=None)


@evolves(E.LocationRevealed)
def _revealed(s: State, e: E.LocationRevealed) -> State:
    here = tuple([p if p.face_up else replace(p, face_up=True) for p in s.placements[e.location]])
    res = build(Resolution, {"location": e.location, "first_player": e.first_player, "power": dict(e.power),
                             "tiles": dict(e.tiles), "strength": dict(e.strength), "ranking": tuple(e.ranking),
                             "tiers": dict(e.tiers), "gains": dict(e.gains), "confirmed": False, "cursor": 0,
                             "declined": ()})
    return replace(s, placements={**s.placements, e.location: here}, resolution=res)


@evolves(E.RewardsConfirmed)
def _confirmed(s: State, e: E.RewardsConfirmed) -> State:
    res = replace(s.resolution, confirmed=True, declined=tuple(e.declined), tiers=dict(e.tiers), gains=dict(e.gains))
    return replace(s, resolution=res)


@evolves(E.RewardDeclined)
def _declined(s: State, e: E.RewardDeclined) -> State:
    r = s.resolution
    res = replace(r, declined=(*r.declined, e.seat), tiers=dict(e.tiers), gains=dict(e.gains))
    return replace(s, resolution=res)


def _take_home(s: State, seat: str, location: str, to_library: bool) -> State:
    """Remove a seat's placements from ``location``: to the Library (L-LO5) or home (L-LO4)."""
    mine, rest = [], []
    for p in s.placements[location]:
        (mine if p.seat == seat else rest).append(p)
    mine = tuple(mine)
    placements = {**s.placements, location: tuple(rest)}
    if to_library:
        placements["library"] = placements["library"] + mine
    changes = {"placements": placements, "resolution": replace(s.resolution, cursor=s.resolution.cursor + 1)}
    if not to_library and seat != GUARDS:  # guard cards go back to the automaton's deck, not to a holding cell
        me = s.seats[seat]
        changes["seats"] = {**s.seats, seat: replace(me, holding=me.holding + tuple(p.tile for p in mine))}
    return replace(s, **changes)


@evolves(E.RewardCollected)
def _collected(s: State, e: E.RewardCollected) -> State:
    return _take_home(s, e.seat, e.location, False)


@evolves(E.Straggled)
def _straggled(s: State, e: E.Straggled) -> State:
    return _take_home(s, e.seat, e.location, e.location != "library")


@evolves(E.LocationFinished)
def _finished(s: State, e: E.LocationFinished) -> State:
    return replace(s, resolution=None, lo_index=s.lo_index + 1)


@evolves(E.CubesMoved)
def _cubes(s: State, e: E.CubesMoved) -> State:
    return move(s, e.source, e.target, e.cubes)  # move reads the cubes, never keeps or changes them


@evolves(E.ReputationChanged)
def _reputation(s: State, e: E.ReputationChanged) -> State:
    s = with_seat(s, e.seat, reputation=s.seats[e.seat].reputation + e.delta)
    return replace(s, rep_log=(*s.rep_log, RepEntry(e.seat, e.delta, e.rule, e.reason, s.seq)))


@evolves(E.CounterChanged)
def _counter(s: State, e: E.CounterChanged) -> State:
    me = s.seats[e.seat]
    if e.quantity == "tomes":
        return with_seat(s, e.seat, tomes=me.tomes + e.delta)
    if me.storage_limit is None:
        return s  # the guards have no storage limit (L-SO10, L-SO11)
    return with_seat(s, e.seat, storage_limit=me.storage_limit + e.delta)


@evolves(E.FirstPlayerChanged)
def _first(s: State, e: E.FirstPlayerChanged) -> State:
    return replace(s, first_player=e.seat)


@evolves(E.GoonRecruited)
def _recruited(s: State, e: E.GoonRecruited) -> State:
    s = replace(s, goons={**s.goons, e.location: None})
    return with_seat(s, e.seat, goons=(*s.seats[e.seat].goons, goon_from(e.goon)))


@evolves(E.ItemCrafted)
def _crafted(s: State, e: E.ItemCrafted) -> State:
    me = s.seats[e.seat]
    if e.source == "display":
        display = list(s.display)
        display[e.index] = None
        s = replace(s, display=tuple(display))
    else:
        s = with_seat(s, e.seat, reserved=me.reserved[: e.index] + me.reserved[e.index + 1:])
    return with_seat(s, e.seat, items=(*s.seats[e.seat].items, item_from(e.item)))


@evolves(E.ItemReserved)
def _reserved(s: State, e: E.ItemReserved) -> State:
    display = list(s.display)
    display[e.index] = None
    s = replace(s, display=tuple(display))
    return with_seat(s, e.seat, reserved=(*s.seats[e.seat].reserved, item_from(e.item)))


@evolves(E.EffectQueued)
def _effect_queued(s: State, e: E.EffectQueued) -> State:
    return replace(s, effects=(*s.effects, (e.seat, e.code, e.source)))


@evolves(E.EffectResolved)
def _effect_done(s: State, e: E.EffectResolved) -> State:
    return replace(s, effects=s.effects[1:])


@evolves(E.LeaderGoalTaken)
def _leader(s: State, e: E.LeaderGoalTaken) -> State:
    return replace(s, leader_holder=e.seat)


@evolves(E.InstantGoalClaimed)
def _instant(s: State, e: E.InstantGoalClaimed) -> State:
    return replace(s, instant_holder=e.seat)


@evolves(E.RaidHeld)
def _raid(s: State, e: E.RaidHeld) -> State:
    return replace(s, phase="final") if e.final else s


@evolves(E.PatrolBegan)
def _patrol(s: State, e: E.PatrolBegan) -> State:
    return replace(s, phase="patrol", patrol={})


@evolves(E.ItemsRefilled)
def _items(s: State, e: E.ItemsRefilled) -> State:
    display = list(s.display)
    for entry in e.items:
        display[entry["index"]] = item_from(entry["item"])
    return replace(s, display=tuple(display), patrol={**s.patrol, "items": True})


@evolves(E.GoonsAdvanced)
def _advanced(s: State, e: E.GoonsAdvanced) -> State:
    goons = {loc: None if e.goons.get(loc) is None else goon_from(e.goons[loc]) for loc in GOON_LOCATIONS}
    return replace(s, goons=goons, patrol={**s.patrol, "advanced": True})


@evolves(E.GoonsRefilled)
def _goons(s: State, e: E.GoonsRefilled) -> State:
    goons = {**s.goons, **{loc: goon_from(g) for loc, g in e.goons.items()}}
    return replace(s, goons=goons, patrol={**s.patrol, "goons": True})


@evolves(E.RoundStarted)
def _round(s: State, e: E.RoundStarted) -> State:
    seats = {n: replace(x, passed=False, visited=(), face_down_used=0) for n, x in s.seats.items()}
    return replace(s, seats=seats, round=e.round, phase="roll_call", turn=s.first_player,
                   dealt=s.mode != "solo", lo_index=0, patrol={})


@evolves(E.EndGoalMet)
def _end_goal(s: State, e: E.EndGoalMet) -> State:
    return replace(s, end_goal_met=tuple(e.seats))


@evolves(E.GameEnded)
def _ended(s: State, e: E.GameEnded) -> State:
    # The recorded result must be what scoring gives (L-F): an edited, re-chained export is refused.
    from companion.games.lockup.goals import final_result  # goals -> flow -> fold: imported late

    if not _same_json(e.result, final_result(s)):
        raise InputError("game-ended.result", T("is not the final scoring of the game before it (L-F)"))
    return replace(s, phase="over", result=dict(e.result), turn=None)


def _same_json(recorded, computed) -> bool:
    """Whether both read back the same from JSON. A decoded result (tuples for lists) usually
    equals the computed one once that is frozen the same way (in C for the nested dicts of
    scalars), without writing any JSON; anything else gets the exact round trip."""
    if recorded == computed or recorded == frozen(computed):
        return True
    return json.loads(json.dumps(recorded)) == json.loads(json.dumps(computed))


@evolves(E.TomePlayed)
def _tome(s: State, e: E.TomePlayed) -> State:
    return with_seat(s, e.seat, tomes=s.seats[e.seat].tomes - 1)


@evolves(E.Adjusted)
def _adjusted(s: State, e: E.Adjusted) -> State:
    if e.quantity == "reputation":
        s = with_seat(s, e.seat, reputation=s.seats[e.seat].reputation + e.delta)
        entry = RepEntry(e.seat, e.delta, "adjustment", e.reason, s.seq)
        return replace(s, rep_log=(*s.rep_log, entry))
    if e.quantity in ("tomes", "storage_limit"):
        me = s.seats[e.seat]
        return with_seat(s, e.seat, **{e.quantity: getattr(me, e.quantity) + e.delta})
    place = f"seat:{e.seat}"
    if e.delta > 0:
        return move(s, "supply", place, {e.quantity: e.delta})
    return move(s, place, "supply", {e.quantity: -e.delta})


__all__ = ["evolve", "add"]
