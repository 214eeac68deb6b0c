"""The state of a Lockup game: frozen dataclasses, never changed once handed out.

A state and the plain dicts inside it are never changed after the fold or ``evolve`` that made
them returns, and no frozen dataclass is ever changed (a change is a new one:
``dataclasses.replace``). A fold works on a :class:`Draft` instead: a plain object with the
State's fields and private copies of the dicts it changes (:func:`thaw`), changed in place event
after event and made a State once at the end (:func:`freeze`); the public helpers here
(``with_seat``, ``move``) copy first. Cubes live in exactly one place (L-C3):
``supply``, a seat's board (``Seat.resources``/``power``/``suspicion``) or a location
(``loc_suspicion``/``loc_resources``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from types import SimpleNamespace

from companion.games.lockup.cards import Goal, Goon, Item
from companion.games.lockup.model import RESOURCES


def placement(seat: str, tile, face_up: bool, card: str | None = None, special: bool = False) -> Placement:
    """``Placement(seat, tile, face_up, card, special)``."""
    return Placement(seat, tile, face_up, card, special)


Tile = int | str  # crew tile: a printed number, "lookout", "enforcer"; guard card: a number or "power"


@dataclass(frozen=True)
class Placement:
    """A crew tile (or, for the guards, a guard card) at a location.

    ``tile`` is ``None`` only in a view where it is hidden (face down, not the viewer's).
    ``card``/``special`` describe guard cards (L-SO9) and are unused for players.
    """

    seat: str
    tile: Tile | None
    face_up: bool
    card: str | None = None
    special: bool = False


@dataclass(frozen=True)
class Seat:
    """One seat's board: a player, or the guards in solo (``storage_limit`` None: no limit, L-SO11)."""

    name: str
    crew: str | None
    reputation: int
    power: int
    resources: dict
    suspicion: int
    storage_limit: int | None
    tomes: int = 0
    items: tuple[Item, ...] = ()
    reserved: tuple[Item, ...] = ()
    goons: tuple[Goon, ...] = ()
    tiles: tuple[Tile, ...] = ()  # every crew tile of this seat in this game (L-C4)
    holding: tuple[Tile, ...] = ()  # tiles known to be in the holding cell (a view of another seat: None each)
    passed: bool = False
    visited: tuple[str, ...] = ()  # locations assigned to this round (L-RC3)
    face_down_used: int = 0  # L-RC6
    # I-16: face-down tiles assigned without their value. ``pool`` holds the tiles that are either
    # in the holding cell or face down with no recorded value; ``unknown_down`` of them are face
    # down. Both are empty/0 outside that case (and always in solo, where values are typed).
    pool: tuple[Tile, ...] = ()
    unknown_down: int = 0


@dataclass(frozen=True)
class Resolution:
    """The location being resolved in Lights Out (L-LO)."""

    location: str
    first_player: str  # marker holder when the location was revealed (L-LO2)
    power: dict  # power snapshot at reveal, for recomputing tiers after a decline (I-1 option)
    tiles: dict  # {seat: [tile values]} at reveal
    strength: dict
    ranking: tuple[str, ...]
    tiers: dict  # {seat: tier or None}
    gains: dict  # {seat: {cube: n}} fixed gains of the tier
    confirmed: bool = False
    cursor: int = 0  # index into ranking of the seat collecting now (L-LO4)
    declined: tuple[str, ...] = ()
    answered: tuple[str, ...] = ()  # seats that collect or decline, answered before the confirmation


@dataclass(frozen=True)
class RepEntry:
    """One line of the reputation log: who, how much, why (rule id + text), which event."""

    seat: str
    delta: int
    rule: str
    reason: str
    event: int


@dataclass(frozen=True)
class State:
    """The whole game."""

    mode: str
    seating: tuple[str, ...]  # clockwise (L-S9); in solo: the player and "guards"
    seats: dict  # {name: Seat}
    first_player: str
    board_side: str
    face_down_limit: int
    options: dict
    supply: dict
    goals: dict  # {"leader": Goal, "instant": Goal|None, "end_game": Goal|None}
    display: tuple[Item | None, ...]
    goons: dict  # {goon location: Goon | None}
    placements: dict  # {location: tuple[Placement, ...]}
    loc_suspicion: dict
    loc_resources: dict  # {location: {resource: n}}
    seed: int | None = None
    round: int = 1
    phase: str = "roll_call"  # traits, roll_call, lights_out, patrol, final, over
    turn: str | None = None
    dealt: bool = True  # solo: the guards' cards of this round are dealt (L-SO4)
    leader_holder: str | None = None
    instant_holder: str | None = None
    trait_order: tuple[str, ...] = ()  # advanced: seats still to pick a trait (L-S10)
    lo_index: int = 0
    resolution: Resolution | None = None
    special_draw: str | None = None  # solo: a location awaiting a special guard's draw (L-SO9)
    effects: tuple[tuple[str, str, str], ...] = ()  # pending effect choices (seat, code, source)
    patrol: dict = field(default_factory=dict)  # {"items": bool, "advanced": bool, "goons": bool}
    end_goal_met: tuple[str, ...] | None = None
    result: dict | None = None
    rep_log: tuple[RepEntry, ...] = ()
    goon_discard: tuple[str, ...] = ()  # names of the goons discarded at the Chow Hall (L-P3)
    seq: int = 0  # number of events folded

    @property
    def player_count(self) -> int:
        """The count that sets tiers and values: solo plays as 2 players (L-SO1)."""
        return len(self.seating)


def held(s: Seat) -> int:
    """How many tiles a seat still has in its holding cell (I-16: public, unlike which ones)."""
    return len(s.holding) + len(s.pool) - s.unknown_down


def in_hand(s: Seat) -> tuple[Tile, ...]:
    """The tiles that may be in the seat's holding cell: exactly those when no face-down value is
    unknown, else every tile that is in the cell or face down with its value not recorded (I-16)."""
    return s.holding + s.pool


def seat(state: State, name: str) -> Seat:
    """The named seat."""
    return state.seats[name]


def with_seat(state: State, name: str, **changes) -> State:
    """A new state where one seat has ``changes``."""
    return replace(state, seats={**state.seats, name: replace(state.seats[name], **changes)})


class Draft(SimpleNamespace):
    """A State being folded, never handed out: the State's fields as plain attributes that the
    evolvers set (:func:`updated`), with private copies of the dicts they change (:func:`thaw`).
    Building a frozen State for every event would cost most of a fold; a draft is frozen once."""


class SeatDraft(SimpleNamespace):
    """A Seat of a draft that an evolver changed (:func:`seat_draft`), frozen with the draft."""


def seat_draft(s: Draft, name: str) -> SeatDraft:
    """Seat ``name`` of the draft ``s``, as a draft of its own that may be changed in place (made
    from the frozen Seat the first time it changes in this fold)."""
    board = s.seats[name]
    if type(board) is not SeatDraft:
        board = s.seats[name] = SeatDraft(**{f.name: getattr(board, f.name) for f in _SEAT_FIELDS})
    return board


def set_seat(s: Draft, name: str, **changes) -> None:
    """In a draft: seat ``name`` has ``changes``."""
    updated(seat_draft(s, name), **changes)


def updated(s: Draft, **changes) -> Draft:
    """The draft ``s`` with these fields set, in place (returned, for an evolver's ``return``)."""
    for name, value in changes.items():
        setattr(s, name, value)
    return s


def thaw(state: State) -> Draft:
    """A draft of ``state``: its fields, with copies of the dicts the evolvers change in place
    (the seats, a changed one as its own draft: :func:`seat_draft`; the placements, the supply and the cubes
    at locations); the rest (tuples, cards, frozen dataclasses, dicts that are only ever replaced
    whole, such as a location's resources or a seat's) is shared. A fold calls it once,
    ``evolve`` once per event."""
    draft = Draft(**{f.name: getattr(state, f.name) for f in _STATE_FIELDS})
    return updated(draft, seats=dict(state.seats), placements=dict(state.placements), supply=dict(state.supply),
                   loc_resources=dict(state.loc_resources), loc_suspicion=dict(state.loc_suspicion))


def freeze(draft: Draft) -> State:
    """The State a draft stands for (the draft is not used again): its changed seats frozen too."""
    seats = {name: Seat(**vars(board)) if type(board) is SeatDraft else board for name, board in draft.seats.items()}
    return State(**{**vars(draft), "seats": seats})


def add(mapping: dict, key: str, delta: int) -> dict:
    """A copy of ``mapping`` with ``key`` changed by ``delta``."""
    out = dict(mapping)
    out[key] = out.get(key, 0) + delta
    return out


def cubes_at(state: State, place: str) -> dict:
    """Cubes at ``place``: ``"supply"``, ``"seat:NAME"`` or ``"location:LOC"``."""
    kind, _, name = place.partition(":")
    if kind == "supply":
        return dict(state.supply)
    if kind == "seat":
        s = state.seats[name]
        return {**s.resources, "power": s.power, "suspicion": s.suspicion}
    return {**state.loc_resources.get(name, {}), "suspicion": state.loc_suspicion.get(name, 0)}


def move(state: State, source: str, target: str, cubes: dict) -> State:
    """A new state where ``cubes`` moved from one place to another (L-C3: cubes are conserved)."""
    s = thaw(state)
    move_in(s, source, target, cubes)
    return freeze(s)


def move_in(s: State, source: str, target: str, cubes: dict) -> None:
    """:func:`move` on a private state (``thaw``), in place. ``cubes`` is read, never kept. A
    failed move leaves it half done, but then the event fails and the private state is dropped."""
    if source == target:
        _general_in(s, source, target, cubes)
        return
    for place, sign in ((source, -1), (target, 1)):
        shift, name = PLACES.get(place) or place_shift(place)
        shift(s, name, cubes, sign, place)


def place_shift(place: str) -> tuple:
    """(its shift, its name) of a place: \"seat:Ana\" -> (_seat_shift, \"Ana\"), remembered in
    ``PLACES``: a game names a few dozen places, thousands of times."""
    if len(PLACES) > 4096:
        PLACES.clear()
    kind, _, name = place.partition(":")
    found = PLACES[place] = (_supply_shift if kind == "supply" else _seat_shift if kind == "seat" else _loc_shift,
                              name)
    return found


PLACES: dict[str, tuple] = {}


def _supply_shift(s: State, _name: str, cubes: dict, sign: int, place: str) -> None:
    counts = s.supply
    for cube, n in cubes.items():
        left = counts.get(cube, 0) + sign * n
        if left < 0 and sign < 0:
            raise ValueError(f"{place} has too few {cube}")
        counts[cube] = left


def _seat_shift(s: State, name: str, cubes: dict, sign: int, place: str) -> None:
    board = seat_draft(s, name)
    res = board.resources = {r: board.resources.get(r, 0) for r in RESOURCES}  # exactly these (others dropped)
    for cube, n in cubes.items():
        if cube == "power":
            left = board.power = board.power + sign * n
        elif cube == "suspicion":
            left = board.suspicion = board.suspicion + sign * n
        else:
            left = res.get(cube, 0) + sign * n
            if cube in res:
                res[cube] = left
        if left < 0 and sign < 0:
            raise ValueError(f"{place} has too few {cube}")


def _loc_shift(s: State, name: str, cubes: dict, sign: int, place: str) -> None:
    # A location keeps its resources with a count (others are dropped) and its suspicion.
    loc_res, loc_susp = s.loc_resources, s.loc_suspicion
    res = loc_res[name] = dict(loc_res.get(name) or {})  # shared with the state thawed: copied, not changed
    suspicion = loc_susp.get(name, 0)
    for cube, n in cubes.items():
        if cube == "suspicion":
            left = suspicion = suspicion + sign * n
        else:
            left = res.get(cube, 0) + sign * n
            if left and cube in RESOURCES:
                res[cube] = left
            else:
                res.pop(cube, None)
        if left < 0 and sign < 0:
            raise ValueError(f"{place} has too few {cube}")
    loc_susp[name] = suspicion


def _move_general(state: State, source: str, target: str, cubes: dict) -> State:
    """:func:`move` the long way: both places' counts built, then written back (the reference the
    one-pass move is tested against, and the way for a move from a place to itself)."""
    s = thaw(state)
    _general_in(s, source, target, cubes)
    return freeze(s)


def _general_in(s: State, source: str, target: str, cubes: dict) -> None:
    src, dst = cubes_at(s, source), cubes_at(s, target)
    for cube, n in cubes.items():
        src[cube] = src.get(cube, 0) - n
        dst[cube] = dst.get(cube, 0) + n
        if src[cube] < 0:
            raise ValueError(f"{source} has too few {cube}")
    _cubes_set(s, source, src)
    _cubes_set(s, target, dst)  # after the source: the same place ends as ``dst``


def _cubes_set(s: State, place: str, cubes: dict) -> None:
    """``place`` of the private state ``s`` holds ``cubes`` from now on."""
    kind, _, name = place.partition(":")
    if kind == "supply":
        s.supply.clear()
        s.supply.update(cubes)
    elif kind == "seat":
        set_seat(s, name, resources={r: cubes.get(r, 0) for r in RESOURCES}, power=cubes["power"],
                 suspicion=cubes["suspicion"])
    else:
        s.loc_resources[name] = {r: n for r, n in cubes.items() if r in RESOURCES and n}
        s.loc_suspicion[name] = cubes.get("suspicion", 0)


def clip(available: dict, wanted: dict) -> dict:
    """What a gain gives when the supply runs short (L-C3, I-15): at most what is left."""
    out = {c: min(n, available.get(c, 0)) for c, n in wanted.items()}
    return {c: n for c, n in out.items() if n > 0}


def count_treasure(s: Seat, treasure: str) -> int:
    """Treasure icons on a seat's face-up cards: crafted items and goons (I-11)."""
    return sum(card.treasures.count(treasure) for card in (*s.items, *s.goons))


def players(state: State) -> tuple[str, ...]:
    """Seats that are people (not the solo guards)."""
    return tuple(n for n in state.seating if n != "guards")


def clockwise_from(state: State, start: str) -> tuple[str, ...]:
    """Seats in clockwise order beginning at ``start``."""
    i = state.seating.index(start)
    return state.seating[i:] + state.seating[:i]


def all_cubes(state: State) -> dict:
    """Total of every cube type over supply, boards and locations (must equal L-C3)."""
    total: dict[str, int] = dict(state.supply)
    places = [f"seat:{n}" for n in state.seating] + [f"location:{loc}" for loc in state.loc_suspicion]
    for place in places:
        for cube, n in cubes_at(state, place).items():
            total[cube] = total.get(cube, 0) + n
    return total


_STATE_FIELDS = fields(State)
_SEAT_FIELDS = fields(Seat)
Evolver = Callable[[Draft, object], Draft]
EVOLVERS: dict[type, Evolver] = {}


def evolves(event_cls: type) -> Callable[[Evolver], Evolver]:
    """Register the function that applies one event class to the state."""

    def register(fn: Evolver) -> Evolver:
        EVOLVERS[event_cls] = fn
        return fn

    return register


def goal_of(state: State, kind: str) -> Goal | None:
    """The goal card of a kind, or None."""
    return state.goals.get(kind)
