"""Application service between the views and the pure games: start, execute, undo, redo (the
reads, ``load`` and friends, are :mod:`companion.web.repository`'s, re-exported here).

Views stay thin: parse the request into a command, call :func:`execute`, render the new state.
Every write also writes its projections (the game's status; ``after``: e.g. the card catalog) in
the same transaction as its events, so a crash never leaves one without the other.

One pass per action (issue 21): the decision sees the cached fold plus what the store read under
its write lock, the stale check runs there once, the new events are folded once, and that fold
(with the records the store says it wrote) goes into the cache: nothing is read back.
"""

from __future__ import annotations

import base64
import os
import threading
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

from flask import g, has_app_context

from companion.core import history, verify
from companion.core.codec import jsonable
from companion.core.errors import RuleViolation
from companion.core.events import Event, encode
from companion.core.i18n import T
from companion.events import ConflictError, IdempotencyError, StoredEvent
from companion.events.store import request_hash
from companion.web import repository, seats, stale
from companion.web.base import get_store
from companion.web.registry import GameUI
from companion.web.repository import (  # the reads, for the views that call them through this service
    EmptyGame,
    Folded,
    Loaded,
    advance,
    fold_all,
    fold_records,
    folded,
    forget,
    latest,
    load,
    recent,
    ui_of,
)

Projection = Callable[[], None]  # more writes to commit with the events (catalog, settings)
# Projections of a game's new state (the records, issue 24): (store, game row before the write,
# state) -> None, run in the transaction of every command, undo and redo.
STATE_PROJECTIONS: list[Callable[[Any, dict[str, Any], Any], None]] = []


def _project_state(game: dict[str, Any], state: Any) -> None:
    for projection in STATE_PROJECTIONS:
        projection(get_store(), game, state)


_KEY_BYTES, _KEYS_PER_DRAW = 12, 64
_keys = threading.local()


def new_key() -> str:
    """A fresh idempotency key (forms carry one so a double submit records once).

    The random bytes are drawn 64 keys at a time per thread: a panel carries a key per form, and
    each ``getrandom`` call lets go of the GIL, which a busy server then waits to get back.
    """
    pool: list[str] | None = getattr(_keys, "pool", None)
    if not pool:
        raw = os.urandom(_KEY_BYTES * _KEYS_PER_DRAW)
        pool = _keys.pool = [base64.urlsafe_b64encode(raw[i:i + _KEY_BYTES]).decode()
                             for i in range(0, len(raw), _KEY_BYTES)]
    return pool.pop()


def start(kind: str, setup: Mapping[str, Any], title: str, key: str, after: Projection | None = None) -> str:
    """Validate ``setup`` with the game's ``start`` (InputError names the field) and record it;
    ``after`` runs in the same transaction."""
    ui = ui_of(kind)
    events = ui.definition.start(setup)
    request = {"kind": kind, "title": title, "setup": setup}
    status = status_of(ui, ui.definition.fold(events))
    command = verify.start_command(jsonable(setup), events)  # kept with the events: exports carry it
    game_id = get_store().start_game(kind, title, events, key, request, status=status, project=after,
                                     command=command)["id"]
    seats.record_host(game_id)  # the creating device is the game's host (issue 12)
    return game_id


def start_from_form(
    kind: str, setup: Mapping[str, Any], title: str, key: str, after: Projection | None = None
) -> str:
    """Start a game from a new-game form: the same form sent twice gives the first game back; its
    key coming back with other values (back button, edited form) starts a new game."""
    try:
        return start(kind, setup, title, key, after)
    except IdempotencyError:
        return start(kind, setup, title, new_key(), after)


