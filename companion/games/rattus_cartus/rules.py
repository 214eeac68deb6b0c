"""Fixed numbers of Rattus Cartus (RC-G, RC-F): classes, special cards, rounds, awards."""

from __future__ import annotations

# RC-G2: the six classes of the influence board, in board order.
CLASSES: tuple[str, ...] = ("peasantry", "burghers", "church", "knighthood", "royalty", "sorcery")
# RC-F4: the special card types that score a majority (Gold scores apart, RC-F5).
SPECIALS: tuple[str, ...] = ("swords", "safe_conducts", "flutes")

MIN_PLAYERS, MAX_PLAYERS = 2, 5  # RC-G1
ROUNDS_BY_PLAYERS: dict[int, int] = {2: 10, 3: 9, 4: 8, 5: 8}  # RC-G1
NUNS_ROW = 5  # RC-G4: five cards in the Nuns row, so at most five Nuns
# RC-G6: building cards drawn into the row each round (3 with 4-5 players, 2 with 2-3).
BUILDINGS_DRAWN: dict[int, int] = {2: 2, 3: 2, 4: 3, 5: 3}
# RC-G6, set-up step 8: building cards set aside face down as the reserve deck (the rulebook's table).
RESERVE_DECK: dict[int, int] = {2: 10, 3: 12, 4: 6, 5: 6}
PREFERRED_ONE_PER_ROUND = 2  # RC-G5: with this many players only one preferred action a round

CLASS_AWARDS: tuple[int, ...] = (10, 5, 2)  # RC-F1
CLASS_AWARDS_TWO_PLAYERS: tuple[int, ...] = (10, 5)  # RC-F1: only 10 and 5 with two players
MAJORITY_VP, MAJORITY_TIED_VP = 2, 1  # RC-F3, RC-F4, RC-I2
GOLD_FIRST, GOLD_SECOND = 6, 3  # RC-F5

# Table option for RC-F5 with two players (see scoring.gold_points): how many VP a tie for most
# Gold splits. "split_9" (the default): the rulebook prints no two-player exception, so the tied
# pair share the 9 like any tie for most (4 each); "split_6": a table that reads "no second place
# with two players" as "only the 6 of first place exists" shares 6 (3 each).
GOLD_TWO_PLAYER_TIE_OPTIONS: tuple[str, ...] = ("split_9", "split_6")
GOLD_TWO_PLAYER_TIE_DEFAULT = "split_9"
# Before rc-game-started version 2 the default was "split_6": a v1 event without the field meant it.
GOLD_TWO_PLAYER_TIE_BEFORE_V2 = "split_6"


def rounds_for(player_count: int) -> int:
    """Number of rounds for a player count (RC-G1)."""
    return ROUNDS_BY_PLAYERS[player_count]


def buildings_drawn(player_count: int) -> int:
    """Building cards drawn into the row in phase A (RC-G6)."""
    return BUILDINGS_DRAWN[player_count]


def reserve_deck(player_count: int) -> int:
    """Building cards set aside as the reserve deck at set-up (RC-G6, set-up step 8)."""
    return RESERVE_DECK[player_count]
