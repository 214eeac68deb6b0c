"""The Lockup panel's context: the board as the table may see it, and what the game asks now.

A game with players is played on shared devices: every page is the table's view (``view_for``
with no seat), whatever the URL says, so holding cells are counts and face-down tiles have no
value (I-16). A solo game's device is the player's own: it shows the player's view (the guards'
face-down cards stay hidden). Only ``pending`` reads the full state, and what it returns (whose
turn, which location, the tiles not yet shown face up, counts) is public.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from flask_babel import get_locale
from markupsafe import Markup

from companion.games.lockup.model import GOON_LOCATIONS, GUARDS, LOCATIONS, ROUNDS
from companion.games.lockup.state import State, held, in_hand
from companion.web import seats
from companion.web.catalog import gettext as _
from companion.web.gameui.lockup import end, feed, lightsout, patrol, regions, rollcall, table, words
from companion.web.gameui.lockup.asks import ConfirmAsk, NoAsk
from companion.web.gameui.lockup.regions import core_of
from companion.web.i18n import text
from companion.web.lru import LRU

ASKS = {**rollcall.ASKS, **lightsout.ASKS, **patrol.ASKS}
STRIP_KINDS = ("guard-turn", "roll-call", "reveal-tiles")  # the questions shown beside where the tiles stand


@dataclass(frozen=True, slots=True)
class SeatBoard:
    """One crew as the viewer may see it: ``holding`` only for the viewer's own seat (I-16)."""

    index: int
    name: str
    label: str
    crew: str | None
    reputation: int
    power: int
    suspicion: int
    resources: str
    stored: int
    limit: int | None
    tomes: int
    held: int  # tiles in the holding cell: every device sees the count
    holding: tuple[str, ...] | None  # the tiles themselves: the viewer's own seat only (I-16)
    crafted: tuple[str, ...]  # item names
    reserved: tuple[str, ...]
    goons: tuple[str, ...]  # "name (type)"
    passed: bool  # shown in Roll Call only
    first: bool
    leader: bool
    instant: bool
    guards: bool


@dataclass(frozen=True, slots=True)
class Placed:
    """A seat's tiles at a location, in words (face down marked)."""

    seat: str  # in words
    tiles: str  # in words, joined


@dataclass(frozen=True, slots=True)
class Goon:
    """A goon's printed facts in words (``lightsout.goon_info``)."""

    name: str
    type: str  # in words, as every field below
    suspicion: int
    treasures: str
    effect: str
    resource: str | None  # the cube it holds, if any


@dataclass(frozen=True, slots=True)
class Location:
    """One location's entry on the board."""

    id: str
    number: int
    label: str
    suspicion: int
    cubes: str | None
    goon: Goon | None
    placements: tuple[Placed, ...]


@dataclass(frozen=True, slots=True)
class Item:
    """An item of the display, slot 1 next to the deck (I-18)."""

    slot: int
    name: str
    cost: str
    reputation: int
    treasures: str
    effect: str


@dataclass(frozen=True, slots=True)
class Goal:
    """A goal in play and who holds it."""

    kind: str  # leader, instant or end-game, in words
    name: str
    holder: str | None  # nobody yet (or an end-game goal: scored at the end)


@dataclass(frozen=True, slots=True)
class Waiting:
    """What the game waits for: its kind, the seat and location asked, in words."""

    kind: str  # pending's kind: the template and the ask are chosen by it
    seat: str | None  # the seat asked (its id: data-seat, the current crew's box)
    label: str  # that seat in words
    location: str  # the location being resolved, in words ("" outside Lights Out)


@dataclass(frozen=True, slots=True)
class Device:
    """What this device may do now (:func:`_device`)."""

    role: str  # host, seat or spectator (seats.role)
    can_act: bool  # whether the question's form is shown here
    waiting_line: str | None  # else the line saying whom the table waits for


@dataclass(frozen=True, slots=True)
class Panel:
    """Everything the Lockup panel's templates read (``lockup`` in them)."""

    solo: bool
    mode: str
    seq: int
    round: int
    rounds: int
    phase: str
    first: str
    first_id: str
    waiting: Waiting
    role: str
    can_act: bool
    waiting_line: str | None
    seats: tuple[SeatBoard, ...]
    players: tuple[str, ...]
    locations: tuple[Location, ...]
    display: tuple[Item, ...]
    goals: tuple[Goal, ...]
    supply: str
    feed: list
    explain: Any
    reasons: tuple[str, ...]
    ask: dict
    tools: table.Tools
    atlas: dict | None
    guard_deck: int | None
    options: str
    strip: bool  # where the tiles stand, under the prompt (_strip.html)
    cached: Fragments
    final_html: Markup | None = None
    result: Any = None


