"""The solo game's state: the Lockup engine's state plus the guards' two decks (L-SO2, L-SO3).

Where each guard card is follows from the events: in the guard deck, on the board (the engine's
placements carry card ids), or out of play until the next reshuffle (L-SO13).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.core.errors import InputError
from companion.core.events import Event
from companion.core.i18n import T, from_json
from companion.games.lockup import events as lockup_events
from companion.games.lockup.fold import evolve as engine_evolve
from companion.games.lockup.model import GUARDS, LOCATIONS
from companion.games.lockup.state import State
from companion.solo_guard import events as solo_events
from companion.solo_guard.decks import GuardCard


@dataclass(frozen=True)
class SoloState:
    """A solo game: ``game`` is the engine's state; the decks are tuples of card ids, top first."""

    game: State
    difficulty: str | None = None
    seed: int | None = None
    cards: dict = field(default_factory=dict)  # {card id: GuardCard}, all 12
    guard_deck: tuple = ()
    location_deck: tuple = ()
    location_shown: tuple = ()  # location cards revealed this round, in order
    reasons: tuple = ()  # every automatic decision's reason line (a message), in order


def evolve(state: SoloState | None, event: Event) -> SoloState:
    """The state after ``event``: the guards' own events, or an engine event (with deck bookkeeping)."""
    if state is None:
        if not isinstance(event, lockup_events.GameStarted):
            raise InputError("events[0]", T("a solo Lockup log starts with game-started"))
        return SoloState(game=engine_evolve(None, event))
    own = _OWN.get(type(event))
    if own is not None:
        # The engine numbers events in ``seq`` (its reputation log cites them): count ours too,
        # so those numbers are positions in the whole solo log.
        state = replace(state, game=replace(state.game, seq=state.game.seq + 1))
        return own(state, event)
    return _drawn(replace(state, game=engine_evolve(state.game, event)), event)


def _started(s: SoloState, e: solo_events.SoloGuardsStarted) -> SoloState:
    cards = {c["id"]: GuardCard(c["id"], c["colour"], c["value"], bool(c["special"])) for c in e.cards}
    return replace(s, difficulty=e.difficulty, seed=e.seed, cards=cards)


def _shuffled(s: SoloState, e: solo_events.GuardDecksShuffled) -> SoloState:
    # L-SO13: every card is back in its deck; nothing is on the board or face up any more.
    return replace(s, guard_deck=tuple(e.guards), location_deck=tuple(e.locations), location_shown=())


def _location(s: SoloState, e: solo_events.LocationCardRevealed) -> SoloState:
    deck = tuple(c for c in s.location_deck if c != e.card)
    return replace(s, location_deck=deck, location_shown=(*s.location_shown, e.card))


def _decided(s: SoloState, e: solo_events.GuardsDecided) -> SoloState:
    return replace(s, reasons=(*s.reasons, from_json(e.reason)))  # the message again, for each viewer


_OWN = {
    solo_events.SoloGuardsStarted: _started,
    solo_events.GuardDecksShuffled: _shuffled,
    solo_events.LocationCardRevealed: _location,
    solo_events.GuardsDecided: _decided,
}


def _drawn(s: SoloState, event: Event) -> SoloState:
    """Guard cards the engine event put on the board leave the guard deck."""
    if isinstance(event, lockup_events.GuardCardsDealt):
        ids = {c.get("card") for c in event.cards}
    elif isinstance(event, lockup_events.GuardTurnTaken) and event.place is not None:
        ids = {event.place.get("card")}
    elif isinstance(event, lockup_events.GuardCardPlaced):
        ids = {event.card}
    else:
        return s
    return replace(s, guard_deck=tuple(c for c in s.guard_deck if c not in ids))


def on_board(game: State) -> dict[str, tuple[str, bool]]:
    """{card id: (location, face_up)} of every guard card on the board."""
    return {
        p.card: (loc, p.face_up) for loc in LOCATIONS for p in game.placements[loc] if p.seat == GUARDS and p.card
    }


def face_down(game: State) -> list[tuple[str, int]]:
    """(location, index) of every face-down guard card, in location order."""
    return [
        (loc, i) for loc in LOCATIONS for i, p in enumerate(game.placements[loc]) if p.seat == GUARDS and not p.face_up
    ]


class SoloBatch:
    """The events of one solo command, folded as they are added (like the engine's ``Batch``)."""

    def __init__(self, state: SoloState | None):
        self.state = state
        self.events: list[Event] = []

    def add(self, *events: Event) -> None:
        """Append events, normalized through their payload so live state equals a replay."""
        for event in events:
            event = type(event).from_payload(event.to_payload())
            self.state = evolve(self.state, event)
            self.events.append(event)
