"""Lockup commands: frozen dataclasses, one per ``type`` (parsed and validated once by
``companion.games.lockup.parse``; ``InputError`` names the field).

On the wire every command is ``{"type": ..., ...}`` (the class's stable ``type``, then its
fields: ``to_json``); ``seat`` names the acting seat (a player, or ``"guards"`` for the solo
automaton). ``pending(state)`` says which kind the game waits for (the class's ``waits_for``); a
command of another kind, or from another seat, is a ``RuleViolation``. ``adjust``, ``claim_instant``,
``play_tome`` and ``ask_fixed_rewards`` are accepted at any time until the game is over.

=================  ==================  ==========================================================
type               waits-for kind      fields
=================  ==================  ==========================================================
pick_trait         trait               seat, trait (name), goon? (a goon face taken as the starting
                                       benefit); cube benefits follow as ``adjust`` (L-S10)
deal_guards        guards-deal         cards: [{location, value, card?, special?}] (L-SO4)
assign             roll-call           seat, location, tiles: [{tile, face_up}] (L-RC2..6); a face-down
                                       tile may be ``{"tile": null, "face_up": false}`` and
                                       ``face_down: n`` adds n such tiles (value given later, I-16)
pass               roll-call           seat (L-RC7; solo: ends Roll Call, I-7)
guard_turn         guard-turn          reveal: {location, index}|null, place: {location, value,
                                       card?, special?}|null, done: bool (L-SO5, I-8)
place_guard        special-draw        value, card?, special? (face down at that location, L-SO9)
skip_guard_draw    special-draw        (guard deck empty, L-SO9)
reveal_tiles       reveal-tiles        seat, tiles: [values] of its face-down tiles there (L-LO1, I-16)
collect            confirm-rewards     declined: [names] (L-LO6, I-1); seat? (that seat answers for
                                       itself: it collects, or declines when ``declined`` names it)
take               choice              seat, resource (Commissary first, L-R5)
exchange           choice              seat, give: {resource: n}, take (Commissary, L-R5)
recruit            choice              seat, goons: [goon locations], pay: {resource: n} (L-R6)
craft              choice              seat, source: display|reserved, index or item, pay (L-IT1)
reserve            choice              seat, index or item, pay (L-IT2)
keep_bandit        choice              seat (L-R9, I-17: the first-ranked seat keeps the Bandit
                                       cubes, makes no choice and goes home)
decline            choice              seat (L-LO6, I-3: gives the whole reward up, Bandit cubes
                                       included; becomes a straggler)
effect             effect              seat, target (L-E3) | give + take (L-E7) | skip: true
discard            discard             seat, resources: {resource: n} (L-P1)
refill_items       refill-items        items: [item faces], copies?: [names of another copy] (L-P2, L-C5),
                                       goons?: {goon location: goon face} (L-P3 in the same command)
refill_goons       refill-goons        goons: {goon location: goon face}, copies? (L-P3, L-C5)
end_goal           end-goal            seats: [names meeting the fixed end-game goal] (L-GL3)
claim_instant      (any)               seat (L-GL2)
play_tome          (any)               seat, tome (name); not after passing in Roll Call (L-RC7)
adjust             (any)               seat, quantity, delta (signed, not 0), reason
ask_fixed_rewards  (any)               seat (a player turns on the table option that asks before a
                                       fixed reward is collected, L-LO6; from the next location on)
=================  ==================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, dataclass_transform

from companion.games.lockup.cards import Goon, Item, card_doc
from companion.games.lockup.model import CUBES


@dataclass_transform(frozen_default=True)
def command(type_: str, waits_for: str | None) -> Callable[[type], type]:
    """Class decorator: a frozen dataclass command of wire ``type_``, accepted while the game waits
    for ``waits_for`` (``pending(state).kind``; ``None``: at any time)."""

    def declare(cls: type) -> type:
        cls.type, cls.waits_for = type_, waits_for
        return dataclass(frozen=True)(cls)

    return declare


MAX_FACE_DOWN = 9  # a bound on the input only: decide checks L-RC6 (at most 2 or 3 a round)
QUANTITIES = ("reputation", *CUBES, "tomes", "storage_limit")
"""What ``adjust`` may change."""


@dataclass(frozen=True)
class TileChoice:
    """One tile assigned in Roll Call: its value (``None``: face down, named later, I-16)."""

    tile: int | str | None
    face_up: bool = True

    def doc(self) -> dict:
        """As the command and ``tiles-assigned`` event write it."""
        return {"tile": self.tile, "face_up": self.face_up}


@dataclass(frozen=True)
class GuardCard:
    """A guard card the automaton plays (L-SO4, L-SO5): value (or ``"power"``), card id, special."""

    location: str
    value: int | str
    card: str | None = None
    special: bool = False

    def doc(self) -> dict:
        """As the command and the guard events write it."""
        return {"value": self.value, "card": self.card, "special": self.special, "location": self.location}


@dataclass(frozen=True)
class GuardReveal:
    """The face-down guard card turned on a guard turn: ``index`` in ``state.placements[location]``."""

    location: str
    index: int

    def doc(self) -> dict:
        """As the command and the ``guard-turn-taken`` event write it."""
        return {"location": self.location, "index": self.index}


@command("pick_trait", waits_for="trait")
class PickTrait:
    """L-S10: ``seat`` keeps a trait (a goon face taken as the starting benefit)."""
    seat: str
    trait: str
    goon: Goon | None = None


@command("deal_guards", waits_for="guards-deal")
class DealGuards:
    """L-SO4: the automaton deals its guard cards face down."""
    cards: tuple[GuardCard, ...]


@command("assign", waits_for="roll-call")
class Assign:
    """L-RC2..L-RC6: ``seat`` assigns tiles to ``location``."""
    seat: str
    location: str
    tiles: tuple[TileChoice, ...] = ()


@command("pass", waits_for="roll-call")
class Pass:
    """L-RC7: ``seat`` passes for the rest of Roll Call (solo: ends it, I-7)."""
    seat: str


@command("guard_turn", waits_for="guard-turn")
class GuardTurn:
    """L-SO5, I-8: the automaton reveals and/or places a guard card."""
    reveal: GuardReveal | None = None
    place: GuardCard | None = None
    done: bool = False


@command("place_guard", waits_for="special-draw")
class PlaceGuard:
    """L-SO9: the special guard's reinforcement, face down where the special card was revealed."""
    value: int | str
    card: str | None = None
    special: bool = False