class Fragments:
    """Board entries and the question drawn once by what they show (:data:`FRAGMENTS`): the same
    key in the same language always draws the same HTML, whichever device or step asks."""

    __slots__ = ("locale",)

    def __init__(self):
        self.locale = str(get_locale())

    def entries(self, prefix: str, items: tuple, field: str, draw) -> Markup:
        """One entry per item, each as :meth:`entry` named ``prefix`` + the item's ``field``. (The
        loop is here, not in the template: a Jinja call block per entry cost more than the entry.)"""
        return Markup("\n".join(self.entry(f"{prefix}{getattr(item, field)}", item, draw) for item in items))

    def entry(self, name: str, item, draw) -> Markup:
        """The entry ``name`` drawn by the macro ``draw(item)``: the item (a frozen dataclass of the
        board, everything the macro reads) is its own key."""
        return Markup(FRAGMENTS.rendered((name, self.locale, item), lambda: str(draw(item))))

    def fragment(self, name: str, *shows, caller) -> Markup:
        """The HTML ``caller`` draws, or the same from an earlier render that showed the same
        ``shows`` (everything the body reads; plain dicts, so keyed by their ``repr``) in the same
        language."""
        return Markup(FRAGMENTS.rendered((name, self.locale, repr(shows)), lambda: str(caller())))


# Board entries and the question by what they show, in every language: the same key always draws
# the same HTML, so an entry is drawn once, not on every step of every device. A step draws 17 and
# a whole game needs no more than 128 at a time (the same hits as 1,024); 256 hold a few tables'
# boards. 1,024 kept about 5 MB after 20 whole games, 4,096 about 6 MB (issue 21 (d)).
FRAGMENTS = LRU(size=256)


def _seat_board(core: State, name: str, viewer: str | None, index: int, roll_call: bool) -> SeatBoard:
    s = core.seats[name]
    return SeatBoard(
        index=index, name=name, label=words.seat(name), crew=s.crew, reputation=s.reputation, power=s.power,
        suspicion=s.suspicion, resources=words.cubes(dict(s.resources)), stored=sum(s.resources.values()),
        limit=s.storage_limit, tomes=s.tomes, held=held(s),
        holding=tuple(words.tile(t) for t in in_hand(s)) if name == viewer else None,  # I-16: others see a count
        crafted=tuple(i.name for i in s.items), reserved=tuple(i.name for i in s.reserved),
        goons=tuple(f"{g.name} ({words.goon_type(g.type)})" for g in s.goons), passed=s.passed and roll_call,
        first=core.first_player == name, leader=core.leader_holder == name,
        instant=core.instant_holder == name, guards=name == GUARDS,
    )


def _placed(here) -> tuple[Placed, ...]:
    """Tiles at a location grouped by seat, in the order the seats first came (face down marked)."""
    groups: dict[str, list[str]] = {}
    for p in here:
        label = (words.tile(p.tile) if p.tile is None or p.face_up
                 else _("%(tile)s (face down)", tile=words.tile(p.tile)))
        groups.setdefault(p.seat, []).append(label)
    return tuple(Placed(words.seat(seat), ", ".join(tiles)) for seat, tiles in groups.items())


def _locations(core: State) -> tuple[Location, ...]:
    out = []
    for number, loc in enumerate(LOCATIONS, start=1):
        goon = core.goons.get(loc) if loc in GOON_LOCATIONS else None
        cubes = core.loc_resources.get(loc)
        out.append(Location(
            id=loc, number=number, label=words.location(loc), suspicion=core.loc_suspicion.get(loc, 0),
            cubes=words.cubes(cubes) if cubes else None, goon=Goon(**lightsout.goon_info(goon)) if goon else None,
            placements=_placed(core.placements.get(loc, ())),
        ))
    return tuple(out)


def _display(core: State) -> tuple[Item, ...]:
    return tuple(Item(slot=i + 1, name=it.name, cost=words.cubes(it.cost), reputation=it.reputation,
                      treasures=", ".join(words.treasure(t) for t in it.treasures), effect=words.effect(it.effect))
                 for i, it in enumerate(core.display) if it is not None)


def _goals(core: State) -> tuple[Goal, ...]:
    out = []
    for kind, label in (("leader", _("Leader goal")), ("instant", _("Instant goal")),
                        ("end_game", _("End-game goal"))):
        goal = core.goals.get(kind)
        if goal is not None:
            holder = core.leader_holder if kind == "leader" else core.instant_holder if kind == "instant" else None
            out.append(Goal(label, goal.name, words.seat(holder) if holder else None))
    return tuple(out)


def _ask(core: State, waiting):
    builder = ASKS.get(waiting.kind)
    return builder(core, waiting) if builder else NoAsk()


