"""Ragami events: past tense, kebab-case types prefixed ``ragami-``; version 1 unless noted.

``ragami-game-started`` is version 2: it records the RG-I1 table option ``bonus_needs_conflict``.
Version 1 had no option and always applied RG-I1, so its upcaster writes ``true``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.core.events import Event, event_type, upcaster

# Why VP were gained (RG-V1…RG-V5); the cause also says what was spent or counted.
VP_CAUSES: dict[str, str] = {
    "conflict": "RG-V3",  # the conflict die value; +1 conflict resolved (RG-T5)
    "saint": "RG-V4",  # the player's saint was on a resolved conflict
    "demons": "RG-V2",  # demons purified, 1 VP each
    "white-cubes": "RG-V1",  # 2 white cubes spent per VP
    "virtue-die": "RG-V5",  # 3 Virtue die points spent per VP
}


@event_type
@dataclass(frozen=True)
class GameStarted(Event):
    """Players clockwise with their colours, the start player (RG-T1) and the table option."""

    type: ClassVar[str] = "ragami-game-started"
    version: ClassVar[int] = 2
    players: tuple[str, ...]
    colours: tuple[str, ...]
    start_player: str
    seed: int | None = None  # set when the companion drew the start player
    bonus_needs_conflict: bool = True  # RG-I1 table option: no +7/+4 with 0 conflicts resolved


@upcaster("ragami-game-started", 1)
def _game_started_v1(payload: dict) -> dict:
    """v1 -> v2: before the option existed RG-I1 always applied."""
    return {"bonus_needs_conflict": True, **payload}


@event_type
@dataclass(frozen=True)
class VpGained(Event):
    """A player gained VP for ``cause`` (a key of ``VP_CAUSES``)."""

    type: ClassVar[str] = "ragami-vp-gained"
    player: str
    amount: int
    cause: str


@event_type
@dataclass(frozen=True)
class WhiteCubesChanged(Event):
    """White cubes gained (saint placed on a conflict, helping Ragami, card) or spent (``delta`` < 0)."""

    type: ClassVar[str] = "ragami-white-cubes-changed"
    player: str
    delta: int
    reason: str


@event_type
@dataclass(frozen=True)
class VirtueDieSet(Event):
    """A player's Virtue die now shows ``value`` (0 = off the board)."""

    type: ClassVar[str] = "ragami-virtue-die-set"
    player: str
    value: int
    reason: str


@event_type
@dataclass(frozen=True)
class LocationTokensUsed(Event):
    """Location tokens drawn from the pile (RG-T2); the game ends when they run out (RG-E1)."""

    type: ClassVar[str] = "ragami-location-tokens-used"
    tokens: tuple[int, ...]


@event_type
@dataclass(frozen=True)
class RoundEnded(Event):
    """Every player passed: the round is over."""

    type: ClassVar[str] = "ragami-round-ended"
    round: int


@event_type
@dataclass(frozen=True)
class RoundStarted(Event):
    """A new round after its setup (RG-T3): the start player passed left."""

    type: ClassVar[str] = "ragami-round-started"
    round: int
    start_player: str


@event_type
@dataclass(frozen=True)
class GameEndAnnounced(Event):
    """RG-E1, at the end of the round: ``reasons`` among ``30-vp`` and ``tokens-exhausted``."""

    type: ClassVar[str] = "ragami-game-end-announced"
    round: int
    reasons: tuple[str, ...]


@event_type
@dataclass(frozen=True)
class GameFinished(Event):
    """Final scoring done (RG-E2, RG-E3): the winners and the tie-break used (RG-E4)."""

    type: ClassVar[str] = "ragami-game-finished"
    winners: tuple[str, ...]
    tiebreak: str | None = None


@event_type
@dataclass(frozen=True)
class TurnEnded(Event):
    """A player's turn is over; ``passed`` when they are done for the round (they take no more
    turns until the next round). The turn goes to the next player clockwise who has not passed."""

    type: ClassVar[str] = "ragami-turn-ended"
    player: str
    passed: bool = False


@event_type
@dataclass(frozen=True)
class SetupTokensDrawn(Event):
    """RG-T2: the location tokens the set-up drew for the conflict dice, the demons and the neutral saints."""

    type: ClassVar[str] = "ragami-setup-tokens-drawn"
    conflict_tokens: tuple[int, ...]
    demon_tokens: tuple[int, ...]
    saint_tokens: tuple[int, ...] = ()


@event_type
@dataclass(frozen=True)
class LastPlaceCardPlayed(Event):
    """RG-T2, RG-I3: ``player`` played the last-place action card; ``last_placed`` gained 1 VP each
    (nobody when three or more were tied last) and ``player`` gained ``white_cubes``."""

    type: ClassVar[str] = "ragami-last-place-card-played"
    player: str
    last_placed: tuple[str, ...]
    white_cubes: int
