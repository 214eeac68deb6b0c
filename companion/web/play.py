"""Application service between the views and the pure games: start, load, execute, undo, redo.

Views stay thin: parse the request into a command, call :func:`execute`, render the new state.
Every write also writes its projections (the game's status; ``after``: e.g. the card catalog) in
the same transaction as its events, so a crash never leaves one without the other.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core import history
from companion.core.errors import RuleViolation
from companion.core.events import Event, decode, encode
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


Projection = Callable[[], None]  # more writes to commit with the events (catalog, settings)


class EmptyGame(Exception):
    """A game row with no event at all (only an interrupted import of an older version leaves one)."""

    def __init__(self, game_id: str):
        super().__init__(game_id)
        self.game_id = game_id


def new_key() -> str:
    """A fresh idempotency key (forms carry one so a double submit records once)."""
    return secrets.token_urlsafe(12)


def start(kind: str, setup: Mapping[str, Any], title: str, key: str, after: Projection | None = None) -> str:
    """Validate ``setup`` with the game's ``start`` (InputError names the field) and record it;
    ``after`` runs in the same transaction."""
    ui = _ui(kind)
    events = ui.definition.start(setup)
    request = {"kind": kind, "title": title, "setup": setup}
    status = status_of(ui, ui.definition.fold(events))
    return get_store().start_game(kind, title, events, key, request, status=status, project=after)["id"]


def start_from_form(
    kind: str, setup: Mapping[str, Any], title: str, key: str, after: Projection | None = None
) -> str:
    """Start a game from a new-game form: the same form sent twice gives the first game back; its
    key coming back with other values (back button, edited form) starts a new game."""
    try:
        return start(kind, setup, title, key, after)
    except IdempotencyError:
        return start(kind, setup, title, new_key(), after)


def fold_records(ui: GameUI, records: list[StoredEvent]) -> tuple[list[Event], Any]:
    """Decode the effective records (upcasting old versions) and fold them."""
    events = [decode(r.type, r.version, r.payload) for r in history.effective(records)]
    return events, ui.definition.fold(events)


def load(game: dict[str, Any]) -> Loaded:
    """Read and fold a game (:class:`EmptyGame` when it has no event to fold)."""
    ui = _ui(game["kind"])
    records = get_store().events(game["id"])
    if not records:
        raise EmptyGame(game["id"])
    events, state = fold_records(ui, records)
    return Loaded(game, ui, records, events, state)


def execute(
    game: dict[str, Any], command: Any, key: str, request: Any, after: Projection | None = None
) -> Loaded:
    """Decide ``command`` against the latest state and append its events, atomically with the
    status and ``after`` (more projections); return the game as it is afterwards (so the answer
    need not read and fold the log again).

    Raises ``RuleViolation`` (nothing appended) when the command is illegal.
    """
    ui = _ui(game["kind"])
    seen: list[tuple[list[StoredEvent], list[Event], Any]] = []

    def decide(records: list[StoredEvent]) -> list[Event]:
        events, state = fold_records(ui, records)
        new = ui.definition.decide(state, command)
        seen.append((records, events + list(new), ui.definition.fold(new, state)))
        return new

    def project() -> None:
        store.set_status(game["id"], status_of(ui, seen[0][2]))
        if after is not None:
            after()

    store = get_store()
    result = store.execute(game["id"], decide, key, _without_token(request), project)
    if result.replayed:  # a repeated key: nothing was decided, read what is there
        return load(store.game(game["id"]))
    records, events, state = seen[0]
    return Loaded(store.game(game["id"]), ui, records + store.events(game["id"], after=len(records)), events, state)


def undo(game: dict[str, Any], key: str) -> None:
    """Cancel the latest command in effect (recorded as an event)."""
    _marker(game, key, "undo")


def redo(game: dict[str, Any], key: str) -> None:
    """Restore the latest undone command (recorded as an event)."""
    _marker(game, key, "redo")


def _marker(game: dict[str, Any], key: str, which: str) -> None:
    ui, store, after = _ui(game["kind"]), get_store(), []

    def decide(records: list[StoredEvent]) -> list[Event]:
        line = history.timeline(records)
        target = line.undo_target() if which == "undo" else line.redo_target()
        if target is None:
            raise RuleViolation("Nothing to undo" if which == "undo" else "Nothing to redo")
        marker = (history.CommandUndone if which == "undo" else history.CommandRedone)(command_id=target)
        # The state after the marker, folded now so its status commits with the marker.
        stored = StoredEvent(game["id"], len(records) + 1, *encode(marker), "", key)
        after.append(fold_records(ui, [*records, stored])[1])
        return [marker]

    store.execute(game["id"], decide, key, {"action": which},
                  lambda: store.set_status(game["id"], status_of(ui, after[0])))


def status_of(ui: GameUI, state: Any) -> str:
    """The listing projection of a folded state: ``finished`` or ``active``."""
    return "finished" if ui.finished(state) else "active"


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
