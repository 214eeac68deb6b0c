"""Ragami events: past tense, kebab-case types prefixed ``ragami-``; version 1 unless noted.

``ragami-game-started`` is version 2: it records the RG-I1 table option ``bonus_needs_conflict``.
Version 1 had no option and always applied RG-I1, so its upcaster writes ``true``.
"""

from __future__ import annotations

from companion.core.events import Event, event, upcast_with_defaults

# Why VP were gained (RG-V1…RG-V5); the cause also says what was spent or counted.
VP_CAUSES: dict[str, str] = {
    "conflict": "RG-V3",  # the conflict die value; +1 conflict resolved (RG-T5)
    "saint": "RG-V4",  # the player's saint was on a resolved conflict
    "demons": "RG-V2",  # demons purified, 1 VP each
    "white-cubes": "RG-V1",  # 2 white cubes spent per VP
    "virtue-die": "RG-V5",  # 3 Virtue die points spent per VP
}


@event("ragami-game-started", version=2)
class GameStarted(Event):
    """Players clockwise with their colours, the start player (RG-T1) and the table option."""
    players: tuple[str, ...]
    colours: tuple[str, ...]
    start_player: str
    seed: int | None = None  # set when the companion drew the start player
    bonus_needs_conflict: bool = True  # RG-I1 table option: no +7/+4 with 0 conflicts resolved


# v1 -> v2: before the option existed RG-I1 always applied.
upcast_with_defaults("ragami-game-started", 1, bonus_needs_conflict=True)


@event("ragami-vp-gained")
class VpGained(Event):
    """A player gained VP for ``cause`` (a key of ``VP_CAUSES``)."""
    player: str
    amount: int
    cause: str


@event("ragami-white-cubes-changed")
class WhiteCubesChanged(Event):
    """White cubes gained (saint placed on a conflict, helping Ragami, card) or spent (``delta`` < 0)."""
    player: str
    delta: int
    reason: str


@event("ragami-virtue-die-set")
class VirtueDieSet(Event):
    """A player's Virtue die now shows ``value`` (0 = off the board)."""
    player: str
    value: int
    reason: str


@event("ragami-location-tokens-used")
class LocationTokensUsed(Event):
    """Location tokens drawn from the pile (RG-T2); the game ends when they run out (RG-E1)."""
    tokens: tuple[int, ...]


@event("ragami-round-ended")
class RoundEnded(Event):
    """Every player passed: the round is over."""
    round: int


@event("ragami-round-started")
class RoundStarted(Event):
    """A new round after its setup (RG-T3): the start player passed left."""
    round: int
    start_player: str


@event("ragami-game-end-announced")
class GameEndAnnounced(Event):
    """RG-E1, at the end of the round: ``reasons`` among ``30-vp`` and ``tokens-exhausted``."""
    round: int
    reasons: tuple[str, ...]


@event("ragami-game-finished")
class GameFinished(Event):
    """Final scoring done (RG-E2, RG-E3): the winners and the tie-break used (RG-E4)."""
    winners: tuple[str, ...]
    tiebreak: str | None = None


@event("ragami-turn-ended")
class TurnEnded(Event):
    """A player's turn is over; ``passed`` when they are done for the round (they take no more
    turns until the next round). The turn goes to the next player clockwise who has not passed."""
    player: str
    passed: bool = False


@event("ragami-setup-tokens-drawn")
class SetupTokensDrawn(Event):
    """RG-T2: the location tokens the set-up drew for the conflict dice, the demons and the neutral saints."""
    conflict_tokens: tuple[int, ...]
    demon_tokens: tuple[int, ...]
    saint_tokens: tuple[int, ...] = ()


@event("ragami-last-place-card-played")
class LastPlaceCardPlayed(Event):
    """RG-T2, RG-I3: ``player`` played the last-place action card; ``last_placed`` gained 1 VP each
    (nobody when three or more were tied last) and ``player`` gained ``white_cubes``."""
    player: str
    last_placed: tuple[str, ...]
    white_cubes: int
