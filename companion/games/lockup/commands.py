"""Lockup commands: frozen dataclasses, one per ``type`` (parsed and validated once by
``companion.games.lockup.parse``; ``InputError`` names the field).

On the wire every command is ``{"type": ..., ...}`` (the class's stable ``type``, then its
fields: ``to_json``); ``seat`` names the acting seat (a player, or ``"guards"`` for the solo
automaton). ``pending(state)`` says which kind the game waits for (the class's ``waits_for``); a
command of another kind, or from another seat, is a ``RuleViolation``. ``adjust``, ``claim_instant`` and
``play_tome`` are accepted at any time until the game is over.

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
refill_items       refill-items        items: [item faces], copies?: [names of another copy] (L-P2, L-C5)
refill_goons       refill-goons        goons: {goon location: goon face}, copies? (L-P3, L-C5)
end_goal           end-goal            seats: [names meeting the fixed end-game goal] (L-GL3)
claim_instant      (any)               seat (L-GL2)
play_tome          (any)               seat, tome (name); not after passing in Roll Call (L-RC7)
adjust             (any)               seat, quantity, delta (signed, not 0), reason
=================  ==================  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from companion.games.lockup.cards import Goon, Item, card_doc
from companion.games.lockup.model import CUBES

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


@dataclass(frozen=True)
class PickTrait:
    """L-S10: ``seat`` keeps a trait (a goon face taken as the starting benefit)."""

    type: ClassVar[str] = "pick_trait"
    waits_for: ClassVar[str | None] = "trait"
    seat: str
    trait: str
    goon: Goon | None = None


@dataclass(frozen=True)
class DealGuards:
    """L-SO4: the automaton deals its guard cards face down."""

    type: ClassVar[str] = "deal_guards"
    waits_for: ClassVar[str | None] = "guards-deal"
    cards: tuple[GuardCard, ...]


@dataclass(frozen=True)
class Assign:
    """L-RC2..L-RC6: ``seat`` assigns tiles to ``location``."""

    type: ClassVar[str] = "assign"
    waits_for: ClassVar[str | None] = "roll-call"
    seat: str
    location: str
    tiles: tuple[TileChoice, ...] = ()


@dataclass(frozen=True)
class Pass:
    """L-RC7: ``seat`` passes for the rest of Roll Call (solo: ends it, I-7)."""

    type: ClassVar[str] = "pass"
    waits_for: ClassVar[str | None] = "roll-call"
    seat: str


@dataclass(frozen=True)
class GuardTurn:
    """L-SO5, I-8: the automaton reveals and/or places a guard card."""

    type: ClassVar[str] = "guard_turn"
    waits_for: ClassVar[str | None] = "guard-turn"
    reveal: GuardReveal | None = None
    place: GuardCard | None = None
    done: bool = False


@dataclass(frozen=True)
class PlaceGuard:
    """L-SO9: the special guard's reinforcement, face down where the special card was revealed."""

    type: ClassVar[str] = "place_guard"
    waits_for: ClassVar[str | None] = "special-draw"
    value: int | str
    card: str | None = None
    special: bool = False


@dataclass(frozen=True)
class SkipGuardDraw:
    """L-SO9: the guard deck is empty, no reinforcement."""

    type: ClassVar[str] = "skip_guard_draw"
    waits_for: ClassVar[str | None] = "special-draw"


@dataclass(frozen=True)
class RevealTiles:
    """L-LO1, I-16: ``seat`` names its face-down tiles at the location being revealed."""

    type: ClassVar[str] = "reveal_tiles"
    waits_for: ClassVar[str | None] = "reveal-tiles"
    seat: str
    tiles: tuple[int | str, ...]


@dataclass(frozen=True)
class Collect:
    """L-LO6, I-1: the table confirms a location's rewards; ``declined`` seats give theirs up.

    With a ``seat``, that seat answers for itself only (it collects, or declines when ``declined``
    names it); the location is confirmed once every seat that may decline has answered."""

    type: ClassVar[str] = "collect"
    waits_for: ClassVar[str | None] = "confirm-rewards"
    declined: tuple[str, ...] = ()
    seat: str | None = None


@dataclass(frozen=True)
class Take:
    """L-R5: first at the Commissary, ``seat`` takes one ``resource``."""

    type: ClassVar[str] = "take"
    waits_for: ClassVar[str | None] = "choice"
    seat: str
    resource: str


@dataclass(frozen=True)
class Exchange:
    """L-R5: at the Commissary, ``seat`` gives cubes and takes ``take``."""

    type: ClassVar[str] = "exchange"
    waits_for: ClassVar[str | None] = "choice"
    seat: str
    give: dict[str, int]
    take: str


