"""Application service between the views and the pure games: start, load, execute, undo, redo.

Views stay thin: parse the request into a command, call :func:`execute`, render the new state.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core import history
from companion.core.errors import RuleViolation
from companion.core.events import Event, decode
from companion.events import IdempotencyError, StoredEvent
from companion.web import get_store
from companion.web.registry import GameUI, ui_for


@dataclass(frozen=True)
class Loaded:
    """A game as read: its row, every stored record, the effective events and the state."""

    game: dict[str, Any]
    ui: GameUI
    records: list[StoredEvent]
    events: list[Event]
    state: Any

    @property
    def timeline(self) -> history.Timeline:
        """Undo/redo position of the game."""
        return history.timeline(self.records)


def new_key() -> str:
    """A fresh idempotency key (forms carry one so a double submit records once)."""
    return secrets.token_urlsafe(12)


def start(kind: str, setup: Mapping[str, Any], title: str, key: str) -> str:
    """Validate ``setup`` with the game's ``start`` (InputError names the field) and record it."""
    ui = _ui(kind)
    events = ui.definition.start(setup)
    return get_store().start_game(kind, title, events, key, {"kind": kind, "title": title, "setup": setup})["id"]


def start_from_form(kind: str, setup: Mapping[str, Any], title: str, key: str) -> str:
    """Start a game from a new-game form: the same form sent twice gives the first game back; its
    key coming back with other values (back button, edited form) starts a new game."""
    try:
        return start(kind, setup, title, key)
    except IdempotencyError:
        return start(kind, setup, title, new_key())


def fold_records(ui: GameUI, records: list[StoredEvent]) -> tuple[list[Event], Any]:
    """Decode the effective records (upcasting old versions) and fold them."""
    events = [decode(r.type, r.version, r.payload) for r in history.effective(records)]
    return events, ui.definition.fold(events)


def load(game: dict[str, Any]) -> Loaded:
    """Read and fold a game."""
    ui = _ui(game["kind"])
    records = get_store().events(game["id"])
    events, state = fold_records(ui, records)
    return Loaded(game, ui, records, events, state)


def execute(game: dict[str, Any], command: Any, key: str, request: Any) -> Loaded:
    """Decide ``command`` against the latest state and append its events, atomically; return the
    game as it is afterwards (so the answer need not read and fold the log again).

    Raises ``RuleViolation`` (nothing appended) when the command is illegal.
    """
    ui = _ui(game["kind"])
    seen: list[tuple[list[StoredEvent], list[Event], Any]] = []

    def decide(records: list[StoredEvent]) -> list[Event]:
        events, state = fold_records(ui, records)
        new = ui.definition.decide(state, command)
        seen.append((records, events + list(new), ui.definition.fold(new, state)))
        return new

    store = get_store()
    result = store.execute(game["id"], decide, key, _without_token(request))
    if result.replayed:  # a repeated key: nothing was decided, read what is there
        return load(store.game(game["id"]))
    records, events, state = seen[0]
    _set_status(game, ui, state)
    return Loaded(store.game(game["id"]), ui, records + store.events(game["id"], after=len(records)), events, state)


def undo(game: dict[str, Any], key: str) -> None:
    """Cancel the latest command in effect (recorded as an event)."""
    _marker(game, key, "undo")


def redo(game: dict[str, Any], key: str) -> None:
    """Restore the latest undone command (recorded as an event)."""
    _marker(game, key, "redo")


def _marker(game: dict[str, Any], key: str, which: str) -> None:
    def decide(records: list[StoredEvent]) -> list[Event]:
        line = history.timeline(records)
        target = line.undo_target() if which == "undo" else line.redo_target()
        if target is None:
            raise RuleViolation("Nothing to undo" if which == "undo" else "Nothing to redo")
        cls = history.CommandUndone if which == "undo" else history.CommandRedone
        return [cls(command_id=target)]

    get_store().execute(game["id"], decide, key, {"action": which})
    _set_status(game, _ui(game["kind"]), load(get_store().game(game["id"])).state)


def _set_status(game: dict[str, Any], ui: GameUI, state: Any) -> None:
    # The games table keeps a listing projection of the fold: active or finished.
    get_store().set_status(game["id"], "finished" if ui.finished(state) else "active")


def _without_token(request: Any) -> Any:
    # The CSRF token changes per session: it must not make a retried command look different.
    if isinstance(request, dict):
        return {k: v for k, v in request.items() if k != "csrf_token"}
    return request


def _ui(kind: str) -> GameUI:
    ui = ui_for(kind)
    if ui is None:
        raise LookupError(f"no UI registered for game kind {kind!r}")
    return ui
