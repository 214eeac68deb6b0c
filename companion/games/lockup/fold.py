"""``evolve``: how each Lockup event changes the state. Pure, no validation (``decide`` validated),
except that a recorded final result must be what scoring gives (a forged export is refused).

Each function is registered for one event class with ``@evolves``; :func:`evolve` and
:func:`fold_many` dispatch. Each is given a private State (``state.thaw``: its dicts are copies),
may change those dicts in place, and returns the State with its other changes
(``dataclasses.replace``: a frozen dataclass is never changed); so the state given to ``evolve``
or ``fold_many`` is never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from itertools import chain

from companion.games.lockup import events as E
from companion.games.lockup import fold_cards  # noqa: F401 - registers the evolvers of cards, goals, patrol and the end
from companion.games.lockup.cards import goal_from, goon_from, item_from
from companion.games.lockup.model import GOON_LOCATIONS, GUARDS, LOCATIONS, RESOURCES, SUPPLY
from companion.games.lockup.state import (
    EVOLVERS,
    PLACES,
    Placement,
    RepEntry,
    Resolution,
    Seat,
    State,
    clockwise_from,
    evolves,
    freeze,
    move_in,
    place_shift,
    placement,
    set_seat,
    thaw,
    updated,
)


def evolve(state: State | None, event: E.Event) -> State:
    """The state after ``event`` (``state`` is None before ``game-started``): a new State;
    ``state`` is left as it was."""
    new = EVOLVERS[type(event)](None if state is None else thaw(state), event)
    if isinstance(new, State):  # game-started: a new State
        return replace(new, seq=new.seq + 1)
    new.seq += 1
    return freeze(new)


def fold_many(events: Iterable[E.Event], state: State | None, evolve_one: Callable) -> State | None:
    """The state after ``events`` from ``state`` (``GAME.fold``): equal to ``evolve`` on each
    event in turn, with ``evolve_one`` (the game's checked evolve) for an event folded onto nothing.

    The state is thawed once (``state.thaw``: a draft with private copies of its dicts), every
    event then changes that draft in place, and it is frozen once at the end: one State for the
    whole log, not one per event. ``state`` and what it holds are
    never changed: it may be a cached state that other requests and threads are reading. An error
    leaves nothing behind (the half-folded copy is dropped). No events: ``state`` itself."""
    table, events = EVOLVERS, iter(events)
    first = next(events, None)
    if first is None:
        return state
    if state is None:  # game-started, checked by the game's evolve: a new State
        state = evolve_one(None, first)
    else:
        events = chain((first,), events)
    draft = thaw(state)
    for event in events:
        draft = table[type(event)](draft, event)
        if isinstance(draft, State):  # a game-started again: a new State (the game's own checks refuse it)
            draft = thaw(draft)
        draft.seq += 1
    return freeze(draft)


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
        set_seat(s, e.seat, goons=(*s.seats[e.seat].goons, goon_from(e.goon)))
    return updated(s, trait_order=order, phase="traits" if order else "roll_call")


def _next_turn(s: State, after: str) -> str | None:
    """L-RC1: clockwise from ``after``, the next seat that has not passed."""
    seats = s.seats
    for name in _AFTER.get((s.seating, after)) or _after(s.seating, after):
        if not seats[name].passed:
            return name
    return None


def _after(seating: tuple, after: str) -> tuple:
    """The seats clockwise after ``after``, ending with it (remembered: a table has few seatings)."""
    if len(_AFTER) > 4096:  # a long-running server sees many tables: forget them all now and then
        _AFTER.clear()
    i = seating.index(after)
    found = _AFTER[seating, after] = seating[i + 1:] + seating[:i + 1]
    return found


_AFTER: dict[tuple, tuple] = {}


def _remove_tiles(holding: tuple, tiles: list) -> tuple:
    rest = list(holding)
    for t in tiles:
        rest.remove(t)
    return tuple(rest)


@evolves(E.TilesAssigned)
def _assigned(s: State, e: E.TilesAssigned) -> State:
    seat = e.seat
    me = s.seats[seat]
    named, new, unknown, down = [], [], 0, 0
    for t in e.tiles:  # one pass: the tiles named, the unknown ones, the face-down ones, the placements
        tile, face_up = t["tile"], t["face_up"]
        if tile is None:
            unknown += 1
        else:
            named.append(tile)
        if not face_up:
            down += 1
        new.append(Placement(seat, tile, face_up))
    pooled = unknown or me.unknown_down  # I-16: from now on the cell and the unknown tiles are one pool
    rest = [*me.holding, *me.pool] if pooled else list(me.holding)
    for tile in named:
        rest.remove(tile)
    cell = {"pool": tuple(rest), "holding": (), "unknown_down": me.unknown_down + unknown} if pooled else {
        "holding": tuple(rest)}
    set_seat(s, seat, **cell, visited=(*me.visited, e.location), face_down_used=me.face_down_used + down)
    s.placements[e.location] += tuple(new)
    return updated(s, turn=_next_turn(s, seat))


@evolves(E.TilesRevealed)
def _tiles_revealed(s: State, e: E.TilesRevealed) -> State:
    """L-LO1, I-16: the seat's value-less face-down tiles at the location get their values."""
    values, seat, here = list(e.tiles), e.seat, []
    places = s.placements
    for p in places[e.location]:
        if values and p.seat == seat and p.tile is None and not p.face_up:
            p = placement(seat, values.pop(0), False, p.card, p.special)
        here.append(p)
    places[e.location] = tuple(here)
    me = s.seats[seat]
    pool, unknown = _remove_tiles(me.pool, list(e.tiles)), me.unknown_down - len(e.tiles)
    if unknown:
        set_seat(s, seat, pool=pool, unknown_down=unknown)
    else:
        set_seat(s, seat, holding=me.holding + pool, pool=(), unknown_down=0)
    return s


@evolves(E.Passed)
def _passed(s: State, e: E.Passed) -> State:
    set_seat(s, e.seat, passed=True)
    return updated(s, turn=_next_turn(s, e.seat))


def _guard_placement(card: dict, face_up: bool) -> Placement:
    return placement(GUARDS, card["value"], face_up, card.get("card"), bool(card.get("special", False)))


def _place(s: State, location: str, placement: Placement) -> None:
    s.placements[location] += (placement,)


@evolves(E.GuardCardsDealt)
def _dealt(s: State, e: E.GuardCardsDealt) -> State:
    for card in e.cards:
        _place(s, card["location"], _guard_placement(card, False))
    return updated(s, dealt=True)


def _face_up(p: Placement) -> Placement:
    return placement(p.seat, p.tile, True, p.card, p.special)


def _reveal(s: State, location: str, index: int) -> None:
    places = s.placements
    here = list(places[location])
    here[index] = _face_up(here[index])
    places[location] = tuple(here)


@evolves(E.GuardTurnTaken)
def _guard_turn(s: State, e: E.GuardTurnTaken) -> State:
    if e.reveal is not None:
        _reveal(s, e.reveal["location"], e.reveal["index"])
    if e.place is not None:
        _place(s, e.place["location"], _guard_placement(e.place, True))
    if e.done:
        set_seat(s, GUARDS, passed=True)
    return updated(s, turn=_next_turn(s, GUARDS))


@evolves(E.GuardCardRevealed)
def _guard_revealed(s: State, e: E.GuardCardRevealed) -> State:
    special = s.placements[e.location][e.index].special and s.phase == "lights_out"
    _reveal(s, e.location, e.index)
    return updated(s, special_draw=e.location) if special else s  # L-SO9


@evolves(E.GuardCardPlaced)
def _guard_placed(s: State, e: E.GuardCardPlaced) -> State:
    _place(s, e.location, _guard_placement({"value": e.value, "card": e.card, "special": e.special}, False))
    return updated(s, special_draw=None)


@evolves(E.GuardDrawSkipped)
def _guard_skip(s: State, e: E.GuardDrawSkipped) -> State:
    return updated(s, special_draw=None)


@evolves(E.LightsOutBegan)
def _lights_out(s: State, e: E.LightsOutBegan) -> State:
    return updated(s, phase="lights_out", lo_index=0, turn=None, resolution=None)


@evolves(E.LocationRevealed)
def _revealed(s: State, e: E.LocationRevealed) -> State:
    places = s.placements
    places[e.location] = tuple([p if p.face_up else placement(p.seat, p.tile, True, p.card, p.special)
                                for p in places[e.location]])
    return updated(s, resolution=Resolution(
        location=e.location, first_player=e.first_player, power=dict(e.power), tiles=dict(e.tiles),
        strength=dict(e.strength), ranking=tuple(e.ranking), tiers=dict(e.tiers), gains=dict(e.gains),
        confirmed=False, cursor=0, declined=()))


@evolves(E.RewardsConfirmed)
def _confirmed(s: State, e: E.RewardsConfirmed) -> State:
    return updated(s, resolution=replace(s.resolution, confirmed=True, declined=tuple(e.declined),
                                         tiers=dict(e.tiers), gains=dict(e.gains)))


@evolves(E.RewardAnswered)
def _answered(s: State, e: E.RewardAnswered) -> State:
    r = s.resolution
    declined = (*r.declined, e.seat) if e.declined else r.declined
    return updated(s, resolution=replace(r, answered=(*r.answered, e.seat), declined=declined))


@evolves(E.RewardAskingChanged)
def _asking(s: State, e: E.RewardAskingChanged) -> State:
    return updated(s, options={**s.options, "ask_fixed_rewards": e.ask})


@evolves(E.RewardDeclined)
def _declined(s: State, e: E.RewardDeclined) -> State:
    r = s.resolution
    return updated(s, resolution=replace(r, declined=(*r.declined, e.seat), tiers=dict(e.tiers), gains=dict(e.gains)))


@evolves(E.RewardCollected)
@evolves(E.Straggled)
def _take_home(s: State, e: E.RewardCollected | E.Straggled) -> State:
    """A seat's placements leave the location: home (L-LO4: a reward collected, or a straggler
    at the Library itself) or to the Library (L-LO5: a straggler anywhere else)."""
    seat, location = e.seat, e.location
    to_library = type(e) is E.Straggled and location != "library"
    places = s.placements
    mine, rest = [], []
    for p in places[location]:
        if p.seat == seat:
            mine.append(p)
        else:
            rest.append(p)
    places[location] = tuple(rest)
    if to_library:
        places["library"] += tuple(mine)
    elif seat != GUARDS:  # guard cards go back to the automaton's deck, not to a holding cell
        set_seat(s, seat, holding=(*s.seats[seat].holding, *[p.tile for p in mine]))
    return updated(s, resolution=replace(s.resolution, cursor=s.resolution.cursor + 1))


@evolves(E.LocationFinished)
def _finished(s: State, e: E.LocationFinished) -> State:
    return updated(s, resolution=None, lo_index=s.lo_index + 1)


@evolves(E.CubesMoved)
def _cubes(s: State, e: E.CubesMoved) -> State:
    source, target, cubes = e.source, e.target, e.cubes  # the cubes are read, never kept or changed
    if source == target:
        move_in(s, source, target, cubes)
        return s
    for place, sign in ((source, -1), (target, 1)):  # move_in, written out: the commonest event of all
        shift, name = PLACES.get(place) or place_shift(place)
        shift(s, name, cubes, sign, place)
    return s


@evolves(E.ReputationChanged)
def _reputation(s: State, e: E.ReputationChanged) -> State:
    set_seat(s, e.seat, reputation=s.seats[e.seat].reputation + e.delta)
    return updated(s, rep_log=(*s.rep_log, RepEntry(e.seat, e.delta, e.rule, e.reason, s.seq)))