def _doing(kind: str) -> str:
    """What a seat is asked, in a few words (the line a device that cannot answer shows)."""
    return {"roll-call": _("assign tiles"), "trait": _("keep a trait"), "reveal-tiles": _("reveal tiles"),
            "choice": _("choose a reward"), "discard": _("discard down to the storage limit"),
            "effect": _("resolve an effect")}.get(kind, _("their turn"))


def _device(game: dict, waiting, ask) -> tuple[Device, Any]:
    """What this device may do now (issue 12, 23), the one decision the panel shows its prompt by:
    a seat's phone answers its own seat's questions and the table's steps; the host the table's
    steps and the questions of seats no phone holds (one shared phone plays a whole game), never
    what only a seated player decides; a spectator nothing."""
    who = seats.role(game)
    seat = waiting.seat if waiting.seat != GUARDS else None  # the guards' automaton: a table step
    held = seats.table(game["id"])["holders"]
    if waiting.kind == "confirm-rewards":
        return _confirming(who, held, ask)
    can = waiting.kind != "over" and seats.can_act(game, seat, who) and not (who.kind == "host" and seat in held)
    line = None
    if not can and waiting.kind != "over":
        line = (_("Waiting for %(name)s: %(what)s", name=words.seat(seat), what=_doing(waiting.kind)) if seat
                else _("Waiting for the table: the players’ devices record this step."))
    return Device(who.kind or "spectator", can, line), ask


def _confirming(who, held, ask: ConfirmAsk) -> tuple[Device, ConfirmAsk]:
    """Who collects or declines a reward (L-LO6): each seated player on their own phone; the host
    for the seats no phone holds, all at once when only those are left (ticking who declines)."""
    undecided = ask.undecided
    if not undecided:  # a log from before issue 23 resting where nobody may decline: the table confirms
        can = who.kind in ("host", "seat")
        return Device(who.kind or "spectator", can, None if can else
                      _("Waiting for the table: the players’ devices record this step.")), ask
    mine = [who.seat] if who.kind == "seat" and who.seat in undecided else []
    if who.kind == "host":
        mine = [n for n in undecided if n not in held]
    device = Device(who.kind or "spectator", bool(mine), None)
    if not mine:
        return Device(device.role, False, _("Waiting for %(names)s: collect or decline their rewards",
                                            names=", ".join(words.seat(n) for n in undecided))), ask
    if who.kind == "host" and len(mine) == len(undecided):
        return device, replace(ask, decliners=tuple(mine))  # the table confirms, naming who declines
    return device, replace(ask, seat=mine[0], decliners=())


def build(state, game: dict, seat: str | None, definition, pending, kept: frozenset[str] = frozenset()) -> dict:
    """The panel context: the table's view, the view of the seat this device holds, or in solo the
    player's (I-16). ``kept``: the regions the page keeps (:mod:`.regions`), whose context is not built."""
    core = core_of(state)
    # ``seat`` comes from the device's seat claim (companion.web.seats), never from the URL.
    viewer = core.seating[0] if core.mode == "solo" else (seat if seat in core.seats and seat != GUARDS else None)
    view = definition.view_for(state, viewer)
    shown = core_of(view)
    waiting = pending(state)
    lines, tail = feed.recent(game, viewer=viewer)
    device, ask = _device(game, waiting, _ask(shown, waiting))
    over, strip = waiting.kind == "over", device.can_act and waiting.kind in STRIP_KINDS
    display = regions.DISPLAY not in kept
    panel = Panel(
        solo=core.mode == "solo", mode=core.mode, seq=core.seq, round=core.round, rounds=ROUNDS,
        phase=words.phase(core.phase), first=words.seat(core.first_player), first_id=core.first_player,
        waiting=Waiting(waiting.kind, waiting.seat, words.seat(waiting.seat), words.location(waiting.location)),
        seats=() if regions.CREWS in kept else tuple(_seat_board(shown, n, viewer, i, waiting.kind == "roll-call")
                                             for i, n in enumerate(shown.seating, 1)),
        players=tuple(n for n in shown.seating if n != GUARDS),
        locations=_locations(shown) if strip or regions.LOCATIONS not in kept else (),
        display=_display(shown) if display else (), goals=_goals(shown) if display else (),
        supply=words.cubes(dict(shown.supply)) if display else "", feed=lines,
        explain=lightsout.explain(shown, tail) if shown.resolution is not None else None,
        reasons=tuple(words.plain(text(r)) for r in list(getattr(view, "reasons", ()))[-3:][::-1]),
        ask=ask, tools=table.tools(shown), atlas=rollcall.atlas_offer(shown),
        guard_deck=getattr(view, "guard_deck", None),
        options=words.table_options(core.options) if regions.OPTIONS not in kept else "", strip=strip,
        cached=Fragments(), role=device.role, can_act=device.can_act, waiting_line=device.waiting_line,
        final_html=end.final_html(state, game) if over else None, result=core.result if over else None,
    )
    return {"lockup": panel, **words.vocabulary()}