def execute(
    game: dict[str, Any], command: Any, key: str, request: Any, after: Projection | None = None
) -> Loaded:
    """Decide ``command`` against the latest state and append its events, atomically with the
    status and ``after`` (more projections); return the game as it is afterwards: the decision's
    own fold of the new events, cached as it is (nothing is read back after the commit).

    Raises ``RuleViolation`` (nothing appended) when the command is illegal, ``stale.StaleAction``
    when the posted form was drawn for another question than the current one.
    """
    ui, store, target = ui_of(game["kind"]), get_store(), stale.posted()
    seats.check_may_act(game, command)  # a seat device acts for its seat only (issue 12)
    base = latest(game, ui)  # outside the lock: under it, only what others wrote meanwhile
    decided: list[Any] = []  # the fold the decision saw, its events, the state they leave

    def decide(tail: list[StoredEvent]) -> list[Event]:
        now = repository.under_lock(game["id"], ui, base, tail)
        g.play_folds[game["id"]] = now  # a refusal answers with the table as the lock found it
        stale.check_fresh(game, ui, now.state, target)  # the one stale check: under the lock
        seats.check_in_state(game, ui, now.state, command)  # whose turn, a sum entered: judged under the lock
        seats.check_last_to_act_in_state(game, ui, now, command)  # ending a round: the host or the last to act
        new = ui.definition.decide(now.state, command)
        decided[:] = [now, tuple(new), ui.definition.fold(new, now.state)]  # the one fold of the new events
        return new

    def project() -> None:
        _project_state(game, decided[2])
        if after is not None:
            after()

    try:
        written = store.execute(game["id"], decide, key, _without_token(request), project, after=base.last_seq,
                                command=command_json(ui, command), status=lambda: status_of(ui, decided[2]))
    except ConflictError:
        forget(game["id"])  # the stream is shorter than the cached fold: a replaced database file
        raise
    if written.replayed:  # a double tap's copy: the stream as its first copy left it
        row = store.game(game["id"])
        return folded(game["id"], ui, row["last_seq"]).loaded(row, ui)
    now, events, state = decided
    seats.remember_reveals(game["id"], ui, now.state, written.records)
    result = repository.appended(now, written.records, events, state, (key,))
    repository.remember(game["id"], result, ui)
    return result.loaded({**game, "last_seq": written.last_seq, "status": status_of(ui, state)}, ui, prior=now)


def undo(game: dict[str, Any], key: str) -> None:
    """Cancel the latest command in effect (recorded as an event)."""
    _marker(game, key, "undo")


def redo(game: dict[str, Any], key: str) -> None:
    """Restore the latest undone command (recorded as an event)."""
    _marker(game, key, "redo")


def _marker(game: dict[str, Any], key: str, which: str) -> None:
    ui, store, after = ui_of(game["kind"]), get_store(), []
    base = latest(game, ui)

    def decide(tail: list[StoredEvent]) -> list[Event]:
        now = repository.under_lock(game["id"], ui, base, tail)
        line = history.Timeline(now.in_effect, now.redoable)
        target = line.undo_target() if which == "undo" else line.redo_target()
        if target is None:
            raise RuleViolation(T("Nothing to undo") if which == "undo" else T("Nothing to redo"))
        marker = (history.CommandUndone if which == "undo" else history.CommandRedone)(command_id=target)
        # The state after the marker, folded now so its status commits with the marker.
        stored = StoredEvent(game["id"], now.last_seq + 1, *encode(marker), "", key)
        after.append(advance(ui, now, [stored]).state)
        return [marker]

    store.execute(game["id"], decide, key, {"action": which}, lambda: _project_state(game, after[0]),
                  after=base.last_seq, command=verify.marker_command(which), status=lambda: status_of(ui, after[0]))
    if has_app_context():
        g.get("play_folds", {}).pop(game["id"], None)  # the marker changes which events count: read anew


def command_json(ui: GameUI, command: Any) -> dict[str, Any] | None:
    """The command as data, kept with its events (exports carry it; imports decide it again).
    ``None`` for a game without a codec: its exports then cannot be verified."""
    return ui.definition.command_json(command) if ui.definition.command_json is not None else None


_COMMAND_ID = attrgetter("command_id")


def answered(game: dict[str, Any], key: str | None, request: Any) -> bool:
    """Whether ``key`` was already recorded for this same ``request`` on ``game`` (a double tap's
    copy). Such a post gets the first answer whatever the table has become, so views ask this
    before judging the post against the current state (issue 20). The key is looked for in this
    request's fold first: only a key found there is looked up (its request compared), so a step
    never reads ``commands``; a copy committed after that read is found by the store under its lock."""
    # The key's look-up runs in C (a generator over every record cost ~450 calls per step).
    if not key or key not in map(_COMMAND_ID, latest(game, ui_of(game["kind"])).records):
        return False
    found = get_store().db.execute("SELECT game_id, request_hash FROM commands WHERE idempotency_key = ?",
                                   [key]).fetchone()
    return found is not None and found[0] == game["id"] and found[1] == request_hash(_without_token(request))


def status_of(ui: GameUI, state: Any) -> str:
    """The listing projection of a folded state: ``finished`` or ``active``."""
    return "finished" if ui.finished(state) else "active"


def _without_token(request: Any) -> Any:
    # The CSRF token changes per session: it must not make a retried command look different.
    if isinstance(request, dict):
        return {k: v for k, v in request.items() if k != "csrf_token"}
    return request




__all__ = ["EmptyGame", "Folded", "Loaded", "advance", "answered", "command_json", "execute", "fold_all",
           "fold_records", "folded", "forget", "latest", "load", "new_key", "recent", "redo", "start",
           "start_from_form", "status_of", "undo"]
