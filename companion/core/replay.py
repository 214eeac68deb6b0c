"""Replaying a whole game from data: a set-up and wire commands through the game's own functions.

:func:`replay` runs ``start(setup)``, then for each command what the web runs when a table posts
it (``companion.web.play.execute``): the game's ``parse_command`` (the web's parser), ``decide``
against the state so far, and the fold of the new events. Lockup's solo automaton plays its guards
inside ``decide``, as in the web. ``{"type": "undo"}`` and ``{"type": "redo"}`` are the web's undo
and redo (``companion.core.history``): a marker event, and the state folded again from the
commands in effect; the game's first command (its start) is never undone.

The replay acts as the table's host device: the web's per-device checks (which phone may act for
which seat, stale forms) belong to the web; every rule of the game applies.

A set-up that would draw at random (a start player, the solo automaton's decks) must give the
``seed``: the same lines always replay the same game. Pure: no Flask, no storage.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.core import history, jsonin
from companion.core.errors import CompanionError, InputError, RuleViolation
from companion.core.events import Event
from companion.core.game import GameDefinition
from companion.core.i18n import T

MARKERS = {"undo": history.CommandUndone, "redo": history.CommandRedone}
RULES_FIELD = "command"  # the field a refusal by the rules names: the command as a whole


class ReplayError(CompanionError):
    """A line that cannot be replayed: ``index`` (the command's position from 0, ``None``: the
    set-up), the ``field`` and the ``message`` (a rule refusal names the field ``command``)."""

    def __init__(self, index: int | None, field: str, message: str):
        self.index, self.field, self.message = index, field, message
        where = "set-up" if index is None else f"command {index}"
        super().__init__(f"{where}: {field}: {message}")


@dataclass(frozen=True)
class _Record:
    """An event as ``history`` reads the log: its type, payload and the command that recorded it."""

    type: str
    payload: dict
    command_id: str
    event: Event


@dataclass(frozen=True)
class Replayed:
    """A replayed game: every event recorded (``log``, undo/redo markers included), the events in
    effect (``events``, what ``state`` folds), the state and how many commands were replayed."""

    game: GameDefinition
    state: Any = None
    commands: int = 0
    records: tuple[_Record, ...] = ()

    @property
    def log(self) -> list[Event]:
        """Every event as the web would store it, in order."""
        return [r.event for r in self.records]

    @property
    def events(self) -> list[Event]:
        """The events of the commands in effect (undone ones left out)."""
        return [r.event for r in history.effective(self.records)]

    def waiting_for(self) -> dict:
        """What the game waits for now (``GameDefinition.waiting_for``)."""
        return self.game.waiting_for(self.state)


def replay(game: GameDefinition, setup: Any, commands: Iterable[Any]) -> Replayed:
    """Replay ``commands`` (wire commands, ``{"type": "undo"}``/``"redo"``) from ``setup``;
    :class:`ReplayError` names the command and the field of the first line that fails."""
    if game.parse_command is None or game.waiting_for is None:
        raise TypeError(f"{game.key} has no command codec")  # a bug: every registered game has one
    try:
        done = _recorded(Replayed(game), _start(game, setup), "0")
    except InputError as exc:
        raise ReplayError(None, exc.field, exc.message) from None
    for index, data in enumerate(commands):
        try:
            done = step(done, data)
        except InputError as exc:
            raise ReplayError(index, exc.field, exc.message) from None
        except RuleViolation as exc:
            raise ReplayError(index, RULES_FIELD, str(exc)) from None
    return done


def _start(game: GameDefinition, setup: Any) -> list[Event]:
    events = game.start(setup)
    drawn = any(getattr(event, "seed", None) is not None for event in events)
    if drawn and not (isinstance(setup, Mapping) and setup.get("seed") is not None):
        # The game drew its own seed: a second replay of the same lines would be another game.
        raise InputError("seed", T("is required: this set-up draws at random, and a replay must draw the same"))
    return events


def step(done: Replayed, data: Any) -> Replayed:
    """``done`` with one more command (or undo/redo) replayed; raises ``InputError`` or
    ``RuleViolation`` when the line cannot be replayed."""
    game, command_id = done.game, str(done.commands + 1)
    if isinstance(data, Mapping) and data.get("type") in MARKERS:
        done = _marker(done, jsonin.obj(data, "", required=("type",))["type"], command_id)
    else:
        done = _recorded(done, game.decide(done.state, game.parse_command(done.state, data)), command_id)
    return replace(done, commands=done.commands + 1)


def _recorded(done: Replayed, events: list[Event], command_id: str) -> Replayed:
    records = tuple(_Record(event.type, {}, command_id, event) for event in events)
    return replace(done, records=done.records + records, state=done.game.fold(events, done.state))


def _marker(done: Replayed, which: str, command_id: str) -> Replayed:
    line = history.timeline(done.records)
    target = line.undo_target() if which == "undo" else line.redo_target()
    if target is None:  # the same refusal as the web's (companion.web.play)
        raise RuleViolation(T("Nothing to undo") if which == "undo" else T("Nothing to redo"))
    marker = MARKERS[which](command_id=target)
    done = replace(done, records=(*done.records, _Record(marker.type, {"command_id": target}, command_id, marker)))
    return replace(done, state=done.game.fold(done.events))  # which earlier events count changed: fold again
