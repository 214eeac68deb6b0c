"""Rattus Cartus events: past tense, kebab-case types prefixed ``rc-``; version 1 unless noted.

``rc-game-started`` is version 2: the RC-F5 two-player Gold tie default became "split_9". A
version-1 event without ``gold_two_player_tie`` was scored with the old default, so the upcaster
writes "split_6" into it on read (stored rows are never rewritten).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.core.events import Event, event_type, upcaster
from companion.games.rattus_cartus.rules import GOLD_TWO_PLAYER_TIE_BEFORE_V2, GOLD_TWO_PLAYER_TIE_DEFAULT


@event_type
@dataclass(frozen=True)
class GameStarted(Event):
    """Seating (clockwise), start player, rounds for the player count (RC-G1) and table options."""

    type: ClassVar[str] = "rc-game-started"
    version: ClassVar[int] = 2
    players: tuple[str, ...]
    start_player: str
    rounds: int
    plague_survivor: bool = False  # RC-F9 table option
    gold_two_player_tie: str = GOLD_TWO_PLAYER_TIE_DEFAULT  # RC-F5 table option (two players)
    seed: int | None = None  # set when the companion drew the start player


@upcaster("rc-game-started", 1)
def _game_started_v1(payload: dict) -> dict:
    """v1 -> v2: a v1 game without the RC-F5 option was scored with the old default, "split_6"."""
    return {"gold_two_player_tie": GOLD_TWO_PLAYER_TIE_BEFORE_V2, **payload}


@event_type
@dataclass(frozen=True)
class RoundEnded(Event):
    """Phase E (RC-G1): the start player card passed left; ``last`` when the final round ended.

    Version 2 adds ``treasury_used``: the table noted that the Treasury was used this round (RC-F5)."""

    type: ClassVar[str] = "rc-round-ended"
    version: ClassVar[int] = 2
    round: int
    next_start_player: str
    last: bool = False
    treasury_used: bool = False


@upcaster("rc-round-ended", 1)
def _round_ended_v1(payload: dict) -> dict:
    """v1 -> v2: before the field existed no round noted the Treasury."""
    return {"treasury_used": False, **payload}


@event_type
@dataclass(frozen=True)
class TurnEnded(Event):
    """Phase C (RC-G1): ``player`` accessed a building; the next player clockwise takes their turn."""

    type: ClassVar[str] = "rc-turn-ended"
    round: int
    player: str


@event_type
@dataclass(frozen=True)
class SafeConductPlayed(Event):
    """Phase C (RC-G7): ``player`` played a Safe-conduct instead of accessing a building; the turn
    passes on and they choose again after all the others have chosen."""

    type: ClassVar[str] = "rc-safe-conduct-played"
    round: int
    player: str


@event_type
@dataclass(frozen=True)
class PreferredActionRecorded(Event):
    """Phase D with 2 players (RC-G5): ``player`` takes the round's only preferred action (in the
    final round, the +1 influence instead)."""

    type: ClassVar[str] = "rc-preferred-action-recorded"
    round: int
    player: str


@event_type
@dataclass(frozen=True)
class TallyRecorded(Event):
    """One player's end-of-game counts, rats apart (they stay secret until the plague, RC-G3)."""

    type: ClassVar[str] = "rc-tally-recorded"
    player: str
    influence: tuple[int, ...]  # per class, in rules.CLASSES order
    hand_cards: int
    swords: int
    safe_conducts: int
    flutes: int
    gold: int
    vp_tokens: int


@event_type
@dataclass(frozen=True)
class RatsRecorded(Event):
    """A player's secret rat sum (RC-G3), hidden from the others until the plague reveal."""

    type: ClassVar[str] = "rc-rats-recorded"
    player: str
    rats: int


@event_type
@dataclass(frozen=True)
class TreasuryRecorded(Event):
    """Whether the Treasury building was used this game (RC-F5)."""

    type: ClassVar[str] = "rc-treasury-recorded"
    used: bool


@event_type
@dataclass(frozen=True)
class InfluenceOrderRecorded(Event):
    """Stacking order of tied markers in one class, bottom first (RC-F2)."""

    type: ClassVar[str] = "rc-influence-order-recorded"
    influence_class: str
    order: tuple[str, ...]


@event_type
@dataclass(frozen=True)
class PlagueRevealed(Event):
    """The Nuns row revealed (RC-F7): who the plague wiped out, and the winners (RC-F8, RC-F9)."""

    type: ClassVar[str] = "rc-plague-revealed"
    nuns: int
    wiped_out: tuple[str, ...]
    winners: tuple[str, ...]
    tiebreak: str | None = None