@command("skip_guard_draw", waits_for="special-draw")
class SkipGuardDraw:
    """L-SO9: the guard deck is empty, no reinforcement."""


@command("reveal_tiles", waits_for="reveal-tiles")
class RevealTiles:
    """L-LO1, I-16: ``seat`` names its face-down tiles at the location being revealed."""
    seat: str
    tiles: tuple[int | str, ...]


@command("collect", waits_for="confirm-rewards")
class Collect:
    """L-LO6, I-1: the table confirms a location's rewards; ``declined`` seats give theirs up.

    With a ``seat``, that seat answers for itself only (it collects, or declines when ``declined``
    names it); the location is confirmed once every seat that may decline has answered."""
    declined: tuple[str, ...] = ()
    seat: str | None = None


@command("take", waits_for="choice")
class Take:
    """L-R5: first at the Commissary, ``seat`` takes one ``resource``."""
    seat: str
    resource: str


@command("exchange", waits_for="choice")
class Exchange:
    """L-R5: at the Commissary, ``seat`` gives cubes and takes ``take``."""
    seat: str
    give: dict[str, int]
    take: str


@command("recruit", waits_for="choice")
class Recruit:
    """L-R6: ``seat`` recruits the goons at ``goons`` (their locations), paying ``pay``."""
    seat: str
    goons: tuple[str, ...]
    pay: dict[str, int] = field(default_factory=dict)


@command("craft", waits_for="choice")
class Craft:
    """L-IT1: ``seat`` crafts an item (by ``index`` or ``item`` name) from the display or its reserve."""
    seat: str
    source: str | None = None
    index: int | None = None
    item: str | None = None
    pay: dict[str, int] = field(default_factory=dict)


@command("reserve", waits_for="choice")
class Reserve:
    """L-IT2: ``seat`` reserves an item of the display (by ``index`` or ``item`` name)."""
    seat: str
    index: int | None = None
    item: str | None = None
    pay: dict[str, int] = field(default_factory=dict)


@command("keep_bandit", waits_for="choice")
class KeepBandit:
    """L-R9, I-17: the first-ranked seat keeps the Bandit cubes, makes no choice and goes home."""
    seat: str


