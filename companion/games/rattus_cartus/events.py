"""Rattus Cartus events: past tense, kebab-case types prefixed ``rc-``; version 1 unless noted.

``rc-game-started`` is version 2: the RC-F5 two-player Gold tie default became "split_9". A
version-1 event without ``gold_two_player_tie`` was scored with the old default, so the upcaster
writes "split_6" into it on read (stored rows are never rewritten).
"""

from __future__ import annotations

from companion.core.events import Event, event, upcast_with_defaults
from companion.games.rattus_cartus.rules import GOLD_TWO_PLAYER_TIE_BEFORE_V2, GOLD_TWO_PLAYER_TIE_DEFAULT


@event("rc-game-started", version=2)
class GameStarted(Event):
    """Seating (clockwise), start player, rounds for the player count (RC-G1) and table options."""
    players: tuple[str, ...]
    start_player: str
    rounds: int
    plague_survivor: bool = False  # RC-F9 table option
    gold_two_player_tie: str = GOLD_TWO_PLAYER_TIE_DEFAULT  # RC-F5 table option (two players)
    seed: int | None = None  # set when the companion drew the start player


# v1 -> v2: a v1 game without the RC-F5 option was scored with the old default, "split_6".
upcast_with_defaults("rc-game-started", 1, gold_two_player_tie=GOLD_TWO_PLAYER_TIE_BEFORE_V2)


@event("rc-round-ended", version=2)
class RoundEnded(Event):
    """Phase E (RC-G1): the start player card passed left; ``last`` when the final round ended.

    Version 2 adds ``treasury_used``: the table noted that the Treasury was used this round (RC-F5)."""
    round: int
    next_start_player: str
    last: bool = False
    treasury_used: bool = False


# v1 -> v2: before the field existed no round noted the Treasury.
upcast_with_defaults("rc-round-ended", 1, treasury_used=False)


@event("rc-turn-ended")
class TurnEnded(Event):
    """Phase C (RC-G1): ``player`` accessed a building; the next player clockwise takes their turn."""
    round: int
    player: str


@event("rc-safe-conduct-played")
class SafeConductPlayed(Event):
    """Phase C (RC-G7): ``player`` played a Safe-conduct instead of accessing a building; the turn
    passes on and they choose again after all the others have chosen."""
    round: int
    player: str


@event("rc-preferred-action-recorded")
class PreferredActionRecorded(Event):
    """Phase D with 2 players (RC-G5): ``player`` takes the round's only preferred action (in the
    final round, the +1 influence instead)."""
    round: int
    player: str


@event("rc-tally-recorded")
class TallyRecorded(Event):
    """One player's end-of-game counts, rats apart (they stay secret until the plague, RC-G3)."""
    player: str
    influence: tuple[int, ...]  # per class, in rules.CLASSES order
    hand_cards: int
    swords: int
    safe_conducts: int
    flutes: int
    gold: int
    vp_tokens: int


@event("rc-rats-recorded")
class RatsRecorded(Event):
    """A player's secret rat sum (RC-G3), hidden from the others until the plague reveal."""
    player: str
    rats: int


@event("rc-treasury-recorded")
class TreasuryRecorded(Event):
    """Whether the Treasury building was used this game (RC-F5)."""
    used: bool


@event("rc-influence-order-recorded")
class InfluenceOrderRecorded(Event):
    """Stacking order of tied markers in one class, bottom first (RC-F2)."""
    influence_class: str
    order: tuple[str, ...]


@event("rc-plague-revealed")
class PlagueRevealed(Event):
    """The Nuns row revealed (RC-F7): who the plague wiped out, and the winners (RC-F8, RC-F9)."""
    nuns: int
    wiped_out: tuple[str, ...]
    winners: tuple[str, ...]
    tiebreak: str | None = None
