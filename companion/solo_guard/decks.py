"""The guards' two decks: the guard deck (L-SO2, L-SO9) and the location deck (L-SO3).

Cards have stable ids (``blue-1`` … ``red-5``, ``loc-sewers``, ``off-duty-1``); a deck is a tuple
of ids, top card first. Shuffles are seeded (:mod:`companion.core.rng`) and their results are
recorded in events by the automaton, so a replay never shuffles again.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import rng
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.games.lockup.box_profile import BoxProfile, GuardValue
from companion.games.lockup.model import LOCATIONS

# L-SO2: the difficulty colour added to the 7 blue cards.
DIFFICULTY_COLOUR: dict[str, str] = {"easy": "green", "demanding": "yellow", "expert": "red"}
DIFFICULTIES: tuple[str, ...] = tuple(DIFFICULTY_COLOUR)
BLUE = "blue"
GUARD_DECK_SIZE = 12

# L-SO3: six location cards (Exercise Yard … Chow Hall) and two OFF DUTY cards.
LOCATION_CARD_PLACES: dict[str, str | None] = {
    **{f"loc-{name}": name for name in LOCATIONS[:6]},
    "off-duty-1": None,
    "off-duty-2": None,
}
LOCATION_CARDS: tuple[str, ...] = tuple(LOCATION_CARD_PLACES)

# L-SO4: Roll Call deals one guard face down to each of locations 1-7 (never the Library).
DEAL_LOCATIONS: tuple[str, ...] = LOCATIONS[:7]


@dataclass(frozen=True)
class GuardCard:
    """One guard card: id, colour, printed value (a number or ``"power"``), special (L-SO9)."""

    id: str
    colour: str
    value: GuardValue
    special: bool = False


def guard_cards(profile: BoxProfile, difficulty: str) -> tuple[GuardCard, ...]:
    """The 12 cards of the guard deck (L-SO2): 7 blue + 5 of the difficulty colour, special marked (L-SO9)."""
    if difficulty not in DIFFICULTY_COLOUR:
        raise InputError("difficulty", T("must be one of %(choices)s", choices=", ".join(DIFFICULTIES)))
    cards: list[GuardCard] = []
    for colour in (BLUE, DIFFICULTY_COLOUR[difficulty]):
        special = profile.special_index(colour)
        cards += [
            GuardCard(f"{colour}-{i + 1}", colour, value, special == i)
            for i, value in enumerate(profile.cards(colour))
        ]
    return tuple(cards)


def location_place(card_id: str) -> str | None:
    """The location a location card sends the drawn guard to, or ``None`` for OFF DUTY (L-SO5)."""
    return LOCATION_CARD_PLACES[card_id]


def shuffle(card_ids: tuple[str, ...], seed: int, label: str) -> tuple[str, ...]:
    """A seeded shuffle of ``card_ids`` for one labelled occasion (``round-2/guards``)."""
    return rng.shuffled(sorted(card_ids), rng.derive(seed, label))


def shuffle_both(guard_ids: tuple[str, ...], seed: int, round_no: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Fresh orders of both whole decks for a round (L-SO13: every card returns before shuffling)."""
    return (
        shuffle(guard_ids, seed, f"round-{round_no}/guards"),
        shuffle(LOCATION_CARDS, seed, f"round-{round_no}/locations"),
    )


def deal(guard_deck: tuple[str, ...]) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """Deal the top 7 guards face down to locations 1-7 in order (L-SO4); returns (placements, rest)."""
    if len(guard_deck) < len(DEAL_LOCATIONS):
        raise ValueError("the guard deck needs 7 cards to deal (L-SO4)")
    placements = tuple(zip(DEAL_LOCATIONS, guard_deck, strict=False))
    return placements, guard_deck[len(DEAL_LOCATIONS):]


def draw(deck: tuple[str, ...]) -> tuple[str | None, tuple[str, ...]]:
    """The top card and the rest; ``None`` from an empty deck (I-8: an empty deck places nothing)."""
    return (deck[0], deck[1:]) if deck else (None, deck)
