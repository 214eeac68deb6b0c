"""Events of the solo guards' automaton (the Lockup engine's events carry the guards' board).

The seed and every shuffle result are recorded here, so a replay never shuffles. Two of these
events hold hidden information while a game is in progress (deck orders); :func:`public_payload`
gives the form that may be shown or exported before the game is over.
"""

from __future__ import annotations

from typing import Any

from companion.core.events import Event, event, upcaster
from companion.games.lockup.events import WordedEvent


@event("solo-guards-started")
class SoloGuardsStarted(Event):
    """The guards' automaton was set up (L-SO1, L-SO2): difficulty, seed and the 12 guard cards."""
    difficulty: str
    seed: int
    cards: tuple  # ({id, colour, value, special}, ...) in box-profile order, not in deck order


@event("guard-decks-shuffled")
class GuardDecksShuffled(Event):
    """Both decks were gathered whole and shuffled for a round (L-SO2, L-SO3, L-SO13); top card first."""
    round: int
    guards: tuple
    locations: tuple


@event("location-card-revealed")
class LocationCardRevealed(Event):
    """A guard turn revealed the top location card (L-SO5); ``location`` is None for OFF DUTY."""
    card: str
    location: str | None


@event("guards-decided", version=2)
class GuardsDecided(WordedEvent):
    """An automatic decision of the guards (L-SO5, L-SO8, L-SO9, L-SO10, I-8) with its one-line reason.

    Version 2 stores the reason as a message (msgid and params, ``core.i18n.to_json``) so it is
    shown in each viewer's language; version 1 stored its English text, kept as it is."""
    decision: str
    result: dict
    reason: str | dict


@upcaster("guards-decided", 1)
def _decided_v1(payload: dict) -> dict:
    """v1 -> v2: the English reason stays as stored (matched back to the catalog when shown)."""
    return payload


HIDDEN_WHILE_PLAYING = {"solo-guards-started", "guard-decks-shuffled", "guard-cards-dealt", "guard-card-placed"}


def public_payload(event: Event) -> dict[str, Any]:
    """The payload of ``event`` with deck orders and face-down guard values removed.

    Use it for any page, JSON response or export of a solo game in progress; the full payload
    is only for the stored log and for a finished game.
    """
    payload = event.to_payload()
    if event.type == "solo-guards-started":  # the seed would let anyone recompute every shuffle
        return {k: v for k, v in payload.items() if k != "seed"}
    if event.type == "guard-decks-shuffled":
        return {"round": payload["round"], "guards": len(payload["guards"]), "locations": len(payload["locations"])}
    if event.type == "guard-cards-dealt":
        return {"cards": [{"location": c["location"]} for c in payload["cards"]]}
    if event.type == "guard-card-placed":
        return {"location": payload["location"]}
    return payload