@command("decline", waits_for="choice")
class Decline:
    """L-LO6, I-3: ``seat`` gives its whole reward up (Bandit cubes included) and straggles."""
    seat: str


@command("effect", waits_for="effect")
class Effect:
    """L-E3 (``target``), L-E7 (``give`` + ``take``), or ``skip``: ``seat``'s queued effect."""
    seat: str
    target: str | None = None
    give: dict[str, int] | None = None
    take: str | None = None
    skip: bool = False


@command("discard", waits_for="discard")
class Discard:
    """L-P1: ``seat`` discards down to its storage limit."""
    seat: str
    resources: dict[str, int]


@command("refill_items", waits_for="refill-items")
class RefillItems:
    """L-P2: the item faces dealt into the display's empty slots (fewer: the deck ran out); with
    ``goons``, also L-P3's goons for the slots left empty once the goons advanced (one form, one
    command for the whole of Patrol's card entry: issue 23). ``copies`` covers both kinds."""
    items: tuple[Item, ...]
    copies: tuple[str, ...] | None = None  # names the table says are another copy (deck.check_new)
    goons: dict[str, Goon] | None = None  # None: the goons are entered by their own refill_goons


@command("refill_goons", waits_for="refill-goons")
class RefillGoons:
    """L-P3: the goon faces dealt to the empty goon locations."""
    goons: dict[str, Goon]
    copies: tuple[str, ...] | None = None  # names the table says are another copy (deck.check_new)


@command("end_goal", waits_for="end-goal")
class EndGoal:
    """L-GL3: the seats that meet the fixed end-game goal."""
    seats: tuple[str, ...]


@command("claim_instant", waits_for=None)
class ClaimInstant:
    """L-GL2: ``seat`` claims the instant goal (at any time)."""
    seat: str


@command("play_tome", waits_for=None)
class PlayTome:
    """``seat`` plays a tome (any time; not after passing in Roll Call, L-RC7)."""
    seat: str
    tome: str


@command("adjust", waits_for=None)
class Adjust:
    """A manual, signed change of one of ``seat``'s quantities, with its reason (any time)."""
    seat: str
    quantity: str
    delta: int
    reason: str


@command("ask_fixed_rewards", waits_for=None)
class AskFixedRewards:
    """``seat`` turns on the table option that asks before a fixed reward is collected (L-LO6; any time)."""
    seat: str


Command = (PickTrait | DealGuards | Assign | Pass | GuardTurn | PlaceGuard | SkipGuardDraw | RevealTiles | Collect
           | Take | Exchange | Recruit | Craft | Reserve | KeepBandit | Decline | Effect | Discard | RefillItems
           | RefillGoons | EndGoal | ClaimInstant | PlayTome | Adjust | AskFixedRewards)
CLASSES: dict[str, type] = {cls.type: cls for cls in (
    PickTrait, DealGuards, Assign, Pass, GuardTurn, PlaceGuard, SkipGuardDraw, RevealTiles, Collect, Take, Exchange,
    Recruit, Craft, Reserve, KeepBandit, Decline, Effect, Discard, RefillItems, RefillGoons, EndGoal, ClaimInstant,
    PlayTome, Adjust, AskFixedRewards)}
"""Each command class by its wire ``type``."""
KINDS: dict[str, str | None] = {kind: cls.waits_for for kind, cls in CLASSES.items()}
"""What the game must wait for (``pending(state).kind``) for each command type; ``None``: any time."""
# Optional fields the wire form leaves out while they are unset (as the dict commands always did).
_LEFT_OUT_WHEN_NONE = {"collect": ("seat",), "craft": ("source", "index", "item"), "reserve": ("index", "item"),
                       "effect": ("target", "give", "take"), "refill_items": ("copies", "goons"),
                       "refill_goons": ("copies",)}


def to_json(command: Command) -> dict:
    """The wire form of a command: ``{"type": ..., **fields}``, card faces as their documents."""
    left_out = _LEFT_OUT_WHEN_NONE.get(command.type, ())
    values = {f.name: getattr(command, f.name) for f in fields(command)}
    return {"type": command.type, **{name: _plain(value) for name, value in values.items()
                                     if not (value is None and name in left_out)}}


def _plain(value: Any) -> Any:
    if isinstance(value, Item | Goon):
        return card_doc(value)
    if isinstance(value, TileChoice | GuardCard | GuardReveal):
        return value.doc()
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value
