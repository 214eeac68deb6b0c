"""The shape every game module exposes to the app (boardgame.io-style game definition).

A game is a set of pure functions over frozen dataclasses:

- ``start(setup)`` validates a setup mapping (raising ``InputError`` naming the field) and
  returns the first events, the first being the game-started event that carries the setup
  (and, where the game shuffles, the seed and the shuffle results);
- ``evolve(state, event)`` returns the next state (``state`` is ``None`` before the first event);
- ``decide(state, command)`` returns the events a command causes, or raises ``RuleViolation``;
- ``view_for(state, seat)`` returns what one seat (or ``None``: a spectator) may see.

The command codec (``companion.core.codec``) lets commands travel as data (``companion replay``,
imports): ``parse_command(state, data)`` reads a wire command ``{"type": <kind>, ...fields}``, the
vocabulary the web posts, into the command ``decide`` takes (``InputError`` naming the field);
``command_json(command)`` is its inverse (JSON data, ``parse_command(state, command_json(c)) ==
c``); ``waiting_for(state)`` says, as JSON data, what the game waits for (``kind``: its pending
step) and which ``seats`` must answer (``None``: the whole table).

A game may also give ``fold_many(events, state, evolve)``, a faster fold of any iterable of events:
its result must equal evolving them one by one with ``evolve`` (which it may call for some of
them), and it must never change ``state`` or anything in it (other requests and threads read it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.events import Event


@dataclass(frozen=True)
class GameDefinition:
    """A game the app can record: its key (``"lockup"``), title and pure functions."""

    key: str
    title: str
    start: Callable[[Mapping[str, Any]], list[Event]]
    decide: Callable[[Any, Any], list[Event]]
    evolve: Callable[[Any, Event], Any]
    view_for: Callable[[Any, str | None], Any]

    fold_many: Callable[[Iterable[Event], Any, Callable[[Any, Event], Any]], Any] | None = None
    parse_command: Callable[[Any, Any], Any] | None = None
    command_json: Callable[[Any], dict] | None = None
    waiting_for: Callable[[Any], dict] | None = None
    # The set-up as the game was played, given the first recorded event's type and version (an
    # older start event can say the game followed rules an older app applied); None: as given.
    setup_as_played: Callable[[Mapping[str, Any], str, int], Mapping[str, Any]] | None = None

    @classmethod
    def with_codec(cls, codec: Any, **functions: Any) -> GameDefinition:
        """A definition whose commands travel as data through ``codec`` (a module giving
        ``parse_command``, ``command_json`` and ``waiting_for``); ``functions``: the other fields."""
        return cls(parse_command=codec.parse_command, command_json=codec.command_json,
                   waiting_for=codec.waiting_for, **functions)

    def fold(self, events: Iterable[Event], state: Any = None) -> Any:
        """State after ``events`` (from ``state``, by default from nothing); ``state`` is left as it was."""
        if self.fold_many is not None:
            return self.fold_many(events, state, self.evolve)
        evolve = self.evolve  # one attribute look-up per fold, not per event
        for event in events:
            state = evolve(state, event)
        return state
