"""Lockup events: past-tense, kebab-case ``type``, version 1 unless noted (:class:`WordedEvent`:
version 2). Card faces travel as JSON dicts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.core.events import Event, event, upcaster
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


@event("game-started", version=4)
class GameStarted(Event):
    """The table set up a game (L-S): seats, cards, goals, options.

    Version 2: ``options["confirm_each_location"]``, true for a game begun before the app
    confirmed by itself a location where no player has a reward to decline (its log holds the
    table's ``collect`` there); version 1 games are read with it true.
    Version 3: a seat whose reward is a choice (Commissary, Chow Hall, Cell Block) declines it at
    its choice, not before (issue 23); version 2 games are read with
    ``options["confirm_choice_rewards"]`` true, their logs asking those seats at confirmation.
    Version 4: the table option ``options["ask_fixed_rewards"]`` (L-LO6), off by default: a fixed
    reward is collected by itself unless the table asks (issue 23); version 3 games are read with it
    true, as they were played."""
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


@event("trait-picked")
class TraitPicked(Event):
    """Advanced setup: a seat kept a trait card (L-S10); cube benefits follow as adjustments.

    ``goon``: a goon face taken as the starting benefit (its treasures count at once, its effect
    follows as events)."""
    seat: str
    trait: str
    goon: dict | None = None


@event("tiles-assigned")
class TilesAssigned(Event):
    """Roll Call: tiles assigned to one location (L-RC2).

    Face-up tiles are named. A face-down tile has ``tile: null`` when it was recorded on a shared
    device without its value (I-16: the value is given in Lights Out, ``tiles-revealed``); older
    logs and solo games name it, and views hide it from everyone but its owner."""
    seat: str
    location: str
    tiles: tuple  # ({tile: value | None, face_up}, ...)


@event("tiles-revealed")
class TilesRevealed(Event):
    """Lights Out: a seat named the values of its face-down tiles at a location, which had been
    recorded without them (L-LO1, I-16); in the order they were assigned there."""
    seat: str
    location: str
    tiles: tuple  # (value, ...)


@event("passed")
class Passed(Event):
    """Roll Call: a seat passed (L-RC7); ``forced`` when it had no tiles left."""
    seat: str
    forced: bool = False


@event("guard-cards-dealt")
class GuardCardsDealt(Event):
    """Solo Roll Call start: guard cards dealt face down (L-SO4)."""
    cards: tuple  # ({location, value, card, special}, ...)


@event("guard-turn-taken")
class GuardTurnTaken(Event):
    """Solo: one guard turn (L-SO5): a reveal and/or a face-up card placed; ``done`` ends the guards' turns (I-8)."""
    reveal: dict | None = None  # {location, index}
    place: dict | None = None  # {location, value, card, special}
    done: bool = False


@event("guard-card-placed")
class GuardCardPlaced(Event):
    """Solo Lights Out: a special guard drew a card face down at its location (L-SO9)."""
    location: str
    value: object
    card: str | None = None
    special: bool = False


@event("guard-draw-skipped")
class GuardDrawSkipped(Event):
    """Solo Lights Out: the guard deck was empty for a special guard's draw (L-SO9)."""
    location: str


@event("guard-card-revealed")
class GuardCardRevealed(Event):
    """A face-down guard card was turned face up (L-LO1)."""
    location: str
    index: int


@event("lights-out-began")
class LightsOutBegan(Event):
    """Roll Call ended; Lights Out starts (L-LO)."""
    round: int


@event("location-revealed")
class LocationRevealed(Event):
    """A location was revealed: strength, ranking and tiers (L-LO1, L-LO2, L-R)."""
    location: str
    first_player: str
    power: dict
    tiles: dict
    strength: dict
    ranking: tuple
    tiers: dict
    gains: dict
    suspicion_to: str | None = None


@event("rewards-confirmed")
class RewardsConfirmed(Event):
    """The table confirmed a location's rewards, naming who declines (L-LO6, I-1)."""
    location: str
    declined: tuple
    tiers: dict
    gains: dict


@event("reward-answered")
class RewardAnswered(Event):
    """A seat answered for itself, before the table confirms a location: it collects its reward
    or declines it (L-LO6). The location is confirmed once every seat that may decline answered."""
    seat: str
    location: str
    declined: bool


@event("reward-asking-changed")
class RewardAskingChanged(Event):
    """A player turned on the table option ``ask_fixed_rewards`` mid-game (L-LO6): from the next
    location on, each seat with a fixed reward is asked whether it collects it or declines it."""
    seat: str
    ask: bool = True


@event("reward-declined")
class RewardDeclined(Event):
    """A seat declined an optional reward when its turn came (I-3)."""
    seat: str
    location: str
    tiers: dict
    gains: dict


@event("reward-collected")
class RewardCollected(Event):
    """A seat collected its tier's reward; its tiles go home (L-LO4)."""
    seat: str
    location: str
    tier: str


@event("straggled")
class Straggled(WordedEvent):
    """A seat collected nothing: its tiles go to the Library (L-LO5)."""
    seat: str
    location: str
    reason: str | dict = ""


@event("location-finished")
class LocationFinished(Event):
    """A location is done (L-LO)."""
    location: str


@event("cubes-moved")
class CubesMoved(WordedEvent):
    """Cubes moved between supply, boards and locations (L-C3). Places: supply, seat:NAME, location:LOC."""
    source: str
    target: str
    cubes: dict
    rule: str
    reason: str | dict = ""


@event("reputation-changed")
class ReputationChanged(WordedEvent):
    """Reputation changed, with its cause (rule id and text)."""
    seat: str
    delta: int
    rule: str
    reason: str | dict = ""


@event("counter-changed")
class CounterChanged(WordedEvent):
    """Tomes or storage limit changed (L-R8, L-E5, L-E6, L-E8)."""
    seat: str
    quantity: str
    delta: int
    rule: str
    reason: str | dict = ""


@event("first-player-changed")
class FirstPlayerChanged(Event):
    """The first player marker moved (L-R1)."""
    seat: str
    rule: str = "L-R1"


@event("goon-recruited")
class GoonRecruited(Event):
    """A goon left its slot for a seat's board (L-R6, L-G)."""
    seat: str
    location: str
    goon: dict


@event("item-crafted")
class ItemCrafted(Event):
    """An item was crafted (L-IT1)."""
    seat: str
    item: dict
    source: str
    index: int


@event("item-reserved")
class ItemReserved(Event):
    """A display item was reserved (L-IT2)."""
    seat: str
    item: dict
    index: int


@event("effect-queued")
class EffectQueued(Event):
    """An effect that needs a choice waits for its seat (L-E3, L-E7)."""
    seat: str
    code: str
    source: str


@event("effect-resolved")
class EffectResolved(Event):
    """The first queued effect was resolved or skipped."""
    seat: str
    code: str
    outcome: str = "done"


@event("leader-goal-taken")
class LeaderGoalTaken(Event):
    """The leader goal was claimed or taken over (L-GL1)."""
    seat: str
    previous: str | None
    count: int


@event("instant-goal-claimed")
class InstantGoalClaimed(Event):
    """The instant goal was claimed (L-GL2)."""
    seat: str


@event("raid-held")
class RaidHeld(Event):
    """A raid (L-RD, L-SO12): suspicion compared; losses follow as reputation changes."""
    rule: str
    suspicion: dict
    losses: dict
    final: bool = False


@event("patrol-began")
class PatrolBegan(Event):
    """Patrol starts (L-P)."""
    round: int


@event("items-refilled")
class ItemsRefilled(Event):
    """Empty display slots refilled by the table (L-P2)."""
    items: tuple  # ({index, item}, ...)


@event("goons-advanced")
class GoonsAdvanced(Event):
    """The Chow Hall goon was discarded and the others advanced (L-P3)."""
    discarded: dict | None
    goons: dict


@event("goons-refilled")
class GoonsRefilled(Event):
    """Empty goon slots filled by the table (L-P3)."""
    goons: dict


@event("round-started")
class RoundStarted(Event):
    """The round marker advanced (L-P5)."""
    round: int


@event("end-goal-met")
class EndGoalMet(Event):
    """The table named who meets a fixed end-game goal (L-GL3)."""
    seats: tuple


@event("game-ended")
class GameEnded(Event):
    """Final scoring (L-F, L-SO14)."""
    result: dict


@event("tome-played")
class TomePlayed(Event):
    """A seat played one of its tomes; its effect follows as adjustments (the text is the table's)."""
    seat: str
    tome: str


@event("adjusted")
class Adjusted(WordedEvent):
    """A manual adjustment agreed at the table (tomes, traits, corrections)."""
    seat: str
    quantity: str
    delta: int
    reason: str | dict


@upcaster(GameStarted.type, 1)
def _confirmed_each_location(payload: dict) -> dict:
    return {**payload, "options": {**payload.get("options", {}), "confirm_each_location": True}}


@upcaster(GameStarted.type, 2)
def _confirmed_choice_rewards(payload: dict) -> dict:
    return {**payload, "options": {**payload.get("options", {}), "confirm_choice_rewards": True}}


@upcaster(GameStarted.type, 3)
def _asked_fixed_rewards(payload: dict) -> dict:
    return {**payload, "options": {**payload.get("options", {}), "ask_fixed_rewards": True}}


for _worded in (Straggled, CubesMoved, ReputationChanged, CounterChanged, Adjusted):
    upcaster(_worded.type, 1)(_reason_was_english)