@dataclass(frozen=True)
class Recruit:
    """L-R6: ``seat`` recruits the goons at ``goons`` (their locations), paying ``pay``."""

    type: ClassVar[str] = "recruit"
    waits_for: ClassVar[str | None] = "choice"
    seat: str
    goons: tuple[str, ...]
    pay: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Craft:
    """L-IT1: ``seat`` crafts an item (by ``index`` or ``item`` name) from the display or its reserve."""

    type: ClassVar[str] = "craft"
    waits_for: ClassVar[str | None] = "choice"
    seat: str
    source: str | None = None
    index: int | None = None
    item: str | None = None
    pay: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Reserve:
    """L-IT2: ``seat`` reserves an item of the display (by ``index`` or ``item`` name)."""

    type: ClassVar[str] = "reserve"
    waits_for: ClassVar[str | None] = "choice"
    seat: str
    index: int | None = None
    item: str | None = None
    pay: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class KeepBandit:
    """L-R9, I-17: the first-ranked seat keeps the Bandit cubes, makes no choice and goes home."""

    type: ClassVar[str] = "keep_bandit"
    waits_for: ClassVar[str | None] = "choice"
    seat: str


@dataclass(frozen=True)
class Decline:
    """L-LO6, I-3: ``seat`` gives its whole reward up (Bandit cubes included) and straggles."""

    type: ClassVar[str] = "decline"
    waits_for: ClassVar[str | None] = "choice"
    seat: str


@dataclass(frozen=True)
class Effect:
    """L-E3 (``target``), L-E7 (``give`` + ``take``), or ``skip``: ``seat``'s queued effect."""

    type: ClassVar[str] = "effect"
    waits_for: ClassVar[str | None] = "effect"
    seat: str
    target: str | None = None
    give: dict[str, int] | None = None
    take: str | None = None
    skip: bool = False


@dataclass(frozen=True)
class Discard:
    """L-P1: ``seat`` discards down to its storage limit."""

    type: ClassVar[str] = "discard"
    waits_for: ClassVar[str | None] = "discard"
    seat: str
    resources: dict[str, int]


@dataclass(frozen=True)
class RefillItems:
    """L-P2: the item faces dealt into the display's empty slots (fewer: the deck ran out)."""

    type: ClassVar[str] = "refill_items"
    waits_for: ClassVar[str | None] = "refill-items"
    items: tuple[Item, ...]
    copies: tuple[str, ...] | None = None  # names the table says are another copy (deck.check_new)


@dataclass(frozen=True)
class RefillGoons:
    """L-P3: the goon faces dealt to the empty goon locations."""

    type: ClassVar[str] = "refill_goons"
    waits_for: ClassVar[str | None] = "refill-goons"
    goons: dict[str, Goon]
    copies: tuple[str, ...] | None = None  # names the table says are another copy (deck.check_new)


@dataclass(frozen=True)
class EndGoal:
    """L-GL3: the seats that meet the fixed end-game goal."""

    type: ClassVar[str] = "end_goal"
    waits_for: ClassVar[str | None] = "end-goal"
    seats: tuple[str, ...]


@dataclass(frozen=True)
class ClaimInstant:
    """L-GL2: ``seat`` claims the instant goal (at any time)."""

    type: ClassVar[str] = "claim_instant"
    waits_for: ClassVar[str | None] = None
    seat: str


@dataclass(frozen=True)
class PlayTome:
    """``seat`` plays a tome (any time; not after passing in Roll Call, L-RC7)."""

    type: ClassVar[str] = "play_tome"
    waits_for: ClassVar[str | None] = None
    seat: str
    tome: str


@dataclass(frozen=True)
class Adjust:
    """A manual, signed change of one of ``seat``'s quantities, with its reason (any time)."""

    type: ClassVar[str] = "adjust"
    waits_for: ClassVar[str | None] = None
    seat: str
    quantity: str
    delta: int
    reason: str


Command = (PickTrait | DealGuards | Assign | Pass | GuardTurn | PlaceGuard | SkipGuardDraw | RevealTiles | Collect
           | Take | Exchange | Recruit | Craft | Reserve | KeepBandit | Decline | Effect | Discard | RefillItems
           | RefillGoons | EndGoal | ClaimInstant | PlayTome | Adjust)
CLASSES: dict[str, type] = {cls.type: cls for cls in (
    PickTrait, DealGuards, Assign, Pass, GuardTurn, PlaceGuard, SkipGuardDraw, RevealTiles, Collect, Take, Exchange,
    Recruit, Craft, Reserve, KeepBandit, Decline, Effect, Discard, RefillItems, RefillGoons, EndGoal, ClaimInstant,
    PlayTome, Adjust)}
"""Each command class by its wire ``type``."""
KINDS: dict[str, str | None] = {kind: cls.waits_for for kind, cls in CLASSES.items()}
"""What the game must wait for (``pending(state).kind``) for each command type; ``None``: any time."""
# Optional fields the wire form leaves out while they are unset (as the dict commands always did).
_LEFT_OUT_WHEN_NONE = {"collect": ("seat",), "craft": ("source", "index", "item"), "reserve": ("index", "item"),
                       "effect": ("target", "give", "take"), "refill_items": ("copies",),
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
