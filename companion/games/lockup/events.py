"""Lockup events: past-tense, kebab-case ``type``, version 1 unless noted (:class:`WordedEvent`:
version 2). Card faces travel as JSON dicts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.core.events import Event, event_type, upcaster
from companion.core.i18n import to_json


@dataclass(frozen=True)
class WordedEvent(Event):
    """An event whose ``reason`` is a message of the app (a ``T``) or the table's own words.

    Version 2 stores the message as JSON (``core.i18n.to_json``: msgid and params), so each viewer
    reads it in their own language, params included: a decoded event's ``reason`` is a plain
    ``dict`` (``core.i18n.from_json`` rebuilds the message, ``render`` shows it), or a string for
    words the table typed. Version 1 stored the English text, kept as it is (recognised when shown).
    """

    version: ClassVar[int] = 2

    def to_payload(self) -> dict[str, Any]:
        """The payload, ``reason`` as a stored message."""
        payload = super().to_payload()
        payload["reason"] = to_json(getattr(self, "reason", ""))
        return payload


def _reason_was_english(payload: dict) -> dict:
    """v1 -> v2: the English text stays as it was stored (still recognised when shown)."""
    return payload


@event_type
@dataclass(frozen=True)
class GameStarted(Event):
    """The table set up a game (L-S): seats, cards, goals, options.

    Version 2: ``options["confirm_each_location"]``, true for a game begun before the app
    confirmed by itself a location where no player has a reward to decline (its log holds the
    table's ``collect`` there); version 1 games are read with it true."""
    type: ClassVar[str] = "game-started"
    version: ClassVar[int] = 2
    mode: str
    players: tuple  # ({name, crew, reputation, power, suspicion, storage_limit, resources}, ...) clockwise
    first_player: str
    crew_tiles: tuple
    board_side: str
    face_down_limit: int
    display: tuple
    goons: dict
    goals: dict
    options: dict
    seed: int | None = None


@event_type
@dataclass(frozen=True)
class TraitPicked(Event):
    """Advanced setup: a seat kept a trait card (L-S10); cube benefits follow as adjustments.

    ``goon``: a goon face taken as the starting benefit (its treasures count at once, its effect
    follows as events)."""
    type: ClassVar[str] = "trait-picked"
    seat: str
    trait: str
    goon: dict | None = None


@event_type
@dataclass(frozen=True)
class TilesAssigned(Event):
    """Roll Call: tiles assigned to one location (L-RC2).

    Face-up tiles are named. A face-down tile has ``tile: null`` when it was recorded on a shared
    device without its value (I-16: the value is given in Lights Out, ``tiles-revealed``); older
    logs and solo games name it, and views hide it from everyone but its owner."""
    type: ClassVar[str] = "tiles-assigned"
    seat: str
    location: str
    tiles: tuple  # ({tile: value | None, face_up}, ...)


@event_type
@dataclass(frozen=True)
class TilesRevealed(Event):
    """Lights Out: a seat named the values of its face-down tiles at a location, which had been
    recorded without them (L-LO1, I-16); in the order they were assigned there."""
    type: ClassVar[str] = "tiles-revealed"
    seat: str
    location: str
    tiles: tuple  # (value, ...)


@event_type
@dataclass(frozen=True)
class Passed(Event):
    """Roll Call: a seat passed (L-RC7); ``forced`` when it had no tiles left."""
    type: ClassVar[str] = "passed"
    seat: str
    forced: bool = False


@event_type
@dataclass(frozen=True)
class GuardCardsDealt(Event):
    """Solo Roll Call start: guard cards dealt face down (L-SO4)."""
    type: ClassVar[str] = "guard-cards-dealt"
    cards: tuple  # ({location, value, card, special}, ...)


@event_type
@dataclass(frozen=True)
class GuardTurnTaken(Event):
    """Solo: one guard turn (L-SO5): a reveal and/or a face-up card placed; ``done`` ends the guards' turns (I-8)."""
    type: ClassVar[str] = "guard-turn-taken"
    reveal: dict | None = None  # {location, index}
    place: dict | None = None  # {location, value, card, special}
    done: bool = False


@event_type
@dataclass(frozen=True)
class GuardCardPlaced(Event):
    """Solo Lights Out: a special guard drew a card face down at its location (L-SO9)."""
    type: ClassVar[str] = "guard-card-placed"
    location: str
    value: object
    card: str | None = None
    special: bool = False


@event_type
@dataclass(frozen=True)
class GuardDrawSkipped(Event):
    """Solo Lights Out: the guard deck was empty for a special guard's draw (L-SO9)."""
    type: ClassVar[str] = "guard-draw-skipped"
    location: str


@event_type
@dataclass(frozen=True)
class GuardCardRevealed(Event):
    """A face-down guard card was turned face up (L-LO1)."""
    type: ClassVar[str] = "guard-card-revealed"
    location: str
    index: int


@event_type
@dataclass(frozen=True)
class LightsOutBegan(Event):
    """Roll Call ended; Lights Out starts (L-LO)."""
    type: ClassVar[str] = "lights-out-began"
    round: int


@event_type
@dataclass(frozen=True)
class LocationRevealed(Event):
    """A location was revealed: strength, ranking and tiers (L-LO1, L-LO2, L-R)."""
    type: ClassVar[str] = "location-revealed"
    location: str
    first_player: str
    power: dict
    tiles: dict
    strength: dict
    ranking: tuple
    tiers: dict
    gains: dict
    suspicion_to: str | None = None


@event_type
@dataclass(frozen=True)
class RewardsConfirmed(Event):
    """The table confirmed a location's rewards, naming who declines (L-LO6, I-1)."""
    type: ClassVar[str] = "rewards-confirmed"
    location: str
    declined: tuple
    tiers: dict
    gains: dict


@event_type
@dataclass(frozen=True)
class RewardAnswered(Event):
    """A seat answered for itself, before the table confirms a location: it collects its reward
    or declines it (L-LO6). The location is confirmed once every seat that may decline answered."""
    type: ClassVar[str] = "reward-answered"
    seat: str
    location: str
    declined: bool


@event_type
@dataclass(frozen=True)
class RewardDeclined(Event):
    """A seat declined an optional reward when its turn came (I-3)."""
    type: ClassVar[str] = "reward-declined"
    seat: str
    location: str
    tiers: dict
    gains: dict


@event_type
@dataclass(frozen=True)
class RewardCollected(Event):
    """A seat collected its tier's reward; its tiles go home (L-LO4)."""
    type: ClassVar[str] = "reward-collected"
    seat: str
    location: str
    tier: str


@event_type
@dataclass(frozen=True)
class Straggled(WordedEvent):
    """A seat collected nothing: its tiles go to the Library (L-LO5)."""
    type: ClassVar[str] = "straggled"
    seat: str
    location: str
    reason: str | dict = ""


@event_type
@dataclass(frozen=True)
class LocationFinished(Event):
    """A location is done (L-LO)."""
    type: ClassVar[str] = "location-finished"
    location: str


@event_type
@dataclass(frozen=True)
class CubesMoved(WordedEvent):
    """Cubes moved between supply, boards and locations (L-C3). Places: supply, seat:NAME, location:LOC."""
    type: ClassVar[str] = "cubes-moved"
    source: str
    target: str
    cubes: dict
    rule: str
    reason: str | dict = ""


@event_type
@dataclass(frozen=True)
class ReputationChanged(WordedEvent):
    """Reputation changed, with its cause (rule id and text)."""
    type: ClassVar[str] = "reputation-changed"
    seat: str
    delta: int
    rule: str
    reason: str | dict = ""


@event_type
@dataclass(frozen=True)
class CounterChanged(WordedEvent):
    """Tomes or storage limit changed (L-R8, L-E5, L-E6, L-E8)."""
    type: ClassVar[str] = "counter-changed"
    seat: str
    quantity: str
    delta: int
    rule: str
    reason: str | dict = ""


@event_type
@dataclass(frozen=True)
class FirstPlayerChanged(Event):
    """The first player marker moved (L-R1)."""
    type: ClassVar[str] = "first-player-changed"
    seat: str
    rule: str = "L-R1"


@event_type
@dataclass(frozen=True)
class GoonRecruited(Event):
    """A goon left its slot for a seat's board (L-R6, L-G)."""
    type: ClassVar[str] = "goon-recruited"
    seat: str
    location: str
    goon: dict


@event_type
@dataclass(frozen=True)
class ItemCrafted(Event):
    """An item was crafted (L-IT1)."""
    type: ClassVar[str] = "item-crafted"
    seat: str
    item: dict
    source: str
    index: int


@event_type
@dataclass(frozen=True)
class ItemReserved(Event):
    """A display item was reserved (L-IT2)."""
    type: ClassVar[str] = "item-reserved"
    seat: str
    item: dict
    index: int


@event_type
@dataclass(frozen=True)
class EffectQueued(Event):
    """An effect that needs a choice waits for its seat (L-E3, L-E7)."""
    type: ClassVar[str] = "effect-queued"
    seat: str
    code: str
    source: str


@event_type
@dataclass(frozen=True)
class EffectResolved(Event):
    """The first queued effect was resolved or skipped."""
    type: ClassVar[str] = "effect-resolved"
    seat: str
    code: str
    outcome: str = "done"


@event_type
@dataclass(frozen=True)
class LeaderGoalTaken(Event):
    """The leader goal was claimed or taken over (L-GL1)."""
    type: ClassVar[str] = "leader-goal-taken"
    seat: str
    previous: str | None
    count: int


@event_type
@dataclass(frozen=True)
class InstantGoalClaimed(Event):
    """The instant goal was claimed (L-GL2)."""
    type: ClassVar[str] = "instant-goal-claimed"
    seat: str


@event_type
@dataclass(frozen=True)
class RaidHeld(Event):
    """A raid (L-RD, L-SO12): suspicion compared; losses follow as reputation changes."""
    type: ClassVar[str] = "raid-held"
    rule: str
    suspicion: dict
    losses: dict
    final: bool = False


@event_type
@dataclass(frozen=True)
class PatrolBegan(Event):
    """Patrol starts (L-P)."""
    type: ClassVar[str] = "patrol-began"
    round: int


@event_type
@dataclass(frozen=True)
class ItemsRefilled(Event):
    """Empty display slots refilled by the table (L-P2)."""
    type: ClassVar[str] = "items-refilled"
    items: tuple  # ({index, item}, ...)


@event_type
@dataclass(frozen=True)
class GoonsAdvanced(Event):
    """The Chow Hall goon was discarded and the others advanced (L-P3)."""
    type: ClassVar[str] = "goons-advanced"
    discarded: dict | None
    goons: dict


@event_type
@dataclass(frozen=True)
class GoonsRefilled(Event):
    """Empty goon slots filled by the table (L-P3)."""
    type: ClassVar[str] = "goons-refilled"
    goons: dict


@event_type
@dataclass(frozen=True)
class RoundStarted(Event):
    """The round marker advanced (L-P5)."""
    type: ClassVar[str] = "round-started"
    round: int


@event_type
@dataclass(frozen=True)
class EndGoalMet(Event):
    """The table named who meets a fixed end-game goal (L-GL3)."""
    type: ClassVar[str] = "end-goal-met"
    seats: tuple


@event_type
@dataclass(frozen=True)
class GameEnded(Event):
    """Final scoring (L-F, L-SO14)."""
    type: ClassVar[str] = "game-ended"
    result: dict


@event_type
@dataclass(frozen=True)
class TomePlayed(Event):
    """A seat played one of its tomes; its effect follows as adjustments (the text is the table's)."""
    type: ClassVar[str] = "tome-played"
    seat: str
    tome: str


@event_type
@dataclass(frozen=True)
class Adjusted(WordedEvent):
    """A manual adjustment agreed at the table (tomes, traits, corrections)."""
    type: ClassVar[str] = "adjusted"
    seat: str
    quantity: str
    delta: int
    reason: str | dict


@upcaster(GameStarted.type, 1)
def _confirmed_each_location(payload: dict) -> dict:
    return {**payload, "options": {**payload.get("options", {}), "confirm_each_location": True}}


for _worded in (Straggled, CubesMoved, ReputationChanged, CounterChanged, Adjusted):
    upcaster(_worded.type, 1)(_reason_was_english)
